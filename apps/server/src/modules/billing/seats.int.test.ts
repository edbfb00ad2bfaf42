import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_MESSAGES } from '@archline/contracts';
import { addDays, isoDay } from '@archline/contracts/billing-run';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildContract, buildDevice, buildLicense, buildLicenseType } from '../../db/seed/factories.ts';
import { buildOrder, buildPaymentMethod, buildProduct } from '../../db/seed/billing-factories.ts';
import { offlinePaymentProcessor } from '../../platform/payments/offline.ts';
import { runBilling } from './run.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let orgTrial: number;
let admin: H;
let owner: H;
let member: H;
let ownerB: H;
let ownerTrial: H;
let licenseA: number;
let licenseTrial: number;
let paidOrderA: number;

const inject = (method: 'GET' | 'POST', url: string, headers?: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const buy = (org: number, payload: unknown, headers?: H) =>
  inject('POST', `/organizations/${org}/buy-seats`, headers, payload);
const seatsOf = async (id: number) =>
  Number(
    (await t.db.selectFrom('licenses').select('seats').where('id', '=', id).executeTakeFirstOrThrow()).seats,
  );

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  orgTrial = await givenOrganization(t, { name: 'Trial Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  const ot = await givenUser(t, { organizations: [{ id: orgTrial, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  owner = bearer(await tokenFor(t, o.id));
  member = bearer(await tokenFor(t, m.id));
  ownerB = bearer(await tokenFor(t, ob.id));
  ownerTrial = bearer(await tokenFor(t, ot.id));

  const standard = await buildLicenseType(t.db, { name: 'Standard seats', allow_buy_seats: true });
  const trial = await buildLicenseType(t.db, { name: 'Trial seats', allow_buy_seats: false });
  licenseA = (await buildLicense(t.db, orgA, { user_id: o.id, license_type_id: standard.id, seats: 2 })).id;
  await buildDevice(t.db, licenseA);
  licenseTrial = (await buildLicense(t.db, orgTrial, { license_type_id: trial.id, seats: 1 })).id;
  const contractA = (await buildContract(t.db, orgA, { license_id: licenseA, payment_status: 'PAID' })).id;
  await buildContract(t.db, orgTrial, { license_id: licenseTrial });
  await buildContract(t.db, orgB, {
    license_id: (await buildLicense(t.db, orgB, { license_type_id: standard.id })).id,
  });
  await buildPaymentMethod(t.db, orgA, { type: 'bank', last4: '6789', is_primary: true });

  // The global seat price is $45.00; Bright Smiles has its own list at $39.99.
  await t.db
    .insertInto('pricing')
    .values({ organization_id: null, additional_seat: '45.00', delay_payment_processing: 3 })
    .execute();
  await t.db
    .insertInto('pricing')
    .values({ organization_id: orgA, additional_seat: '39.99', delay_payment_processing: 2 })
    .execute();

  const monthly = await buildProduct(t.db, 'monthly_fee', 'Monthly Fee');
  paidOrderA = (
    await buildOrder(t.db, orgA, {
      contract_id: contractA,
      status: 'PAID',
      is_current: true,
      invoice_id: 'INV-A-1',
      items: [{ product_id: monthly.id, value: 29900 }],
    })
  ).id;
});
afterAll(() => t?.close());

describe('GET /organizations/{id}/seats', () => {
  it('answers 401 without a session, 404 for another organization, 403 without the payment permission', async () => {
    expect((await inject('GET', `/organizations/${orgA}/seats`)).statusCode).toBe(401);
    expect((await inject('GET', `/organizations/${orgA}/seats`, ownerB)).statusCode).toBe(404);
    expect((await inject('GET', `/organizations/999999/seats`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `/organizations/${orgA}/seats`, member)).statusCode).toBe(403);
  });

  it("shows the contract's license, its seats in use and available, and the organization's seat price", async () => {
    const res = await inject('GET', `/organizations/${orgA}/seats`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      allow_buy_seats: true,
      seat_price: 3999,
      license: {
        id: licenseA,
        seats: 2,
        devices_count: 1,
        available_seats: 1,
        license_type: { name: 'Standard seats' },
      },
    });
    const trial = await inject('GET', `/organizations/${orgTrial}/seats`, ownerTrial);
    expect(trial.json()).toMatchObject({
      allow_buy_seats: false,
      seat_price: 4500,
      license: { id: licenseTrial },
    });
  });
});

describe('POST /organizations/{id}/buy-seats', () => {
  it('answers 401 without a session, 404 for another organization, 403 without the payment permission', async () => {
    expect((await buy(orgA, { quantity: 1 })).statusCode).toBe(401);
    expect((await buy(orgA, { quantity: 1 }, ownerB)).statusCode).toBe(404);
    expect((await buy(999999, { quantity: 1 }, admin)).statusCode).toBe(404);
    expect((await buy(orgA, { quantity: 1 }, member)).statusCode).toBe(403);
    expect(await seatsOf(licenseA)).toBe(2);
  });

  it('refuses with 403 when the license type does not allow buying seats, and changes nothing', async () => {
    const res = await buy(orgTrial, { quantity: 2 }, ownerTrial);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SEAT_MESSAGES.notAllowed);
    expect(await seatsOf(licenseTrial)).toBe(1);
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('organization_id', '=', orgTrial)
      .execute();
    expect(orders).toEqual([]);
  });

  it('validates the quantity: required, whole, 1 to 50', async () => {
    for (const [payload, message] of [
      [{}, SEAT_MESSAGES.required],
      [{ quantity: null }, SEAT_MESSAGES.required],
      [{ quantity: 0 }, SEAT_MESSAGES.min],
      [{ quantity: 51 }, SEAT_MESSAGES.max],
      [{ quantity: 1.5 }, SEAT_MESSAGES.integer],
      [{ quantity: 'two' }, SEAT_MESSAGES.integer],
    ] as const) {
      const res = await buy(orgA, payload, owner);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.quantity, JSON.stringify(payload)).toEqual([message]);
    }
    expect(await seatsOf(licenseA)).toBe(2);
  });

  it('adds the seats and, the current order being paid, puts them on a new current order the billing run charges', async () => {
    const today = isoDay(new Date());
    const res = await buy(orgA, { quantity: 3 }, owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(SEAT_MESSAGES.bought(3));
    expect(body.license).toMatchObject({ id: licenseA, seats: 5, devices_count: 1, available_seats: 4 });
    expect(await seatsOf(licenseA)).toBe(5);
    expect(body.order).toMatchObject({
      kind: 'extra',
      is_current: true,
      fm_invoice_status: 'PENDING',
      invoice_date: today,
      subtotal: 11997,
      credit_card_fee: 0,
      total: 11997,
      order_items: [
        {
          product: { name: 'Additional Seats' },
          value: 11997,
          details: {
            description: 'Additional seats (3)',
            quantity: 3,
            unit_price: 3999,
            license_id: licenseA,
          },
        },
      ],
    });
    const paid = await t.db
      .selectFrom('orders')
      .select('is_current')
      .where('id', '=', paidOrderA)
      .executeTakeFirstOrThrow();
    expect(paid.is_current).toBe(false);

    // A second purchase goes on the same open order.
    const again = await buy(orgA, { quantity: 1 }, owner);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.id).toBe(body.order.id);
    expect(again.json().order.order_items.map((i: { value: number }) => i.value)).toEqual([11997, 3999]);
    expect(again.json().order).toMatchObject({ subtotal: 15996, total: 15996 });
    expect(await seatsOf(licenseA)).toBe(6);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'billing.seats-buy')
      .where('organization_id', '=', orgA)
      .execute();
    expect(audit).toHaveLength(2);

    // The billing run charges it delay_payment_processing (2) days later, once.
    const due = addDays(today, 2);
    const charged: string[] = [];
    const processor = {
      ...offlinePaymentProcessor,
      async charge(input: Parameters<typeof offlinePaymentProcessor.charge>[0]) {
        charged.push(`${input.idempotencyKey}:${input.amount}`);
        return offlinePaymentProcessor.charge({ ...input, idempotencyKey: undefined });
      },
    };
    await runBilling(t.ctx, { now: new Date(`${addDays(today, 1)}T12:00:00Z`), processor });
    expect(charged).toEqual([]);
    await runBilling(t.ctx, { now: new Date(`${due}T12:00:00Z`), processor });
    await runBilling(t.ctx, { now: new Date(`${due}T13:00:00Z`), processor });
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatch(/^contract-\d+-seats-.+-charge:159\.96$/);
    const order = await t.db
      .selectFrom('orders')
      .select(['fm_invoice_status'])
      .where('id', '=', body.order.id)
      .executeTakeFirstOrThrow();
    expect(order.fm_invoice_status).toBe('PAID');

    // Paid now: the next purchase opens another order.
    const third = await buy(orgA, { quantity: 2 }, owner);
    expect(third.json().order.id).not.toBe(body.order.id);
    expect(third.json().order.order_items[0]).toMatchObject({
      value: 7998,
      details: { description: 'Additional seats (2)' },
    });
  });

  it('adds the seats to a monthly order the billing run has not charged yet', async () => {
    const contract = await t.db
      .selectFrom('contracts')
      .select('id')
      .where('organization_id', '=', orgA)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('orders').set({ is_current: false }).where('organization_id', '=', orgA).execute();
    const monthly = await buildProduct(t.db, 'monthly_fee', 'Monthly Fee');
    const open = await buildOrder(t.db, orgA, {
      contract_id: contract.id,
      status: 'PENDING',
      is_current: true,
      invoice_id: 'INV-A-OPEN',
      items: [{ product_id: monthly.id, value: 29900 }],
    });
    await t.db
      .updateTable('orders')
      .set({ billing_key: `contract-${contract.id}-due-2099-01-01`, payment_due_date: '2099-01-03' })
      .where('id', '=', open.id)
      .execute();
    const res = await buy(orgA, { quantity: 50 }, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ id: open.id, kind: 'monthly', subtotal: 29900 + 50 * 3999 });
    expect(res.json().order.order_items.at(-1)).toMatchObject({
      value: 199950,
      details: { description: 'Additional seats (50)' },
    });
  });
});
