import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildContract, buildLicense, buildLicenseType } from '../../db/seed/factories.ts';
import { buildOrder, buildPaymentMethod, buildProduct } from '../../db/seed/billing-factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let tech: H;
let owner: { id: number; headers: H };
let member: { id: number; headers: H };
let ownerB: { id: number; headers: H };
let cardA: number;
let bankA: number;
let contractA: number;
let contractB: number;
let paidOrderA: number;
let currentOrderA: number;
let orderB: number;
let freeMonthDiscount: number;
let periodicCharge: number;
let manualDiscount: number;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  const m = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  member = { id: m.id, headers: bearer(await tokenFor(t, m.id)) };
  ownerB = { id: ob.id, headers: bearer(await tokenFor(t, ob.id)) };

  const type = await buildLicenseType(t.db, { name: 'Standard' });
  const licA = await buildLicense(t.db, orgA, { user_id: o.id, license_type_id: type.id, seats: 2 });
  contractA = (await buildContract(t.db, orgA, { license_id: licA.id, payment_status: 'NOT_PAID' })).id;
  contractB = (await buildContract(t.db, orgB, { payment_status: 'PAID' })).id;
  cardA = (await buildPaymentMethod(t.db, orgA, { type: 'card', last4: '4242', is_primary: true })).id;
  bankA = (await buildPaymentMethod(t.db, orgA, { type: 'bank', last4: '6789' })).id;
  await buildPaymentMethod(t.db, orgB, { type: 'card', last4: '1111', is_primary: true });

  const startUp = await buildProduct(t.db, 'start_up_fee', 'Start-up Fee');
  const monthly = await buildProduct(t.db, 'monthly_fee', 'Monthly Fee');
  const code = await t.db
    .insertInto('promotion_codes')
    .values({ code: 'FIRSTMONTHFREE', description: 'First month free', value: '100', is_fixed: false })
    .onConflict((oc) => oc.column('code').doUpdateSet({ description: 'First month free' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  paidOrderA = (
    await buildOrder(t.db, orgA, {
      contract_id: contractA,
      kind: 'initial',
      status: 'PAID',
      invoice_id: 'INV-A-1',
      invoice_date: '2026-10-01',
      created_at: new Date('2026-10-01T10:00:00Z'),
      items: [{ product_id: startUp.id, value: 50000 }],
    })
  ).id;
  currentOrderA = (
    await buildOrder(t.db, orgA, {
      contract_id: contractA,
      status: 'NOT_PAID',
      is_current: true,
      invoice_id: 'INV-A-2',
      invoice_date: '2026-11-01',
      items: [{ product_id: monthly.id, value: 29900 }],
      discounts: [
        { value: 29900, promotion_code_id: code.id },
        { value: 1000, custom_description: 'Loyalty' },
      ],
      charges: [{ value: 2500, custom_description: 'Extra storage', is_periodic: true }],
    })
  ).id;
  orderB = (
    await buildOrder(t.db, orgB, {
      contract_id: contractB,
      status: 'PAID',
      invoice_id: 'INV-B-1',
      items: [{ product_id: monthly.id, value: 19900 }],
    })
  ).id;
  const adjustments = await t.db
    .selectFrom('order_adjustments')
    .select(['id', 'kind', 'promotion_code_id', 'is_periodic'])
    .where('order_id', '=', currentOrderA)
    .orderBy('id')
    .execute();
  freeMonthDiscount = adjustments.find((x) => x.promotion_code_id !== null)!.id;
  manualDiscount = adjustments.find((x) => x.kind === 'discount' && x.promotion_code_id === null)!.id;
  periodicCharge = adjustments.find((x) => x.is_periodic)!.id;
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(headers ? { headers } : {}),
    ...(payload ? { payload } : {}),
  });

describe('PUT /f_m_payment_methods/{id}/update_exp_date', () => {
  const url = (id: number) => `/f_m_payment_methods/${id}/update_exp_date`;
  it('answers 401 without a token', async () => {
    expect((await inject('PUT', url(cardA), undefined, { card_exp_datetime: '2031-05' })).statusCode).toBe(
      401,
    );
  });
  it('answers 403 to a member without the payment method permission', async () => {
    expect(
      (await inject('PUT', url(cardA), member.headers, { card_exp_datetime: '2031-05' })).statusCode,
    ).toBe(403);
  });
  it("answers 404 for another organization's method", async () => {
    expect(
      (await inject('PUT', url(cardA), ownerB.headers, { card_exp_datetime: '2031-05' })).statusCode,
    ).toBe(404);
    expect(
      (await inject('PUT', url(999999), owner.headers, { card_exp_datetime: '2031-05' })).statusCode,
    ).toBe(404);
  });
  it('refuses a malformed, past or bank expiry with the messages', async () => {
    const bad = await inject('PUT', url(cardA), owner.headers, { card_exp_datetime: '2031-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.card_exp_datetime).toEqual(['Invalid Expiration Date']);
    const missing = await inject('PUT', url(cardA), owner.headers, {});
    expect(missing.json().errors.card_exp_datetime).toEqual(['Required']);
    const past = await inject('PUT', url(cardA), owner.headers, { card_exp_datetime: '2020-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.card_exp_datetime).toEqual([BILLING_MESSAGES.expiryInvalid]);
    const bank = await inject('PUT', url(bankA), owner.headers, { card_exp_datetime: '2031-05' });
    expect(bank.statusCode).toBe(422);
    expect(bank.json().errors.card_exp_datetime).toEqual([BILLING_MESSAGES.expiryOnlyCards]);
  });
  it("stores the month's last day", async () => {
    const res = await inject('PUT', url(cardA), owner.headers, { card_exp_datetime: '2032-02' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Expiration date successfully updated.',
      payment_method: { id: cardA, card_exp_datetime: '2032-02-29' },
    });
  });
});

describe('GET /organizations/{id}/contract', () => {
  it('answers 401, 403 to a member, 404 for another organization', async () => {
    expect((await inject('GET', `/organizations/${orgA}/contract`)).statusCode).toBe(401);
    expect((await inject('GET', `/organizations/${orgA}/contract`, member.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/organizations/${orgA}/contract`, ownerB.headers)).statusCode).toBe(404);
  });
  it('gives the owner the next payment date', async () => {
    const res = await inject('GET', `/organizations/${orgA}/contract`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().contract).toMatchObject({ id: contractA, payment_status: 'NOT_PAID' });
    expect(res.json().contract.next_payment_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('orders: list_orders, current_order, /users/{id}/orders, /orders/{id}', () => {
  it('answers 401 without a token', async () => {
    for (const url of [
      `/organizations/${orgA}/list_orders`,
      `/organizations/${orgA}/current_order`,
      `/users/${owner.id}/orders`,
      `/orders/${paidOrderA}`,
      `/orders/${paidOrderA}/download_invoice?type=pdf`,
    ])
      expect((await inject('GET', url)).statusCode, url).toBe(401);
  });
  it('answers 403 to a member without organization.get-current-order and to a technician', async () => {
    for (const url of [
      `/organizations/${orgA}/list_orders`,
      `/organizations/${orgA}/current_order`,
      `/orders/${paidOrderA}`,
    ]) {
      expect((await inject('GET', url, member.headers)).statusCode, url).toBe(403);
      expect((await inject('GET', url, tech)).statusCode, url).toBe(403);
    }
  });
  it("answers 404 for another organization's orders and another user's", async () => {
    for (const url of [
      `/organizations/${orgA}/list_orders`,
      `/organizations/${orgA}/current_order`,
      `/orders/${paidOrderA}`,
      `/orders/${paidOrderA}/download_invoice?type=csv`,
      `/users/${owner.id}/orders`,
    ])
      expect((await inject('GET', url, ownerB.headers)).statusCode, url).toBe(404);
  });
  it('lists the organization orders newest first in cents, with removable flags', async () => {
    const res = await inject('GET', `/organizations/${orgA}/list_orders`, owner.headers);
    expect(res.statusCode).toBe(200);
    const orders = res.json().orders;
    expect(orders.map((o: { id: number }) => o.id)).toEqual([currentOrderA, paidOrderA]);
    const current = orders[0];
    expect(current).toMatchObject({
      subtotal: 29900,
      total: 1500,
      fm_invoice_status: 'NOT_PAID',
      is_current: true,
    });
    expect(current.discounts).toEqual([
      expect.objectContaining({
        value: 29900,
        removable: false,
        promotion_code: expect.objectContaining({ code: 'FIRSTMONTHFREE' }),
      }),
      expect.objectContaining({ value: 1000, removable: true, custom_description: 'Loyalty' }),
    ]);
    expect(current.charges).toEqual([
      expect.objectContaining({ value: 2500, is_periodic: true, removable: false }),
    ]);
  });
  it('gives the current order, or null', async () => {
    const res = await inject('GET', `/organizations/${orgA}/current_order`, owner.headers);
    expect(res.json().order.id).toBe(currentOrderA);
    const none = await inject('GET', `/organizations/${orgB}/current_order`, ownerB.headers);
    expect(none.json()).toEqual({ order: null, metadata: { template_data: null } });
  });
  it("gives a user's orders to themselves and to an admin", async () => {
    const own = await inject('GET', `/users/${owner.id}/orders`, owner.headers);
    expect(own.json().orders).toHaveLength(2);
    const byAdmin = await inject('GET', `/users/${ownerB.id}/orders`, admin);
    expect(byAdmin.json().orders.map((o: { id: number }) => o.id)).toEqual([orderB]);
    expect((await inject('GET', `/users/${ownerB.id}/orders`, tech)).statusCode).toBe(403);
  });
  it('downloads the invoice as PDF and CSV with the file name in Content-Disposition', async () => {
    const pdf = await inject('GET', `/orders/${paidOrderA}/download_invoice?type=pdf`, owner.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="invoice-INV-A-1.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await inject('GET', `/orders/${currentOrderA}/download_invoice?type=csv`, owner.headers);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="invoice-INV-A-2.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Invoice,Invoice Date,Organization,Status,Description,Amount');
    expect(lines).toContain('INV-A-2,2026-11-01,Bright Smiles,NOT_PAID,Monthly Fee,299.00');
    expect(lines).toContain('INV-A-2,2026-11-01,Bright Smiles,NOT_PAID,Discount: Loyalty,-10.00');
    expect(lines.at(-1)).toBe('INV-A-2,2026-11-01,Bright Smiles,NOT_PAID,Total,15.00');
    const wrong = await inject('GET', `/orders/${paidOrderA}/download_invoice?type=doc`, owner.headers);
    expect(wrong.statusCode).toBe(400);
  });
});

describe('discounts and charges on an order', () => {
  const add = (id: number, headers?: H, payload: unknown = { custom_description: 'Goodwill', value: -500 }) =>
    inject('POST', `/orders/${id}/add_discount_or_charge`, headers, payload);
  it('answers 401, 403 to practice users and technicians, 404 for an unknown order', async () => {
    expect((await add(currentOrderA)).statusCode).toBe(401);
    expect((await add(currentOrderA, owner.headers)).statusCode).toBe(403);
    expect((await add(currentOrderA, tech)).statusCode).toBe(403);
    expect((await add(currentOrderA, ownerB.headers)).statusCode).toBe(404);
    expect((await add(999999, admin)).statusCode).toBe(404);
  });
  it('requires a description and a value', async () => {
    const res = await add(currentOrderA, admin, { custom_description: '', value: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      custom_description: ['Required'],
      value: ['The value must not be 0.'],
    });
    const missing = await add(currentOrderA, admin, {});
    expect(missing.json().errors.value).toEqual(['Required']);
  });
  it('adds a discount and a charge and recomputes the total with the card fee', async () => {
    const discount = await add(currentOrderA, admin, { custom_description: 'Goodwill', value: -500 });
    expect(discount.statusCode).toBe(200);
    expect(discount.json().message).toBe('Discount successfully added.');
    // 29900 - 29900 - 1000 (floored at 0) ... the discounts exceed the items: 0 + 2500 charge = 2500, fee 37
    const charge = await add(currentOrderA, admin, { custom_description: 'Rush shipping', value: 1500 });
    expect(charge.json().message).toBe('Charge successfully added.');
    const order = charge.json().order;
    expect(order.charges.map((c: { value: number }) => c.value)).toEqual([2500, 1500]);
    expect(order.credit_card_fee).toBe(60);
    expect(order.total).toBe(4060);
  });
  it('refuses to change a paid order', async () => {
    const res = await add(paidOrderA, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_MESSAGES.paidOrderLocked);
  });
  it('removing needs orders.manage; FIRSTMONTHFREE and periodic items stay', async () => {
    const remove = (kind: 'discount' | 'charge', id: number, headers?: H) =>
      inject('POST', `/orders/${currentOrderA}/remove_${kind}`, headers, { [`${kind}_id`]: id });
    expect((await remove('discount', manualDiscount)).statusCode).toBe(401);
    expect((await remove('discount', manualDiscount, supervisor)).statusCode).toBe(403);
    expect((await remove('discount', manualDiscount, owner.headers)).statusCode).toBe(403);
    expect((await remove('discount', manualDiscount, ownerB.headers)).statusCode).toBe(404);
    const free = await remove('discount', freeMonthDiscount, admin);
    expect(free.statusCode).toBe(422);
    expect(free.json().message).toBe('This item cannot be removed from the order.');
    expect((await remove('charge', periodicCharge, admin)).statusCode).toBe(422);
    const unknown = await remove('charge', manualDiscount, admin);
    expect(unknown.json().errors.charge_id).toEqual(['The selected charge is invalid.']);
    const ok = await remove('discount', manualDiscount, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Discount successfully removed.');
    expect(ok.json().order.discounts.map((d: { id: number }) => d.id)).not.toContain(manualDiscount);
  });
});

describe('GET /contracts and /contracts/{id}', () => {
  it('answers 401, and 403 to practice users and technicians', async () => {
    expect((await inject('GET', '/contracts')).statusCode).toBe(401);
    expect((await inject('GET', '/contracts', owner.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/contracts', tech)).statusCode).toBe(403);
    expect((await inject('GET', `/contracts/${contractA}`, owner.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/contracts/${contractA}`, ownerB.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/contracts/999999', admin)).statusCode).toBe(404);
  });
  it('lists with search, payment status and a date range', async () => {
    const all = await inject('GET', '/contracts', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().contracts.meta.total).toBeGreaterThanOrEqual(2);
    const search = await inject('GET', '/contracts?searchFullNameQuery=bright', admin);
    expect(search.json().contracts.data.map((c: { id: number }) => c.id)).toEqual([contractA]);
    const unpaid = await inject('GET', '/contracts?paymentStatus=NOT_PAID', admin);
    expect(unpaid.json().contracts.data.map((c: { id: number }) => c.id)).toEqual([contractA]);
    const past = await inject('GET', '/contracts?from=2000-01-01&to=2000-12-31', admin);
    expect(past.json().contracts.data).toEqual([]);
    const bad = await inject('GET', '/contracts?paymentStatus=LATE&from=2026-02-30', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      paymentStatus: ['The selected payment status is invalid.'],
      from: ['The date must be a valid date (YYYY-MM-DD).'],
    });
    const reversed = await inject('GET', '/contracts?from=2026-05-01&to=2026-04-01', admin);
    expect(reversed.json().errors.to).toEqual(['The end date must not be before the start date.']);
  });
  it('shows a subscription with its license, orders and current order', async () => {
    const res = await inject('GET', `/contracts/${contractA}`, admin);
    expect(res.statusCode).toBe(200);
    const c = res.json().contract;
    expect(c.organization.name).toBe('Bright Smiles');
    expect(c.license).toMatchObject({ license_type: { name: 'Standard' }, seats: 2 });
    expect(c.current_order.id).toBe(currentOrderA);
    expect(c.orders).toHaveLength(2);
    expect(c.payment_attempts).toEqual([]);
    expect(c.has_unpaid_order).toBe(true);
  });
});

describe('suspend, resume and attempt payment', () => {
  const act = (action: string, id: number, headers?: H) =>
    inject('POST', `/contracts/${id}/${action}`, headers);
  it('answers 401, 403 without contracts.manage, 404 outside the scope', async () => {
    for (const action of ['suspend', 'resume', 'attempt_payment']) {
      expect((await act(action, contractA)).statusCode).toBe(401);
      expect((await act(action, contractA, supervisor)).statusCode).toBe(403);
      expect((await act(action, contractA, owner.headers)).statusCode).toBe(403);
      expect((await act(action, contractA, ownerB.headers)).statusCode).toBe(404);
    }
  });
  it('suspends once; a suspended subscription cannot be charged', async () => {
    const res = await act('suspend', contractA, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Subscription successfully suspended.');
    expect(res.json().contract).toMatchObject({ payment_status: 'SUSPENDED', suspension_type: 1 });
    expect(res.json().contract.suspended_at).not.toBeNull();
    expect((await act('suspend', contractA, admin)).json().message).toBe(BILLING_MESSAGES.alreadySuspended);
    const charge = await act('attempt_payment', contractA, admin);
    expect(charge.statusCode).toBe(409);
    expect(charge.json().message).toBe(BILLING_MESSAGES.paymentSuspended);
  });
  it('does not resume for a disabled organization', async () => {
    await t.db.updateTable('organizations').set({ disabled_at: new Date() }).where('id', '=', orgA).execute();
    const res = await act('resume', contractA, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(BILLING_MESSAGES.organizationDisabled);
    await t.db.updateTable('organizations').set({ disabled_at: null }).where('id', '=', orgA).execute();
  });
  it('resumes and charges the unpaid order', async () => {
    const res = await act('resume', contractA, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Subscription successfully resumed.');
    const c = res.json().contract;
    expect(c).toMatchObject({ payment_status: 'PAID', suspended_at: null, has_unpaid_order: false });
    expect(c.payment_attempts[0]).toMatchObject({ status: 'success', amount: 4060 });
    expect(c.payment_attempts[0].message).toMatch(/^Payment reference offline_ch_/);
    expect((await act('resume', contractA, admin)).json().message).toBe(BILLING_MESSAGES.notSuspended);
    const nothing = await act('attempt_payment', contractA, admin);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('There is no unpaid order.');
  });
  it('a declined payment is recorded, answers 422 and notifies the owners (payment_failed)', async () => {
    const monthly = await buildProduct(t.db, 'monthly_fee', 'Monthly Fee');
    await buildOrder(t.db, orgA, {
      contract_id: contractA,
      status: 'PENDING',
      items: [{ product_id: monthly.id, value: 29900 }],
    });
    const declined = await buildPaymentMethod(t.db, orgA, { type: 'card', last4: '0002' });
    await t.db
      .updateTable('payment_methods')
      .set({ is_primary: false })
      .where('organization_id', '=', orgA)
      .execute();
    await t.db
      .updateTable('payment_methods')
      .set({ is_primary: true })
      .where('id', '=', declined.id)
      .execute();
    const res = await act('attempt_payment', contractA, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The card was declined.');
    const c = (await inject('GET', `/contracts/${contractA}`, admin)).json().contract;
    expect(c.payment_status).toBe('NOT_PAID');
    expect(c.payment_attempts[0]).toMatchObject({
      status: 'failed',
      message: 'The card was declined.',
      amount: 30346,
    });
    const notices = await t.db
      .selectFrom('notifications')
      .select(['user_id', 'message', 'link'])
      .where('type', '=', 'payment_failed')
      .execute();
    expect(notices).toEqual([
      {
        user_id: owner.id,
        message: "The payment of Bright Smiles's invoice failed: The card was declined.",
        link: '/account?tab=4',
      },
    ]);
    // the card on file pays the next attempt
    await t.db
      .updateTable('payment_methods')
      .set({ is_primary: false })
      .where('id', '=', declined.id)
      .execute();
    await t.db.updateTable('payment_methods').set({ is_primary: true }).where('id', '=', bankA).execute();
    const ok = await act('attempt_payment', contractA, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Payment successfully processed.');
    expect(ok.json().contract.payment_attempts[0]).toMatchObject({ status: 'success', amount: 29900 });
  });
  it('refuses to charge an invoice whose scheduled charge is still with the processor', async () => {
    const monthly = await buildProduct(t.db, 'monthly_fee', 'Monthly Fee');
    const order = await buildOrder(t.db, orgA, {
      contract_id: contractA,
      status: 'PENDING',
      items: [{ product_id: monthly.id, value: 29900 }],
    });
    const pending = await t.db
      .insertInto('payment_attempts')
      .values({ contract_id: contractA, order_id: order.id, status: 'pending', amount: '299.00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await act('attempt_payment', contractA, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BILLING_MESSAGES.paymentInProgress);
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['id', 'status'])
      .where('order_id', '=', order.id)
      .execute();
    expect(attempts).toEqual([{ id: pending.id, status: 'pending' }]);
  });
});

describe('the per-patient layout (template version 2)', () => {
  it('shows each case in the order and in the PDF', async () => {
    const patients = [
      {
        patient_name: 'Ava Stone',
        doctor_name: 'Dana Doctor',
        doctor_account_number: 'DR-100200',
        case_number_text: 'C-1001',
        creation_date: '2026-11-02',
        base_fee: 15000,
        deductions: [{ label: 'Volume discount', value: 1500 }],
        add_ons: [{ label: 'Rush case', value: 5000, details: 'Both arches' }],
        total: 18500,
      },
    ];
    await t.db
      .updateTable('orders')
      .set({ template_version: 2, template_data: JSON.stringify({ patients }) })
      .where('id', '=', paidOrderA)
      .execute();
    const order = await inject('GET', `/orders/${paidOrderA}`, owner.headers);
    expect(order.json().order.template_data).toEqual({ patients });
    const pdf = await inject('GET', `/orders/${paidOrderA}/download_invoice?type=pdf`, owner.headers);
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({
      data: new Uint8Array(pdf.rawPayload),
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Cases');
    expect(text).toContain('Ava Stone (C-1001), created 2026-11-02');
    expect(text).toContain('Doctor: Dana Doctor (DR-100200)');
    expect(text).toContain('Deduction: Volume discount -$15.00');
    expect(text).toContain('Add-on: Rush case (Both arches) $50.00');
    expect(text).toContain('$185.00');
  });
});
