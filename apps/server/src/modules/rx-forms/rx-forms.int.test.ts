import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCH_WIRE_CHOICE_MESSAGES,
  BUSINESS_DAY_MESSAGES,
  INITIAL_CASE_SETUP_STEPS,
  RX_FORM_MESSAGES,
  nextBusinessDate,
} from '@archline/contracts';
import { binaryStl } from '../../../test/file-helpers.ts';
import { readOutbox } from '../../platform/mail/delivery.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import {
  buildContract,
  buildLocation,
  buildOnboarding,
  buildShippingMethod,
} from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let orgOnboarding: number;
let orgSuspended: number;
let admin: H;
let tech: H;
let owner: { id: number; headers: H };
let ownerEmail: string;
let member: { id: number; headers: H };
let ownerB: H;
let onboardingUser: H;
let suspendedUser: H;
let loc: number;
let locB: number;
let ship: number;
let lib: number;
let wire: number;

const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);

/** upload_link (organization, before the patient exists) + PUT; returns the file_path. */
async function upload(headers: H, organizationId: number, type: number, name: string, body: Buffer) {
  const qs = new URLSearchParams({ name, type: String(type), organization_id: String(organizationId) });
  const l = await t.app.inject({ method: 'GET', url: `${API}/patient_files/upload_link?${qs}`, headers });
  expect(l.statusCode, l.body).toBe(200);
  const p = await t.app.inject({
    method: 'PUT',
    url: l.json().url,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(p.statusCode, p.body).toBe(200);
  return l.json().file_path as string;
}

async function files(headers: H, organizationId = orgA) {
  return {
    stl_files: [
      {
        file_path: await upload(headers, organizationId, 2, 'upper.stl', binaryStl()),
        name: 'upper.stl',
        tag: 'stl_maxillary',
      },
    ],
    rx_intraoral_photos: [
      { file_path: await upload(headers, organizationId, 3, 'smile.png', png()), name: 'smile.png' },
    ],
  };
}

let seq = 0;
function form(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    organization_id: orgA,
    first_name: 'Jamie',
    last_name: `Rivera ${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + ((seq / 26) | 0))}`,
    intraoral_scan_date: '2026-11-20',
    location_id: loc,
    scan_submission_type: 1,
    scanner_type: 1,
    print_assignment: 1,
    insert_brackets_assignment: 1,
    initial_setup_assignment: 1,
    shipping_method: ship,
    shipping_location_id: loc,
    bracket_libraries: [lib],
    arch_wires: [wire],
    stl_files: [{ file_path: 'uploads/none/upper.stl', name: 'upper.stl', tag: 'stl_maxillary' }],
    rx_intraoral_photos: [{ file_path: 'uploads/none/smile.png', name: 'smile.png' }],
    ...over,
  };
}

const post = (payload: unknown, headers: H | Record<string, never>) =>
  t.app.inject({ method: 'POST', url: `${API}/rx-forms`, payload: payload as object, headers });
const get = (id: number, headers: H | Record<string, never>) =>
  t.app.inject({ method: 'GET', url: `${API}/rx-forms/${id}`, headers });
const patch = (id: number, payload: unknown, headers: H | Record<string, never>) =>
  t.app.inject({ method: 'PATCH', url: `${API}/rx-forms/${id}`, payload: payload as object, headers });
const ready = (id: number, headers: H | Record<string, never>) =>
  t.app.inject({ method: 'POST', url: `${API}/rx-forms/${id}/mark_as_ready`, headers });

/** Files under DATA_DIR/files/patients (attached case files). */
function storedPatientFiles(): string[] {
  const root = path.join(t.dataDir, 'files', 'patients');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function createCase(headers: H, over: Record<string, unknown> = {}) {
  const res = await post(form({ ...(await files(headers)), ...over }), headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    rx_form: { id: number; patient_id: number };
    patient: { id: number; numeric_suffix: number | null };
  };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  orgOnboarding = await givenOrganization(t, { name: 'New Practice' });
  orgSuspended = await givenOrganization(t, { name: 'Suspended Practice' });
  await buildOnboarding(t.db, orgOnboarding, { status: 5, current_step: 3 });
  await buildContract(t.db, orgSuspended, {
    suspended_at: new Date(),
    suspension_type: 1,
    payment_status: 'SUSPENDED',
  });
  await t.db
    .insertInto('organization_preferences')
    .values({
      organization_id: orgA,
      rush_case_enabled: true,
      initial_setup_assignments: [1, 2, 3],
      print_assignments: [1, 2, 3],
      insert_brackets_assignments: [1, 2, 3],
      hidden_fields: ['custom_setup'],
    })
    .execute();
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_member' }] });
  const on = await givenUser(t, { organizations: [{ id: orgOnboarding, role: 'organization_member' }] });
  const su = await givenUser(t, { organizations: [{ id: orgSuspended, role: 'organization_member' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  ownerEmail = o.email;
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  ownerB = bearer(await tokenFor(t, ob.id));
  onboardingUser = bearer(await tokenFor(t, on.id));
  suspendedUser = bearer(await tokenFor(t, su.id));
  loc = (await buildLocation(t.db, orgA, { location_name: 'Denver', user_ids: [m.id, o.id] })).id;
  locB = (await buildLocation(t.db, orgB, { location_name: 'Elsewhere' })).id;
  ship = (await buildShippingMethod(t.db, { id_string: 'express_rx', name: 'Express', transit_days: 2 })).id;
  lib = (
    await t.db
      .insertInto('bracket_libraries')
      .values({ organization_id: orgA, label: 'Damon Q2', file_name: 'damon.zip' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  wire = (
    await t.db
      .insertInto('arch_wires')
      .values({ organization_id: orgA, label: 'NiTi', file_name: 'niti.stl' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto('pricing')
    .values({
      organization_id: null,
      arch_fees: JSON.stringify({ rush_case: 50 }),
      root_integration: 40,
      root_integration_with_ai: 60,
    })
    .execute();
});
afterAll(async () => t?.close());

/** A case saved for later without files ("Scan pending"). */
const saveForLater = (headers: H) =>
  post(
    form({
      stl_files: [],
      rx_intraoral_photos: [],
      saved_for_later: true,
      saved_for_later_info: { name: 'Front Desk', reason: 'Scan pending' },
    }),
    headers,
  );

/** The initial case setup request notices raised about a patient: who got which message. */
async function submissionNotices(patientId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['user_id', 'message', 'link'])
    .where('patient_id', '=', patientId)
    .where('type', '=', 'initial_case_setup_request')
    .orderBy('user_id')
    .execute();
}

describe('POST /rx-forms: gates', () => {
  it('needs a session', async () => {
    expect((await post(form(), {})).statusCode).toBe(401);
    expect((await get(1, {})).statusCode).toBe(401);
    expect((await patch(1, {}, {})).statusCode).toBe(401);
    expect((await ready(1, {})).statusCode).toBe(401);
  });

  it('refuses users without create rights, onboarding users and suspended contracts (403)', async () => {
    const techRes = await post(form(), tech);
    expect(techRes.statusCode).toBe(403);
    expect(techRes.json().message).toBe(RX_FORM_MESSAGES.cannotCreate);
    const onboarding = await post(form({ organization_id: orgOnboarding }), onboardingUser);
    expect(onboarding.statusCode).toBe(403);
    expect(onboarding.json().message).toBe(RX_FORM_MESSAGES.onboarding);
    const suspended = await post(form({ organization_id: orgSuspended }), suspendedUser);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe(RX_FORM_MESSAGES.contractSuspended);
  });

  it('answers 404 for another organization', async () => {
    expect((await post(form(), ownerB)).statusCode).toBe(404);
    expect((await post(form({ organization_id: 999999 }), admin)).statusCode).toBe(404);
  });
});

describe('GET /organizations/{id}/rx-form-pricing', () => {
  const pricing = (id: number, headers: H | Record<string, never>) =>
    t.app.inject({ method: 'GET', url: `${API}/organizations/${id}/rx-form-pricing`, headers });

  it('shows the rush and root-integration prices to whoever may start a case there', async () => {
    expect((await pricing(orgA, {})).statusCode).toBe(401);
    const res = await pricing(orgA, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pricing: { arch_fees: { rush_case: 50 }, root_integration: 40, root_integration_with_ai: 60 },
    });
    expect((await pricing(orgA, admin)).statusCode).toBe(200);
  });

  it('answers 404 for another organization and 403 to those who may not start a case', async () => {
    expect((await pricing(orgA, ownerB)).statusCode).toBe(404);
    expect((await pricing(orgA, tech)).statusCode).toBe(403);
    expect((await pricing(orgOnboarding, onboardingUser)).statusCode).toBe(403);
  });
});

describe('POST /rx-forms: the RxForm rules', () => {
  async function errorsOf(over: Record<string, unknown>, headers: H = member.headers) {
    const res = await post(form(over), headers);
    expect([400, 422], res.body).toContain(res.statusCode);
    return res.json().errors as Record<string, string[]>;
  }

  it('checks the names', async () => {
    expect((await errorsOf({ first_name: '' })).first_name).toEqual([RX_FORM_MESSAGES.firstNameRequired]);
    expect((await errorsOf({ last_name: undefined })).last_name).toEqual([RX_FORM_MESSAGES.lastNameRequired]);
    expect((await errorsOf({ first_name: 'jamie' })).first_name).toEqual([RX_FORM_MESSAGES.nameFormat]);
    expect((await errorsOf({ first_name: 'Jamie-2' })).first_name).toEqual([RX_FORM_MESSAGES.nameFormat]);
    expect((await errorsOf({ first_name: 'محمد' })).first_name).toEqual([RX_FORM_MESSAGES.nameScript]);
    expect((await errorsOf({ last_name: 'A李' })).last_name).toEqual([RX_FORM_MESSAGES.nameScript]);
    expect((await errorsOf({ first_name: `A${'a'.repeat(255)}` })).first_name).toEqual([
      RX_FORM_MESSAGES.nameMax,
    ]);
    expect((await errorsOf({ case_number_text: 'C#12' })).case_number_text).toEqual([
      'Case number may only contain letters, spaces, points, brackets, and apostrophes.',
    ]);
    // The details form's rule: hyphens and digits, as in every demo case number.
    expect(
      (await errorsOf({ case_number_text: 'BS-1169 (b)', first_name: '' })).case_number_text,
    ).toBeUndefined();
  });

  it('checks the dates, rush and the scan', async () => {
    expect((await errorsOf({ intraoral_scan_date: '' })).intraoral_scan_date).toEqual([
      RX_FORM_MESSAGES.intraoralScanDateRequired,
    ]);
    expect((await errorsOf({ rush_case: true })).rush_case_authorized_by).toEqual([
      RX_FORM_MESSAGES.rushAuthorizedByRequired,
    ]);
    expect(
      (await errorsOf({ rush_case: true, rush_case_authorized_by: 'x'.repeat(101) })).rush_case_authorized_by,
    ).toEqual([RX_FORM_MESSAGES.rushAuthorizedByMax]);
    expect((await errorsOf({ scanner_type: 7 })).custom_scanner_type_name).toEqual([
      RX_FORM_MESSAGES.customScannerRequired,
    ]);
    expect(
      (await errorsOf({ scan_submission_type: 2, initial_setup_assignment: 2 })).scan_submission_type,
    ).toEqual([RX_FORM_MESSAGES.inOfficeForcesUpload]);
    expect((await errorsOf({ bonding_date: '2020-01-06' })).bonding_date).toEqual([
      BUSINESS_DAY_MESSAGES.invalidBusinessDate,
    ]);
  });

  it('checks the files unless saved for later', async () => {
    expect((await errorsOf({ stl_files: [] })).stl_files).toEqual([RX_FORM_MESSAGES.stlFilesRequired]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      file_path: `uploads/x/${i}.stl`,
      name: `${i}.stl`,
      tag: 'stl_maxillary',
    }));
    expect((await errorsOf({ stl_files: eleven })).stl_files).toEqual([RX_FORM_MESSAGES.stlFilesMax]);
    expect(
      (await errorsOf({ stl_files: [{ file_path: 'uploads/x/a.stl', name: 'a.stl' }] }))['stl_files.0.tag'],
    ).toEqual([RX_FORM_MESSAGES.stlTagRequired]);
    expect((await errorsOf({ rx_intraoral_photos: [] })).rx_intraoral_photos).toEqual([
      RX_FORM_MESSAGES.photosRequired,
    ]);
    expect((await errorsOf({ root_integration_type: 1 })).dicom_files).toEqual([
      RX_FORM_MESSAGES.dicomExactlyOne,
    ]);
    const later = await errorsOf({ stl_files: [], rx_intraoral_photos: [], saved_for_later: true });
    expect(later.stl_files).toBeUndefined();
    expect(later['saved_for_later_info.name']).toEqual([RX_FORM_MESSAGES.savedForLaterNameRequired]);
    expect(later['saved_for_later_info.reason']).toEqual([RX_FORM_MESSAGES.savedForLaterReasonRequired]);
  });

  it('checks shipping, assignments, bracket libraries and the doctor', async () => {
    const noShip = await errorsOf({ shipping_method: null, shipping_location_id: null });
    expect(noShip.shipping_method).toEqual([RX_FORM_MESSAGES.shippingMethodRequired]);
    expect(noShip.shipping_location_id).toEqual([RX_FORM_MESSAGES.shippingLocationRequired]);
    expect((await errorsOf({ bracket_libraries: [] })).bracket_libraries).toEqual([
      RX_FORM_MESSAGES.bracketLibrariesRequired,
    ]);
    expect(
      (await errorsOf({ print_assignment: 1, insert_brackets_assignment: 3 })).insert_brackets_assignment,
    ).toEqual([RX_FORM_MESSAGES.insertBracketsAssignment]);
    expect((await errorsOf({ tray_design_assignment: 1 })).tray_design_assignment).toEqual([
      RX_FORM_MESSAGES.trayDesignNotAvailable,
    ]);
    expect((await errorsOf({}, owner.headers)).user_id).toEqual([RX_FORM_MESSAGES.doctorRequired]);
    expect((await errorsOf({ user_id: owner.id }, admin)).user_id).toBeUndefined();
    expect((await errorsOf({ shipping_location_id: locB })).shipping_location_id).toEqual([
      RX_FORM_MESSAGES.invalidSelection,
    ]);
    // A member without organization.locations.view-any uses the assigned locations only.
    const unassigned = (await buildLocation(t.db, orgA, { location_name: 'Unassigned' })).id;
    expect((await errorsOf({ location_id: unassigned })).location_id).toEqual([
      RX_FORM_MESSAGES.invalidSelection,
    ]);
    expect(
      (await errorsOf({ location_id: unassigned, user_id: member.id }, owner.headers)).location_id,
    ).toBeUndefined();
  });
});

describe("POST /rx-forms: the organization's bracket choices", () => {
  const insert = async (
    table: 'bracket_libraries' | 'arch_wires',
    organization_id: number,
    label: string,
    extra = {},
  ) =>
    Number(
      (
        await t.db
          .insertInto(table)
          .values({ organization_id, label, file_name: `${label}.zip`, ...extra })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const setOf = async (organization_id: number, name: string, extra = {}) =>
    Number(
      (
        await t.db
          .insertInto('custom_bracket_sets')
          .values({ organization_id, name, ...extra })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  it("answers 422 for another organization's, a hidden or a removed library, wire or set, or one not offered to the doctor", async () => {
    const libB = await insert('bracket_libraries', orgB, 'Foreign Library');
    const hidden = await insert('bracket_libraries', orgA, 'Hidden Library', { hidden_at: new Date() });
    const removed = await insert('bracket_libraries', orgA, 'Removed Library', { deleted_at: new Date() });
    const wireB = await insert('arch_wires', orgB, 'Foreign Wire');
    const setB = await setOf(orgB, 'Foreign Set');
    const setA = await setOf(orgA, 'Own Set');
    await t.db
      .insertInto('custom_bracket_set_user')
      .values({ custom_bracket_set_id: setA, user_id: member.id })
      .execute();
    // Assigned to someone else than the case's doctor (the member): not offered, so refused.
    const othersLib = await insert('bracket_libraries', orgA, 'Owner Library');
    await t.db
      .insertInto('bracket_library_user')
      .values({ bracket_library_id: othersLib, user_id: owner.id })
      .execute();
    const othersWire = await insert('arch_wires', orgA, 'Owner Wire');
    await t.db.insertInto('arch_wire_user').values({ arch_wire_id: othersWire, user_id: owner.id }).execute();
    const othersSet = await setOf(orgA, 'Owner Set');
    await t.db
      .insertInto('custom_bracket_set_user')
      .values({ custom_bracket_set_id: othersSet, user_id: owner.id })
      .execute();
    const removedSet = await setOf(orgA, 'Removed Set', { deleted_at: new Date() });
    await t.db.updateTable('organizations').set({ enable_custom_bracket_sets: true }).execute();
    for (const over of [
      { bracket_libraries: [lib, libB] },
      { bracket_libraries: [hidden] },
      { bracket_libraries: [removed] },
      { arch_wires: [wireB] },
      { custom_bracket_set_id: setB },
      { custom_bracket_set_id: removedSet },
      { bracket_libraries: [othersLib] },
      { arch_wires: [othersWire] },
      { custom_bracket_set_id: othersSet },
    ]) {
      const res = await post(form(over), member.headers);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      const [field] = Object.keys(over);
      expect(res.json().errors[field!]).toEqual([RX_FORM_MESSAGES.invalidSelection]);
    }
    // The organization's own set assigned to the doctor passes the reference check, and so do the
    // owner's libraries when the owner is the doctor; with sets disabled the set does not.
    const own = await post(form({ custom_bracket_set_id: setA }), member.headers);
    expect([201, 422], own.body).toContain(own.statusCode);
    expect(own.json().errors?.custom_bracket_set_id).toBeUndefined();
    const forOwner = await post(
      form({
        user_id: owner.id,
        bracket_libraries: [othersLib],
        arch_wires: [othersWire],
        custom_bracket_set_id: othersSet,
      }),
      owner.headers,
    );
    expect([201, 422], forOwner.body).toContain(forOwner.statusCode);
    expect(forOwner.json().errors?.bracket_libraries).toBeUndefined();
    expect(forOwner.json().errors?.arch_wires).toBeUndefined();
    expect(forOwner.json().errors?.custom_bracket_set_id).toBeUndefined();
    await t.db.updateTable('organizations').set({ enable_custom_bracket_sets: false }).execute();
    const off = await post(form({ custom_bracket_set_id: setA }), member.headers);
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.custom_bracket_set_id).toEqual([RX_FORM_MESSAGES.invalidSelection]);
  });

  it('refuses a built-in arch wire while the doctor is offered uploaded arch wires, and takes it otherwise', async () => {
    const builtIn = Number(
      (
        await t.db
          .insertInto('arch_wires')
          .values({ organization_id: null, label: 'Built-in Ovoid', file_name: 'built-in-ovoid.stl' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    // The organization's uploaded 'NiTi' wire is offered to the doctor: the built-in one is refused.
    const refused = await post(form({ arch_wires: [wire, builtIn] }), member.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.arch_wires).toEqual([ARCH_WIRE_CHOICE_MESSAGES.builtInRefused]);
    const uploadedOnly = await post(form({ arch_wires: [wire] }), member.headers);
    expect(uploadedOnly.json().errors?.arch_wires).toBeUndefined();

    // Every uploaded wire assigned to another user: none is offered to this doctor, built-in ones are chosen.
    const uploaded = await t.db
      .selectFrom('arch_wires')
      .select('id')
      .where('organization_id', '=', orgA)
      .where('deleted_at', 'is', null)
      .execute();
    await t.db
      .insertInto('arch_wire_user')
      .values(uploaded.map((w) => ({ arch_wire_id: w.id, user_id: owner.id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      const allowed = await post(form({ arch_wires: [builtIn] }), member.headers);
      expect([201, 422], allowed.body).toContain(allowed.statusCode);
      expect(allowed.json().errors?.arch_wires).toBeUndefined();
      // The doctor they are assigned to is offered them: the built-in wire is refused again.
      const forOwner = await post(form({ user_id: owner.id, arch_wires: [builtIn] }), owner.headers);
      expect(forOwner.statusCode).toBe(422);
      expect(forOwner.json().errors.arch_wires).toEqual([ARCH_WIRE_CHOICE_MESSAGES.builtInRefused]);
    } finally {
      await t.db
        .deleteFrom('arch_wire_user')
        .where(
          'arch_wire_id',
          'in',
          uploaded.map((w) => w.id),
        )
        .where('user_id', '=', owner.id)
        .execute();
      await t.db.deleteFrom('arch_wires').where('id', '=', builtIn).execute();
    }
  });
});

describe('POST /rx-forms: creating a case', () => {
  it('creates the patient, form, teeth, choices, files and the initial case setup in one go', async () => {
    const before = storedPatientFiles().length;
    const teeth = Object.fromEntries(
      [...Array(16).keys()].flatMap((i) => [
        [`u${String(i).padStart(2, '0')}`, i === 0 ? 1 : 0],
        [`l${String(i).padStart(2, '0')}`, i === 15 ? 2 : 0],
      ]),
    );
    const bonding = nextBusinessDate(new Date(), { transitDays: 2 });
    const created = await createCase(member.headers, {
      first_name: "O'Neil (Jr.)",
      last_name: 'Smith',
      teeth,
      bonding_date: bonding,
      rush_case: true,
      rush_case_authorized_by: 'Dr. Dana',
      jaws_id: 3,
    });
    const patient = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', created.patient.id)
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      organization_id: orgA,
      user_id: member.id,
      first_name: "O'Neil (Jr.)",
      numeric_suffix: null,
    });
    const rx = await t.db
      .selectFrom('rx_forms')
      .selectAll()
      .where('id', '=', created.rx_form.id)
      .executeTakeFirstOrThrow();
    expect(rx).toMatchObject({
      status_id: 1,
      saved_for_later: false,
      rush_case: true,
      created_by_user_id: member.id,
    });
    expect(rx.submitted_at).not.toBeNull();
    const workflow = await t.db
      .selectFrom('tech_workflows')
      .selectAll()
      .where('patient_id', '=', created.patient.id)
      .executeTakeFirstOrThrow();
    expect(workflow.type).toBe('initial_case_setup');
    const request = await t.db
      .selectFrom('customer_requests')
      .selectAll()
      .where('id', '=', workflow.customer_request_id!)
      .executeTakeFirstOrThrow();
    expect(request.status_id).toBe(1);
    const processes = await t.db
      .selectFrom('tech_workflow_processes')
      .selectAll()
      .where('tech_workflow_id', '=', workflow.id)
      .orderBy('step')
      .execute();
    expect(processes.map((p) => p.process)).toEqual([...INITIAL_CASE_SETUP_STEPS]);
    expect(processes[0]!.prerequisite_process_id).toBeNull();
    for (let i = 1; i < processes.length; i++)
      expect(processes[i]!.prerequisite_process_id).toBe(processes[i - 1]!.id);
    const stored = await t.db
      .selectFrom('patient_files')
      .select(['patient_file_type_id', 'original_name', 'tag'])
      .where('patient_id', '=', created.patient.id)
      .orderBy('patient_file_type_id')
      .execute();
    expect(stored).toEqual([
      { patient_file_type_id: 2, original_name: 'upper.stl', tag: 'stl_maxillary' },
      { patient_file_type_id: 3, original_name: 'smile.png', tag: null },
    ]);
    expect(storedPatientFiles().length).toBe(before + 2);

    const res = await get(created.rx_form.id, member.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rx_form).toMatchObject({
      organization: { id: orgA, name: 'Bright Smiles' },
      user: { id: member.id, full_name: 'Dana Doctor' },
      created_by_user: { id: member.id },
      location: { id: loc, location_name: 'Denver' },
      shipping_method: { id: ship, name: 'Express' },
      bracket_libraries: [{ id: lib, label: 'Damon Q2' }],
      arch_wires: [{ id: wire, label: 'NiTi' }],
      bonding_date: bonding,
      status: 'New',
      label: null,
      fees: { rush_case_fee: 100, root_integration_fee: 0, total: 100 },
    });
    expect(body.rx_form.teeth.u00).toBe(1);
    expect(body.rx_form.teeth.l15).toBe(2);
    expect(Object.keys(body.rx_form.teeth)).toHaveLength(32);
    expect(body.metadata.hidden_fields).toEqual(['custom_setup']);
    expect(body.metadata.modification_rules).toMatchObject({
      can_modify: true,
      can_change_assignments: false,
    });
    expect(body.metadata.modification_rules.modifiable_fields).not.toContain('custom_setup');
    expect(body.metadata.modification_rules.modifiable_fields).not.toContain('print_assignment');
  });

  it('resets rush for an in-office setup and needs no bracket library then', async () => {
    const created = await createCase(owner.headers, {
      user_id: member.id,
      initial_setup_assignment: 2,
      bracket_libraries: [],
      rush_case: true,
      print_assignment: 2,
      insert_brackets_assignment: 2,
      shipping_method: null,
      shipping_location_id: null,
    });
    const rx = await t.db
      .selectFrom('rx_forms')
      .selectAll()
      .where('id', '=', created.rx_form.id)
      .executeTakeFirstOrThrow();
    expect(rx).toMatchObject({
      rush_case: false,
      rush_case_authorized_by: null,
      user_id: member.id,
      shipping_method_id: null,
    });
  });

  it('lets management start a case for the organization with the chosen doctor', async () => {
    const created = await createCase(admin, { user_id: member.id, first_name: 'Managed', last_name: 'Case' });
    const rx = (await get(created.rx_form.id, admin)).json().rx_form;
    expect(rx.user).toMatchObject({ id: member.id });
    expect(rx.created_by_user).not.toBeNull();
    expect(rx.created_by_user.id).not.toBe(member.id);
  });

  it('refuses a silent duplicate and adds the numeric suffix once confirmed', async () => {
    const first = await createCase(member.headers, {
      first_name: 'Casey',
      last_name: 'Twin',
      case_number_text: 'A1',
    });
    expect(first.patient.numeric_suffix).toBeNull();
    const again = await post(
      form({
        ...(await files(member.headers)),
        first_name: 'Casey',
        last_name: 'TWIN',
        case_number_text: 'a1',
      }),
      member.headers,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RX_FORM_MESSAGES.similarPatient);
    const confirmed = await createCase(member.headers, {
      first_name: 'Casey',
      last_name: 'Twin',
      case_number_text: 'A1',
      confirmed_similar_patient: true,
    });
    expect(confirmed.patient.numeric_suffix).toBe(2);
  });

  it('saves for later without files and records the extra information', async () => {
    const res = await post(
      form({
        stl_files: [],
        rx_intraoral_photos: [],
        saved_for_later: true,
        saved_for_later_info: { name: 'Front Desk', reason: 'Waiting for the scan', notify_office: true },
      }),
      member.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(RX_FORM_MESSAGES.savedForLater);
    const id = res.json().rx_form.id;
    const rx = (await get(id, member.headers)).json().rx_form;
    expect(rx.saved_for_later).toBe(true);
    expect(rx.submitted_at).toBeNull();
    expect(rx.saved_for_later_info).toMatchObject({
      name: 'Front Desk',
      reason: 'Waiting for the scan',
      notify_office: false,
    });
    const workflows = await t.db
      .selectFrom('tech_workflows')
      .select('id')
      .where('patient_id', '=', rx.patient_id)
      .execute();
    expect(workflows).toHaveLength(0);
  });

  it('leaves no rows and no files when the last step fails', async () => {
    await sql`create or replace function rx_test_fail() returns trigger language plpgsql as $$
      begin
        if new.action = 'rx-forms.create' then raise exception 'audit unavailable'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger rx_test_fail before insert on audit_log for each row execute function rx_test_fail()`.execute(
      t.db,
    );
    try {
      const payload = form({ ...(await files(member.headers)), first_name: 'Rollback', last_name: 'Case' });
      const uploads = [payload.stl_files[0]!.file_path, payload.rx_intraoral_photos[0]!.file_path];
      const filesBefore = storedPatientFiles().length;
      const [patientsBefore, formsBefore, pfBefore] = await Promise.all([
        t.db
          .selectFrom('patients')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('rx_forms')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('patient_files')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const res = await post(payload, member.headers);
      expect(res.statusCode).toBe(500);
      const [patientsAfter, formsAfter, pfAfter] = await Promise.all([
        t.db
          .selectFrom('patients')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('rx_forms')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('patient_files')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      expect(Number(patientsAfter.n)).toBe(Number(patientsBefore.n));
      expect(Number(formsAfter.n)).toBe(Number(formsBefore.n));
      expect(Number(pfAfter.n)).toBe(Number(pfBefore.n));
      expect(
        await t.db.selectFrom('patients').select('id').where('first_name', '=', 'Rollback').execute(),
      ).toHaveLength(0);
      // No orphaned bytes: nothing left under the patients' files, the uploads are back in place.
      expect(storedPatientFiles().length).toBe(filesBefore);
      for (const key of uploads) expect(await t.ctx.storage.stat(key)).not.toBeNull();
    } finally {
      await sql`drop trigger if exists rx_test_fail on audit_log`.execute(t.db);
    }
    // The same uploads go through once the failure is gone.
    const ok = await post(
      form({ ...(await files(member.headers)), first_name: 'Rollback', last_name: 'Case' }),
      member.headers,
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('GET /rx-forms/{id}', () => {
  it("answers 404 for another organization's form", async () => {
    const created = await createCase(member.headers);
    expect((await get(created.rx_form.id, ownerB)).statusCode).toBe(404);
    expect((await get(999999, admin)).statusCode).toBe(404);
    expect((await get(created.rx_form.id, admin)).statusCode).toBe(200);
  });

  it('shows a lab partner only the cases assigned to the third party it serves', async () => {
    const lp = await givenUser(t, { roles: ['lab_partner'] });
    const partner = bearer(await tokenFor(t, lp.id, { management: true }));
    const provider = await createCase(member.headers);
    const thirdParty = await createCase(member.headers, {
      print_assignment: 3,
      insert_brackets_assignment: 3,
    });
    expect((await get(thirdParty.rx_form.id, partner)).statusCode).toBe(404);
    await t.db
      .updateTable('organization_preferences')
      .set({ third_party_partner_user_id: lp.id })
      .where('organization_id', '=', orgA)
      .execute();
    expect((await get(thirdParty.rx_form.id, partner)).statusCode).toBe(200);
    expect((await get(provider.rx_form.id, partner)).statusCode).toBe(404);
  });
});

describe('POST /rx-forms/{id}/mark_as_ready', () => {
  it('needs the notify permission', async () => {
    const created = await createCase(member.headers);
    expect((await ready(created.rx_form.id, member.headers)).statusCode).toBe(403);
    expect((await ready(created.rx_form.id, ownerB)).statusCode).toBe(404);
  });

  it('marks the form ready, Pending, and notifies the doctor once', async () => {
    const created = await createCase(member.headers, { first_name: 'Ready', last_name: 'Case' });
    const res = await ready(created.rx_form.id, tech);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RX_FORM_MESSAGES.doctorNotified);
    expect(res.json().rx_form).toMatchObject({
      status_id: 3,
      status: 'Pending',
      label: 'PENDING',
      can_notify_doctor: false,
    });
    expect(res.json().rx_form.ready_at).not.toBeNull();
    const notes = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', member.id)
      .execute();
    expect(notes.map((n) => n.message)).toContain(
      'The initial setup of Ready Case is ready for your approval.',
    );
    const again = await ready(created.rx_form.id, tech);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(RX_FORM_MESSAGES.alreadyReady);
  });

  it('is not available when the doctor completes the submission or the form is cancelled', async () => {
    const byDoctor = await createCase(member.headers, { submission_completed_by: 2 });
    const res = await ready(byDoctor.rx_form.id, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(RX_FORM_MESSAGES.notifyNotAvailable);
    const cancelled = await createCase(member.headers);
    await t.db
      .updateTable('rx_forms')
      .set({ cancelled_at: new Date(), status_id: 5 })
      .where('id', '=', cancelled.rx_form.id)
      .execute();
    expect((await ready(cancelled.rx_form.id, admin)).statusCode).toBe(422);
  });
});

describe('PATCH /rx-forms/{id}', () => {
  it('changes the allowed fields', async () => {
    const created = await createCase(member.headers);
    const res = await patch(
      created.rx_form.id,
      { special_instructions: 'Bond upper first.', teeth: undefined },
      member.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rx_form.special_instructions).toBe('Bond upper first.');
    expect(res.json().message).toBe(RX_FORM_MESSAGES.updated);
  });

  it('changes assignments only while New and with the assign permission', async () => {
    const created = await createCase(member.headers);
    expect(
      (
        await patch(
          created.rx_form.id,
          { print_assignment: 2, insert_brackets_assignment: 2 },
          member.headers,
        )
      ).statusCode,
    ).toBe(403);
    const ok = await patch(
      created.rx_form.id,
      { print_assignment: 2, insert_brackets_assignment: 2 },
      owner.headers,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().rx_form).toMatchObject({
      print_assignment: 2,
      shipping_method_id: null,
      shipping_location_id: null,
    });
    await t.db.updateTable('rx_forms').set({ status_id: 2 }).where('id', '=', created.rx_form.id).execute();
    const locked = await patch(created.rx_form.id, { print_assignment: 1 }, owner.headers);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.print_assignment).toEqual([RX_FORM_MESSAGES.assignmentLocked]);
    const rules = (await get(created.rx_form.id, owner.headers)).json().metadata.modification_rules;
    expect(rules.can_change_assignments).toBe(false);
  });

  it('a new doctor must be offered the libraries the case already holds', async () => {
    const ownersOnly = Number(
      (
        await t.db
          .insertInto('bracket_libraries')
          .values({ organization_id: orgA, label: "Owner's Library", file_name: 'owners.zip' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.db
      .insertInto('bracket_library_user')
      .values({ bracket_library_id: ownersOnly, user_id: owner.id })
      .execute();
    try {
      const created = await createCase(owner.headers, { user_id: owner.id, bracket_libraries: [ownersOnly] });
      const moved = await patch(created.rx_form.id, { user_id: member.id }, owner.headers);
      expect(moved.statusCode).toBe(422);
      expect(moved.json().errors.bracket_libraries).toEqual([RX_FORM_MESSAGES.invalidSelection]);
      // With a library the new doctor is offered, the case moves.
      const both = await patch(
        created.rx_form.id,
        { user_id: member.id, bracket_libraries: [lib] },
        owner.headers,
      );
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json().rx_form.user_id).toBe(member.id);
    } finally {
      await t.db.deleteFrom('bracket_library_user').where('bracket_library_id', '=', ownersOnly).execute();
    }
  });

  it('validates the merged values and refuses hidden or unknown fields', async () => {
    const created = await createCase(member.headers);
    const bad = await patch(created.rx_form.id, { bracket_libraries: [] }, member.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.bracket_libraries).toEqual([RX_FORM_MESSAGES.bracketLibrariesRequired]);
    const hidden = await patch(created.rx_form.id, { custom_setup: true }, member.headers);
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().errors.custom_setup).toEqual([RX_FORM_MESSAGES.fieldHidden]);
    const files = await patch(created.rx_form.id, { stl_files: [] }, member.headers);
    expect(files.statusCode).toBe(422);
    expect(files.json().errors.stl_files).toEqual([RX_FORM_MESSAGES.fieldNotModifiable]);
    expect((await patch(created.rx_form.id, { special_instructions: 'x' }, ownerB)).statusCode).toBe(404);
  });

  it('submits a saved case: full rules, then the initial case setup', async () => {
    const saved = await saveForLater(member.headers);
    const id = saved.json().rx_form.id;
    const refused = await patch(id, { saved_for_later: false }, member.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.stl_files).toEqual([RX_FORM_MESSAGES.stlFilesRequired]);
    expect(refused.json().errors.rx_intraoral_photos).toEqual([RX_FORM_MESSAGES.photosRequired]);

    // The files arrive on the patient; then the case can be submitted.
    const patientId = saved.json().rx_form.patient_id as number;
    for (const [type, name, body, tag] of [
      [2, 'lower.stl', binaryStl(), 'stl_mandibular'],
      [3, 'front.png', png(), null],
    ] as const) {
      const qs = new URLSearchParams({ name, type: String(type), patient_id: String(patientId) });
      const l = await t.app.inject({
        method: 'GET',
        url: `${API}/patient_files/upload_link?${qs}`,
        headers: member.headers,
      });
      await t.app.inject({
        method: 'PUT',
        url: l.json().url,
        payload: body,
        headers: { 'content-type': 'application/octet-stream' },
      });
      const stored = await t.app.inject({
        method: 'POST',
        url: `${API}/patient_files/store_uploaded_file`,
        headers: member.headers,
        payload: { file_path: l.json().file_path, patient_id: patientId, type, name, tag },
      });
      expect(stored.statusCode, stored.body).toBe(200);
    }
    const submitted = await patch(id, { saved_for_later: false }, member.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().rx_form).toMatchObject({ saved_for_later: false, saved_for_later_info: null });
    expect(submitted.json().rx_form.submitted_at).not.toBeNull();
    const workflows = await t.db
      .selectFrom('tech_workflows')
      .select('type')
      .where('patient_id', '=', patientId)
      .execute();
    expect(workflows).toEqual([{ type: 'initial_case_setup' }]);
    // Submitting it, not saving it, tells the owner.
    const name = `${saved.json().patient.first_name} ${saved.json().patient.last_name}`;
    expect(await submissionNotices(patientId)).toEqual([
      {
        user_id: owner.id,
        message: `The initial case setup request of ${name} has been submitted by Dana Doctor.`,
        link: `/patient-details/${patientId}`,
      },
    ]);
  });

  it('shows the approved warning and refuses changes once cancelled', async () => {
    const created = await createCase(member.headers);
    await t.db
      .updateTable('rx_forms')
      .set({ completed_at: new Date(), status_id: 4 })
      .where('id', '=', created.rx_form.id)
      .execute();
    const approved = (await get(created.rx_form.id, member.headers)).json();
    expect(approved.metadata.modification_rules.show_approved_warning).toBe(true);
    expect(approved.rx_form.label).toBe('COMPLETED');
    await t.db
      .updateTable('rx_forms')
      .set({ cancelled_at: new Date(), status_id: 5 })
      .where('id', '=', created.rx_form.id)
      .execute();
    const res = await patch(created.rx_form.id, { special_instructions: 'x' }, member.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(RX_FORM_MESSAGES.cancelled);
    const rules = (await get(created.rx_form.id, member.headers)).json().metadata.modification_rules;
    expect(rules).toMatchObject({
      can_modify: false,
      modifiable_fields: [],
      reason: RX_FORM_MESSAGES.cancelled,
    });
  });
});

describe('the initial case setup request notice', () => {
  it("tells the case's doctor and the owners and managers, not the submitter nor who turned it off, in the app and by e-mail", async () => {
    const m = await givenUser(t, {
      roles: ['staff_member'],
      first_name: 'Morgan',
      last_name: 'Manager',
      organizations: [{ id: orgA, role: 'organization_manager' }],
    });
    const manager = bearer(await tokenFor(t, m.id));
    const off = await t.app.inject({
      method: 'PUT',
      url: `${API}/users/${m.id}/notification-settings/toggle`,
      headers: manager,
      payload: { name: 'initial_case_setup_request' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ name: 'initial_case_setup_request', enabled: false });

    // The doctor submits her own case: the owner hears of it; she and the manager do not.
    const own = await createCase(member.headers, { first_name: 'Nia', last_name: 'Notice' });
    expect(await submissionNotices(own.patient.id)).toEqual([
      {
        user_id: owner.id,
        message: 'The initial case setup request of Nia Notice has been submitted by Dana Doctor.',
        link: `/patient-details/${own.patient.id}`,
      },
    ]);
    const bell = await t.app.inject({ method: 'GET', url: `${API}/notifications`, headers: owner.headers });
    expect(bell.json().data[0]).toMatchObject({
      message: 'The initial case setup request of Nia Notice has been submitted by Dana Doctor.',
      type: 'initial_case_setup_request',
      patient_id: own.patient.id,
    });
    await t.ctx.jobs.drain();
    const mails = readOutbox(t.dataDir).filter((mail) => mail.text.includes('Nia Notice'));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [ownerEmail, 'Archline: Initial Case Setup Request'],
    ]);

    // Management starts one for the doctor: the doctor and the owner hear of it.
    const managed = await createCase(admin, {
      user_id: member.id,
      first_name: 'Omar',
      last_name: 'Onbehalf',
    });
    expect((await submissionNotices(managed.patient.id)).map((n) => n.user_id)).toEqual(
      [owner.id, member.id].sort((a, b) => a - b),
    );

    // Saving for later tells no one.
    const later = await saveForLater(member.headers);
    expect(later.statusCode, later.body).toBe(201);
    expect(await submissionNotices(later.json().rx_form.patient_id)).toEqual([]);
  });
});
