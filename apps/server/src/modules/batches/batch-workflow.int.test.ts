import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_WORKFLOW_STEPS, TECH_WORKFLOW_MESSAGES as M } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  givenOrganization,
  givenUser,
  tokenFor,
  type GivenUserOptions,
} from '../../../test/auth-helpers.ts';
import { givenPrintCase } from '../../../test/print-case-helpers.ts';
import { buildBatch } from '../../db/seed/factories.ts';

type H = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let t: TestApp;
let org: number;
let doctor: number;
let admin: { id: number; h: H };
let tech: { id: number; h: H };
let tech2: { id: number; h: H };
let supervisor: H;
let partner: H;
let owner: H;

async function req(method: Method, path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function staff(roles: GivenUserOptions['roles'], first_name: string) {
  const u = await givenUser(t, { roles, first_name, last_name: 'Staff' });
  return { id: u.id, h: bearer(await tokenFor(t, u.id, { management: true })) };
}

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t, { name: 'Bright Smiles' });
  admin = await staff(['admin'], 'Ada');
  tech = await staff(['tech_support'], 'Tess');
  tech2 = await staff(['tech_support'], 'Toby');
  supervisor = (await staff(['supervisor'], 'Sue')).h;
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: org, role: 'organization_member' }],
  });
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  const o = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  owner = bearer(await tokenFor(t, o.id));
  doctor = o.id;
});
afterAll(() => t?.close());

async function givenBatch() {
  const cases = [];
  for (let i = 0; i < 2; i++)
    cases.push(await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true }));
  const res = await req('POST', '/batches', admin.h, {
    name: 'Workflow run',
    patients: cases.map((c) => c.patientId),
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as number;
  const workflow = (await req('GET', `/batches/${id}/workflow`, admin.h)).json().tech_workflow;
  const processIds = workflow.processes.map((p: { id: number }) => p.id) as number[];
  return { id, cases, workflow, processIds };
}

const path = (batchId: number, processId: number, action = '') =>
  `/batches/${batchId}/workflow/processes/${processId}${action ? `/${action}` : ''}`;

/** Finishes whatever the user has started, so the next test starts clean. */
async function clearPending(userId: number) {
  await t.db
    .updateTable('tech_workflow_processes')
    .set({ finished_at: new Date(), status: 'COMPLETED' })
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .where('finished_at', 'is', null)
    .execute();
}

describe('a batch’s workflow', () => {
  it('is created with the batch, with the print steps, and named by the batch', async () => {
    const { id, workflow } = await givenBatch();
    const batch = (await req('GET', `/batches/${id}`, admin.h)).json().data;
    expect(batch.tech_workflow_id).toBe(workflow.id);
    expect(workflow).toMatchObject({ type: 'batch', batch_id: id, finished: false, production_time: 0 });
    expect(workflow.processes.map((p: { process: string }) => p.process)).toEqual([...BATCH_WORKFLOW_STEPS]);
    expect(workflow.processes[0]).toMatchObject({
      step: 1,
      status: 'PENDING',
      next_step: true,
      can_start: true,
      can_finish: false,
    });
    expect(workflow.processes[1]).toMatchObject({ status: 'NEW', can_start: false });
    const read = (await req('GET', `/batches/${id}/workflow`, tech.h)).json();
    expect(read.abilities).toEqual({ work: true, edit: false });
    expect(read.assignable_users).toEqual([{ id: tech.id, full_name: 'Tess Staff' }]);
    expect(read.pending_task).toBeNull();
    const byAdmin = (await req('GET', `/batches/${id}/workflow`, admin.h)).json();
    expect(byAdmin.abilities).toEqual({ work: true, edit: true });
    expect(byAdmin.assignable_users.map((u: { id: number }) => u.id)).toEqual(
      expect.arrayContaining([admin.id, tech.id, tech2.id]),
    );
  });

  it('is given to a batch that has none the first time it is read, once', async () => {
    const b = await buildBatch(t.db, { name: 'Older batch' });
    const [one, two] = await Promise.all([
      req('GET', `/batches/${b.id}/workflow`, admin.h),
      req('GET', `/batches/${b.id}/workflow`, tech.h),
    ]);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.json().tech_workflow.id).toBe(one.json().tech_workflow.id);
    const rows = await t.db
      .selectFrom('tech_workflows')
      .select('id')
      .where('batch_id', '=', Number(b.id))
      .execute();
    expect(rows).toHaveLength(1);
    const batch = await t.db
      .selectFrom('batches')
      .select('tech_workflow_id')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(Number(batch.tech_workflow_id)).toBe(one.json().tech_workflow.id);
  });

  it('starts and finishes a process by the rules of the case workflows, and audits it on the batch', async () => {
    const { id, processIds } = await givenBatch();
    const [first, second] = processIds;
    const early = await req('PATCH', path(id, second!, 'start'), tech.h);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.prerequisiteNotFinished);
    const finishEarly = await req('PATCH', path(id, first!, 'finish'), tech.h);
    expect(finishEarly.statusCode).toBe(409);
    expect(finishEarly.json().message).toBe(M.notStarted);

    const started = await req('PATCH', path(id, first!, 'start'), tech.h);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      message: M.started,
      process: {
        id: first,
        status: 'IN_PROGRESS',
        user_id: tech.id,
        tech_name: 'Tess Staff',
        can_finish: true,
      },
    });
    const again = await req('PATCH', path(id, first!, 'start'), tech2.h);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyStarted);
    const pending = (await req('GET', `/batches/${id}/workflow`, tech.h)).json().pending_task;
    expect(pending).toMatchObject({
      process_id: first,
      patient_id: null,
      batch_id: id,
      batch_name: 'Workflow run',
    });

    const finished = await req('PATCH', path(id, first!, 'finish'), tech.h);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ message: M.finished, process: { status: 'COMPLETED' } });
    expect(finished.json().process.production_time).toEqual(expect.any(Number));
    const after = (await req('GET', `/batches/${id}/workflow`, tech.h)).json().tech_workflow;
    expect(after.processes[1]).toMatchObject({ status: 'PENDING', next_step: true, can_start: true });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id'])
      .where('entity_type', '=', 'batch')
      .where('entity_id', '=', String(id))
      .where('action', 'like', 'batch.workflow.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'batch.workflow.process.start',
      'batch.workflow.process.finish',
    ]);
  });

  it('keeps one pending task per user across case and batch workflows', async () => {
    const { id, processIds, cases } = await givenBatch();
    const caseWorkflow = await t.db
      .selectFrom('tech_workflow_processes')
      .select('id')
      .where('tech_workflow_id', '=', cases[0]!.workflowId)
      .where('step', '=', 2)
      .executeTakeFirstOrThrow();
    expect(
      (await req('PATCH', `/tech-workflow-processes/${caseWorkflow.id}/start`, tech2.h)).statusCode,
    ).toBe(200);
    const refused = await req('PATCH', path(id, processIds[0]!, 'start'), tech2.h);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.pendingTask);
    await clearPending(tech2.id);
    expect((await req('PATCH', path(id, processIds[0]!, 'start'), tech2.h)).statusCode).toBe(200);
    // And the other way round: the batch's task is the pending one now.
    const other = await givenPrintCase(t, { organizationId: org, doctorId: doctor, trayGenerated: true });
    const step2 = await t.db
      .selectFrom('tech_workflow_processes')
      .select('id')
      .where('tech_workflow_id', '=', other.workflowId)
      .where('step', '=', 2)
      .executeTakeFirstOrThrow();
    const caseRefused = await req('PATCH', `/tech-workflow-processes/${step2.id}/start`, tech2.h);
    expect(caseRefused.statusCode).toBe(409);
    const page = (await req('GET', `/patients/${other.patientId}/tech-workflows`, tech2.h)).json();
    expect(page.pending_task).toMatchObject({ batch_id: id, patient_id: null });
    await clearPending(tech2.id);
  });

  it('lets only the assignee or tech_support finish, and only workers start', async () => {
    const { id, processIds } = await givenBatch();
    expect((await req('PATCH', path(id, processIds[0]!, 'start'), supervisor)).statusCode).toBe(403);
    expect((await req('PATCH', path(id, processIds[0]!, 'start'), admin.h)).statusCode).toBe(200);
    // tech_support may finish anyone's process.
    expect((await req('PATCH', path(id, processIds[0]!, 'finish'), tech2.h)).statusCode).toBe(200);
    expect((await req('PATCH', path(id, processIds[1]!, 'start'), tech.h)).statusCode).toBe(200);
    const byAdmin = await req('PATCH', path(id, processIds[1]!, 'finish'), admin.h);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(M.notAssignee);
    await clearPending(tech.id);
  });

  it('needs every case’s tray STL files and IOS file to finish Generate QA', async () => {
    const { id, processIds, cases } = await givenBatch();
    await req('PATCH', path(id, processIds[0]!, 'start'), tech.h);
    await req('PATCH', path(id, processIds[0]!, 'finish'), tech.h);
    expect((await req('PATCH', path(id, processIds[1]!, 'start'), tech.h)).statusCode).toBe(200);
    const file = (patientId: number, name: string, type = 2) =>
      t.db
        .insertInto('patient_files')
        .values({
          patient_id: patientId,
          patient_file_type_id: type,
          name,
          original_name: name,
          storage_path: `x/${name}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await file(cases[0]!.patientId, 'A_UL.stl');
    const noTray = await req('PATCH', path(id, processIds[1]!, 'finish'), tech.h);
    expect(noTray.statusCode).toBe(422);
    expect(noTray.json().message).toBe(M.traySTLMissing);
    await file(cases[1]!.patientId, 'B_LL.stl');
    const noIos = await req('PATCH', path(id, processIds[1]!, 'finish'), tech.h);
    expect(noIos.statusCode).toBe(422);
    expect(noIos.json().message).toBe(M.invalidIos);
    for (const c of cases) {
      const ios = await file(c.patientId, `scan-${c.patientId}.zip`, 1);
      await t.db.updateTable('patients').set({ ios_file_id: ios.id }).where('id', '=', c.patientId).execute();
    }
    expect((await req('PATCH', path(id, processIds[1]!, 'finish'), tech.h)).statusCode).toBe(200);
  });

  it('lets admins edit the assignee and times, a technician only assign themselves', async () => {
    const { id, processIds } = await givenBatch();
    const startedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const finishedAt = new Date(Date.now() - 3_600_000).toISOString();
    const edited = await req('PUT', path(id, processIds[0]!), admin.h, {
      user_id: tech.id,
      started_at: startedAt,
      finished_at: finishedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: M.updated,
      process: { user_id: tech.id, status: 'COMPLETED', started_at: startedAt, production_time: 3600 },
    });
    const own = await req('PUT', path(id, processIds[1]!), tech2.h, { user_id: tech.id });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.user_id).toEqual([M.ownAssignee]);
    expect((await req('PUT', path(id, processIds[1]!), tech2.h, { started_at: startedAt })).statusCode).toBe(
      403,
    );
    expect((await req('PUT', path(id, processIds[1]!), tech2.h, { user_id: tech2.id })).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'batch')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'batch.workflow.process.update')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('answers the validation messages of an edit', async () => {
    const { id, processIds } = await givenBatch();
    const nothing = await req('PUT', path(id, processIds[0]!), admin.h, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Nothing to update.');
    const badDate = await req('PUT', path(id, processIds[0]!), admin.h, { started_at: 'yesterday' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.started_at).toEqual(['Please enter a valid date and time.']);
    const backwards = await req('PUT', path(id, processIds[0]!), admin.h, {
      started_at: new Date().toISOString(),
      finished_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.finished_at).toEqual([M.finishedBeforeStarted]);
    const noStart = await req('PUT', path(id, processIds[0]!), admin.h, {
      finished_at: new Date().toISOString(),
    });
    expect(noStart.json().errors.finished_at).toEqual([M.finishedWithoutStart]);
    const notTech = await req('PUT', path(id, processIds[0]!), admin.h, { user_id: doctor });
    expect(notTech.statusCode).toBe(422);
    expect(notTech.json().errors.user_id).toEqual([M.assigneeRole]);
  });
});

describe('who may work with a batch’s workflow', () => {
  it('answers 401 without a session', async () => {
    const calls: [Method, string][] = [
      ['GET', '/batches/1/workflow'],
      ['PUT', '/batches/1/workflow/processes/1'],
      ['PATCH', '/batches/1/workflow/processes/1/start'],
      ['PATCH', '/batches/1/workflow/processes/1/finish'],
    ];
    for (const [method, p] of calls) expect((await req(method, p, undefined, {})).statusCode).toBe(401);
  });

  it('answers 403 to practice users and lab partners, 404 for an unknown batch or a process of another', async () => {
    const { id, processIds } = await givenBatch();
    for (const who of [owner, partner]) {
      expect((await req('GET', `/batches/${id}/workflow`, who)).statusCode).toBe(403);
      expect((await req('PATCH', path(id, processIds[0]!, 'start'), who)).statusCode).toBe(403);
      expect((await req('PATCH', path(id, processIds[0]!, 'finish'), who)).statusCode).toBe(403);
      expect((await req('PUT', path(id, processIds[0]!), who, { user_id: tech.id })).statusCode).toBe(403);
    }
    expect((await req('GET', '/batches/987654321/workflow', admin.h)).statusCode).toBe(404);
    expect((await req('PATCH', path(987654321, processIds[0]!, 'start'), tech.h)).statusCode).toBe(404);
    const other = await givenBatch();
    expect((await req('PATCH', path(other.id, processIds[0]!, 'start'), tech.h)).statusCode).toBe(404);
    expect((await req('PUT', path(other.id, processIds[0]!), admin.h, { user_id: tech.id })).statusCode).toBe(
      404,
    );
    expect((await req('PATCH', path(id, 987654321, 'finish'), tech.h)).statusCode).toBe(404);
    const untouched = (await req('GET', `/batches/${id}/workflow`, admin.h)).json().tech_workflow;
    expect(untouched.processes[0]).toMatchObject({ has_started: false, user_id: null });
  });

  it('keeps a batch’s workflow out of the case-workflow endpoints', async () => {
    const { workflow, processIds } = await givenBatch();
    expect((await req('GET', `/tech-workflows/${workflow.id}`, admin.h)).statusCode).toBe(404);
    expect((await req('PATCH', `/tech-workflow-processes/${processIds[0]}/start`, tech.h)).statusCode).toBe(
      404,
    );
    expect(
      (await req('PUT', `/tech-workflow-processes/${processIds[0]}`, admin.h, { user_id: tech.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await req('PUT', `/tech-workflows/${workflow.id}`, admin.h, {
          processes: [{ id: processIds[0], user_id: tech.id }],
        })
      ).statusCode,
    ).toBe(404);
  });
});
