import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAY_CORRECTION_MESSAGES as M } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { uploadStl } from '../../../test/file-helpers.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildCustomerRequest, buildPatient, buildRxForm } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let partner: H;
let doctor: { id: number; headers: H };
let member: H;
let doctorB: { id: number; headers: H };

const UNAUTHORIZED = 'This action is unauthorized.';

async function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function file(patientId: number, type: 1 | 2, name: string, tag: string | null = null) {
  const row = await t.db
    .insertInto('patient_files')
    .values({
      patient_id: patientId,
      patient_file_type_id: type,
      name,
      original_name: name,
      storage_path: `patients/${patientId}/${crypto.randomUUID()}/${name}`,
      tag,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface CaseOptions {
  organization_id?: number;
  user_id?: number;
  patient_status_id?: number;
  print_assignment?: number;
  tray_design_assignment?: number | null;
  ios?: number;
  stl?: boolean;
  archived?: boolean;
  requestStatuses?: number[];
}

/** A case that qualifies unless told otherwise: active, in-office print, one IOS, both STL arches. */
async function givenCase(o: CaseOptions = {}) {
  const organization_id = o.organization_id ?? orgA;
  const user_id = o.user_id ?? doctor.id;
  const p = await buildPatient(t.db, {
    organization_id,
    user_id,
    patient_status_id: o.patient_status_id ?? 1,
    ...(o.archived ? { deleted_at: new Date(), deleted_kind: 'archived' as const } : {}),
  });
  await buildRxForm(t.db, {
    organization_id,
    user_id,
    patient_id: p.id,
    print_assignment: o.print_assignment ?? 2,
    tray_design_assignment: o.tray_design_assignment ?? null,
  });
  const ios: number[] = [];
  for (let i = 0; i < (o.ios ?? 1); i += 1) ios.push(await file(p.id, 1, `scan-${i}.zip`));
  const upper = o.stl === false ? null : await file(p.id, 2, 'upper.stl', 'stl_maxillary');
  const lower = o.stl === false ? null : await file(p.id, 2, 'lower.stl', 'stl_mandibular');
  for (const status_id of o.requestStatuses ?? [])
    await buildCustomerRequest(t.db, { organization_id, patient_id: p.id, status_id });
  return { id: p.id, organizationId: organization_id, ios: ios[0] ?? 999_999, iosIds: ios, upper, lower };
}

const arch = (jaw: 1 | 2, ios: number) => ({
  jaw_type_id: jaw,
  ios_file_id: ios,
  is_flawed: true,
  print_id: 2,
  expedited_shipping: false,
  insert_brackets: false,
});

function requestCorrection(
  c: { id: number; organizationId: number; ios: number },
  headers: H,
  jaws: (1 | 2)[] = [1, 2],
) {
  return req('POST', `/organizations/${c.organizationId}/arch`, headers, {
    patient_id: c.id,
    location_id: null,
    arches: jaws.map((j) => arch(j, c.ios)),
  });
}

async function notificationsOf(userId: number) {
  return t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();
}

/** A case with a flawed tray request of both arches, made by the doctor; its tray ids. */
async function givenFlawedTrays(o: CaseOptions = {}) {
  const c = await givenCase(o);
  const res = await requestCorrection(c, doctor.headers);
  expect(res.statusCode, res.body).toBe(201);
  const requestId = res.json().customer_request.id as number;
  const trays = await t.db
    .selectFrom('flawed_trays')
    .selectAll()
    .where('customer_request_id', '=', requestId)
    .orderBy('arch')
    .execute();
  return { ...c, requestId, trays: trays.map((x) => x.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const d = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  // A practice manager sees every case of the organization but holds no organization.add-arch.
  const m = await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_manager' }] });
  const db = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  member = bearer(await tokenFor(t, m.id));
  doctorB = { id: db.id, headers: bearer(await tokenFor(t, db.id)) };
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
});
afterAll(() => t?.close());

describe('without a session', () => {
  it('answers 401 on every call', async () => {
    const c = await givenCase();
    const calls: [Parameters<typeof req>[0], string][] = [
      ['GET', `/patients/${c.id}/tray-correction`],
      ['POST', `/organizations/${orgA}/arch`],
      ['POST', '/flawed_trays/1/correct'],
      ['PUT', '/flawed_trays/1'],
      ['DELETE', '/flawed_trays/1/corrected_file'],
    ];
    for (const [m, path] of calls) expect((await req(m, path)).statusCode, `${m} ${path}`).toBe(401);
  });
});

describe('GET /patients/{id}/tray-correction', () => {
  it('offers the correction on a qualifying case, with the IOS file to name', async () => {
    const c = await givenCase();
    const res = await req('GET', `/patients/${c.id}/tray-correction`, doctor.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().tray_correction).toEqual({
      permitted: true,
      available: true,
      reason: null,
      ios_file_id: c.ios,
      organization_id: orgA,
      requests: [],
    });
  });

  it('says why not, and that a manager without the permission is not permitted', async () => {
    const c = await givenCase({ ios: 2 });
    const res = await req('GET', `/patients/${c.id}/tray-correction`, doctor.headers);
    expect(res.json().tray_correction).toMatchObject({
      permitted: true,
      available: false,
      reason: M.multipleIosFiles,
      ios_file_id: null,
    });
    const asMember = await req('GET', `/patients/${c.id}/tray-correction`, member);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().tray_correction).toMatchObject({
      permitted: false,
      available: false,
      reason: null,
    });
  });

  it("answers 404 for another organization's case", async () => {
    const c = await givenCase();
    expect((await req('GET', `/patients/${c.id}/tray-correction`, doctorB.headers)).statusCode).toBe(404);
    expect((await req('GET', '/patients/999999/tray-correction', admin)).statusCode).toBe(404);
  });
});

describe('POST /organizations/{id}/arch', () => {
  it('creates the flawed tray request, one tray per arch and its CFT, QA workflow; the case then lists it', async () => {
    const c = await givenCase();
    const res = await requestCorrection(c, doctor.headers);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: M.requested,
      customer_request: { status_id: 1, status: 'New', flawed_trays_status: 'PENDING', arches: [1, 2] },
    });
    const id = body.customer_request.id as number;
    const cr = await t.db
      .selectFrom('customer_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(cr).toMatchObject({
      patient_id: c.id,
      organization_id: orgA,
      status_id: 1,
      flawed_trays_status_id: 1,
    });
    const trays = await t.db
      .selectFrom('flawed_trays')
      .selectAll()
      .where('customer_request_id', '=', id)
      .orderBy('arch')
      .execute();
    expect(trays.map((x) => [x.arch, x.status_id, x.file_id, x.stl_file_id, x.print])).toEqual([
      [1, 1, c.ios, c.upper, false],
      [2, 1, c.ios, c.lower, false],
    ]);
    const workflow = await t.db
      .selectFrom('tech_workflows')
      .selectAll()
      .where('customer_request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(workflow.type).toBe('flawed_tray');
    const steps = await t.db
      .selectFrom('tech_workflow_processes')
      .select('process')
      .where('tech_workflow_id', '=', workflow.id)
      .orderBy('step')
      .execute();
    expect(steps.map((s) => s.process)).toEqual(['CFT', 'QA']);

    const status = await req('GET', `/patients/${c.id}/tray-correction`, doctor.headers);
    expect(status.json().tray_correction).toMatchObject({
      available: false,
      reason: M.pendingFlawedTray,
      requests: [{ id, flawed_trays_status: 'PENDING' }],
    });
    const details = await req('GET', `/customer_requests/${id}`, doctor.headers);
    expect(details.json().customer_request).toMatchObject({ type: 'flawed_tray', flawed_trays: [{}, {}] });
  });

  it('tells the doctor when someone else asks, and not when the doctor asks', async () => {
    const before = (await notificationsOf(doctor.id)).length;
    const own = await givenCase();
    expect((await requestCorrection(own, doctor.headers, [1])).statusCode).toBe(201);
    expect((await notificationsOf(doctor.id)).length).toBe(before);
    const c = await givenCase({ print_assignment: 1 });
    const res = await requestCorrection(c, admin, [2]);
    expect(res.statusCode, res.body).toBe(201);
    const after = await notificationsOf(doctor.id);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({
      patient_id: c.id,
      link: `/requests/${res.json().customer_request.id}`,
    });
    expect(after.at(-1)!.message).toMatch(/tray correction has been requested/);
  });

  it('leaves the doctor alone when the notification is turned off', async () => {
    await t.db
      .insertInto('user_notification_settings')
      .values({ user_id: doctor.id, name: 'flawed_tray_correction_request', enabled: false })
      .execute();
    const before = (await notificationsOf(doctor.id)).length;
    const c = await givenCase({ print_assignment: 1 });
    expect((await requestCorrection(c, admin, [1])).statusCode).toBe(201);
    expect((await notificationsOf(doctor.id)).length).toBe(before);
    await t.db
      .deleteFrom('user_notification_settings')
      .where('user_id', '=', doctor.id)
      .where('name', '=', 'flawed_tray_correction_request')
      .execute();
  });

  it('refuses each failing condition with its message (422) and creates nothing', async () => {
    const cases: [CaseOptions, string, H?][] = [
      [{ patient_status_id: 3 }, M.notActive],
      [{ ios: 0 }, M.noIosFile],
      [{ stl: false }, M.noStlFile],
      [{ requestStatuses: [1, 2] }, M.requestInProduction],
      [{ requestStatuses: [3] }, M.requestInProduction],
      [{ requestStatuses: [4] }, M.requestInProduction],
      [{ tray_design_assignment: 3 }, M.thirdPartyDesignInOffice],
      [{ print_assignment: 1 }, M.doctorNotInOffice],
      [{ print_assignment: 3 }, M.doctorNotInOffice],
      [{ ios: 2 }, M.multipleIosFiles],
    ];
    for (const [o, message] of cases) {
      const c = await givenCase(o);
      const res = await requestCorrection(c, doctor.headers, [1]);
      expect(res.statusCode, `${message}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(message);
      const made = await t.db
        .selectFrom('flawed_trays')
        .select('id')
        .where('patient_id', '=', c.id)
        .execute();
      expect(made).toEqual([]);
    }
  });

  it('refuses a second request while one is pending, and an archived case', async () => {
    const c = await givenCase();
    expect((await requestCorrection(c, doctor.headers, [1])).statusCode).toBe(201);
    const again = await requestCorrection(c, doctor.headers, [2]);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(M.pendingFlawedTray);
    const archived = await givenCase({ archived: true });
    const res = await requestCorrection(archived, admin, [1]);
    expect([404, 422]).toContain(res.statusCode);
  });

  it('lets staff ask whatever the print, and the lab partner only when the print is the third party’s', async () => {
    const provider = await givenCase({ print_assignment: 1 });
    expect((await requestCorrection(provider, tech, [1])).statusCode).toBe(201);
    const thirdParty = await givenCase({ print_assignment: 3 });
    const ok = await requestCorrection(thirdParty, partner, [1]);
    expect(ok.statusCode, ok.body).toBe(201);
    const inOffice = await givenCase({ print_assignment: 2 });
    const refused = await requestCorrection(inOffice, partner, [1]);
    // The partner sees only its third-party cases: an in-office case is not its case at all.
    expect([404, 422]).toContain(refused.statusCode);
  });

  it('answers 422 "Invalid IOS file provided" for another file than the case’s IOS file', async () => {
    const c = await givenCase();
    const res = await requestCorrection({ ...c, ios: c.upper! }, doctor.headers, [1]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['arches.0.ios_file_id']).toEqual([M.invalidIosFile]);
  });

  it('validates the body: an arch at least, each once, flawed (400)', async () => {
    const c = await givenCase();
    const empty = await req('POST', `/organizations/${orgA}/arch`, doctor.headers, {
      patient_id: c.id,
      arches: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.arches).toContain(M.archRequired);
    const twice = await req('POST', `/organizations/${orgA}/arch`, doctor.headers, {
      patient_id: c.id,
      arches: [arch(1, c.ios), arch(1, c.ios)],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.arches).toContain(M.archTwice);
  });

  it('answers 403 without organization.add-arch', async () => {
    const c = await givenCase();
    const res = await requestCorrection(c, member, [1]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UNAUTHORIZED);
  });

  it("answers 404 for another organization, or a patient outside the path's organization", async () => {
    const c = await givenCase();
    expect((await requestCorrection(c, doctorB.headers, [1])).statusCode).toBe(404);
    const elsewhere = await req('POST', `/organizations/${orgB}/arch`, admin, {
      patient_id: c.id,
      arches: [arch(1, c.ios)],
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await requestCorrection({ ...c, organizationId: 999999 }, admin, [1])).statusCode).toBe(404);
  });
});

describe('POST /flawed_trays/{id}/correct', () => {
  it('stores the uploaded corrected file with the tray: 1 → 2, the group COMPLETED with the last one, the doctor told', async () => {
    const c = await givenFlawedTrays();
    const before = (await notificationsOf(doctor.id)).length;
    const path1 = await uploadStl(t, tech, c.id, 'upper_corrected.stl', 10);
    const first = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, tech, {
      file_path: path1,
      name: 'upper_corrected.stl',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: M.corrected,
      flawed_tray: { id: c.trays[0], status_id: 2 },
      flawed_trays_status: 'PENDING',
    });
    const fileId = first.json().flawed_tray.corrected_file_id as number;
    const stored = await t.db
      .selectFrom('patient_files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ patient_id: c.id, patient_file_type_id: 2, name: 'upper_corrected.stl' });
    expect((await notificationsOf(doctor.id)).length).toBe(before);

    const path2 = await uploadStl(t, tech, c.id, 'lower_corrected.stl', 10);
    const second = await req('POST', `/flawed_trays/${c.trays[1]}/correct`, tech, {
      file_path: path2,
      name: 'lower_corrected.stl',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().flawed_trays_status).toBe('COMPLETED');
    const cr = await t.db
      .selectFrom('customer_requests')
      .select('flawed_trays_status_id')
      .where('id', '=', c.requestId)
      .executeTakeFirstOrThrow();
    expect(cr.flawed_trays_status_id).toBe(2);
    const told = await notificationsOf(doctor.id);
    expect(told.length).toBe(before + 1);
    expect(told.at(-1)!.message).toMatch(/have been corrected/);
  });

  it('takes an existing STL file of the patient, and refuses another kind of file (422)', async () => {
    const c = await givenFlawedTrays();
    const wrong = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, {
      corrected_file_id: c.ios,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.corrected_file_id).toEqual([M.correctedFileNotStl]);
    const ok = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, {
      corrected_file_id: c.upper,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().flawed_tray).toMatchObject({ status_id: 2, corrected_file_id: c.upper });
  });

  it('answers 409 once corrected, and while the request is completed or canceled', async () => {
    const c = await givenFlawedTrays();
    expect(
      (await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, { corrected_file_id: c.upper }))
        .statusCode,
    ).toBe(200);
    const again = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, {
      corrected_file_id: c.lower,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyCorrected);
    for (const status_id of [4, 5]) {
      await t.db.updateTable('customer_requests').set({ status_id }).where('id', '=', c.requestId).execute();
      const closed = await req('POST', `/flawed_trays/${c.trays[1]}/correct`, admin, {
        corrected_file_id: c.lower,
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(M.requestClosed);
    }
  });

  it('needs a file (400), the permission (403), and hides other organizations (404)', async () => {
    const c = await givenFlawedTrays();
    const none = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.corrected_file_id).toEqual([M.correctedFileRequired]);
    const asDoctor = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, doctor.headers, {
      corrected_file_id: c.upper,
    });
    expect(asDoctor.statusCode).toBe(403);
    const other = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, doctorB.headers, {
      corrected_file_id: c.upper,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await req('POST', '/flawed_trays/999999/correct', admin, { corrected_file_id: c.upper })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /flawed_trays/{id}/corrected_file', () => {
  it('deletes the corrected file and returns the tray to 1, the group to PENDING', async () => {
    const c = await givenFlawedTrays();
    const path = await uploadStl(t, admin, c.id, 'fix.stl', 10);
    const corrected = await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, {
      file_path: path,
      name: 'fix.stl',
    });
    const fileId = corrected.json().flawed_tray.corrected_file_id as number;
    await req('POST', `/flawed_trays/${c.trays[1]}/correct`, admin, { corrected_file_id: c.lower });
    const res = await req('DELETE', `/flawed_trays/${c.trays[0]}/corrected_file`, tech);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.fileRemoved,
      flawed_tray: { id: c.trays[0], status_id: 1, corrected_file_id: null },
      flawed_trays_status: 'PENDING',
    });
    const gone = await t.db
      .selectFrom('patient_files')
      .select('id')
      .where('id', '=', fileId)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const cr = await t.db
      .selectFrom('customer_requests')
      .select('flawed_trays_status_id')
      .where('id', '=', c.requestId)
      .executeTakeFirstOrThrow();
    expect(cr.flawed_trays_status_id).toBe(1);
  });

  it('answers 409 without a corrected file, 403 without the permission, 404 elsewhere', async () => {
    const c = await givenFlawedTrays();
    const open = await req('DELETE', `/flawed_trays/${c.trays[0]}/corrected_file`, admin);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(M.notCorrected);
    expect(
      (await req('DELETE', `/flawed_trays/${c.trays[0]}/corrected_file`, doctor.headers)).statusCode,
    ).toBe(403);
    expect(
      (await req('DELETE', `/flawed_trays/${c.trays[0]}/corrected_file`, doctorB.headers)).statusCode,
    ).toBe(404);
  });
});

describe('PUT /flawed_trays/{id}', () => {
  it('sets whether the lab prints the tray', async () => {
    const c = await givenFlawedTrays();
    const res = await req('PUT', `/flawed_trays/${c.trays[0]}`, tech, { print: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.updated, flawed_tray: { print: true, status_id: 1 } });
    const back = await req('PUT', `/flawed_trays/${c.trays[0]}`, tech, { print: false });
    expect(back.json().flawed_tray.print).toBe(false);
  });

  it('a tray to print gets its item on the request’s printing request, made like the case’s print; the doctor is told once', async () => {
    // Staff may ask for a correction whatever the print: here the case prints with the third party.
    const c0 = await givenCase({ print_assignment: 3 });
    const asked = await requestCorrection(c0, admin);
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().customer_request.id as number;
    const trayRows = await t.db
      .selectFrom('flawed_trays')
      .select('id')
      .where('customer_request_id', '=', requestId)
      .orderBy('arch')
      .execute();
    const c = { ...c0, requestId, trays: trayRows.map((x) => x.id) };
    const printingOf = () =>
      t.db
        .selectFrom('printing_requests')
        .selectAll()
        .where('customer_request_id', '=', c.requestId)
        .executeTakeFirst();
    const itemsOf = (printingId: number) =>
      t.db
        .selectFrom('printing_request_items')
        .select(['jaw_type_id', 'flawed_tray_id', 'file_id'])
        .where('printing_request_id', '=', printingId)
        .orderBy('jaw_type_id')
        .execute();
    expect(await printingOf()).toBeUndefined();
    const before = (await notificationsOf(doctor.id)).length;

    expect((await req('PUT', `/flawed_trays/${c.trays[0]}`, tech, { print: true })).statusCode).toBe(200);
    const printing = (await printingOf())!;
    // The case's print goes to the third party: the organization's partner prints it.
    expect(printing).toMatchObject({ printing_request_status_id: 1, assigned_to: 3 });
    expect(printing.assigned_to_user_id).not.toBeNull();
    expect(await itemsOf(printing.id)).toEqual([
      { jaw_type_id: 1, flawed_tray_id: c.trays[0], file_id: c.upper },
    ]);
    const told = await notificationsOf(doctor.id);
    expect(told.length).toBe(before + 1);
    expect(told.at(-1)).toMatchObject({ link: `/requests/${c.requestId}`, patient_id: c.id });
    expect(told.at(-1)!.message).toMatch(/will be printed/);

    // The second tray joins the same printing request; the doctor is not told again.
    expect((await req('PUT', `/flawed_trays/${c.trays[1]}`, tech, { print: true })).statusCode).toBe(200);
    expect((await printingOf())!.id).toBe(printing.id);
    expect((await itemsOf(printing.id)).map((i) => i.flawed_tray_id)).toEqual([c.trays[0], c.trays[1]]);
    expect((await notificationsOf(doctor.id)).length).toBe(before + 1);

    // Corrected, the item prints the corrected file; Remove File puts it back on the STL file.
    await req('POST', `/flawed_trays/${c.trays[0]}/correct`, admin, { corrected_file_id: c.lower });
    expect((await itemsOf(printing.id))[0]!.file_id).toBe(c.lower);
    await req('DELETE', `/flawed_trays/${c.trays[0]}/corrected_file`, admin);
    expect((await itemsOf(printing.id))[0]!.file_id).toBe(c.upper);

    // Not printed any more: the item goes, and the printing request with the last one.
    await req('PUT', `/flawed_trays/${c.trays[0]}`, tech, { print: false });
    expect((await itemsOf(printing.id)).map((i) => i.flawed_tray_id)).toEqual([c.trays[1]]);
    await req('PUT', `/flawed_trays/${c.trays[1]}`, tech, { print: false });
    expect(await printingOf()).toBeUndefined();
  });

  it('an in-office case’s tray the lab is asked to print is the lab’s (provider)', async () => {
    const c = await givenFlawedTrays();
    expect((await req('PUT', `/flawed_trays/${c.trays[1]}`, tech, { print: true })).statusCode).toBe(200);
    const printing = await t.db
      .selectFrom('printing_requests')
      .select(['assigned_to', 'assigned_to_user_id'])
      .where('customer_request_id', '=', c.requestId)
      .executeTakeFirstOrThrow();
    expect(printing).toEqual({ assigned_to: 1, assigned_to_user_id: null });
    // The request page shows it as its Print Request.
    const shown = await req('GET', `/customer_requests/${c.requestId}`, admin);
    expect(shown.json().customer_request.printing_request.items).toHaveLength(1);
  });

  it('requires print (400), the permission (403), an open request (409), and hides other organizations (404)', async () => {
    const c = await givenFlawedTrays();
    const missing = await req('PUT', `/flawed_trays/${c.trays[0]}`, tech, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.print).toEqual(['The print field is required.']);
    expect(
      (await req('PUT', `/flawed_trays/${c.trays[0]}`, doctor.headers, { print: true })).statusCode,
    ).toBe(403);
    expect(
      (await req('PUT', `/flawed_trays/${c.trays[0]}`, doctorB.headers, { print: true })).statusCode,
    ).toBe(404);
    await t.db.updateTable('customer_requests').set({ status_id: 4 }).where('id', '=', c.requestId).execute();
    const closed = await req('PUT', `/flawed_trays/${c.trays[0]}`, tech, { print: true });
    expect(closed.statusCode).toBe(409);
  });
});
