import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_MESSAGES, REQUEST_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { givenShipment } from '../../../test/shipment-helpers.ts';
import { buildLocation, buildShippingMethod } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let tech: H;
let partner: H;
let owner: { id: number; headers: H };
let doctorB: { id: number; headers: H };
let locationA: number;
let locationA2: number;
let method: number;

async function req(method: 'GET' | 'POST' | 'PATCH', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const shipA = (o: Partial<Parameters<typeof givenShipment>[1]> = {}) =>
  givenShipment(t, {
    organizationId: orgA,
    doctorId: owner.id,
    locationId: locationA,
    shippingMethodId: method,
    ...o,
  });

/** Prints the patient labels of each case and one shipping label for all of them; answers the bundle id. */
async function labelled(ids: number[]) {
  for (const id of ids)
    expect((await req('POST', `/printing_requests/${id}/patient_labels`, tech)).statusCode).toBe(200);
  const label = await req('POST', '/shipment/print-shipping-label', tech, { ids });
  expect(label.statusCode).toBe(200);
  const bundleId = Number(/shipping-label-(\d+)\.pdf/.exec(String(label.headers['content-disposition']))![1]);
  return { bundleId, pdf: label.rawPayload };
}

async function printingRequest(requestId: number) {
  return (await req('GET', `/customer_requests/${requestId}`, admin)).json().customer_request;
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, { roles: ['lab_partner'] });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const b = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  doctorB = { id: b.id, headers: bearer(await tokenFor(t, b.id)) };
  await t.db
    .insertInto('organization_preferences')
    .values({ organization_id: orgA, third_party_partner_user_id: lp.id })
    .execute();
  locationA = (await buildLocation(t.db, orgA, { location_name: 'Main Office' })).id;
  locationA2 = (await buildLocation(t.db, orgA, { location_name: 'Second Office' })).id;
  method = (await buildShippingMethod(t.db)).id;
});
afterAll(() => t?.close());

describe('shipping labels bundle the requests that ship together', () => {
  it('keeps the bought label on a new bundle: printing it again gives the same PDF and buys nothing', async () => {
    const a = await shipA({ shipDate: '2026-12-03' });
    const b = await shipA({ shipDate: '2026-12-02' });
    const { bundleId, pdf } = await labelled([a.printingId, b.printingId]);
    const shownA = (await printingRequest(a.requestId)).printing_request;
    const shownB = (await printingRequest(b.requestId)).printing_request;
    expect(shownA.bundled_shipment_id).toBe(bundleId);
    expect(shownB.bundled_shipment_id).toBe(bundleId);
    expect(shownA.tracking_number).toBe(shownB.tracking_number);

    const again = await req('POST', '/shipment/print-shipping-label', tech, {
      bundled_shipment_id: bundleId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(again.rawPayload, pdf)).toBe(0);
    const bundles = await t.db
      .selectFrom('bundled_shipments')
      .select(['id', 'ship_date'])
      .where('id', '=', bundleId)
      .execute();
    expect(bundles).toHaveLength(1);
    expect(String(bundles[0]!.ship_date).slice(0, 10)).toBe('2026-12-02');
  });

  it('moves requests out of their earlier bundle, which goes once empty', async () => {
    const a = await shipA();
    const { bundleId: first } = await labelled([a.printingId]);
    const b = await shipA();
    const { bundleId: second } = await labelled([a.printingId, b.printingId]);
    expect(second).not.toBe(first);
    const left = await t.db.selectFrom('bundled_shipments').select('id').where('id', '=', first).execute();
    expect(left).toEqual([]);
  });

  it('asks for exactly one of ids and bundled_shipment_id, and for a bundle that has a label', async () => {
    const neither = await req('POST', '/shipment/print-shipping-label', tech, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors.ids).toEqual(['The ids field is required.']);
    const a = await shipA();
    const both = await req('POST', '/shipment/print-shipping-label', tech, {
      ids: [a.printingId],
      bundled_shipment_id: 1,
    });
    expect(both.statusCode).toBe(400);
    expect(
      (await req('POST', '/shipment/print-shipping-label', tech, { bundled_shipment_id: 999999 })).statusCode,
    ).toBe(404);
  });
});

describe('POST /bundled_completion', () => {
  it('completes every request of the parcel with the tracking number and the fees, and the bundle with them', async () => {
    const a = await shipA({ firstName: 'Ada' });
    const b = await shipA({ firstName: 'Ben' });
    const { bundleId } = await labelled([a.printingId, b.printingId]);
    const res = await req('POST', '/bundled_completion', admin, {
      ids: [a.printingId, b.printingId],
      tracking_number: ' 1ZTRACK0001 ',
      custom_shipping_fee: '12.50',
      internal_shipping_cost: 8.75,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: BUNDLE_MESSAGES.completed,
      bundled_shipment: {
        id: bundleId,
        location_id: locationA,
        tracking_number: '1ZTRACK0001',
        custom_shipping_fee_cents: 1250,
        internal_shipping_cost_cents: 875,
        shipping_label_printed: true,
        printing_request_ids: [a.printingId, b.printingId].sort((x, y) => x - y),
      },
    });
    expect(res.json().bundled_shipment.completed_at).not.toBeNull();
    for (const r of [a, b]) {
      const shown = await printingRequest(r.requestId);
      expect(shown.status).toBe('Completed');
      expect(shown.printing_request).toMatchObject({
        tracking_number: '1ZTRACK0001',
        printing_request_status_id: 3,
      });
    }
    // The reports read the fee as money: exact cents.
    const row = await t.db
      .selectFrom('bundled_shipments')
      .select(['custom_shipping_fee', 'internal_shipping_cost'])
      .where('id', '=', bundleId)
      .executeTakeFirstOrThrow();
    expect([Number(row.custom_shipping_fee), Number(row.internal_shipping_cost)]).toEqual([12.5, 8.75]);
  });

  it('is enabled only once the shipping label and every patient label are printed', async () => {
    const a = await shipA();
    const b = await shipA();
    await req('POST', `/printing_requests/${a.printingId}/patient_labels`, tech);
    const early = await req('POST', '/bundled_completion', supervisor, {
      ids: [a.printingId, b.printingId],
      tracking_number: 'X1',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.ids).toEqual([BUNDLE_MESSAGES.labelsFirst]);
    expect((await printingRequest(a.requestId)).status).toBe('In Progress');
  });

  it('needs requests that ship to one location, open and assigned to the lab', async () => {
    const a = await shipA();
    const elsewhere = await shipA({ locationId: locationA2 });
    await labelled([a.printingId]);
    await labelled([elsewhere.printingId]);
    const mixed = await req('POST', '/bundled_completion', supervisor, {
      ids: [a.printingId, elsewhere.printingId],
      tracking_number: 'X2',
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.ids).toEqual([REQUEST_MESSAGES.differentLocations]);
    const third = await shipA({ thirdParty: true });
    const refused = await req('POST', '/bundled_completion', supervisor, {
      ids: [third.printingId],
      tracking_number: 'X3',
    });
    expect(refused.json().errors.ids).toEqual([REQUEST_MESSAGES.assignedToThirdParty]);
    const done = await req('POST', '/bundled_completion', supervisor, {
      ids: [a.printingId],
      tracking_number: 'X4',
    });
    expect(done.statusCode).toBe(200);
    const twice = await req('POST', '/bundled_completion', supervisor, {
      ids: [a.printingId],
      tracking_number: 'X4',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REQUEST_MESSAGES.notOpen);
  });

  it('answers the validation messages of the Bundled Shipping dialog', async () => {
    const a = await shipA();
    const res = await req('POST', '/bundled_completion', admin, {
      ids: [a.printingId],
      tracking_number: '  ',
      custom_shipping_fee: 'ten',
      internal_shipping_cost: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      tracking_number: [REQUEST_MESSAGES.trackingNumberRequired],
      custom_shipping_fee: ['Please enter a valid number'],
      internal_shipping_cost: ['Value cannot be less than zero'],
    });
    const noIds = await req('POST', '/bundled_completion', admin, { tracking_number: 'X' });
    expect(noIds.json().errors.ids).toEqual(['The ids field is required.']);
  });

  it('takes each fee only with its permission (403 otherwise) and refuses those who may not complete', async () => {
    const a = await shipA();
    const partnered = await shipA({ thirdParty: true });
    await labelled([a.printingId]);
    const fee = await req('POST', '/bundled_completion', supervisor, {
      ids: [a.printingId],
      tracking_number: 'X5',
      custom_shipping_fee: 5,
    });
    expect(fee.statusCode).toBe(403);
    const cost = await req('POST', '/bundled_completion', supervisor, {
      ids: [a.printingId],
      tracking_number: 'X5',
      internal_shipping_cost: 5,
    });
    expect(cost.statusCode).toBe(403);
    expect(
      (await req('POST', '/bundled_completion', tech, { ids: [a.printingId], tracking_number: 'X5' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await req('POST', '/bundled_completion', partner, {
          ids: [partnered.printingId],
          tracking_number: 'X5',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await req('POST', '/bundled_completion', owner.headers, {
          ids: [a.printingId],
          tracking_number: 'X5',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await req('POST', '/bundled_completion', doctorB.headers, {
          ids: [a.printingId],
          tracking_number: 'X5',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', '/bundled_completion', undefined, { ids: [a.printingId], tracking_number: 'X5' }))
        .statusCode,
    ).toBe(401);
    expect((await printingRequest(a.requestId)).status).toBe('In Progress');
  });
});

describe('PATCH /bundled-shipments/{id}', () => {
  it('updates the tracking number on the bundle and its requests, and the fees', async () => {
    const a = await shipA();
    const { bundleId } = await labelled([a.printingId]);
    await req('POST', '/bundled_completion', admin, { ids: [a.printingId], tracking_number: 'OLD1' });
    const res = await req('PATCH', `/bundled-shipments/${bundleId}`, admin, {
      tracking_number: 'NEW1',
      custom_shipping_fee: 0,
      internal_shipping_cost: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Bundled shipment updated successfully',
      bundled_shipment: {
        id: bundleId,
        tracking_number: 'NEW1',
        custom_shipping_fee_cents: 0,
        internal_shipping_cost_cents: null,
      },
    });
    expect((await printingRequest(a.requestId)).printing_request.tracking_number).toBe('NEW1');
  });

  it('answers 401, 403, 404 and the validation messages', async () => {
    const a = await shipA();
    const { bundleId } = await labelled([a.printingId]);
    const path = `/bundled-shipments/${bundleId}`;
    expect((await req('PATCH', path, undefined, { tracking_number: 'N' })).statusCode).toBe(401);
    expect((await req('PATCH', path, tech, { tracking_number: 'N' })).statusCode).toBe(403);
    // A lab partner ships its own cases: no bundle holds them.
    expect((await req('PATCH', path, partner, { tracking_number: 'N' })).statusCode).toBe(404);
    expect((await req('PATCH', path, supervisor, { custom_shipping_fee: 1 })).statusCode).toBe(403);
    expect((await req('PATCH', path, doctorB.headers, { tracking_number: 'N' })).statusCode).toBe(404);
    expect(
      (await req('PATCH', '/bundled-shipments/999999', admin, { tracking_number: 'N' })).statusCode,
    ).toBe(404);
    const bad = await req('PATCH', path, admin, { tracking_number: '', custom_shipping_fee: '1e3x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      tracking_number: [REQUEST_MESSAGES.trackingNumberRequired],
      custom_shipping_fee: ['Please enter a valid number'],
    });
  });
});

describe('GET /patients?shipping=true', () => {
  it('lists the cases with a shipment by shipment key, those of one parcel together, each with its shipment', async () => {
    const org = await givenOrganization(t, { name: 'Shipping View Practice' });
    const doctor = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
    const north = (await buildLocation(t.db, org, { location_name: 'North' })).id;
    const south = (await buildLocation(t.db, org, { location_name: 'South' })).id;
    const ship = (locationId: number, shipDate: string, firstName: string) =>
      givenShipment(t, {
        organizationId: org,
        doctorId: doctor.id,
        locationId,
        shipDate,
        firstName,
        shippingMethodId: method,
      });
    const n1 = await ship(north, '2026-12-02', 'Nora');
    const s1 = await ship(south, '2026-12-01', 'Sol');
    const n2 = await ship(north, '2026-12-02', 'Ned');
    const late = await ship(north, '2026-12-05', 'Lea');
    const { bundleId } = await labelled([n1.printingId, n2.printingId]);

    const res = await req('GET', `/patients?shipping=true&organization_id=${org}&per_page=10`, admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      id: number;
      shipment: {
        key: string;
        location: { name: string } | null;
        bundle: { id: number } | null;
        printing_request_id: number;
      };
    }[];
    expect(rows.map((r) => r.id)).toEqual([
      s1.patientId,
      ...[n1.patientId, n2.patientId].sort((x, y) => x - y),
      late.patientId,
    ]);
    expect(rows[1]!.shipment.key).toBe(rows[2]!.shipment.key);
    expect(rows[1]!.shipment).toMatchObject({
      location: { name: 'North' },
      bundle: { id: bundleId },
      shipping_label_printed: true,
      patient_label_printed: true,
      status_id: 2,
    });
    expect(rows[0]!.shipment).toMatchObject({
      location: { name: 'South' },
      bundle: null,
      shipping_label_printed: false,
    });

    const newest = await req('GET', `/patients?shipping=true&sort=newest&organization_id=${org}`, admin);
    expect(newest.json().data.map((r: { id: number }) => r.id)[0]).toBe(late.patientId);
  });

  it('carries the shipment only in the shipping view, where the screen shows it', async () => {
    const a = await shipA();
    const plain = await req('GET', `/patients?sort=newest&organization_id=${orgA}&per_page=100`, admin);
    expect(plain.json().data.find((r: { id: number }) => r.id === a.patientId).shipment).toBeUndefined();
    const view = await req(
      'GET',
      `/patients?shipping=true&sort=newest&organization_id=${orgA}&per_page=100`,
      admin,
    );
    expect(view.json().data.find((r: { id: number }) => r.id === a.patientId).shipment).toMatchObject({
      printing_request_id: expect.any(Number),
    });
  });

  it('gives lab partners and practice users no shipment', async () => {
    const a = await shipA({ thirdParty: true });
    const partners = await req('GET', `/patients?sort=newest&per_page=100`, partner);
    const row = partners.json().data.find((r: { id: number }) => r.id === a.patientId);
    expect(row).toBeDefined();
    expect(row.shipment).toBeUndefined();
    const owners = await req('GET', `/patients?sort=newest&per_page=100`, owner.headers);
    expect(owners.json().data.find((r: { id: number }) => r.id === a.patientId).shipment).toBeUndefined();
  });
});
