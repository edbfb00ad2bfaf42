import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays, nextBusinessDate } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildLocation, buildShippingMethod } from '../../db/seed/factories.ts';
import { seedDemoLibraries } from '../../db/seed/demo-libraries.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let owner: { id: number; headers: H };
let member: { id: number; headers: H };
let ownerB: H;
let doctorA: number;
let usaLocation: number;
let canadaLocation: number;
let locationB: number;

const get = (path: string, headers: H | Record<string, never>) =>
  t.app.inject({ method: 'GET', url: `${API}${path}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  await t.db
    .updateTable('organizations')
    .set({ enable_custom_bracket_sets: true })
    .where('id', '=', orgA)
    .execute();
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, {
    roles: ['staff_member'],
    first_name: 'Mel',
    last_name: 'Member',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const d = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  doctorA = d.id;
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  ownerB = bearer(await tokenFor(t, ob.id));
  usaLocation = (await buildLocation(t.db, orgA, { location_name: 'Denver', user_ids: [m.id, o.id] })).id;
  canadaLocation = (
    await buildLocation(t.db, orgA, { location_name: 'Toronto', country: 'CAN', user_ids: [m.id, o.id] })
  ).id;
  locationB = (await buildLocation(t.db, orgB, { location_name: 'Elsewhere' })).id;
  await buildShippingMethod(t.db, { id_string: 'ground_t', name: 'Ground', transit_days: 5, sort_order: 1 });
  await buildShippingMethod(t.db, {
    id_string: 'express_t',
    name: 'Express',
    transit_days: 2,
    sort_order: 2,
  });
  await buildShippingMethod(t.db, {
    id_string: 'retired_t',
    name: 'Retired',
    transit_days: 1,
    available: false,
    sort_order: 3,
  });
  await buildShippingMethod(t.db, {
    id_string: 'intl_t',
    name: 'International',
    transit_days: 7,
    international: true,
    sort_order: 4,
  });
  await seedDemoLibraries(t.db, { organizationId: orgA, doctorId: doctorA, createdByUserId: a.id });
});
afterAll(async () => t?.close());

describe('GET /shipping_methods', () => {
  it('needs a session', async () => {
    expect((await get('/shipping_methods', {})).statusCode).toBe(401);
  });

  it('lists the methods with their dates from the business-day calendar', async () => {
    const now = '2026-11-23T10:00:00';
    const res = await get(`/shipping_methods?datetime=${now}&offset=-420`, owner.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json().shipping_methods as {
      id_string: string;
      ship_date: string;
      arrival_date: string;
    }[];
    expect(list.map((m) => m.id_string)).toEqual(['ground_t', 'express_t', 'retired_t', 'intl_t']);
    const express = list.find((m) => m.id_string === 'express_t')!;
    expect(express.ship_date).toBe('2026-11-24');
    // Two business days after Tuesday 24 Nov, Thanksgiving skipped: Friday 27.
    expect(express.arrival_date).toBe('2026-11-27');
    expect(express.arrival_date).toBe(addBusinessDays(nextBusinessDate(now, { offsetMinutes: -420 }), 2));
  });

  it('filters by availability, by the location country and answers none for in-office printing', async () => {
    const available = await get(
      `/shipping_methods?availableOnly=true&locationId=${usaLocation}`,
      member.headers,
    );
    expect(available.json().shipping_methods.map((m: { id_string: string }) => m.id_string)).toEqual([
      'ground_t',
      'express_t',
    ]);
    const abroad = await get(`/shipping_methods?locationId=${canadaLocation}`, member.headers);
    const intl = abroad.json().shipping_methods;
    expect(intl.map((m: { id_string: string }) => m.id_string)).toEqual(['intl_t']);
    expect(intl[0].delivery_date_to).toBe(addBusinessDays(intl[0].delivery_date_from, 2));
    const inOffice = await get(`/shipping_methods?assignment=2&locationId=${usaLocation}`, member.headers);
    expect(inOffice.json()).toEqual({ shipping_methods: [] });
  });

  it("answers 404 for another organization's location and names a bad assignment", async () => {
    expect((await get(`/shipping_methods?locationId=${locationB}`, owner.headers)).statusCode).toBe(404);
    const bad = await get('/shipping_methods?assignment=9', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('The selected assignment is invalid.');
  });
});

describe('GET /organizations/{id}/doctors', () => {
  it('needs a session and the doctor-selection permission', async () => {
    expect((await get(`/organizations/${orgA}/doctors`, {})).statusCode).toBe(401);
    expect((await get(`/organizations/${orgA}/doctors`, member.headers)).statusCode).toBe(403);
    expect((await get(`/organizations/${orgA}/doctors`, tech)).statusCode).toBe(403);
  });

  it('lists the doctors with short role labels (owner: organization.rx-forms.select-doctor)', async () => {
    const res = await get(`/organizations/${orgA}/doctors`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: doctorA, full_name: 'Dana Doctor', role: 'organization_member', role_label: 'Member' },
      { id: owner.id, full_name: 'Olivia Owner', role: 'organization_owner', role_label: 'Owner' },
    ]);
    expect(res.json().meta).toMatchObject({ total: 2, current_page: 1 });
    const admins = await get(`/organizations/${orgA}/doctors?per_page=1&page=2`, admin);
    expect(admins.json().data.map((d: { id: number }) => d.id)).toEqual([owner.id]);
    expect(admins.json().meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it('names a bad page size', async () => {
    const res = await get(`/organizations/${orgA}/doctors?per_page=501`, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.per_page).toEqual(['The per page must not be greater than 500.']);
  });

  it('answers 404 for another organization', async () => {
    expect((await get(`/organizations/${orgA}/doctors`, ownerB)).statusCode).toBe(404);
    expect((await get(`/organizations/999999/doctors`, admin)).statusCode).toBe(404);
  });
});

describe('libraries of a user', () => {
  it('lists the bracket libraries, arch wires and custom sets for the doctor', async () => {
    const libs = await get(`/organizations/${orgA}/users/${doctorA}/bracket-libraries`, owner.headers);
    expect(libs.statusCode).toBe(200);
    expect(libs.json().data.map((l: { label: string }) => l.label)).toEqual([
      'Damon Q2',
      'Empower 2',
      'Victory Series',
    ]);
    const wires = await get(`/organizations/${orgA}/users/${doctorA}/arch-wires`, admin);
    expect(wires.json().data.map((w: { label: string; uploaded: boolean }) => [w.label, w.uploaded])).toEqual(
      [
        ['NiTi 0.014', true],
        ['Stainless 0.019x0.025', true],
        ['Standard Ovoid', false],
      ],
    );
    const sets = await get(
      `/organizations/${orgA}/custom-bracket-sets?assigned_to_user_id=${doctorA}`,
      owner.headers,
    );
    expect(sets.statusCode).toBe(200);
    const [set] = sets.json().data;
    expect(set.name).toBe('Dr. Dana Mixed Set');
    expect(set.assigned_user_ids).toEqual([doctorA]);
    expect(set.teeth).toHaveLength(28);
    expect(set.teeth[0]).toMatchObject({ tooth_number: 11, bracket_library_name: 'Damon Q2', height: 4.5 });
    const none = await get(
      `/organizations/${orgA}/custom-bracket-sets?assigned_to_user_id=${owner.id}`,
      owner.headers,
    );
    expect(none.json().data).toEqual([]);
  });

  it('hides a hidden library and keeps one assigned to another user from the list', async () => {
    const lib = await t.db
      .insertInto('bracket_libraries')
      .values({ organization_id: orgA, label: 'Private', file_name: 'private.zip' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('bracket_library_user')
      .values({ bracket_library_id: lib.id, user_id: owner.id })
      .execute();
    const forDoctor = await get(`/organizations/${orgA}/users/${doctorA}/bracket-libraries`, admin);
    expect(forDoctor.json().data.map((l: { label: string }) => l.label)).not.toContain('Private');
    const forOwner = await get(`/organizations/${orgA}/users/${owner.id}/bracket-libraries`, owner.headers);
    expect(forOwner.json().data.map((l: { label: string }) => l.label)).toContain('Private');
    await t.db
      .updateTable('bracket_libraries')
      .set({ hidden_at: new Date() })
      .where('id', '=', lib.id)
      .execute();
    const hidden = await get(`/organizations/${orgA}/users/${owner.id}/bracket-libraries`, owner.headers);
    expect(hidden.json().data.map((l: { label: string }) => l.label)).not.toContain('Private');
  });

  it("refuses another user's lists without doctor selection (403), a non-member or another organization (404)", async () => {
    expect((await get(`/organizations/${orgA}/users/${doctorA}/bracket-libraries`, {})).statusCode).toBe(401);
    expect(
      (await get(`/organizations/${orgA}/users/${doctorA}/bracket-libraries`, member.headers)).statusCode,
    ).toBe(403);
    expect((await get(`/organizations/${orgA}/users/${doctorA}/arch-wires`, member.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await get(`/organizations/${orgA}/users/${member.id}/arch-wires`, member.headers)).statusCode,
    ).toBe(200);
    expect((await get(`/organizations/${orgA}/users/${doctorA}/bracket-libraries`, ownerB)).statusCode).toBe(
      404,
    );
    expect((await get(`/organizations/${orgA}/custom-bracket-sets`, ownerB)).statusCode).toBe(404);
    expect((await get(`/organizations/${orgB}/users/${doctorA}/arch-wires`, admin)).statusCode).toBe(404);
  });

  it('answers no custom sets when the organization does not enable them', async () => {
    await t.db
      .updateTable('organizations')
      .set({ enable_custom_bracket_sets: false })
      .where('id', '=', orgA)
      .execute();
    const res = await get(`/organizations/${orgA}/custom-bracket-sets`, admin);
    expect(res.json()).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 },
    });
    await t.db
      .updateTable('organizations')
      .set({ enable_custom_bracket_sets: true })
      .where('id', '=', orgA)
      .execute();
  });
});
