import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildContract } from '../../db/seed/factories.ts';
import { buildOrder, buildPaymentMethod, buildProduct } from '../../db/seed/billing-factories.ts';

/** Billing as an attacker would try it: other organizations' ids, forged amounts, doubled charges. */
type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let partner: H;
let owner: { id: number; headers: H };
let twoOrgOwner: { id: number; headers: H };
let manager: { id: number; headers: H };
let contractA: number;
let orderA: number;
let orderB: number;
let discountB: number;
let methodB: number;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Alpha Ortho' });
  orgB = await givenOrganization(t, { name: 'Beta Ortho' });
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  supervisor = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['supervisor'] })).id, { management: true }),
  );
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_manager' }] });
  manager = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  // Owner of B, member of A, currently in A
  const two = await givenUser(t, {
    organizations: [
      { id: orgA, role: 'organization_member' },
      { id: orgB, role: 'organization_owner' },
    ],
    current_organization_id: orgA,
  });
  twoOrgOwner = { id: two.id, headers: bearer(await tokenFor(t, two.id)) };

  contractA = (await buildContract(t.db, orgA, { payment_status: 'NOT_PAID' })).id;
  const contractB = (await buildContract(t.db, orgB)).id;
  await buildPaymentMethod(t.db, orgA, { is_primary: true });
  methodB = (await buildPaymentMethod(t.db, orgB, { is_primary: true, last4: '1111' })).id;
  const fee = await buildProduct(t.db, 'monthly_fee', 'Monthly Fee');
  orderA = (
    await buildOrder(t.db, orgA, {
      contract_id: contractA,
      status: 'NOT_PAID',
      is_current: true,
      items: [{ product_id: fee.id, value: 10000 }],
    })
  ).id;
  orderB = (
    await buildOrder(t.db, orgB, {
      contract_id: contractB,
      status: 'NOT_PAID',
      is_current: true,
      items: [{ product_id: fee.id, value: 10000 }],
      discounts: [{ value: 500, custom_description: 'B only' }],
    })
  ).id;
  discountB = (
    await t.db
      .selectFrom('order_adjustments')
      .select('id')
      .where('order_id', '=', orderB)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('another organization', () => {
  it("a practice owner cannot discount their own order nor touch another organization's", async () => {
    const own = await inject('POST', `/orders/${orderA}/add_discount_or_charge`, owner.headers, {
      custom_description: 'Self service',
      value: -10000,
    });
    expect(own.statusCode).toBe(403);
    const other = await inject('POST', `/orders/${orderB}/add_discount_or_charge`, owner.headers, {
      custom_description: 'x',
      value: 100,
    });
    expect(other.statusCode).toBe(404);
  });

  it("a discount id of another order is not removed through this order's path", async () => {
    const res = await inject('POST', `/orders/${orderA}/remove_discount`, admin, { discount_id: discountB });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.discount_id).toEqual(['The selected discount is invalid.']);
    const still = await t.db
      .selectFrom('order_adjustments')
      .select('id')
      .where('id', '=', discountB)
      .execute();
    expect(still).toHaveLength(1);
    const asCharge = await inject('POST', `/orders/${orderB}/remove_charge`, admin, { charge_id: discountB });
    expect(asCharge.json().errors.charge_id).toEqual(['The selected charge is invalid.']);
  });

  it("an owner who is only a member of the current organization reads neither organization's invoices", async () => {
    // Current organization A (member: no invoice permission), B not current.
    expect((await inject('GET', `/organizations/${orgA}/list_orders`, twoOrgOwner.headers)).statusCode).toBe(
      403,
    );
    expect((await inject('GET', `/organizations/${orgB}/list_orders`, twoOrgOwner.headers)).statusCode).toBe(
      403,
    );
    expect(
      (
        await inject('PUT', `/f_m_payment_methods/${methodB}/update_exp_date`, twoOrgOwner.headers, {
          card_exp_datetime: '2031-01',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a practice user cannot list another user's orders, even in the same organization", async () => {
    expect((await inject('GET', `/users/${owner.id}/orders`, manager.headers)).statusCode).toBe(404);
    const own = await inject('GET', `/users/${manager.id}/orders`, manager.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().orders.map((o: { id: number }) => o.id)).toEqual([orderA]);
  });

  it('a lab partner and a supervisor read no subscription and change no payment method', async () => {
    expect((await inject('GET', `/contracts/${contractA}`, partner)).statusCode).toBe(403);
    expect((await inject('GET', `/orders/${orderA}`, partner)).statusCode).toBe(403);
    expect((await inject('GET', `/orders/${orderB}`, partner)).statusCode).toBe(404);
    expect(
      (
        await inject('PUT', `/f_m_payment_methods/${methodB}/update_exp_date`, supervisor, {
          card_exp_datetime: '2031-01',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('forged amounts and filters', () => {
  it('refuses fractional, oversized and textual values', async () => {
    for (const value of [10.5, 1e15, '-500', null, Number.MAX_SAFE_INTEGER]) {
      const res = await inject('POST', `/orders/${orderA}/add_discount_or_charge`, admin, {
        custom_description: 'x',
        value,
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().errors.value).toBeDefined();
    }
    const long = await inject('POST', `/orders/${orderA}/add_discount_or_charge`, admin, {
      custom_description: 'x'.repeat(1001),
      value: 100,
    });
    expect(long.json().errors.custom_description).toEqual([
      'The description may not be longer than 1000 characters.',
    ]);
  });

  it('reads LIKE wildcards and quotes in the search as text', async () => {
    for (const q of ['%', '_', "' or 1=1 --", '\\']) {
      const res = await inject('GET', `/contracts?searchFullNameQuery=${encodeURIComponent(q)}`, admin);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().contracts.data, q).toEqual([]);
    }
  });

  it('keeps a spreadsheet from running a formula in the CSV and prints any text in the PDF', async () => {
    await inject('POST', `/orders/${orderA}/add_discount_or_charge`, admin, {
      custom_description: '=HYPERLINK("http://evil.example","x")',
      value: 100,
    });
    await inject('POST', `/orders/${orderA}/add_discount_or_charge`, admin, {
      custom_description: 'Ünïcødé 😀 \u202e reversed',
      value: 100,
    });
    const csv = await inject('GET', `/orders/${orderA}/download_invoice?type=csv`, owner.headers);
    expect(csv.body).toContain(`"Charge: =HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
    const pdf = await inject('GET', `/orders/${orderA}/download_invoice?type=pdf`, owner.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a payment attempted twice at once', () => {
  it('charges the unpaid order once', async () => {
    const [first, second] = await Promise.all([
      inject('POST', `/contracts/${contractA}/attempt_payment`, admin),
      inject('POST', `/contracts/${contractA}/attempt_payment`, admin),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('contract_id', '=', contractA)
      .execute();
    expect(attempts).toEqual([{ status: 'success' }]);
  });
});
