import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RX_FORM_MESSAGES } from '@archline/contracts';
import { binaryStl } from '../../../test/file-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildLocation, buildShippingMethod } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let tech: H;
let partner: H;
let ownerB: H;
let ownerA: H;
let doctor: { id: number; headers: H };
let doctorB: number;
let memberA: number;
let archivedDoctor: number;
let loc: number;
let ship: number;
let lib: number;

const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);

async function upload(headers: H, type: number, name: string, body: Buffer) {
  const qs = new URLSearchParams({ name, type: String(type), organization_id: String(orgA) });
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

let seq = 0;
function form(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    organization_id: orgA,
    user_id: doctor.id,
    first_name: 'Morgan',
    last_name: `Case ${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + ((seq / 26) | 0))}`,
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
    stl_files: [{ file_path: 'uploads/none/upper.stl', name: 'upper.stl', tag: 'stl_maxillary' }],
    rx_intraoral_photos: [{ file_path: 'uploads/none/smile.png', name: 'smile.png' }],
    ...over,
  };
}

const post = (payload: unknown, headers: H | Record<string, never>) =>
  t.app.inject({ method: 'POST', url: `${API}/patients`, payload: payload as object, headers });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Lakeside Orthodontics' });
  orgB = await givenOrganization(t, { name: 'Hillcrest Dental' });
  const a = await givenUser(t, { roles: ['admin'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgB, role: 'organization_member' }],
  });
  const d = await givenUser(t, {
    first_name: 'Riley',
    last_name: 'Doctor',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  doctorB = (await givenUser(t, { organizations: [{ id: orgB, role: 'organization_member' }] })).id;
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const oa = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  memberA = (await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_member' }] }))
    .id;
  archivedDoctor = (
    await givenUser(t, { archived: true, organizations: [{ id: orgA, role: 'organization_member' }] })
  ).id;
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  ownerB = bearer(await tokenFor(t, ob.id));
  ownerA = bearer(await tokenFor(t, oa.id));
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  loc = (await buildLocation(t.db, orgA, { location_name: 'Lakeside', user_ids: [d.id] })).id;
  ship = (await buildShippingMethod(t.db, { id_string: 'ground_pc', name: 'Ground', transit_days: 3 })).id;
  lib = (
    await t.db
      .insertInto('bracket_libraries')
      .values({ organization_id: orgA, label: 'Empower 2', file_name: 'empower.zip' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

describe('POST /patients: a case for a doctor', () => {
  it('needs a session (401)', async () => {
    expect((await post(form(), {})).statusCode).toBe(401);
  });

  it('creates the patient and its Rx form for the doctor, created by the staff member', async () => {
    const files = {
      stl_files: [
        {
          file_path: await upload(admin, 2, 'upper.stl', binaryStl()),
          name: 'upper.stl',
          tag: 'stl_maxillary',
        },
      ],
      rx_intraoral_photos: [{ file_path: await upload(admin, 3, 'smile.png', png()), name: 'smile.png' }],
    };
    const res = await post(form({ ...files, first_name: 'Avery', last_name: 'Lane' }), admin);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(RX_FORM_MESSAGES.created);
    expect(body.patient).toMatchObject({ first_name: 'Avery', last_name: 'Lane' });
    expect(body.rx_form).toMatchObject({ user_id: doctor.id, organization_id: orgA });
    const row = await t.db
      .selectFrom('patients')
      .select(['user_id', 'organization_id', 'created_by_user_id'])
      .where('id', '=', body.patient.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(doctor.id);
    expect(Number(row.organization_id)).toBe(orgA);
    // The patient page shows it to the doctor.
    const details = await t.app.inject({
      method: 'GET',
      url: `${API}/patients/${body.patient.id}`,
      headers: doctor.headers,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().patient.first_name).toBe('Avery');
  });

  it('lets a doctor start a case for themselves; a practice owner sees no other user (404)', async () => {
    const files = {
      stl_files: [
        {
          file_path: await upload(doctor.headers, 2, 'upper.stl', binaryStl()),
          name: 'upper.stl',
          tag: 'stl_maxillary',
        },
      ],
      rx_intraoral_photos: [
        { file_path: await upload(doctor.headers, 3, 'smile.png', png()), name: 'smile.png' },
      ],
    };
    const own = await post(form(files), doctor.headers);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().rx_form.user_id).toBe(doctor.id);
    // The users a practice user sees are themselves only: the case form's doctor selector is theirs.
    expect((await post(form(), ownerA)).statusCode).toBe(404);
  });

  it('refuses staff who may not act for the doctor (403)', async () => {
    const res = await post(form(), tech);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This action is unauthorized.');
  });

  it("answers 404 for a doctor or an organization the caller cannot see (another organization's)", async () => {
    // A practice owner of another organization sees neither the doctor nor the organization.
    expect((await post(form(), ownerB)).statusCode).toBe(404);
    // A lab partner serving another organization does not see this doctor.
    expect((await post(form(), partner)).statusCode).toBe(404);
    expect((await post(form({ user_id: 999999 }), admin)).statusCode).toBe(404);
    expect((await post(form({ organization_id: 999999 }), admin)).statusCode).toBe(404);
  });

  it('answers 422 on user_id for a user who is not a doctor of the organization', async () => {
    for (const userId of [memberA, archivedDoctor, doctorB]) {
      const res = await post(form({ user_id: userId }), supervisor);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ user_id: [RX_FORM_MESSAGES.invalidSelection] });
    }
  });

  it('validates the body with the form messages (400 and 422)', async () => {
    const missing = await post({ ...form(), user_id: undefined }, admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.user_id).toEqual([RX_FORM_MESSAGES.doctorRequired]);
    const malformed = await post(form({ user_id: 'abc' }), admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.user_id).toEqual([RX_FORM_MESSAGES.doctorRequired]);
    const withForm = await post(form({ rx_form_id: 12 }), admin);
    expect(withForm.statusCode).toBe(422);
    expect(withForm.json().errors).toEqual({ rx_form_id: [RX_FORM_MESSAGES.invalidSelection] });
    const noName = await post(form({ first_name: '' }), admin);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.first_name).toEqual([RX_FORM_MESSAGES.firstNameRequired]);
  });
});
