import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS, TECH_WORKFLOW_MESSAGES as M, type TechWorkflowType } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildCustomerRequest, buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import { createTechWorkflow } from './index.ts';

type H = { authorization: string };
interface Who {
  id: number;
  h: H;
}
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: Who;
let superAdmin: Who;
let supervisor: Who;
let tech1: Who;
let tech2: Who;
let doctor: Who;
let partner: Who;

async function req(method: 'GET' | 'PUT' | 'PATCH', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const start = (id: number, who: Who) => req('PATCH', `/tech-workflow-processes/${id}/start`, who.h);
const finish = (id: number, who: Who) => req('PATCH', `/tech-workflow-processes/${id}/finish`, who.h);

async function staff(
  role: 'admin' | 'super_admin' | 'supervisor' | 'tech_support',
  first: string,
): Promise<Who> {
  const u = await givenUser(t, { roles: [role], first_name: first, last_name: 'Staff' });
  return { id: u.id, h: bearer(await tokenFor(t, u.id, { management: true })) };
}

/** A case of the organization with a workflow of the type; returns its ids. */
async function givenWorkflow(
  type: TechWorkflowType = 'initial_case_setup',
  o: { organization_id?: number; rx?: object } = {},
) {
  const organization_id = o.organization_id ?? orgA;
  const p = await buildPatient(t.db, {
    organization_id,
    user_id: doctor.id,
    first_name: 'Ana',
    last_name: 'Lopez',
  });
  await buildRxForm(t.db, { organization_id, user_id: doctor.id, patient_id: p.id, ...(o.rx ?? {}) });
  const request = await buildCustomerRequest(t.db, { organization_id, patient_id: p.id });
  const workflowId = await createTechWorkflow(t.db, { type, patientId: p.id, customerRequestId: request.id });
  const processes = await t.db
    .selectFrom('tech_workflow_processes')
    .select(['id', 'process'])
    .where('tech_workflow_id', '=', workflowId)
    .orderBy('step')
    .execute();
  return { patientId: p.id, requestId: request.id, workflowId, processIds: processes.map((x) => x.id) };
}

async function givenFile(patientId: number, name: string, type = 2) {
  return t.db
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
}

/** Finishes whatever the user has started, so the next test starts clean. */
async function clearPending(userId: number) {
  await t.db
    .updateTable('tech_workflow_processes')
    .set({ finished_at: new Date() })
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .where('finished_at', 'is', null)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  admin = await staff('admin', 'Alice');
  superAdmin = await staff('super_admin', 'Sam');
  supervisor = await staff('supervisor', 'Sue');
  tech1 = await staff('tech_support', 'Tina');
  tech2 = await staff('tech_support', 'Tom');
  const d = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  doctor = { id: d.id, h: bearer(await tokenFor(t, d.id)) };
  const p = await givenUser(t, { roles: ['lab_partner'], first_name: 'Lab', last_name: 'Partner' });
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgB, third_party_partner_user_id: p.id })
    .execute();
  partner = { id: p.id, h: bearer(await tokenFor(t, p.id, { management: true })) };
});

afterAll(async () => {
  await t?.close();
});

describe('without a session', () => {
  it('every call answers 401', async () => {
    const w = await givenWorkflow();
    const p = w.processIds[0]!;
    for (const [method, path, body] of [
      ['GET', `/tech-workflows/${w.workflowId}`],
      ['PUT', `/tech-workflows/${w.workflowId}`, { processes: [{ id: p, user_id: tech1.id }] }],
      ['PUT', `/tech-workflow-processes/${p}`, { user_id: tech1.id }],
      ['PATCH', `/tech-workflow-processes/${p}/start`],
      ['PATCH', `/tech-workflow-processes/${p}/finish`],
      ['GET', `/patients/${w.patientId}/tech-workflows`],
    ] as const) {
      const res = await req(method, path, undefined, body);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('GET /tech-workflows/{id}', () => {
  it('answers the initial setup with S1..S5 and QA, S1 pending and the others new', async () => {
    const w = await givenWorkflow();
    const res = await req('GET', `/tech-workflows/${w.workflowId}`, tech1.h);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tech_workflow.type).toBe('initial_case_setup');
    expect(body.tech_workflow.processes.map((p: { process: string }) => p.process)).toEqual([
      'S1',
      'S2',
      'S3',
      'S4',
      'S5',
      'QA',
    ]);
    expect(body.tech_workflow.processes.map((p: { status: string }) => p.status)).toEqual([
      'PENDING',
      'NEW',
      'NEW',
      'NEW',
      'NEW',
      'NEW',
    ]);
    expect(body.tech_workflow.processes[0]).toMatchObject({
      can_start: true,
      can_finish: false,
      next_step: true,
    });
    expect(body.abilities).toEqual({ work: true, edit: false });
    // A technician's picker holds only themselves.
    expect(body.assignable_users).toEqual([{ id: tech1.id, full_name: 'Tina Staff' }]);
  });

  it('gives the admin roles the editor and a picker of tech_support, admin and super_admin users', async () => {
    const w = await givenWorkflow();
    const body = (await req('GET', `/tech-workflows/${w.workflowId}`, admin.h)).json();
    expect(body.abilities).toEqual({ work: true, edit: true });
    const ids = body.assignable_users.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, superAdmin.id, tech1.id, tech2.id]));
    expect(ids).not.toContain(supervisor.id);
    expect(ids).not.toContain(doctor.id);
    expect(ids).not.toContain(partner.id);
  });

  it('a supervisor reads but neither works nor edits', async () => {
    const w = await givenWorkflow();
    const res = await req('GET', `/tech-workflows/${w.workflowId}`, supervisor.h);
    expect(res.statusCode).toBe(200);
    expect(res.json().abilities).toEqual({ work: false, edit: false });
    expect(res.json().tech_workflow.processes[0].can_start).toBe(false);
  });

  it('a practice user gets 403', async () => {
    const w = await givenWorkflow();
    expect((await req('GET', `/tech-workflows/${w.workflowId}`, doctor.h)).statusCode).toBe(403);
  });

  it('a case outside the caller’s scope and an unknown id answer 404', async () => {
    const w = await givenWorkflow('initial_case_setup', { organization_id: orgA });
    // The lab partner serves orgB only.
    expect((await req('GET', `/tech-workflows/${w.workflowId}`, partner.h)).statusCode).toBe(404);
    expect((await req('GET', `/tech-workflows/999999`, admin.h)).statusCode).toBe(404);
  });

  it('a lab partner sees the third-party cases of the organizations it serves, not the others', async () => {
    const third = await givenWorkflow('initial_case_setup', {
      organization_id: orgB,
      rx: { print_assignment: 3 },
    });
    const own = await givenWorkflow('initial_case_setup', {
      organization_id: orgB,
      rx: { print_assignment: 1 },
    });
    expect((await req('GET', `/tech-workflows/${third.workflowId}`, partner.h)).statusCode).toBe(200);
    expect((await req('GET', `/tech-workflows/${own.workflowId}`, partner.h)).statusCode).toBe(404);
    // ...and may not start its processes.
    expect((await start(third.processIds[0]!, partner)).statusCode).toBe(403);
  });

  it('an id that is not a number answers 400', async () => {
    expect((await req('GET', `/tech-workflows/abc`, admin.h)).statusCode).toBe(400);
  });
});

describe('PATCH start and finish', () => {
  it('takes a case from S1 to QA, each step after the one before, and publishes each change', async () => {
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    const w = await givenWorkflow();
    for (const id of w.processIds) {
      const started = await start(id, tech1);
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({
        message: M.started,
        process: {
          status: 'IN_PROGRESS',
          user_id: tech1.id,
          tech_name: 'Tina Staff',
          has_started: true,
          can_finish: true,
        },
      });
      const finished = await finish(id, tech1);
      expect(finished.statusCode).toBe(200);
      expect(finished.json()).toMatchObject({
        message: M.finished,
        process: { status: 'COMPLETED', has_finished: true },
      });
      expect(finished.json().process.production_time).toBeGreaterThanOrEqual(0);
    }
    const body = (await req('GET', `/tech-workflows/${w.workflowId}`, tech1.h)).json();
    expect(body.tech_workflow.finished).toBe(true);
    expect(body.tech_workflow.processes.every((p: { status: string }) => p.status === 'COMPLETED')).toBe(
      true,
    );
    const stored = await t.db
      .selectFrom('tech_workflow_processes')
      .select('status')
      .where('tech_workflow_id', '=', w.workflowId)
      .execute();
    expect(stored.every((s) => s.status === 'COMPLETED')).toBe(true);
    expect(publish).toHaveBeenCalledWith(`patient.${w.patientId}`, EVENTS.techWorkflowUpdated, {
      patient_id: w.patientId,
      tech_workflow_id: w.workflowId,
    });
    expect(publish.mock.calls.filter((c) => c[0] === `patient.${w.patientId}`)).toHaveLength(12);
    publish.mockRestore();
  });

  it('refuses a start before the prerequisite is finished', async () => {
    const w = await givenWorkflow();
    const res = await start(w.processIds[1]!, tech1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.prerequisiteNotFinished);
  });

  it('refuses a second start of the same process', async () => {
    const w = await givenWorkflow();
    expect((await start(w.processIds[0]!, tech1)).statusCode).toBe(200);
    const res = await start(w.processIds[0]!, tech2);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.alreadyStarted);
    await clearPending(tech1.id);
  });

  it('refuses a finish before the start and after the finish', async () => {
    const w = await givenWorkflow();
    const early = await finish(w.processIds[0]!, tech1);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.notStarted);
    await start(w.processIds[0]!, tech1);
    expect((await finish(w.processIds[0]!, tech1)).statusCode).toBe(200);
    const twice = await finish(w.processIds[0]!, tech1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadyFinished);
  });

  it('lets only the assignee finish, but tech_support may finish anyone’s process', async () => {
    const w = await givenWorkflow();
    expect((await start(w.processIds[0]!, admin)).statusCode).toBe(200);
    const other = await finish(w.processIds[0]!, superAdmin);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(M.notAssignee);
    const tech = await finish(w.processIds[0]!, tech2);
    expect(tech.statusCode).toBe(200);
    // The assignee stays the one who started it.
    expect(tech.json().process.user_id).toBe(admin.id);
  });

  it('a process assigned to someone else is started only by them or by tech_support', async () => {
    const w = await givenWorkflow();
    await t.db
      .updateTable('tech_workflow_processes')
      .set({ user_id: tech1.id })
      .where('id', '=', w.processIds[0]!)
      .execute();
    const res = await start(w.processIds[0]!, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.notAssignee);
    const tech = await start(w.processIds[0]!, tech2);
    expect(tech.statusCode).toBe(200);
    expect(tech.json().process.user_id).toBe(tech2.id);
    await clearPending(tech2.id);
  });

  it('a supervisor and a practice user may not start', async () => {
    const w = await givenWorkflow();
    expect((await start(w.processIds[0]!, supervisor)).statusCode).toBe(403);
    expect((await start(w.processIds[0]!, doctor)).statusCode).toBe(403);
    expect((await finish(w.processIds[0]!, doctor)).statusCode).toBe(403);
  });

  it('an unknown process answers 404', async () => {
    expect((await start(999999, tech1)).statusCode).toBe(404);
    expect((await finish(999999, tech1)).statusCode).toBe(404);
  });
});

describe('one pending task per user', () => {
  it('refuses a start while the user has another started, unfinished process', async () => {
    const a = await givenWorkflow();
    const b = await givenWorkflow();
    expect((await start(a.processIds[0]!, tech1)).statusCode).toBe(200);
    const res = await start(b.processIds[0]!, tech1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('User has another pending task.');
    // The page tells where the unfinished task is.
    const page = (await req('GET', `/patients/${b.patientId}/tech-workflows`, tech1.h)).json();
    expect(page.pending_task).toMatchObject({
      process_id: a.processIds[0],
      patient_id: a.patientId,
      process: 'S1',
    });
    expect((await finish(a.processIds[0]!, tech1)).statusCode).toBe(200);
    expect((await start(b.processIds[0]!, tech1)).statusCode).toBe(200);
    await clearPending(tech1.id);
  });

  it('of simultaneous starts by one user on several cases, exactly one wins', async () => {
    const racer = await staff('tech_support', 'Rita');
    const workflows = await Promise.all(Array.from({ length: 6 }, () => givenWorkflow()));
    const answers = await Promise.all(workflows.map((w) => start(w.processIds[0]!, racer)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(M.pendingTask);
    const pending = await t.db
      .selectFrom('tech_workflow_processes')
      .select('id')
      .where('user_id', '=', racer.id)
      .where('started_at', 'is not', null)
      .where('finished_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);
  });

  it('of simultaneous starts of one process by several users, exactly one wins', async () => {
    const users = await Promise.all(['Ada', 'Bea', 'Cy'].map((n) => staff('tech_support', n)));
    const w = await givenWorkflow();
    const answers = await Promise.all(users.map((u) => start(w.processIds[0]!, u)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const u of users) await clearPending(u.id);
  });

  it('an admin edit that would give a user a second pending task answers 409', async () => {
    const a = await givenWorkflow();
    const b = await givenWorkflow();
    expect((await start(a.processIds[0]!, tech1)).statusCode).toBe(200);
    const res = await req('PUT', `/tech-workflow-processes/${b.processIds[0]}`, admin.h, {
      user_id: tech1.id,
      started_at: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.pendingTask);
    const row = await t.db
      .selectFrom('tech_workflow_processes')
      .select(['user_id', 'started_at'])
      .where('id', '=', b.processIds[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, started_at: null });
    await clearPending(tech1.id);
  });
});

describe('Generate QA', () => {
  async function atGenerateQa() {
    const w = await givenWorkflow('printing_request');
    await start(w.processIds[0]!, tech2);
    await finish(w.processIds[0]!, tech2);
    expect((await start(w.processIds[1]!, tech2)).statusCode).toBe(200);
    return w;
  }

  it('is blocked until an individual tray STL file is uploaded, then until the IOS file is valid', async () => {
    const w = await atGenerateQa();
    await givenFile(w.patientId, 'maxillary.stl');
    const noTray = await finish(w.processIds[1]!, tech2);
    expect(noTray.statusCode).toBe(422);
    expect(noTray.json().message).toBe('Please upload the individual tray STL files before proceeding');
    await givenFile(w.patientId, 'Lopez_UL.stl');
    const noIos = await finish(w.processIds[1]!, tech2);
    expect(noIos.statusCode).toBe(422);
    expect(noIos.json().message).toBe('Invalid IOS file provided');
    const ios = await givenFile(w.patientId, 'scan.zip', 1);
    await t.db.updateTable('patients').set({ ios_file_id: ios.id }).where('id', '=', w.patientId).execute();
    const ok = await finish(w.processIds[1]!, tech2);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().process.process).toBe('Generate QA');
  });

  it('an admin setting its finish time is held to the same rule', async () => {
    const w = await atGenerateQa();
    const res = await req('PUT', `/tech-workflow-processes/${w.processIds[1]}`, admin.h, {
      finished_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(M.traySTLMissing);
    await clearPending(tech2.id);
  });
});

describe('the other workflow types', () => {
  it.each([
    ['flawed_tray', ['CFT', 'QA']],
    ['tray_design', ['Generate Tray', 'Generate QA']],
    [
      'printing_request',
      [
        'Generate Tray',
        'Generate QA',
        'Build Print Job',
        'Print/Process/Sort',
        'Insert Brackets',
        'Insert QA',
        'Ship QA',
        'Ship',
      ],
    ],
  ] as const)('%s has its steps', async (type, steps) => {
    const w = await givenWorkflow(type);
    const body = (await req('GET', `/tech-workflows/${w.workflowId}`, admin.h)).json();
    expect(body.tech_workflow.type).toBe(type);
    expect(body.tech_workflow.processes.map((p: { process: string }) => p.process)).toEqual(steps);
  });
});

describe('table edits', () => {
  it('an admin sets the assignee and times; production and lag times follow from them', async () => {
    const w = await givenWorkflow();
    const created = await t.db
      .selectFrom('tech_workflows')
      .select('created_at')
      .where('id', '=', w.workflowId)
      .executeTakeFirstOrThrow();
    const base = new Date(created.created_at).getTime();
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const res = await req('PUT', `/tech-workflows/${w.workflowId}`, admin.h, {
      processes: [
        { id: w.processIds[0], user_id: tech2.id, started_at: at(30), finished_at: at(90) },
        { id: w.processIds[1], user_id: admin.id, started_at: at(100), finished_at: at(220) },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.workflowUpdated);
    const [s1, s2, s3] = res.json().processes;
    expect(s1).toMatchObject({
      user_id: tech2.id,
      production_time: 3600,
      lag_time: 1800,
      status: 'COMPLETED',
    });
    expect(s2).toMatchObject({
      user_id: admin.id,
      production_time: 7200,
      lag_time: 600,
      status: 'COMPLETED',
    });
    expect(s3).toMatchObject({ status: 'PENDING', production_time: null, lag_time: null, next_step: true });
    const page = (await req('GET', `/patients/${w.patientId}/tech-workflows`, admin.h)).json();
    expect(page.patient.overall_production_time).toBe(10800);
    expect(page.initial_setup.production_time).toBe(10800);
  });

  it('the case list shows the case’s overall production time', async () => {
    const orgC = await givenOrganization(t, { name: 'Production Time Practice' });
    const w = await givenWorkflow('initial_case_setup', { organization_id: orgC });
    await req('PUT', `/tech-workflows/${w.workflowId}`, admin.h, {
      processes: [
        {
          id: w.processIds[0],
          started_at: '2026-01-02T10:00:00.000Z',
          finished_at: '2026-01-02T10:45:00.000Z',
        },
      ],
    });
    const list = await req('GET', `/patients?organization_id=${orgC}`, admin.h);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: w.patientId, overall_production_time: 2700 }),
    ]);
  });

  it('refuses an assignee who is not tech_support, admin or super_admin', async () => {
    const w = await givenWorkflow();
    for (const user of [doctor, supervisor]) {
      const res = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, admin.h, {
        user_id: user.id,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.user_id).toEqual([M.assigneeRole]);
    }
  });

  it('refuses a finish before the start and a finish without a start', async () => {
    const w = await givenWorkflow();
    const backwards = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, admin.h, {
      started_at: '2026-01-02T10:00:00.000Z',
      finished_at: '2026-01-02T09:00:00.000Z',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().message).toBe(M.finishedBeforeStarted);
    const unstarted = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, admin.h, {
      finished_at: '2026-01-02T09:00:00.000Z',
    });
    expect(unstarted.statusCode).toBe(422);
    expect(unstarted.json().message).toBe(M.finishedWithoutStart);
  });

  it('a technician may only assign themselves and may not change times', async () => {
    const w = await givenWorkflow();
    const self = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, tech1.h, {
      user_id: tech1.id,
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({
      message: M.updated,
      process: { user_id: tech1.id, status: 'PENDING' },
    });
    const other = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, tech1.h, {
      user_id: tech2.id,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(M.ownAssignee);
    const times = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, tech1.h, {
      user_id: tech1.id,
      started_at: new Date().toISOString(),
    });
    expect(times.statusCode).toBe(403);
    expect(
      (
        await req('PUT', `/tech-workflows/${w.workflowId}`, tech1.h, {
          processes: [{ id: w.processIds[0], user_id: tech1.id }],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a supervisor and a practice user may not edit', async () => {
    const w = await givenWorkflow();
    expect(
      (
        await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, supervisor.h, {
          user_id: supervisor.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, doctor.h, { user_id: tech1.id }))
        .statusCode,
    ).toBe(403);
  });

  it('validates the bodies with their messages', async () => {
    const w = await givenWorkflow();
    const empty = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, admin.h, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Nothing to update.');
    const badDate = await req('PUT', `/tech-workflow-processes/${w.processIds[0]}`, admin.h, {
      started_at: 'yesterday',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.started_at).toEqual(['Please enter a valid date and time.']);
    const noRows = await req('PUT', `/tech-workflows/${w.workflowId}`, admin.h, {});
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().errors.processes).toEqual(['The processes field is required.']);
    const other = await givenWorkflow();
    const foreign = await req('PUT', `/tech-workflows/${w.workflowId}`, admin.h, {
      processes: [{ id: other.processIds[0], user_id: tech1.id }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(M.unknownProcess);
  });
});

describe('GET /patients/{id}/tech-workflows', () => {
  it('answers the header, the initial setup and the requests with their workflows, canceled included', async () => {
    const w = await givenWorkflow();
    const printing = await buildCustomerRequest(t.db, {
      organization_id: orgA,
      patient_id: w.patientId,
      status_id: 2,
    });
    await t.db
      .insertInto('printing_requests')
      .values({ customer_request_id: printing.id, patient_id: w.patientId })
      .execute();
    const printingWorkflow = await createTechWorkflow(t.db, {
      type: 'printing_request',
      patientId: w.patientId,
      customerRequestId: printing.id,
    });
    const canceled = await buildCustomerRequest(t.db, {
      organization_id: orgA,
      patient_id: w.patientId,
      status_id: 5,
    });
    const res = await req('GET', `/patients/${w.patientId}/tech-workflows`, admin.h);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.patient).toMatchObject({
      id: w.patientId,
      full_name: 'Ana Lopez',
      organization: { id: orgA, name: 'Bright Smiles' },
      doctor: { id: doctor.id, full_name: 'Dana Doctor' },
      ios_file: null,
      authorized_third_party: null,
    });
    expect(body.initial_setup.id).toBe(w.workflowId);
    expect(body.requests.map((r: { id: number }) => r.id)).toEqual([canceled.id, printing.id]);
    expect(body.requests[1]).toMatchObject({
      type: 'printing_request',
      status_id: 2,
      workflow: { id: printingWorkflow },
    });
    expect(body.requests[0]).toMatchObject({ status_id: 5, workflow: null });
    expect(body.pending_task).toBeNull();
  });

  it('names the third-party partner of a third-party case', async () => {
    const w = await givenWorkflow('initial_case_setup', {
      organization_id: orgB,
      rx: { print_assignment: 3 },
    });
    const body = (await req('GET', `/patients/${w.patientId}/tech-workflows`, partner.h)).json();
    expect(body.patient.authorized_third_party).toBe('Lab Partner');
    expect(body.abilities).toEqual({ work: false, edit: false });
  });

  it('answers 403 to practice users and 404 outside the scope', async () => {
    const w = await givenWorkflow();
    expect((await req('GET', `/patients/${w.patientId}/tech-workflows`, doctor.h)).statusCode).toBe(403);
    expect((await req('GET', `/patients/${w.patientId}/tech-workflows`, partner.h)).statusCode).toBe(404);
    expect((await req('GET', `/patients/999999/tech-workflows`, admin.h)).statusCode).toBe(404);
  });
});
