import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_SET_MESSAGES, LIBRARY_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let partner: H;
let doctor: { id: number; headers: H };
let owner: { id: number; headers: H };
let ownerB: H;
let damon: number;
let victory: number;
let hiddenLib: number;
let libraryB: number;

const call = (method: string, path: string, headers: H | Record<string, never>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `${API}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const sets = (org: number, rest = '') => `/organizations/${org}/custom-bracket-sets${rest}`;
const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  teeth: [
    { tooth_number: 11, bracket_library_id: damon, height: 4.5 },
    { tooth_number: 21, bracket_library_id: victory, height: null },
  ],
  ...extra,
});

async function library(org: number, label: string, hidden = false) {
  const row = await t.db
    .insertInto('bracket_libraries')
    .values({ organization_id: org, label, file_name: `${label}.zip`, hidden_at: hidden ? new Date() : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const enable = (org: number, value: boolean) =>
  t.db
    .updateTable('organizations')
    .set({ enable_custom_bracket_sets: value })
    .where('id', '=', org)
    .execute();

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
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  ownerB = bearer(await tokenFor(t, ob.id));
  damon = await library(orgA, 'Damon Q2');
  victory = await library(orgA, 'Victory Series');
  hiddenLib = await library(orgA, 'Clarity Advanced', true);
  libraryB = await library(orgB, 'Elsewhere');
});

afterAll(async () => {
  await t?.close();
});

describe('the Enable switch', () => {
  it('answers 401, 404 for another organization, 403 without custom-bracket-sets.manage, and names a bad value', async () => {
    expect((await call('POST', sets(orgA, '/set-enable'), {}, { value: true })).statusCode).toBe(401);
    expect((await call('POST', sets(orgA, '/set-enable'), ownerB, { value: true })).statusCode).toBe(404);
    expect((await call('POST', sets(999999, '/set-enable'), admin, { value: true })).statusCode).toBe(404);
    expect((await call('POST', sets(orgA, '/set-enable'), owner.headers, { value: true })).statusCode).toBe(
      403,
    );
    expect((await call('POST', sets(orgA, '/set-enable'), tech, { value: true })).statusCode).toBe(403);
    const bad = await call('POST', sets(orgA, '/set-enable'), admin, { value: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.value).toEqual(['The value must be true or false.']);
  });

  it('switches the organization on and off, seen by its members on /me', async () => {
    const on = await call('POST', sets(orgA, '/set-enable'), admin, { value: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ message: CUSTOM_SET_MESSAGES.enabled, enabled: true });
    const me = await call('GET', '/me', owner.headers);
    expect(JSON.stringify(me.json())).toContain('"enable_custom_bracket_sets":true');
    const off = await call('POST', sets(orgA, '/set-enable'), admin, { value: false });
    expect(off.json()).toEqual({ message: CUSTOM_SET_MESSAGES.disabled, enabled: false });
  });
});

describe('management sets (custom-bracket-sets.manage)', () => {
  it('answers 401, 403 without the gate or with the management filter, 404 for another organization', async () => {
    expect((await call('GET', sets(orgA, '?filter=created_by_management'), {})).statusCode).toBe(401);
    expect((await call('POST', sets(orgA), {}, body('Unseen'))).statusCode).toBe(401);
    expect((await call('GET', sets(orgA, '?filter=created_by_management'), tech)).statusCode).toBe(403);
    expect((await call('POST', sets(orgA), tech, body('Tech Set'))).statusCode).toBe(403);
    await enable(orgA, true);
    expect((await call('GET', sets(orgA, '?filter=created_by_management'), owner.headers)).statusCode).toBe(
      403,
    );
    expect((await call('GET', sets(orgA, '?filter=owned'), ownerB)).statusCode).toBe(404);
    expect((await call('POST', sets(orgA), ownerB, body('Foreign'))).statusCode).toBe(404);
    await enable(orgA, false);
  });

  it('creates, lists, edits with assigned users and deletes, whether the organization enables sets or not', async () => {
    const created = await call(
      'POST',
      sets(orgA),
      admin,
      body('Lab Standard', { assigned_user_ids: [doctor.id] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(CUSTOM_SET_MESSAGES.created);
    const set = created.json().data;
    expect(set).toMatchObject({
      name: 'Lab Standard',
      created_by_management: true,
      assigned_user_ids: [doctor.id],
      teeth: [
        { tooth_number: 11, bracket_library_id: damon, bracket_library_name: 'Damon Q2', height: 4.5 },
        {
          tooth_number: 21,
          bracket_library_id: victory,
          bracket_library_name: 'Victory Series',
          height: null,
        },
      ],
    });
    const list = await call('GET', sets(orgA, '?filter=created_by_management'), admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ enabled: false, can_manage: true, meta: { total: 1 } });
    expect(list.json().data.map((s: { name: string }) => s.name)).toEqual(['Lab Standard']);

    const edited = await call(
      'PUT',
      sets(orgA, `/${set.id}`),
      admin,
      body('Lab Standard v2', {
        teeth: [{ tooth_number: 48, bracket_library_id: victory, height: 9 }],
        assigned_user_ids: [doctor.id, owner.id],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe(CUSTOM_SET_MESSAGES.updated);
    expect(edited.json().data).toMatchObject({
      name: 'Lab Standard v2',
      assigned_user_ids: [doctor.id, owner.id].sort((x, y) => x - y),
      teeth: [{ tooth_number: 48, bracket_library_id: victory, height: 9 }],
    });
    const removed = await call('DELETE', sets(orgA, `/${set.id}`), admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: CUSTOM_SET_MESSAGES.deleted });
    expect((await call('GET', sets(orgA, '?filter=created_by_management'), admin)).json().data).toEqual([]);
    expect((await call('DELETE', sets(orgA, `/${set.id}`), admin)).statusCode).toBe(404);
    expect((await call('PUT', sets(orgA, `/${set.id}`), admin, body('Again'))).statusCode).toBe(404);
  });

  it("answers 404 for another organization's set and 422 for a non-member", async () => {
    const other = await call('POST', sets(orgB, ''), admin, {
      name: 'B Set',
      teeth: [{ tooth_number: 11, bracket_library_id: libraryB }],
    });
    expect(other.statusCode, other.body).toBe(201);
    const id = other.json().data.id;
    expect((await call('PUT', sets(orgA, `/${id}`), admin, body('Moved'))).statusCode).toBe(404);
    expect((await call('DELETE', sets(orgA, `/${id}`), admin)).statusCode).toBe(404);
    expect((await call('DELETE', sets(orgB, `/${id}`), owner.headers)).statusCode).toBe(404);
    const outsider = await call(
      'POST',
      sets(orgA),
      admin,
      body('Outsider', { assigned_user_ids: [owner.id + 1000] }),
    );
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors.assigned_user_ids).toEqual([LIBRARY_MESSAGES.notMember]);
  });
});

describe('validation messages', () => {
  const errorsOf = async (payload: unknown) => {
    const res = await call('POST', sets(orgA), admin, payload);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    return res.json().errors as Record<string, string[]>;
  };

  it('names the set name, the teeth and the height', async () => {
    expect((await errorsOf({ teeth: [] })).name).toEqual([CUSTOM_SET_MESSAGES.nameRequired]);
    expect((await errorsOf(body('  '))).name).toEqual([CUSTOM_SET_MESSAGES.nameRequired]);
    expect((await errorsOf(body('ab'))).name).toEqual([CUSTOM_SET_MESSAGES.nameTooShort]);
    expect((await errorsOf(body('x'.repeat(256)))).name).toEqual([CUSTOM_SET_MESSAGES.nameTooLong]);
    expect((await errorsOf({ name: 'No Teeth', teeth: [] })).teeth).toEqual([
      CUSTOM_SET_MESSAGES.teethRequired,
    ]);
    expect((await errorsOf({ name: 'No Teeth' })).teeth).toEqual([CUSTOM_SET_MESSAGES.teethRequired]);
    for (const height of [0.8, 9.1, 4.55, -1]) {
      const errors = await errorsOf({
        name: 'Heights',
        teeth: [{ tooth_number: 11, bracket_library_id: damon, height }],
      });
      expect(errors['teeth.0.height']).toEqual([CUSTOM_SET_MESSAGES.height]);
    }
    const twice = await errorsOf({
      name: 'Twice',
      teeth: [
        { tooth_number: 11, bracket_library_id: damon },
        { tooth_number: 11, bracket_library_id: victory },
      ],
    });
    expect(twice.teeth).toEqual([CUSTOM_SET_MESSAGES.toothTwice]);
    for (const tooth_number of [10, 19, 51, 0]) {
      const errors = await errorsOf({ name: 'Teeth', teeth: [{ tooth_number, bracket_library_id: damon }] });
      expect(errors['teeth.0.tooth_number']).toEqual([CUSTOM_SET_MESSAGES.tooth]);
    }
  });

  it('accepts the height limits (0.9 and 9.0) and no height', async () => {
    const res = await call('POST', sets(orgA), admin, {
      name: 'Limits',
      teeth: [
        { tooth_number: 11, bracket_library_id: damon, height: 0.9 },
        { tooth_number: 12, bracket_library_id: damon, height: 9.0 },
        { tooth_number: 13, bracket_library_id: damon },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.teeth.map((x: { height: number | null }) => x.height)).toEqual([0.9, 9, null]);
    await call('DELETE', sets(orgA, `/${res.json().data.id}`), admin);
  });

  it("refuses another organization's, a hidden or a removed library (422)", async () => {
    for (const id of [libraryB, hiddenLib, 999999]) {
      const res = await call('POST', sets(orgA), admin, {
        name: 'Bad Library',
        teeth: [
          { tooth_number: 11, bracket_library_id: damon },
          { tooth_number: 12, bracket_library_id: id },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['teeth.1.bracket_library_id']).toEqual([CUSTOM_SET_MESSAGES.invalidLibrary]);
    }
  });
});

describe("practice users' own sets", () => {
  it('needs the organization to enable custom sets (403 with its message)', async () => {
    await enable(orgA, false);
    const list = await call('GET', sets(orgA, '?filter=owned'), doctor.headers);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(CUSTOM_SET_MESSAGES.notEnabled);
    expect((await call('POST', sets(orgA), doctor.headers, body('Mine'))).statusCode).toBe(403);
  });

  it('keeps each user to their own sets, assigned to themselves, and never lets them assign users', async () => {
    await enable(orgA, true);
    const mine = await call('POST', sets(orgA), doctor.headers, body('Dana Set'));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data).toMatchObject({ created_by_management: false, assigned_user_ids: [doctor.id] });
    const id = mine.json().data.id;
    const assign = await call(
      'POST',
      sets(orgA),
      doctor.headers,
      body('Assigning', { assigned_user_ids: [owner.id] }),
    );
    expect(assign.statusCode).toBe(403);
    const mgmt = await call('POST', sets(orgA), admin, body('Management Set'));
    expect(mgmt.statusCode).toBe(201);

    const owned = await call('GET', sets(orgA, '?filter=owned'), doctor.headers);
    expect(owned.json()).toMatchObject({ enabled: true, can_manage: false });
    expect(owned.json().data.map((s: { name: string }) => s.name)).toEqual(['Dana Set']);
    expect((await call('GET', sets(orgA, '?filter=owned'), owner.headers)).json().data).toEqual([]);
    // The plain list: management sees every set, a practice user only their own.
    const names = async (headers: H) =>
      (await call('GET', sets(orgA), headers)).json().data.map((s: { name: string }) => s.name);
    expect(await names(doctor.headers)).toEqual(['Dana Set']);
    expect(await names(owner.headers)).toEqual([]);
    expect(await names(admin)).toEqual(expect.arrayContaining(['Dana Set', 'Management Set']));
    // Another member's or management's set answers 404.
    expect((await call('PUT', sets(orgA, `/${id}`), owner.headers, body('Taken'))).statusCode).toBe(404);
    expect((await call('DELETE', sets(orgA, `/${id}`), owner.headers)).statusCode).toBe(404);
    expect((await call('DELETE', sets(orgA, `/${mgmt.json().data.id}`), doctor.headers)).statusCode).toBe(
      404,
    );

    const edited = await call('PUT', sets(orgA, `/${id}`), doctor.headers, body('Dana Set 2'));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Dana Set 2', assigned_user_ids: [doctor.id] });
    // The case form offers it to the doctor.
    const offered = await call('GET', sets(orgA, `?assigned_to_user_id=${doctor.id}`), doctor.headers);
    expect(offered.json().data.map((s: { name: string }) => s.name)).toEqual(['Dana Set 2']);
    expect((await call('DELETE', sets(orgA, `/${id}`), doctor.headers)).json().message).toBe(
      CUSTOM_SET_MESSAGES.deleted,
    );
    await call('DELETE', sets(orgA, `/${mgmt.json().data.id}`), admin);
  });

  it('answers 404 to a lab partner not serving the organization', async () => {
    expect((await call('GET', sets(orgA, '?filter=owned'), partner)).statusCode).toBe(404);
    expect((await call('POST', sets(orgA), partner, body('Partner Set'))).statusCode).toBe(404);
  });
});

describe('a removed set on the case form', () => {
  it('is refused by a new Rx form and keeps its name on the forms that chose it', async () => {
    await enable(orgA, true);
    const created = await call(
      'POST',
      sets(orgA),
      admin,
      body('Kept Name', { assigned_user_ids: [doctor.id] }),
    );
    const setId = created.json().data.id as number;
    const patient = await buildPatient(t.db, { organization_id: orgA, user_id: doctor.id });
    await buildRxForm(t.db, {
      patient_id: patient.id,
      organization_id: orgA,
      user_id: doctor.id,
      custom_bracket_set_id: setId,
    });
    await call('DELETE', sets(orgA, `/${setId}`), admin);
    const row = await t.db
      .selectFrom('rx_forms')
      .innerJoin('custom_bracket_sets as s', 's.id', 'rx_forms.custom_bracket_set_id')
      .select('s.name')
      .where('rx_forms.patient_id', '=', patient.id)
      .executeTakeFirst();
    expect(row?.name).toBe('Kept Name');
    expect(
      (await call('GET', sets(orgA, `?assigned_to_user_id=${doctor.id}`), doctor.headers)).json().data,
    ).toEqual([]);
  });
});
