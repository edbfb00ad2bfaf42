import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { givenPrintCase } from '../../../test/print-case-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let org: number;
let doctor: number;
let admin: H;
let custom: H;
let tech: { id: number; h: H };

async function req(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  headers?: H,
  payload?: unknown,
) {
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
  const d = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  doctor = d.id;
  // A practice user granted the batches permission as a custom toggle still sees one practice only.
  const m = await givenUser(t, { organizations: [{ id: org, role: 'organization_manager' }] });
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: m.id, permission: 'batches.manage' })
    .execute();
  custom = bearer(await tokenFor(t, m.id));
  const te = await givenUser(t, { roles: ['tech_support'] });
  tech = { id: te.id, h: bearer(await tokenFor(t, te.id, { management: true })) };
});

async function givenBatch(name: string) {
  const a = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
  const b = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
  const id = (await req('POST', '/batches', admin, { name, patients: [a.patientId, b.patientId] })).json()
    .data.id as number;
  const workflow = (await req('GET', `/batches/${id}/workflow`, admin)).json().tech_workflow;
  return { id, cases: [a, b], processIds: workflow.processes.map((p: { id: number }) => p.id) as number[] };
}
afterAll(() => t?.close());

describe('batches under hostile input', () => {
  it('treats search text as text: wildcards and quotes match literally', async () => {
    const a = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    const b = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    await req('POST', '/batches', admin, { name: "100%_O'Brien", patients: [a.patientId, b.patientId] });
    for (const q of ['%', '_', "'; drop table batches; --"]) {
      const res = await req('GET', `/batches?searchByName=${encodeURIComponent(q)}`, admin);
      expect(res.statusCode).toBe(200);
      if (q !== '%' && q !== '_') expect(res.json().total).toBe(0);
    }
    expect((await req('GET', `/batches?searchByName=${encodeURIComponent('%_O')}`, admin)).json().total).toBe(
      1,
    );
    expect((await req('GET', '/batches?searchByName=zz%25', admin)).json().total).toBe(0);
  });

  it('refuses ids that are not positive integers, unknown sort columns and NUL in the name', async () => {
    expect((await req('GET', '/batches/abc', admin)).statusCode).toBe(400);
    expect((await req('GET', '/batches/-1', admin)).statusCode).toBe(400);
    expect((await req('GET', '/batches?orderBy=name;drop', admin)).statusCode).toBe(400);
    expect((await req('GET', '/batches?perPage=100000', admin)).statusCode).toBe(400);
    const nul = await req('POST', '/batches', admin, { name: 'a\u0000b', patients: [1, 2] });
    expect(nul.statusCode).toBe(400);
    const many = await req('POST', '/batches', admin, {
      name: 'Many',
      patients: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
    const strings = await req('POST', '/batches', admin, { name: 'Strings', patients: ['1 or 1=1', 2] });
    expect(strings.statusCode).toBe(400);
  });

  it('puts a case in one batch only when two creations race for it', async () => {
    const shared = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    const x = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    const y = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    const [one, two] = await Promise.all([
      req('POST', '/batches', admin, { name: 'Race one', patients: [shared.patientId, x.patientId] }),
      req('POST', '/batches', admin, { name: 'Race two', patients: [shared.patientId, y.patientId] }),
    ]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes[0]).toBe(201);
    if (codes[1] !== 201) {
      const refused = one.statusCode === 201 ? two : one;
      expect(refused.json().errors.patients).toEqual([BATCH_MESSAGES.alreadyBatched]);
    }
    const cases = await t.db
      .selectFrom('batch_cases')
      .select('batch_id')
      .where('patient_id', '=', shared.patientId)
      .execute();
    expect(cases).toHaveLength(1);
  });

  it('does not open batches to a practice user holding the permission as a custom toggle', async () => {
    expect((await req('GET', '/batches', custom)).statusCode).toBe(403);
  });

  it('refuses an archived case', async () => {
    const a = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    const b = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    await t.db
      .updateTable('patients')
      .set({ deleted_at: new Date(), deleted_kind: 'archived' })
      .where('id', '=', b.patientId)
      .execute();
    const res = await req('POST', '/batches', admin, {
      name: 'Archived',
      patients: [a.patientId, b.patientId],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.patients).toEqual([BATCH_MESSAGES.noPrintRequest]);
  });

  it('reaches a batch’s workflow only by the batch’s own processes: ids, another workflow, bodies', async () => {
    const { id, cases, processIds } = await givenBatch('Hostile workflow');
    const base = `/batches/${id}/workflow/processes`;
    for (const bad of ['abc', '0', '-1', '1.5', '1%20or%201=1'])
      expect((await req('PATCH', `${base}/${bad}/start`, tech.h)).statusCode, bad).toBe(400);
    expect((await req('GET', '/batches/abc/workflow', admin)).statusCode).toBe(400);
    // A case workflow's process named through the batch answers 404 and stays untouched.
    const caseProcess = await t.db
      .selectFrom('tech_workflow_processes')
      .select(['id', 'started_at'])
      .where('tech_workflow_id', '=', cases[0]!.workflowId)
      .where('step', '=', 2)
      .executeTakeFirstOrThrow();
    expect((await req('PATCH', `${base}/${caseProcess.id}/start`, tech.h)).statusCode).toBe(404);
    expect((await req('PUT', `${base}/${caseProcess.id}`, admin, { user_id: tech.id })).statusCode).toBe(404);
    // Bodies: wrong types answer 400; fields the edit does not take are ignored.
    for (const body of [{ user_id: '1 or 1=1' }, { started_at: 'a\u0000b' }, { user_id: [1] }, []])
      expect((await req('PUT', `${base}/${processIds[0]}`, admin, body)).statusCode).toBe(400);
    const extra = await req('PUT', `${base}/${processIds[0]}`, admin, {
      user_id: tech.id,
      tech_workflow_id: 1,
      process: 'Ship',
      status: 'COMPLETED',
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().process).toMatchObject({
      process: 'Generate Tray',
      status: 'PENDING',
      user_id: tech.id,
    });
  });

  it('lets one of two simultaneous starts by one user through', async () => {
    const one = await givenBatch('Race start one');
    const two = await givenBatch('Race start two');
    const [a, b] = await Promise.all([
      req('PATCH', `/batches/${one.id}/workflow/processes/${one.processIds[0]}/start`, tech.h),
      req('PATCH', `/batches/${two.id}/workflow/processes/${two.processIds[0]}/start`, tech.h),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const pending = await t.db
      .selectFrom('tech_workflow_processes')
      .select('id')
      .where('user_id', '=', tech.id)
      .where('started_at', 'is not', null)
      .where('finished_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);
  });

  it('does not open a batch’s workflow to a practice user holding the permission as a custom toggle', async () => {
    const { id, processIds } = await givenBatch('Custom toggle');
    expect((await req('GET', `/batches/${id}/workflow`, custom)).statusCode).toBe(403);
    expect(
      (await req('PATCH', `/batches/${id}/workflow/processes/${processIds[0]}/start`, custom)).statusCode,
    ).toBe(403);
  });
});
