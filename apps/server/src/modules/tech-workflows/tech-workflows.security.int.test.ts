import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildBatch, buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import { createTechWorkflow } from './index.ts';

type H = { authorization: string };
let t: TestApp;
let org: number;
let admin: H;
let tech: { id: number; h: H };
let member: H;
let workflowId: number;
let processId: number;
let patientId: number;

async function req(method: 'GET' | 'PUT' | 'PATCH', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t);
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const te = await givenUser(t, { roles: ['tech_support'] });
  tech = { id: te.id, h: bearer(await tokenFor(t, te.id, { management: true })) };
  const d = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  const m = await givenUser(t, { roles: [], organizations: [{ id: org, role: 'organization_manager' }] });
  member = bearer(await tokenFor(t, m.id));
  const p = await buildPatient(t.db, { organization_id: org, user_id: d.id });
  patientId = p.id;
  await buildRxForm(t.db, { organization_id: org, user_id: d.id, patient_id: p.id });
  workflowId = await createTechWorkflow(t.db, {
    type: 'initial_case_setup',
    patientId: p.id,
    customerRequestId: null,
  });
  const first = await t.db
    .selectFrom('tech_workflow_processes')
    .select('id')
    .where('tech_workflow_id', '=', workflowId)
    .orderBy('step')
    .executeTakeFirstOrThrow();
  processId = first.id;
});

afterAll(async () => {
  await t?.close();
});

describe('technician workflows under hostile input', () => {
  it('a batch’s workflow is not reachable as a case workflow', async () => {
    const batch = await buildBatch(t.db);
    const w = await t.db
      .insertInto('tech_workflows')
      .values({ type: 'batch', batch_id: batch.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const proc = await t.db
      .insertInto('tech_workflow_processes')
      .values({ tech_workflow_id: w.id, step: 1, process: 'Print' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await req('GET', `/tech-workflows/${w.id}`, admin)).statusCode).toBe(404);
    expect((await req('PATCH', `/tech-workflow-processes/${proc.id}/start`, tech.h)).statusCode).toBe(404);
  });

  it('ids that are not positive integers answer 400, never 500', async () => {
    for (const id of ['0', '-1', '1.5', '1%20or%201=1', '99999999999999999999999']) {
      const res = await req('GET', `/tech-workflows/${id}`, admin);
      expect([400, 404], id).toContain(res.statusCode);
    }
    expect((await req('PATCH', `/tech-workflow-processes/abc/start`, tech.h)).statusCode).toBe(400);
  });

  it('a practice manager of the case’s own organization cannot read, start or edit its workflow', async () => {
    expect((await req('GET', `/tech-workflows/${workflowId}`, member)).statusCode).toBe(403);
    expect((await req('GET', `/patients/${patientId}/tech-workflows`, member)).statusCode).toBe(403);
    expect((await req('PATCH', `/tech-workflow-processes/${processId}/start`, member)).statusCode).toBe(403);
    expect(
      (await req('PUT', `/tech-workflow-processes/${processId}`, member, { user_id: 1 })).statusCode,
    ).toBe(403);
  });

  it('an archived user or an unknown user cannot be assigned', async () => {
    const gone = await givenUser(t, { roles: ['tech_support'], archived: true });
    for (const id of [gone.id, 987654]) {
      const res = await req('PUT', `/tech-workflow-processes/${processId}`, admin, { user_id: id });
      expect(res.statusCode).toBe(422);
    }
  });

  it('fields the edit does not know are dropped, and a start takes no body fields', async () => {
    const res = await req('PUT', `/tech-workflow-processes/${processId}`, admin, {
      user_id: tech.id,
      status: 'COMPLETED',
      tech_workflow_id: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().process).toMatchObject({ status: 'PENDING', tech_workflow_id: workflowId });
    const started = await t.app.inject({
      method: 'PATCH',
      url: `${API}/tech-workflow-processes/${processId}/start`,
      headers: { ...tech.h, 'content-type': 'application/json' },
      payload: JSON.stringify({ user_id: 1, started_at: '2000-01-01T00:00:00Z' }),
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().process.user_id).toBe(tech.id);
    expect(new Date(started.json().process.started_at).getFullYear()).toBeGreaterThan(2000);
  });

  it('a row list of more than 20 processes is refused', async () => {
    const rows = Array.from({ length: 21 }, () => ({ id: processId, user_id: tech.id }));
    expect((await req('PUT', `/tech-workflows/${workflowId}`, admin, { processes: rows })).statusCode).toBe(
      400,
    );
  });

  it('the same process twice in one edit is refused', async () => {
    const rows = [
      { id: processId, user_id: tech.id },
      { id: processId, user_id: null },
    ];
    expect((await req('PUT', `/tech-workflows/${workflowId}`, admin, { processes: rows })).statusCode).toBe(
      422,
    );
  });

  it('refusals are recorded nowhere as a change: the process keeps its values', async () => {
    const before = await t.db
      .selectFrom('tech_workflow_processes')
      .select(['user_id', 'started_at', 'finished_at'])
      .where('id', '=', processId)
      .executeTakeFirstOrThrow();
    await req('PUT', `/tech-workflow-processes/${processId}`, admin, { finished_at: '1999-01-01T00:00:00Z' });
    const after = await t.db
      .selectFrom('tech_workflow_processes')
      .select(['user_id', 'started_at', 'finished_at'])
      .where('id', '=', processId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
