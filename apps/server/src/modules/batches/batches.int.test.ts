import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, BATCH_UNFINISHED_CODE } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { givenPrintCase } from '../../../test/print-case-helpers.ts';
import { buildBatch } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let doctorA: number;
let doctorB: number;
let admin: H;
let tech: { id: number; h: H };
let supervisor: H;
let partner: H;
let owner: H;

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
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Harbor Ortho' });
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const te = await givenUser(t, { roles: ['tech_support'], first_name: 'Tess', last_name: 'Tech' });
  tech = { id: te.id, h: bearer(await tokenFor(t, te.id, { management: true })) };
  const s = await givenUser(t, { roles: ['supervisor'] });
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  owner = bearer(await tokenFor(t, o.id));
  doctorA = o.id;
  doctorB = (await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] })).id;
});
afterAll(() => t?.close());

async function givenBatchOf(n: number, o: { name?: string } = {}) {
  const cases = [];
  for (let i = 0; i < n; i++)
    cases.push(
      await givenPrintCase(t, {
        organizationId: i % 2 ? orgB : orgA,
        doctorId: i % 2 ? doctorB : doctorA,
        trayGenerated: true,
      }),
    );
  const res = await req('POST', '/batches', admin, {
    name: o.name ?? 'Morning run',
    patients: cases.map((c) => c.patientId),
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.id as number, cases };
}

describe('POST /batches', () => {
  it('creates a batch of cases of several practices and takes their print requests into it', async () => {
    const a = await givenPrintCase(t, {
      organizationId: orgA,
      doctorId: doctorA,
      trayGenerated: true,
      firstName: 'Ana',
    });
    const b = await givenPrintCase(t, {
      organizationId: orgB,
      doctorId: doctorB,
      trayGenerated: true,
      firstName: 'Ben',
    });
    const res = await req('POST', '/batches', tech.h, {
      name: '  Tuesday trays  ',
      patients: [a.patientId, b.patientId, a.patientId],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(BATCH_MESSAGES.created);
    const id = res.json().data.id;
    const shown = (await req('GET', `/batches/${id}`, tech.h)).json().data;
    expect(shown).toMatchObject({
      id,
      name: 'Tuesday trays',
      status: 'new',
      notes: null,
      number_of_cases: 2,
      tech_workflow_id: expect.any(Number),
    });
    expect(shown.cases.map((c: { id: number }) => c.id)).toEqual([a.patientId, b.patientId]);
    expect(shown.cases[0]).toMatchObject({
      name: a.name,
      organization_name: 'Bright Smiles',
      printing_request_id: a.printingRequestId,
    });
    const pr = await t.db
      .selectFrom('printing_requests')
      .select(['id', 'batch_id'])
      .where('id', 'in', [a.printingRequestId, b.printingRequestId])
      .execute();
    expect(pr.map((r) => Number(r.batch_id))).toEqual([id, id]);
  });

  it('asks to confirm when a case has not finished the tray generation, and goes on with proceed', async () => {
    const done = await givenPrintCase(t, { organizationId: orgA, doctorId: doctorA, trayGenerated: true });
    const pending = await givenPrintCase(t, { organizationId: orgA, doctorId: doctorA });
    const body = { name: 'Mixed', patients: [done.patientId, pending.patientId] };
    const ask = await req('POST', '/batches', admin, body);
    expect(ask.statusCode).toBe(409);
    expect(ask.json()).toMatchObject({
      message: BATCH_MESSAGES.unfinishedTrayGeneration,
      code: BATCH_UNFINISHED_CODE,
    });
    expect(await t.db.selectFrom('batches').select('id').where('name', '=', 'Mixed').execute()).toEqual([]);
    const go = await req('POST', '/batches', admin, { ...body, proceed: true });
    expect(go.statusCode).toBe(201);
  });

  it('refuses fewer than 2 cases, cases without an open print request and cases already batched', async () => {
    const one = await givenPrintCase(t, { organizationId: orgA, doctorId: doctorA, trayGenerated: true });
    const few = await req('POST', '/batches', admin, {
      name: 'One',
      patients: [one.patientId, one.patientId],
    });
    expect(few.statusCode).toBe(422);
    expect(few.json().errors.patients).toEqual([BATCH_MESSAGES.minCases]);

    const none = await req('POST', '/batches', admin, {
      name: 'Unknown',
      patients: [one.patientId, 987654321],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.patients).toEqual([BATCH_MESSAGES.noPrintRequest]);

    const taken = await givenBatchOf(2);
    const again = await req('POST', '/batches', admin, {
      name: 'Again',
      patients: [one.patientId, taken.cases[0]!.patientId],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.patients).toEqual([BATCH_MESSAGES.alreadyBatched]);
    const pr = await t.db
      .selectFrom('printing_requests')
      .select('batch_id')
      .where('id', '=', one.printingRequestId)
      .executeTakeFirstOrThrow();
    expect(pr.batch_id).toBeNull();
  });

  it('states the name rule', async () => {
    const blank = await req('POST', '/batches', admin, { name: '   ', patients: [1, 2] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toEqual([BATCH_MESSAGES.nameRequired]);
    const long = await req('POST', '/batches', admin, { name: 'x'.repeat(256), patients: [1, 2] });
    expect(long.json().errors.name).toEqual([BATCH_MESSAGES.nameTooLong]);
  });
});

describe('GET /batches', () => {
  it('searches by name, filters by status, sorts and pages with the total', async () => {
    const tag = `Zeta${Date.now()}`;
    const first = await givenBatchOf(2, { name: `${tag} one` });
    const second = await givenBatchOf(3, { name: `${tag} two` });
    await req('PUT', `/batches/${second.id}`, admin, { name: `${tag} two`, status: 'in_progress' });

    const all = (await req('GET', `/batches?searchByName=${tag}&perPage=1`, admin)).json();
    expect(all.total).toBe(2);
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 1, last_page: 2, total: 2 });
    expect(all.data.map((b: { id: number }) => b.id)).toEqual([second.id]);
    expect(all.data[0]).toMatchObject({ status: 'in_progress', number_of_cases: 3 });

    const byName = (await req('GET', `/batches?searchByName=${tag}&orderBy=name&order=asc`, admin)).json();
    expect(byName.data.map((b: { name: string }) => b.name)).toEqual([`${tag} one`, `${tag} two`]);

    const fresh = (await req('GET', `/batches?searchByName=${tag}&status=new`, admin)).json();
    expect(fresh.data.map((b: { id: number }) => b.id)).toEqual([first.id]);

    const past = (await req('GET', `/batches?searchByName=${tag}&page=9`, admin)).json();
    expect(past).toMatchObject({ data: [], total: 2 });
  });

  it('names the rule of a bad query', async () => {
    const res = await req('GET', '/batches?status=done&perPage=0', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      status: ['The status must be new, in_progress, completed or all.'],
      perPage: ['The per page must be at least 1.'],
    });
  });
});

describe('GET /batches/{id}', () => {
  it('shows each case’s next print step with its technician, or Finished', async () => {
    const a = await givenPrintCase(t, {
      organizationId: orgA,
      doctorId: doctorA,
      trayGenerated: true,
      techId: tech.id,
    });
    const b = await givenPrintCase(t, { organizationId: orgA, doctorId: doctorA, trayGenerated: true });
    await t.db
      .updateTable('tech_workflow_processes')
      .set({ started_at: new Date(Date.now() - 1000), finished_at: new Date(), status: 'COMPLETED' })
      .where('tech_workflow_id', '=', b.workflowId)
      .execute();
    const id = (
      await req('POST', '/batches', admin, { name: 'Steps', patients: [a.patientId, b.patientId] })
    ).json().data.id;
    const cases = (await req('GET', `/batches/${id}`, admin)).json().data.cases;
    expect(cases[0].print_workflow.next_step).toMatchObject({
      step: 2,
      process: 'Generate QA',
      tech_name: 'Tess Tech',
      time_end: null,
    });
    expect(cases[0].print_workflow.next_step.time_start).toEqual(expect.any(String));
    expect(cases[1].print_workflow).toEqual({ next_step: null });
  });

  it('answers 404 for an unknown batch', async () => {
    expect((await req('GET', '/batches/987654321', admin)).statusCode).toBe(404);
  });
});

describe('PUT and PATCH /batches/{id}', () => {
  it('renames, sets the status and notes, and answers the batch with the message', async () => {
    const { id } = await givenBatchOf(2);
    const res = await req('PUT', `/batches/${id}`, supervisor, {
      name: 'Renamed',
      status: 'in_progress',
      notes: 'Resin lot 42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: BATCH_MESSAGES.updated,
      data: { id, name: 'Renamed', status: 'in_progress', notes: 'Resin lot 42', number_of_cases: 2 },
    });
    const cleared = await req('PATCH', `/batches/${id}`, supervisor, {
      name: 'Renamed',
      status: 'in_progress',
      notes: '',
    });
    expect(cleared.json().data.notes).toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'batch')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit.map((r) => r.action)).toContain('batch.updated');
  });

  it('states the rules of the form', async () => {
    const { id } = await givenBatchOf(2);
    const res = await req('PUT', `/batches/${id}`, admin, { name: '', notes: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: [BATCH_MESSAGES.nameRequired],
      status: [BATCH_MESSAGES.statusRequired],
      notes: [BATCH_MESSAGES.notesTooLong],
    });
    expect((await req('PUT', '/batches/987654321', admin, { name: 'A', status: 'new' })).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /batches/{id}/cases/{caseId}', () => {
  it('removes a case and frees its print request; the last case removes the batch', async () => {
    const { id, cases } = await givenBatchOf(2);
    const first = await req('DELETE', `/batches/${id}/cases/${cases[0]!.patientId}`, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: BATCH_MESSAGES.caseRemoved, batch_removed: false });
    const pr = await t.db
      .selectFrom('printing_requests')
      .select('batch_id')
      .where('id', '=', cases[0]!.printingRequestId)
      .executeTakeFirstOrThrow();
    expect(pr.batch_id).toBeNull();
    expect((await req('GET', `/batches/${id}`, admin)).json().data.number_of_cases).toBe(1);

    const last = await req('DELETE', `/batches/${id}/cases/${cases[1]!.patientId}`, admin);
    expect(last.json()).toEqual({ message: BATCH_MESSAGES.batchRemoved, batch_removed: true });
    expect((await req('GET', `/batches/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a completed batch and answers 404 for a case not in the batch', async () => {
    const { id, cases } = await givenBatchOf(2);
    expect((await req('DELETE', `/batches/${id}/cases/987654321`, admin)).statusCode).toBe(404);
    await req('PUT', `/batches/${id}`, admin, { name: 'Done', status: 'completed' });
    const res = await req('DELETE', `/batches/${id}/cases/${cases[0]!.patientId}`, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(BATCH_MESSAGES.completedBatch);
    expect((await req('GET', `/batches/${id}`, admin)).json().data.number_of_cases).toBe(2);
  });
});

describe('the case list and batches', () => {
  it('filters by batch and shows each case’s batch and whether it can join one, to staff only', async () => {
    const { id, cases } = await givenBatchOf(2, { name: 'Listed batch' });
    const free = await givenPrintCase(t, { organizationId: orgA, doctorId: doctorA, trayGenerated: true });
    const listed = await req('GET', `/patients?batch_id=${id}&sort=newest`, admin);
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual(cases.map((c) => c.patientId).sort());
    expect(listed.json().data[0]).toMatchObject({ batch: { id, name: 'Listed batch' }, batchable: false });

    const all = (
      await req('GET', `/patients?organization_id=${orgA}&sort=newest&per_page=100`, admin)
    ).json();
    expect(all.data.find((p: { id: number }) => p.id === free.patientId)).toMatchObject({
      batch: null,
      batchable: true,
    });

    const practice = (await req('GET', '/patients?sort=newest', owner)).json();
    expect(practice.data.length).toBeGreaterThan(0);
    expect(practice.data.every((p: object) => !('batch' in p) && !('batchable' in p))).toBe(true);
    expect((await req('GET', `/patients?batch_id=${id}`, owner)).statusCode).toBe(403);
    expect((await req('GET', '/patients?batch_id=abc', admin)).json().errors.batch_id).toEqual([
      'The selected batch is invalid.',
    ]);
  });
});

describe('who may work with batches', () => {
  it('answers 401 without a session on every call', async () => {
    const calls: [Parameters<typeof req>[0], string][] = [
      ['GET', '/batches'],
      ['POST', '/batches'],
      ['GET', '/batches/1'],
      ['PUT', '/batches/1'],
      ['PATCH', '/batches/1'],
      ['DELETE', '/batches/1/cases/1'],
    ];
    for (const [method, path] of calls) expect((await req(method, path, undefined, {})).statusCode).toBe(401);
  });

  it('answers 403 to practice users and lab partners, whose routes do not include batches', async () => {
    const { id, cases } = await givenBatchOf(2);
    for (const who of [owner, partner]) {
      expect((await req('GET', '/batches', who)).statusCode).toBe(403);
      expect((await req('GET', `/batches/${id}`, who)).statusCode).toBe(403);
      expect((await req('PUT', `/batches/${id}`, who, { name: 'Mine', status: 'new' })).statusCode).toBe(403);
      expect((await req('DELETE', `/batches/${id}/cases/${cases[0]!.patientId}`, who)).statusCode).toBe(403);
      expect(
        (await req('POST', '/batches', who, { name: 'Mine', patients: cases.map((c) => c.patientId) }))
          .statusCode,
      ).toBe(403);
    }
    expect((await req('GET', `/batches/${id}`, admin)).json().data.number_of_cases).toBe(2);
  });

  it('keeps a batch created by a factory visible to staff (the list reads every batch)', async () => {
    const b = await buildBatch(t.db, { name: `Factory ${Date.now()}` });
    const res = (await req('GET', `/batches?searchByName=${encodeURIComponent(b.name)}`, tech.h)).json();
    expect(res.data).toEqual([expect.objectContaining({ id: Number(b.id), number_of_cases: 0 })]);
  });
});
