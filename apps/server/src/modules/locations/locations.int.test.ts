import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildCustomerRequest, buildLocation, buildPatient } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let partner: H;
let owner: { id: number; headers: H };
let member: { id: number; headers: H };
let ownerB: { id: number; headers: H };
let assigned: number;
let unassigned: number;
let locB: number;
let busy: number;

const url = (path = '') => `${API}/locations${path}`;
const form = (over: Record<string, unknown> = {}) => ({
  location_name: 'North Office',
  first_name: 'front',
  last_name: 'desk',
  email: 'north@example.test',
  phone_number: '+13035550123',
  street_address: '1 North Street',
  city: 'Denver',
  state: 'CO',
  country: 'USA',
  zip_code: '80202',
  users: [],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  ownerB = { id: ob.id, headers: bearer(await tokenFor(t, ob.id)) };
  assigned = (
    await buildLocation(t.db, orgA, { location_name: 'Assigned Office', city: 'Boulder', user_ids: [m.id] })
  ).id;
  unassigned = (await buildLocation(t.db, orgA, { location_name: 'Main Office' })).id;
  locB = (await buildLocation(t.db, orgB, { location_name: 'Far Office' })).id;
  busy = (await buildLocation(t.db, orgA, { location_name: 'Busy Office' })).id;
  const patient = await buildPatient(t.db, { organization_id: orgA, user_id: o.id });
  const request = await buildCustomerRequest(t.db, { organization_id: orgA, patient_id: patient.id });
  await t.db
    .insertInto('printing_requests')
    .values({ customer_request_id: request.id, patient_id: patient.id, location_id: busy })
    .execute();
});
afterAll(() => t?.close());

const ids = (body: { locations: { data: { id: number }[] } }) => body.locations.data.map((l) => l.id).sort();

describe('GET /locations', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
  });

  it('management sees every location, filters by organization and searches', async () => {
    const all = await t.app.inject({ method: 'GET', url: url(), headers: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().locations.meta).toEqual({ current_page: 1, per_page: 25, total: 4, last_page: 1 });
    const byOrg = await t.app.inject({ method: 'GET', url: url(`?organizationId=${orgB}`), headers: admin });
    expect(ids(byOrg.json())).toEqual([locB]);
    const search = await t.app.inject({ method: 'GET', url: url('?locationInfo=boulder'), headers: tech });
    expect(ids(search.json())).toEqual([assigned]);
    const item = all.json().locations.data.find((l: { id: number }) => l.id === busy);
    expect(item).toMatchObject({
      has_incomplete_requests: true,
      full_address: '100 Main Street, Denver, CO 80202, USA',
    });
  });

  it('a practice user sees only assigned locations; organization.locations.view-any sees the organization', async () => {
    expect(ids((await t.app.inject({ method: 'GET', url: url(), headers: member.headers })).json())).toEqual([
      assigned,
    ]);
    expect(ids((await t.app.inject({ method: 'GET', url: url(), headers: owner.headers })).json())).toEqual(
      [assigned, unassigned, busy].sort(),
    );
  });

  it('another organization as filter answers 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: url(`?organizationId=${orgB}`), headers: owner.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url(`?organizationId=${orgB}`), headers: partner }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /locations/{id}', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(`/${assigned}`) })).statusCode).toBe(401);
  });
  it('shows a visible location with its users', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`/${assigned}`), headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatchObject({ id: assigned, users: [member.id], organization_id: orgA });
  });
  it('an unassigned location or another organization answers 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${unassigned}`), headers: member.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${locB}`), headers: owner.headers })).statusCode,
    ).toBe(404);
  });
});

describe('POST /locations', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(), payload: form() })).statusCode).toBe(401);
  });

  it('without a create permission, returns 403', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: url(), headers: member.headers, payload: form() }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: url(),
          headers: tech,
          payload: form({ organization_id: orgA }),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('in another organization, returns 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: partner,
      payload: form({ organization_id: orgB }),
    });
    expect(res.statusCode).toBe(404);
  });

  it('names each required field', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(), headers: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      location_name: ['Required'],
      first_name: ['Required'],
      last_name: ['Required'],
      email: ['Required'],
      phone_number: ['Required'],
      street_address: ['Required'],
      city: ['Required'],
      state: ['Required'],
      country: ['Required'],
      zip_code: ['Required'],
    });
  });

  it('checks e-mail, phone and state', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: form({ organization_id: orgA, email: 'nope', phone_number: '+0123', state: 'Colorado' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: ['Email is invalid'],
      phone_number: [LOCATION_MESSAGES.invalidPhone],
      state: [LOCATION_MESSAGES.invalidState],
    });
    for (const phone of ['13035550123', '+123456', '+1234567890123456']) {
      const r = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: admin,
        payload: form({ organization_id: orgA, phone_number: phone }),
      });
      expect(r.json().errors, phone).toEqual({ phone_number: [LOCATION_MESSAGES.invalidPhone] });
    }
  });

  it('refuses users who are not members of the organization', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: form({ users: [ownerB.id] }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ users: [LOCATION_MESSAGES.invalidUsers] });
  });

  it('an owner creates one in the current organization with assigned users', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: form({ users: [member.id] }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: LOCATION_MESSAGES.created,
      location: {
        organization_id: orgA,
        first_name: 'front',
        users: [member.id],
        has_incomplete_requests: false,
      },
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: url(`/${res.json().location.id}`),
      headers: member.headers,
    });
    expect(seen.statusCode).toBe(200);
  });

  it('management passes the organization', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: partner,
      payload: form({ organization_id: orgA }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().location.organization_id).toBe(orgA);
  });
});

describe('PUT /locations/{id}', () => {
  it('without a token, returns 401', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${unassigned}`), payload: form() })).statusCode,
    ).toBe(401);
  });

  it('without an update permission, returns 403', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: url(`/${assigned}`),
          headers: member.headers,
          payload: form(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('in another organization, returns 404', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${locB}`), headers: owner.headers, payload: form() }))
        .statusCode,
    ).toBe(404);
  });

  it('validates the form', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${unassigned}`),
      headers: owner.headers,
      payload: form({ state: 'C' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ state: [LOCATION_MESSAGES.invalidState] });
  });

  it('updates a location', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${unassigned}`),
      headers: owner.headers,
      payload: form({ location_name: 'Renamed', users: [owner.id] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: LOCATION_MESSAGES.updated,
      location: { location_name: 'Renamed', users: [owner.id] },
    });
  });

  it('locks the address for non-managers while requests are open, but not the other fields', async () => {
    const current = (
      await t.app.inject({ method: 'GET', url: url(`/${busy}`), headers: owner.headers })
    ).json().location;
    const keep = { ...form(), ...current, users: [] };
    const locked = await t.app.inject({
      method: 'PUT',
      url: url(`/${busy}`),
      headers: owner.headers,
      payload: { ...keep, city: 'Aurora' },
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toEqual({
      message: LOCATION_MESSAGES.addressLocked,
      errors: { city: [LOCATION_MESSAGES.addressLocked] },
    });
    const rename = await t.app.inject({
      method: 'PUT',
      url: url(`/${busy}`),
      headers: owner.headers,
      payload: { ...pick(keep), location_name: 'Busy Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    const manager = await t.app.inject({
      method: 'PUT',
      url: url(`/${busy}`),
      headers: admin,
      payload: { ...pick(keep), city: 'Aurora' },
    });
    expect(manager.statusCode).toBe(200);
    expect(manager.json().location.city).toBe('Aurora');
  });
});

function pick(l: Record<string, unknown>) {
  const keys = Object.keys(form());
  return Object.fromEntries(
    keys.map((k) => [k, l[k]]).concat([['street_address_line_2', l.street_address_line_2 ?? null]]),
  );
}

describe('DELETE /locations/{id}', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${unassigned}`) })).statusCode).toBe(401);
  });
  it('without a delete permission, returns 403', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${unassigned}`), headers: partner })).statusCode,
    ).toBe(403);
  });
  it('in another organization, returns 404', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${locB}`), headers: owner.headers })).statusCode,
    ).toBe(404);
  });
  it('deletes a location and audits it', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: url(`/${unassigned}`), headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LOCATION_MESSAGES.deleted });
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${unassigned}`), headers: admin })).statusCode,
    ).toBe(404);
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'locations.delete')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      entity_id: String(unassigned),
      organization_id: orgA,
      actor_user_id: owner.id,
    });
  });
});
