import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildDevice, buildLicense, buildLicenseType } from '../../db/seed/factories.ts';

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
let typeId: number;
let otherTypeId: number;
let licA: number;
let licB: number;
let deviceA: number;
let deviceA2: number;
let deviceB: number;

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
  const o = await givenUser(t, {
    first_name: 'Olive',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const ob = await givenUser(t, {
    first_name: 'Bert',
    last_name: 'Other',
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  ownerB = { id: ob.id, headers: bearer(await tokenFor(t, ob.id)) };
  typeId = (await buildLicenseType(t.db, { name: 'Standard' })).id;
  otherTypeId = (await buildLicenseType(t.db, { name: 'Premium' })).id;
  licA = (await buildLicense(t.db, orgA, { user_id: o.id, license_type_id: typeId, seats: 3 })).id;
  licB = (await buildLicense(t.db, orgB, { user_id: ob.id, license_type_id: typeId, seats: 1 })).id;
  deviceA = (await buildDevice(t.db, licA, { name: 'Front Desk PC' })).id;
  deviceA2 = (await buildDevice(t.db, licA, { name: 'Lab PC' })).id;
  deviceB = (await buildDevice(t.db, licB)).id;
});
afterAll(() => t?.close());

const url = (path = '') => `${API}/licenses${path}`;

describe('GET /licenses and /licenses/{id}', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(`/${licA}`) })).statusCode).toBe(401);
  });

  it('without licenses.view, returns 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(), headers: owner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(`/${licA}`), headers: partner })).statusCode).toBe(
      403,
    );
  });

  it('lists licenses with seats and available seats, and searches by user', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: tech });
    expect(res.statusCode).toBe(200);
    expect(res.json().licenses.meta).toEqual({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    const a = res.json().licenses.data.find((l: { id: number }) => l.id === licA);
    expect(a).toMatchObject({
      user: { id: owner.id, full_name: 'Olive Owner' },
      license_type: { id: typeId, name: 'Standard' },
      seats: 3,
      devices_count: 2,
      available_seats: 1,
      active: true,
    });
    const search = await t.app.inject({ method: 'GET', url: url('?searchUser=bert'), headers: tech });
    expect(search.json().licenses.data.map((l: { id: number }) => l.id)).toEqual([licB]);
  });

  it('shows a license with its devices; an unknown one is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`/${licA}`), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().license.devices.map((d: { name: string }) => d.name)).toEqual([
      'Front Desk PC',
      'Lab PC',
    ]);
    expect((await t.app.inject({ method: 'GET', url: url('/999999'), headers: admin })).statusCode).toBe(404);
  });

  it('GET /license_types lists the types for staff, 403 for practice users', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/license_types`, headers: tech });
    expect(res.statusCode).toBe(200);
    expect(res.json().license_types.map((l: { name: string }) => l.name)).toEqual(['Premium', 'Standard']);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/license_types`, headers: owner.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/license_types` })).statusCode).toBe(401);
  });
});

describe('POST /licenses', () => {
  it('without a token, returns 401', async () => {
    const payload = { user_id: owner.id, license_type_id: typeId, seats: 1 };
    expect((await t.app.inject({ method: 'POST', url: url(), payload })).statusCode).toBe(401);
  });

  it('without licenses.manage, returns 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: tech,
      payload: { user_id: owner.id, license_type_id: typeId, seats: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('license type and seats are required', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: { user_id: owner.id, seats: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ license_type_id: ['Required'], seats: ['Required'] });
  });

  it('refuses an expiration before the activation, an unknown type and a missing holder', async () => {
    const dates = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: {
        user_id: owner.id,
        license_type_id: typeId,
        seats: 1,
        activated_at: '2026-05-01',
        expiration_date: '2026-04-01',
      },
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors).toEqual({ expiration_date: [LICENSE_MESSAGES.expirationBeforeActivation] });
    const type = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: { user_id: owner.id, license_type_id: 999999, seats: 1 },
    });
    expect(type.statusCode).toBe(422);
    expect(type.json().errors).toEqual({ license_type_id: [LICENSE_MESSAGES.invalidType] });
    const none = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: { license_type_id: typeId, seats: 1 },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ organization_id: ['Required'] });
  });

  it("issues a license to a user in the user's organization", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin,
      payload: {
        user_id: member.id,
        license_type_id: otherTypeId,
        seats: 2,
        activated_at: '2026-01-01T00:00:00Z',
        expiration_date: '2027-01-01T00:00:00Z',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: LICENSE_MESSAGES.created,
      license: {
        organization_id: orgA,
        user: { id: member.id },
        seats: 2,
        available_seats: 2,
        devices: [],
        expiration_date: '2027-01-01T00:00:00.000Z',
      },
    });
  });
});

describe('PUT /licenses/{id} and set_status', () => {
  it('without a token, returns 401', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: url(`/${licA}`),
          payload: { license_type_id: typeId, seats: 3 },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: url(`/${licA}/set_status`), payload: { active: false } }))
        .statusCode,
    ).toBe(401);
  });

  it('without licenses.manage, returns 403', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: url(`/${licA}`),
          headers: tech,
          payload: { license_type_id: typeId, seats: 3 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: url(`/${licA}/set_status`),
          headers: tech,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('an unknown license answers 404', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: url('/999999'),
          headers: admin,
          payload: { license_type_id: typeId, seats: 3 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('the license type is locked and seats stay at or above the devices', async () => {
    const type = await t.app.inject({
      method: 'PUT',
      url: url(`/${licA}`),
      headers: admin,
      payload: { license_type_id: otherTypeId, seats: 3 },
    });
    expect(type.statusCode).toBe(422);
    expect(type.json().errors).toEqual({ license_type_id: [LICENSE_MESSAGES.typeLocked] });
    const seats = await t.app.inject({
      method: 'PUT',
      url: url(`/${licA}`),
      headers: admin,
      payload: { license_type_id: typeId, seats: 1 },
    });
    expect(seats.statusCode).toBe(422);
    expect(seats.json().errors).toEqual({ seats: [LICENSE_MESSAGES.seatsBelowDevices] });
    const missing = await t.app.inject({
      method: 'PUT',
      url: url(`/${licA}`),
      headers: admin,
      payload: { license_type_id: typeId },
    });
    expect(missing.json().errors).toEqual({ seats: ['Required'] });
  });

  it('updates the seats', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${licA}`),
      headers: admin,
      payload: { license_type_id: typeId, seats: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: LICENSE_MESSAGES.updated,
      license: { seats: 5, available_seats: 3 },
    });
  });

  it('deactivates and activates', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: url(`/${licB}/set_status`),
      headers: admin,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: LICENSE_MESSAGES.deactivated, license: { active: false } });
    const bad = await t.app.inject({
      method: 'POST',
      url: url(`/${licB}/set_status`),
      headers: admin,
      payload: {},
    });
    expect(bad.json().errors).toEqual({ active: ['Required'] });
    const on = await t.app.inject({
      method: 'POST',
      url: url(`/${licB}/set_status`),
      headers: admin,
      payload: { active: true },
    });
    expect(on.json().license.active).toBe(true);
  });

  it('there is no delete endpoint', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${licA}`), headers: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /organizations/{id}/licenses (Devices tab)', () => {
  it('without a token, returns 401', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/organizations/${orgA}/licenses` })).statusCode,
    ).toBe(401);
  });
  it("a member sees the organization's licenses with devices", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/organizations/${orgA}/licenses`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const lic = res.json().licenses.find((l: { id: number }) => l.id === licA);
    expect(lic.devices.map((d: { id: number }) => d.id)).toEqual([deviceA, deviceA2]);
    expect(lic.available_seats).toBe(lic.seats - 2);
  });
  it('another organization answers 404', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/organizations/${orgB}/licenses`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/organizations/${orgB}/licenses`, headers: partner }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT and DELETE /devices/{id}', () => {
  const durl = (id: number) => `${API}/devices/${id}`;

  it('without a token, returns 401', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: durl(deviceA), payload: { name: 'x' } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: durl(deviceA) })).statusCode).toBe(401);
  });

  it('a plain member who does not hold the license gets 403', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: durl(deviceA),
          headers: member.headers,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: durl(deviceA), headers: member.headers })).statusCode,
    ).toBe(403);
  });

  it("another organization's device answers 404", async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: durl(deviceB),
          headers: owner.headers,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: durl(deviceB), headers: owner.headers })).statusCode,
    ).toBe(404);
  });

  it('the name is required', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: durl(deviceA),
      headers: owner.headers,
      payload: { name: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: ['Required'] });
  });

  it('renames a device and returns it with a message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: durl(deviceA),
      headers: owner.headers,
      payload: { name: 'Reception' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: LICENSE_MESSAGES.deviceUpdated,
      device: { id: deviceA, name: 'Reception', license_id: licA },
    });
  });

  it('deletes a device, freeing a seat', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: durl(deviceA2), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LICENSE_MESSAGES.deviceDeleted });
    const lic = await t.app.inject({ method: 'GET', url: url(`/${licA}`), headers: admin });
    expect(lic.json().license).toMatchObject({
      devices_count: 1,
      available_seats: lic.json().license.seats - 1,
    });
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'devices.delete')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ entity_id: String(deviceA2), organization_id: orgA });
  });

  it('the license holder of another organization still cannot reach this one (404)', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: durl(deviceA), headers: ownerB.headers })).statusCode,
    ).toBe(404);
  });
});
