import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, billingKey, chargeKey } from '@archline/contracts/billing-run';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { givenOrganization, givenUser } from '../../../test/auth-helpers.ts';
import {
  buildContract,
  buildLicense,
  buildLicenseType,
  buildPatient,
  buildRxForm,
  buildShippingMethod,
} from '../../db/seed/factories.ts';
import { buildOrder, buildPaymentMethod, buildProduct } from '../../db/seed/billing-factories.ts';
import { offlinePaymentProcessor } from '../../platform/payments/offline.ts';
import type { ChargeResult, PaymentProcessor } from '../../platform/payments/index.ts';
import { runBilling } from './run.ts';
import { BILLING_RUN_QUEUE, nextBillingRunAt, scheduleBillingRun } from './run-schedule.ts';

let t: TestApp;
let licenseTypeId: number;
let express: number;

/** A processor that behaves like a real one with idempotency keys, and counts the real charges. */
function countingProcessor() {
  const byKey = new Map<string, ChargeResult>();
  const charged: string[] = [];
  const processor: PaymentProcessor = {
    name: 'counting',
    describeToken: offlinePaymentProcessor.describeToken,
    async charge(input) {
      const known = input.idempotencyKey ? byKey.get(input.idempotencyKey) : undefined;
      if (known) return known;
      const outcome = await offlinePaymentProcessor.charge({ ...input, idempotencyKey: undefined });
      if (outcome.ok) charged.push(input.idempotencyKey ?? '(no key)');
      if (input.idempotencyKey) byKey.set(input.idempotencyKey, outcome);
      return outcome;
    },
  };
  return { processor, charged };
}

const at = (date: string) => new Date(`${date}T02:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  licenseTypeId = (await buildLicenseType(t.db, { name: 'Standard' })).id;
  express = (await buildShippingMethod(t.db, { fee_key: 'express' })).id;
  // The global price list (dollars, as stored): delays of 5 and 3 days, 5% off from 5 arches.
  const pricing = await t.db
    .insertInto('pricing')
    .values({
      organization_id: null,
      arch_fees: JSON.stringify({
        software: 25,
        initial_case_setup: 75,
        print: 40,
        insert_brackets: 30,
        rush_case: 50,
      }),
      export_fees: JSON.stringify({
        export_with_guides: 20,
        export_with_brackets: 35,
        export_tray: 15,
        export_aligner_models: 25,
        tray_design: 30,
      }),
      shipping_fees: JSON.stringify({ express: 25, urgent: 45, lightspeed: 90, international: 60 }),
      custom_rxform: JSON.stringify([
        { id: 'retainer', label: 'Retainer', options: [{ id: 'yes', label: 'Yes', price: 12 }] },
      ]),
      delay_case_charging: 5,
      delay_payment_processing: 3,
      flat_monthly: '299.00',
      root_integration: '40.00',
      root_integration_with_ai: '60.00',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('pricing_volume_discounts')
    .values({ pricing_id: pricing.id, volume: 5, discount: '5', is_global: true })
    .execute();
});
afterAll(() => t?.close());

/** A licensed practice with an owner, a primary method and a contract whose first order is due on `firstDue`. */
async function givenPractice(
  name: string,
  opts: { firstDue: string; method?: { type: 'card' | 'bank'; last4: string } },
) {
  const organizationId = await givenOrganization(t, { name });
  const owner = await givenUser(t, {
    organizations: [{ id: organizationId, role: 'organization_owner' }],
    first_name: 'Dana',
    last_name: 'Doctor',
  });
  const license = await buildLicense(t.db, organizationId, {
    user_id: owner.id,
    license_type_id: licenseTypeId,
    seats: 2,
  });
  const initial = addDays(opts.firstDue, -30);
  const contract = await buildContract(t.db, organizationId, {
    license_id: license.id,
    payment_status: 'PAID',
    initial_payment_date: initial,
    last_payment_date: initial,
    next_payment_date: opts.firstDue,
  });
  const method = opts.method ?? { type: 'card', last4: '4242' };
  await buildPaymentMethod(t.db, organizationId, { ...method, is_primary: true });
  return { organizationId, ownerId: owner.id, contractId: contract.id };
}

async function ordersOf(contractId: number) {
  return t.db
    .selectFrom('orders')
    .selectAll()
    .where('contract_id', '=', contractId)
    .where('kind', '=', 'monthly')
    .orderBy('invoice_date')
    .execute();
}

const cents = (v: unknown) => Math.round(Number(v) * 100);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

describe('the daily schedule', () => {
  it('keeps one scheduled run pending; a scheduled run bills nothing not yet due and schedules the next day', async () => {
    expect(nextBillingRunAt(new Date('2031-05-01T01:00:00Z')).toISOString()).toBe('2031-05-01T02:00:00.000Z');
    expect(nextBillingRunAt(new Date('2031-05-01T02:00:00Z')).toISOString()).toBe('2031-05-02T02:00:00.000Z');

    // A practice whose first order is due far ahead: the wall-clock run leaves it alone.
    const p = await givenPractice('Not Yet Due Dental', { firstDue: '2040-01-01' });
    const first = await scheduleBillingRun(t.ctx, new Date(), { countRunning: true });
    expect(first).toBeDefined();
    expect(await scheduleBillingRun(t.ctx, new Date(), { countRunning: true })).toBeUndefined();

    await t.ctx.jobs.drain();
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['id', 'status', 'run_at'])
      .where('queue', '=', BILLING_RUN_QUEUE)
      .orderBy('id')
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'pending']);
    expect(new Date(jobs[1]!.run_at).toISOString()).toBe(nextBillingRunAt(new Date()).toISOString());
    expect(await ordersOf(p.contractId)).toEqual([]);
    // tidy up: no scheduled run left for the tests below
    await t.db.deleteFrom('jobs').where('queue', '=', BILLING_RUN_QUEUE).execute();
  });
});

describe('a simulated year', () => {
  it('bills a demo-like practice twelve monthly invoices with the expected totals, all paid', async () => {
    const p = await givenPractice('Bright Smiles Year', { firstDue: '2031-01-31' });
    const { organizationId, ownerId, contractId } = p;

    // The initial purchase with the First Month code (type 1: the first monthly fee is free).
    const code = await t.db
      .insertInto('promotion_codes')
      .values({
        code: 'YEARFIRSTFREE',
        description: 'First month free',
        value: '100',
        is_fixed: false,
        promotion_code_type_id: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const startUp = await buildProduct(t.db, 'start_up_fee', 'Start-up Fee');
    await buildOrder(t.db, organizationId, {
      contract_id: contractId,
      kind: 'initial',
      status: 'PAID',
      items: [{ product_id: startUp.id, value: 50000 }],
      discounts: [{ value: 0, promotion_code_id: code.id, product_id: startUp.id }],
    });
    // Periodic rules: a charge for the first half year, an open-ended discount, an inactive one.
    await t.db
      .insertInto('periodic_rules')
      .values([
        {
          contract_id: contractId,
          type: 'charge',
          value: '25.00',
          custom_description: 'Extra cloud storage',
          applied_from: '2031-01-01',
          applied_to: '2031-06-30',
        },
        { contract_id: contractId, type: 'discount', value: '10.00', custom_description: 'Loyalty' },
        {
          contract_id: contractId,
          type: 'discount',
          value: '99.00',
          custom_description: 'Old',
          is_active: false,
        },
      ])
      .execute();
    // $100 of credits from March.
    await t.db
      .insertInto('credits')
      .values({
        organization_id: organizationId,
        value: '100.00',
        valid_from: '2031-03-01',
        valid_to: '2031-12-31',
      })
      .execute();

    // Case A: both arches, rush, AI roots, express shipping, a priced retainer; setup and print by
    // the lab: lab (25 + 75 + 40) x 2 = 280.00, add-ons 100 + 60 + 25 + 12 = 197.00.
    // Case B: maxillary, print only: 25 + 40 = 65.00.
    const caseA = {
      jaws_id: 3,
      rush_case: true,
      rush_case_authorized_by: 'Dana',
      root_integration_type: 2,
      initial_setup_assignment: 1,
      print_assignment: 1,
      insert_brackets_assignment: 2,
      export_type: null,
      shipping_method_id: express,
    };
    const caseB = {
      jaws_id: 1,
      initial_setup_assignment: 2,
      print_assignment: 1,
      insert_brackets_assignment: 2,
      export_type: null,
    };
    const submit = async (date: string, kind: object, extra: object = {}) => {
      const patient = await buildPatient(t.db, { organization_id: organizationId, user_id: ownerId });
      const rx = await buildRxForm(t.db, {
        organization_id: organizationId,
        user_id: ownerId,
        patient_id: patient.id,
        submitted_at: new Date(`${date}T15:00:00Z`),
        ...kind,
        ...extra,
      });
      if (kind === caseA)
        await t.db
          .insertInto('rx_form_custom_field_values')
          .values({
            rx_form_id: rx.id,
            control_id: 'retainer',
            custom_system_name: 'retainer',
            value: JSON.stringify('yes'),
          })
          .execute();
      return rx.id;
    };
    await submit('2031-01-10', caseA); // -> Jan 31
    await submit('2031-01-28', caseB); // charge date Feb 2 -> Mar 2
    await submit('2031-02-15', caseA); // -> Mar 2
    await submit('2031-03-20', caseA); // -> Apr 1 (5 arches: 5% off the lab fees)
    await submit('2031-03-21', caseA);
    await submit('2031-03-22', caseB);
    await submit('2031-06-01', caseB); // -> Jun 30
    await submit('2031-10-25', caseA); // charge date Oct 30 -> Nov 27
    const neverCharged = [
      await submit('2031-02-01', caseA, {
        saved_for_later: true,
        submitted_at: null,
        rush_case_authorized_by: null,
      }),
      await submit('2031-02-02', caseB, { status_id: 5, cancelled_at: new Date('2031-02-03T00:00:00Z') }),
    ];

    const { processor, charged } = countingProcessor();
    for (let d = '2031-01-01'; d <= '2031-12-31'; d = addDays(d, 1))
      await runBilling(t.ctx, { now: at(d), processor });

    const orders = await ordersOf(contractId);
    const dues = [
      '2031-01-31',
      '2031-03-02',
      '2031-04-01',
      '2031-05-01',
      '2031-05-31',
      '2031-06-30',
      '2031-07-30',
      '2031-08-29',
      '2031-09-28',
      '2031-10-28',
      '2031-11-27',
      '2031-12-27',
    ];
    expect(orders.map((o) => day(o.invoice_date))).toEqual(dues);
    expect(orders.map((o) => o.billing_key)).toEqual(dues.map((d) => billingKey(contractId, d)));
    // subtotal, credits, card fee (1.49%), total per invoice, computed by hand:
    //  Jan 31: 299 + 477 - 299 (code) - 10 + 25 = 492.00, fee 7.33
    //  Mar 2:  299 + 65 + 477 - 10 + 25 = 856.00, credits 100 -> 756.00, fee 11.26
    //  Apr 1:  299 + 3 cases (477 + 477 + 65) - 31.25 volume - 10 + 25 = 1301.75, fee 19.40
    //  May 1, May 31: 299 - 10 + 25 = 314.00, fee 4.68; Jun 30: + case B 65 = 379.00, fee 5.65
    //  Jul to Oct, Dec: 299 - 10 = 289.00, fee 4.31; Nov 27: + case A 477 = 766.00, fee 11.41
    const expected = [
      [77600, 0, 733, 49933],
      [84100, 10000, 1126, 76726],
      [131800, 0, 1940, 132115],
      [29900, 0, 468, 31868],
      [29900, 0, 468, 31868],
      [36400, 0, 565, 38465],
      [29900, 0, 431, 29331],
      [29900, 0, 431, 29331],
      [29900, 0, 431, 29331],
      [29900, 0, 431, 29331],
      [77600, 0, 1141, 77741],
      [29900, 0, 431, 29331],
    ];
    expect(
      orders.map((o) => [cents(o.subtotal), cents(o.credits), cents(o.credit_card_fee), cents(o.total)]),
    ).toEqual(expected);
    expect(orders.map((o) => o.fm_invoice_status)).toEqual(dues.map(() => 'PAID'));
    expect(orders.map((o) => day(o.payment_due_date))).toEqual(dues.map((d) => addDays(d, 3)));
    expect(orders.filter((o) => o.is_current).map((o) => day(o.invoice_date))).toEqual(['2031-12-27']);
    expect(orders.map((o) => [day(o.period_start), day(o.period_end)])[1]).toEqual([
      '2031-01-31',
      '2031-03-01',
    ]);

    // The per-patient layout of April's invoice: three cases, each with its volume deduction.
    const april = orders[2]!;
    expect(april.template_version).toBe(2);
    const patients = (
      april.template_data as { patients: { base_fee: number; deductions: unknown[]; total: number }[] }
    ).patients;
    expect(patients.map((x) => [x.base_fee, x.deductions, x.total])).toEqual([
      [28000, [{ label: 'Volume discount 5%', value: 1400 }], 46300],
      [28000, [{ label: 'Volume discount 5%', value: 1400 }], 46300],
      [6500, [{ label: 'Volume discount 5%', value: 325 }], 6175],
    ]);
    const aprilAdjustments = await t.db
      .selectFrom('order_adjustments')
      .select(['kind', 'value', 'custom_description', 'is_periodic', 'promotion_code_id'])
      .where('order_id', '=', april.id)
      .orderBy('id')
      .execute();
    expect(
      aprilAdjustments.map((a) => [a.kind, cents(a.value), a.custom_description, a.is_periodic]),
    ).toEqual([
      ['discount', 3125, 'Volume discount 5% (5 arches)', false],
      ['discount', 1000, 'Loyalty', true],
      ['charge', 2500, 'Extra cloud storage', true],
    ]);
    // January: the code takes the monthly fee off, with the code and the Monthly Fee product.
    const january = await t.db
      .selectFrom('order_adjustments')
      .select(['promotion_code_id', 'value'])
      .where('order_id', '=', orders[0]!.id)
      .where('promotion_code_id', 'is not', null)
      .execute();
    expect(january.map((a) => [a.promotion_code_id, cents(a.value)])).toEqual([[code.id, 29900]]);

    // Every case charged once; never the saved-for-later or cancelled ones.
    const billed = await t.db.selectFrom('billed_cases').select('rx_form_id').execute();
    expect(billed.length).toBe(8);
    expect(billed.map((b) => b.rx_form_id)).not.toContain(neverCharged[0]);
    expect(billed.map((b) => b.rx_form_id)).not.toContain(neverCharged[1]);

    // One charge per period, through the processor with its key, each recorded once.
    expect(charged).toEqual(dues.map((d) => chargeKey(contractId, d)));
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['status', 'idempotency_key', 'amount', 'message'])
      .where('contract_id', '=', contractId)
      .orderBy('id')
      .execute();
    expect(attempts.map((a) => a.status)).toEqual(dues.map(() => 'success'));
    expect(attempts.map((a) => cents(a.amount))).toEqual(expected.map((e) => e[3]));
    expect(attempts[0]!.message).toMatch(/^Payment reference offline_ch_/);

    // The credits are used once; the contract is paid and due again 30 days after the last order.
    const credit = await t.db
      .selectFrom('credits')
      .select('used')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(cents(credit.used)).toBe(10000);
    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(contract.payment_status).toBe('PAID');
    expect(day(contract.next_payment_date)).toBe('2032-01-26');
    expect(day(contract.last_payment_date)).toBe('2031-12-30');

    // The owner heard of each invoice (monthly_invoice), never of a failure.
    const notices = await t.db
      .selectFrom('notifications')
      .select(['type', 'message'])
      .where('user_id', '=', ownerId)
      .orderBy('id')
      .execute();
    expect(notices.filter((n) => n.type === 'monthly_invoice')).toHaveLength(12);
    expect(notices.filter((n) => n.type === 'payment_failed')).toHaveLength(0);
    expect(notices[0]!.message).toBe("Bright Smiles Year's invoice of 2031-01-31 is ready: $499.33.");
  }, 120_000);
});

describe('payments', () => {
  it('a declined card: the order and the contract are NOT_PAID, the attempt keeps the message, the owner is told', async () => {
    const p = await givenPractice('Declined Dental', {
      firstDue: '2032-02-01',
      method: { type: 'card', last4: '0002' },
    });
    const { processor } = countingProcessor();
    await runBilling(t.ctx, { now: at('2032-02-01'), processor });
    expect(await ordersOf(p.contractId)).toHaveLength(1);
    let contract = await t.db
      .selectFrom('contracts')
      .select('payment_status')
      .where('id', '=', p.contractId)
      .executeTakeFirstOrThrow();
    expect(contract.payment_status).toBe('PENDING');
    expect((await ordersOf(p.contractId))[0]!.fm_invoice_status).toBe('PENDING');

    // Not before delay_payment_processing days.
    await runBilling(t.ctx, { now: at('2032-02-03'), processor });
    expect((await ordersOf(p.contractId))[0]!.fm_invoice_status).toBe('PENDING');
    await runBilling(t.ctx, { now: at('2032-02-04'), processor });
    expect((await ordersOf(p.contractId))[0]!.fm_invoice_status).toBe('NOT_PAID');
    contract = await t.db
      .selectFrom('contracts')
      .select('payment_status')
      .where('id', '=', p.contractId)
      .executeTakeFirstOrThrow();
    expect(contract.payment_status).toBe('NOT_PAID');
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('contract_id', '=', p.contractId)
      .execute();
    expect(attempts.map((a) => [a.status, a.message])).toEqual([['failed', 'The card was declined.']]);
    const notices = await t.db
      .selectFrom('notifications')
      .select(['type', 'message', 'link'])
      .where('user_id', '=', p.ownerId)
      .execute();
    expect(notices.find((n) => n.type === 'payment_failed')).toEqual({
      type: 'payment_failed',
      message: "The payment of Declined Dental's invoice failed: The card was declined.",
      link: '/account?tab=4',
    });

    // A failed order is not charged again by the run (Attempt Payment is staff's).
    await runBilling(t.ctx, { now: at('2032-02-10'), processor });
    expect(
      await t.db
        .selectFrom('payment_attempts')
        .select('id')
        .where('contract_id', '=', p.contractId)
        .execute(),
    ).toHaveLength(1);
  });

  it('without a primary method the order is NOT_PAID; an organization that turned monthly_invoice off hears nothing', async () => {
    const p = await givenPractice('No Method Dental', { firstDue: '2032-02-15' });
    await t.db.deleteFrom('payment_methods').where('organization_id', '=', p.organizationId).execute();
    await t.db
      .insertInto('organization_notification_settings')
      .values({ organization_id: p.organizationId, key: 'monthly_invoice', enabled: false })
      .execute();
    await runBilling(t.ctx, { now: at('2032-02-15') });
    await runBilling(t.ctx, { now: at('2032-02-18') });
    const [order] = await ordersOf(p.contractId);
    expect([order!.fm_invoice_status, cents(order!.credit_card_fee), cents(order!.total)]).toEqual([
      'NOT_PAID',
      0,
      29900,
    ]);
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['status', 'message', 'payment_method_id'])
      .where('contract_id', '=', p.contractId)
      .execute();
    expect(attempts).toEqual([
      {
        status: 'failed',
        message: 'The organization has no primary payment method.',
        payment_method_id: null,
      },
    ]);
    const types = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', p.ownerId)
      .execute();
    expect(types.map((n) => n.type)).toEqual(['payment_failed']);
  });

  it('ACH carries no card fee; a primary method changed before the charge sets the fee', async () => {
    const p = await givenPractice('Bank Dental', {
      firstDue: '2032-03-01',
      method: { type: 'bank', last4: '6789' },
    });
    await runBilling(t.ctx, { now: at('2032-03-01') });
    let order = (await ordersOf(p.contractId))[0]!;
    expect([cents(order.credit_card_fee), cents(order.total)]).toEqual([0, 29900]);
    await runBilling(t.ctx, { now: at('2032-03-04') });
    order = (await ordersOf(p.contractId))[0]!;
    expect(order.fm_invoice_status).toBe('PAID');

    const q = await givenPractice('Switching Dental', {
      firstDue: '2032-03-01',
      method: { type: 'bank', last4: '6789' },
    });
    await runBilling(t.ctx, { now: at('2032-03-01') });
    await t.db
      .updateTable('payment_methods')
      .set({ is_primary: false })
      .where('organization_id', '=', q.organizationId)
      .execute();
    await buildPaymentMethod(t.db, q.organizationId, { type: 'card', last4: '4242', is_primary: true });
    await runBilling(t.ctx, { now: at('2032-03-04') });
    order = (await ordersOf(q.contractId))[0]!;
    expect([cents(order.credit_card_fee), cents(order.total), order.fm_invoice_status]).toEqual([
      446,
      30346,
      'PAID',
    ]);
  });

  it('leaves suspended, disabled, unlicensed and not yet due contracts alone; a custom next date is used once', async () => {
    const suspended = await givenPractice('Suspended Dental', { firstDue: '2032-04-01' });
    await t.db
      .updateTable('contracts')
      .set({ suspension_type: 1, suspended_at: new Date(), payment_status: 'SUSPENDED' })
      .where('id', '=', suspended.contractId)
      .execute();
    const disabled = await givenPractice('Disabled Dental', { firstDue: '2032-04-01' });
    await t.db
      .updateTable('organizations')
      .set({ disabled_at: new Date() })
      .where('id', '=', disabled.organizationId)
      .execute();
    const unlicensed = await givenPractice('Signing Up Dental', { firstDue: '2032-04-01' });
    await t.db
      .updateTable('contracts')
      .set({ license_id: null })
      .where('id', '=', unlicensed.contractId)
      .execute();
    const later = await givenPractice('Later Dental', { firstDue: '2032-04-02' });
    const custom = await givenPractice('Custom Date Dental', { firstDue: '2032-04-20' });
    await t.db
      .updateTable('contracts')
      .set({ custom_next_payment_date: '2032-04-01' })
      .where('id', '=', custom.contractId)
      .execute();

    await runBilling(t.ctx, { now: at('2032-04-01') });
    for (const p of [suspended, disabled, unlicensed, later])
      expect(await ordersOf(p.contractId)).toEqual([]);
    const orders = await ordersOf(custom.contractId);
    expect(orders.map((o) => day(o.invoice_date))).toEqual(['2032-04-01']);
    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', custom.contractId)
      .executeTakeFirstOrThrow();
    expect([contract.custom_next_payment_date, day(contract.next_payment_date)]).toEqual([
      null,
      '2032-05-01',
    ]);
  });
});

describe('idempotency', () => {
  // The contracts of the tests above are set aside (suspended), so only these practices are due.
  beforeEach(async () => {
    await t.db
      .updateTable('contracts')
      .set({ suspension_type: 1, suspended_at: new Date(), payment_status: 'SUSPENDED' })
      .where('suspended_at', 'is', null)
      .execute();
  });

  it('a run killed midway and run again makes one order and one charge per contract and period', async () => {
    const practices = [
      await givenPractice('Crash One', { firstDue: '2033-01-10' }),
      await givenPractice('Crash Two', { firstDue: '2033-01-10' }),
      await givenPractice('Crash Three', { firstDue: '2033-01-10' }),
    ];
    const ids = new Set(practices.map((p) => p.contractId));
    const { processor, charged } = countingProcessor();

    // 1. Killed after the second organization's order was issued.
    let issued = 0;
    await expect(
      runBilling(t.ctx, {
        now: at('2033-01-10'),
        processor,
        hooks: {
          afterOrderIssued: ({ contractId }) => {
            if (ids.has(contractId) && ++issued === 2) throw new Error('killed');
          },
        },
      }),
    ).rejects.toThrow('killed');
    expect((await Promise.all(practices.map((p) => ordersOf(p.contractId)))).map((o) => o.length)).toEqual([
      1, 1, 0,
    ]);
    // run again through the queue, twice: the third gets its order, nobody a second one
    for (let i = 0; i < 2; i++) {
      await t.ctx.jobs.enqueue(t.db, BILLING_RUN_QUEUE, { at: at('2033-01-10').toISOString() });
      await t.ctx.jobs.drain();
    }
    expect((await Promise.all(practices.map((p) => ordersOf(p.contractId)))).map((o) => o.length)).toEqual([
      1, 1, 1,
    ]);

    // 2. Killed after the processor charged the first organization, before the outcome was written.
    let answered = 0;
    await expect(
      runBilling(t.ctx, {
        now: at('2033-01-13'),
        processor,
        hooks: {
          afterProcessorAnswered: ({ contractId }) => {
            if (ids.has(contractId) && ++answered === 1) throw new Error('killed');
          },
        },
      }),
    ).rejects.toThrow('killed');
    const pending = await t.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('contract_id', 'in', [...ids])
      .execute();
    expect(pending.map((a) => a.status)).toEqual(['pending']);
    // resumed, twice: the same key goes to the processor, which charged once
    await runBilling(t.ctx, { now: at('2033-01-13'), processor });
    await runBilling(t.ctx, { now: at('2033-01-13'), processor });

    for (const p of practices) {
      const orders = await ordersOf(p.contractId);
      expect(orders.map((o) => o.fm_invoice_status)).toEqual(['PAID']);
      const attempts = await t.db
        .selectFrom('payment_attempts')
        .select(['status', 'idempotency_key'])
        .where('contract_id', '=', p.contractId)
        .execute();
      expect(attempts).toEqual([
        { status: 'success', idempotency_key: chargeKey(p.contractId, '2033-01-10') },
      ]);
      expect(charged.filter((k) => k === chargeKey(p.contractId, '2033-01-10'))).toHaveLength(1);
    }
    const jobs = await t.db
      .selectFrom('jobs')
      .select('status')
      .where('queue', '=', BILLING_RUN_QUEUE)
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('two runs at once make one order per contract and period', async () => {
    const p = await givenPractice('Race Dental', { firstDue: '2034-01-10' });
    const { processor, charged } = countingProcessor();
    await Promise.all([
      runBilling(t.ctx, { now: at('2034-01-13'), processor }),
      runBilling(t.ctx, { now: at('2034-01-13'), processor }),
    ]);
    // the order is issued on the 13th (due the 10th) and charged the same day (10 + 3)
    expect((await ordersOf(p.contractId)).map((o) => o.fm_invoice_status)).toEqual(['PAID']);
    expect(charged.filter((k) => k === chargeKey(p.contractId, '2034-01-10'))).toHaveLength(1);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from payment_attempts where contract_id = ${p.contractId}`.execute(t.db);
    expect(count.rows[0]!.n).toBe(1);
  });
});
