import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { givenShipment } from '../../../test/shipment-helpers.ts';
import { buildLocation } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let ownerA: { id: number; headers: H };
let ownerB: { id: number; headers: H };
let locationA: number;
let locationB: number;

const inject = (method: 'POST' | 'PATCH', path: string, headers: H, payload: unknown) =>
  t.app.inject({ method, url: `${API}${path}`, headers, payload: payload as Record<string, unknown> });

/** An open request of org A whose labels are printed. */
async function readyA() {
  const s = await givenShipment(t, { organizationId: orgA, doctorId: ownerA.id, locationId: locationA });
  await inject('POST', `/printing_requests/${s.printingId}/patient_labels`, admin, {});
  const label = await inject('POST', '/shipment/print-shipping-label', admin, { ids: [s.printingId] });
  expect(label.statusCode).toBe(200);
  return s;
}

const statusOf = async (requestId: number) =>
  (
    await t.db
      .selectFrom('customer_requests')
      .select('status_id')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow()
  ).status_id;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  orgB = await givenOrganization(t);
  const a = await givenUser(t, { roles: ['admin'] });
  const oa = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  ownerA = { id: oa.id, headers: bearer(await tokenFor(t, oa.id)) };
  ownerB = { id: ob.id, headers: bearer(await tokenFor(t, ob.id)) };
  locationA = (await buildLocation(t.db, orgA)).id;
  locationB = (await buildLocation(t.db, orgB)).id;
});
afterAll(() => t?.close());

describe('bundled shipments under attack', () => {
  it('another organization’s request in the ids answers 404 and completes nothing', async () => {
    const a = await readyA();
    const b = await givenShipment(t, { organizationId: orgB, doctorId: ownerB.id, locationId: locationB });
    const res = await inject('POST', '/bundled_completion', ownerB.headers, {
      ids: [b.printingId, a.printingId],
      tracking_number: 'STOLEN',
    });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(a.requestId)).toBe(2);
    expect(await statusOf(b.requestId)).toBe(2);
  });

  it('a practice user may neither reprint nor edit the bundle of its own case', async () => {
    const a = await readyA();
    const bundle = (
      await t.db
        .selectFrom('printing_requests')
        .select('bundled_shipment_id')
        .where('id', '=', a.printingId)
        .executeTakeFirstOrThrow()
    ).bundled_shipment_id!;
    expect(
      (
        await inject('POST', '/shipment/print-shipping-label', ownerA.headers, {
          bundled_shipment_id: bundle,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await inject('PATCH', `/bundled-shipments/${bundle}`, ownerA.headers, { tracking_number: 'MINE' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject('PATCH', `/bundled-shipments/${bundle}`, ownerB.headers, { tracking_number: 'X' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses numbers that are not plain amounts, and more than 100 requests', async () => {
    const a = await readyA();
    for (const fee of ['1e3', 'Infinity', '0x10', 'NaN', '12,50', '1000000000000']) {
      const res = await inject('POST', '/bundled_completion', admin, {
        ids: [a.printingId],
        tracking_number: 'T',
        custom_shipping_fee: fee,
      });
      expect(res.statusCode, fee).toBe(400);
      expect(res.json().errors.custom_shipping_fee, fee).toEqual(['Please enter a valid number']);
    }
    const many = await inject('POST', '/bundled_completion', admin, {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
      tracking_number: 'T',
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.ids).toEqual(['At most 100 requests ship together.']);
    expect(await statusOf(a.requestId)).toBe(2);
  });

  it('two completions of one parcel at once: one completes, the other is refused', async () => {
    const a = await readyA();
    const body = { ids: [a.printingId], tracking_number: 'RACE1' };
    const [first, second] = await Promise.all([
      inject('POST', '/bundled_completion', admin, body),
      inject('POST', '/bundled_completion', admin, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await statusOf(a.requestId)).toBe(4);
  });

  it('keeps a tracking number that looks like a formula as the text typed', async () => {
    const a = await readyA();
    const res = await inject('POST', '/bundled_completion', admin, {
      ids: [a.printingId],
      tracking_number: '=HYPERLINK("http://x")\'; drop table patients; --',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bundled_shipment.tracking_number).toBe(
      '=HYPERLINK("http://x")\'; drop table patients; --',
    );
  });
});
