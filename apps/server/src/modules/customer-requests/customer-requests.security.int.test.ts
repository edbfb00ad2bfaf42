import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildCustomerRequest, buildPatient, buildRxForm } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let member: { id: number; headers: H };
let owner: { id: number; headers: H };
let doctorB: { id: number; headers: H };

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers?: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function givenPrintingRequest(organization_id: number, user_id: number, first_name = 'Ana') {
  const p = await buildPatient(t.db, { organization_id, user_id, first_name, last_name: 'Lopez' });
  await buildRxForm(t.db, { organization_id, user_id, patient_id: p.id });
  const cr = await buildCustomerRequest(t.db, { organization_id, patient_id: p.id });
  const pr = await t.db
    .insertInto('printing_requests')
    .values({ customer_request_id: cr.id, patient_id: p.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await t.db
    .insertInto('printing_request_items')
    .values({ printing_request_id: pr.id, jaw_type_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: cr.id, printingId: pr.id, itemId: item.id, patientId: p.id };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  orgB = await givenOrganization(t);
  const a = await givenUser(t, { roles: ['admin'] });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const m = await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_member' }] });
  const b = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  doctorB = { id: b.id, headers: bearer(await tokenFor(t, b.id)) };
});
afterAll(() => t?.close());

describe('customer requests under attack', () => {
  it('treats SQL and LIKE wildcards in the name filters as text', async () => {
    await givenPrintingRequest(orgA, owner.id, 'Quoted');
    for (const patient of ["' or 1=1 --", '%', '_', '\\']) {
      const res = await inject('GET', `/customer_requests?patient=${encodeURIComponent(patient)}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().customer_requests).toEqual([]);
    }
    const doctor = await inject(
      'GET',
      `/customer_requests?doctor=${encodeURIComponent("x' or 'a'='a")}`,
      admin,
    );
    expect(doctor.json().customer_requests).toEqual([]);
  });

  it('refuses malformed ids and location lists with 400, never 500', async () => {
    for (const path of [
      '/customer_requests/1%20or%201=1',
      '/customer_requests/-1',
      '/customer_requests/99999999999999999999999',
      '/customer_requests?location_ids=1;drop%20table%20users',
      '/customer_requests?organizationId=abc',
      '/customer_requests?page=0',
    ]) {
      const res = await inject('GET', path, admin);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
  });

  it('does not let a practice user reach another organization by any id', async () => {
    const theirs = await givenPrintingRequest(orgB, doctorB.id);
    const calls: [Parameters<typeof inject>[0], string, unknown?][] = [
      ['GET', `/customer_requests/${theirs.id}`],
      ['POST', `/customer_requests/${theirs.id}/cancel`],
      ['POST', `/customer_requests/${theirs.id}/complete`, { tracking_number: 'x' }],
      ['PUT', `/printing_request_items/${theirs.itemId}`, { insert_brackets: true }],
      ['DELETE', `/printing_request_items/${theirs.itemId}`],
      ['PUT', `/printing_requests/${theirs.printingId}/assign`, { assign_to: 2 }],
    ];
    for (const [m, path, body] of calls)
      expect((await inject(m, path, owner.headers, body)).statusCode, `${m} ${path}`).toBe(404);
    const row = await t.db
      .selectFrom('printing_request_items')
      .select('insert_brackets')
      .where('id', '=', theirs.itemId)
      .executeTakeFirst();
    expect(row?.insert_brackets).toBe(false);
  });

  it('hides other doctors’ requests from a member without view-any, even by organizationId', async () => {
    const ownersCase = await givenPrintingRequest(orgA, owner.id, 'Ownerscase');
    const list = await inject(
      'GET',
      `/customer_requests?organizationId=${orgA}&patient=Ownerscase`,
      member.headers,
    );
    expect(list.json().customer_requests).toEqual([]);
    expect((await inject('GET', `/customer_requests/${ownersCase.id}`, member.headers)).statusCode).toBe(404);
  });

  it('refuses a management_data payload that is not a flat record of scalars', async () => {
    const r = await givenPrintingRequest(orgA, owner.id);
    const nested = await inject('PUT', `/customer_requests/${r.id}/management_data`, admin, {
      management_data: { a: { b: 1 } },
    });
    expect(nested.statusCode).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    expect(
      (await inject('PUT', `/customer_requests/${r.id}/management_data`, admin, { management_data: many }))
        .statusCode,
    ).toBe(400);
  });

  it('ignores fields the caller may not set on an item (the status stays as it is)', async () => {
    const r = await givenPrintingRequest(orgA, owner.id);
    const res = await inject('PUT', `/printing_request_items/${r.itemId}`, admin, {
      insert_brackets: true,
      printing_request_id: 999,
      jaw_type_id: 3,
    });
    expect(res.statusCode).toBe(200);
    const item = await t.db
      .selectFrom('printing_request_items')
      .selectAll()
      .where('id', '=', r.itemId)
      .executeTakeFirstOrThrow();
    expect(item.jaw_type_id).toBe(1);
    expect(Number(item.printing_request_id)).toBe(r.printingId);
  });

  it('keeps the management data from practice users', async () => {
    const r = await givenPrintingRequest(orgA, owner.id);
    await inject('PUT', `/customer_requests/${r.id}/management_data`, admin, {
      management_data: { secret: 'x' },
    });
    const res = await inject('GET', `/customer_requests/${r.id}`, owner.headers);
    expect(res.json().customer_request.management_data).toEqual({});
  });
});
