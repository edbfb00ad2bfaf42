import { describe, expect, it } from 'vitest';
import {
  addDays,
  billingDueDate,
  billingKey,
  billingPeriod,
  caseChargeDate,
  chargeKey,
  consumeCredits,
  isoDay,
  monthlyInvoice,
  monthlyPromotionApplies,
  paymentDueDate,
  periodicRuleApplies,
  type BilledCase,
} from './billing-run.ts';
import type { PriceList } from './price-rules.ts';

const PRICES: PriceList = {
  arch_fees: {
    software: 2500,
    initial_case_setup: 7500,
    print: 4000,
    insert_brackets: 3000,
    rush_case: 5000,
  },
  export_fees: {
    export_with_guides: 2000,
    export_with_brackets: 3500,
    export_tray: 1500,
    export_aligner_models: 2500,
    tray_design: 3000,
  },
  shipping_fees: { express: 2500, urgent: 4500, lightspeed: 9000, international: 6000 },
  settings: {
    delay_case_charging: 5,
    delay_payment_processing: 3,
    flat_monthly: 29900,
    root_integration: 4000,
    root_integration_with_ai: 6000,
  },
  arch_volume_discounts: [
    { volume: 3, discount: 10 },
    { volume: 20, discount: 15 },
  ],
  custom_rxform: [{ id: 'retainer', label: 'Retainer', options: [{ id: 'yes', price: 1200 }] }],
};

function billed(id: number, order: Partial<BilledCase['order']> = {}): BilledCase {
  return {
    rx_form_id: id,
    patient_id: id,
    patient_name: `Patient ${id}`,
    doctor_name: 'Dana Doctor',
    doctor_account_number: 'DOC-1',
    case_number_text: `C-${id}`,
    creation_date: '2027-01-02',
    order: { jaws_id: 1, rush_case: false, services: {}, ...order },
  };
}

describe('dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2027-01-31', 30)).toBe('2027-03-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(isoDay(new Date('2027-05-06T23:59:59Z'))).toBe('2027-05-06');
  });

  it('takes the custom next payment date first, then the scheduled one, then initial + 30 days', () => {
    const base = { custom_next_payment_date: null, next_payment_date: null, initial_payment_date: null };
    expect(billingDueDate(base)).toBeNull();
    expect(billingDueDate({ ...base, initial_payment_date: '2027-01-01' })).toBe('2027-01-31');
    expect(
      billingDueDate({ ...base, initial_payment_date: '2027-01-01', next_payment_date: '2027-02-05' }),
    ).toBe('2027-02-05');
    expect(
      billingDueDate({
        custom_next_payment_date: '2027-02-10',
        next_payment_date: '2027-02-05',
        initial_payment_date: '2027-01-01',
      }),
    ).toBe('2027-02-10');
  });

  it('covers the 30 days before the due date and schedules the next order 30 days later', () => {
    expect(billingPeriod('2027-01-31')).toEqual({
      invoice_date: '2027-01-31',
      period_start: '2027-01-01',
      period_end: '2027-01-30',
      next_payment_date: '2027-03-02',
    });
  });

  it('charges a case after delay_case_charging days and a payment after delay_payment_processing days', () => {
    expect(caseChargeDate('2027-01-28', 5)).toBe('2027-02-02');
    expect(paymentDueDate('2027-01-31', 3)).toBe('2027-02-03');
  });

  it('keys an order and its charge by contract and period', () => {
    expect(billingKey(7, '2027-01-31')).toBe('contract-7-due-2027-01-31');
    expect(chargeKey(7, '2027-01-31')).toBe('contract-7-due-2027-01-31-charge');
    expect(billingKey(7, '2027-03-02')).not.toBe(billingKey(7, '2027-01-31'));
  });
});

describe('periodic rules and promotion codes', () => {
  it('applies an active rule within its dates, bounds included', () => {
    const rule = { is_active: true, applied_from: '2027-02-01', applied_to: '2027-04-30' };
    expect(periodicRuleApplies(rule, '2027-01-31')).toBe(false);
    expect(periodicRuleApplies(rule, '2027-02-01')).toBe(true);
    expect(periodicRuleApplies(rule, '2027-04-30')).toBe(true);
    expect(periodicRuleApplies(rule, '2027-05-01')).toBe(false);
    expect(periodicRuleApplies({ ...rule, is_active: false }, '2027-03-01')).toBe(false);
    expect(periodicRuleApplies({ is_active: true, applied_from: null, applied_to: null }, '2030-01-01')).toBe(
      true,
    );
  });

  it('takes the monthly fee off the first order (type 1) or the first two (type 2), never for type 3', () => {
    expect([1, 2, 3].map((i) => monthlyPromotionApplies(1, i))).toEqual([true, false, false]);
    expect([1, 2, 3].map((i) => monthlyPromotionApplies(2, i))).toEqual([true, true, false]);
    expect([1, 2].map((i) => monthlyPromotionApplies(3, i))).toEqual([false, false]);
  });
});

describe('monthlyInvoice', () => {
  it('a month without cases: the flat monthly fee and the card fee', () => {
    const inv = monthlyInvoice({ prices: PRICES, cases: [], method: 'card' });
    expect(inv.monthly_fee).toBe(29900);
    expect(inv.patients).toEqual([]);
    // 1.49% of 299.00 = 4.4551 -> 4.46
    expect(inv.totals).toMatchObject({ subtotal: 29900, credit_card_fee: 446, total: 30346 });
    expect(monthlyInvoice({ prices: PRICES, cases: [], method: 'bank' }).totals.total).toBe(29900);
  });

  it('both arches with rush: lab fees twice, rush doubled, root integration and extras as add-ons', () => {
    const inv = monthlyInvoice({
      prices: PRICES,
      cases: [
        billed(1, {
          jaws_id: 3,
          rush_case: true,
          root_integration_type: 2,
          services: { initial_case_setup: true, print: true },
          shipping_fee_key: 'express',
          custom_fields: { retainer: 'yes' },
        }),
      ],
      method: 'bank',
    });
    const p = inv.patients[0]!;
    // (25 + 75 + 40) x 2 arches = 280.00
    expect(p.base_fee).toBe(28000);
    expect(p.add_ons).toEqual([
      { label: 'Rush Case', value: 10000, details: 'Both arches' },
      { label: 'Root Integration', value: 6000, details: null },
      { label: 'Shipping', value: 2500, details: null },
      { label: 'Retainer', value: 1200, details: null },
    ]);
    expect(p.deductions).toEqual([]);
    expect(p.total).toBe(28000 + 19700);
    expect(inv.arches).toBe(2);
    expect(inv.totals).toMatchObject({ subtotal: 29900 + 47700, discounts: 0, total: 29900 + 47700 });
  });

  it('the volume tier of the period arches lowers only the lab fees, case by case', () => {
    const inv = monthlyInvoice({
      prices: PRICES,
      cases: [
        billed(1, { jaws_id: 3, rush_case: true }),
        billed(2, { jaws_id: 1, services: { print: true } }),
      ],
      method: null,
    });
    expect(inv.arches).toBe(3);
    expect(inv.volume_discount_percent).toBe(10);
    // case 1: software 50.00 -> 5.00 off (rush untouched); case 2: 25 + 40 = 65.00 -> 6.50 off
    expect(inv.cases.map((c) => c.volume_discount)).toEqual([500, 650]);
    expect(inv.patients.map((p) => p.deductions)).toEqual([
      [{ label: 'Volume discount 10%', value: 500 }],
      [{ label: 'Volume discount 10%', value: 650 }],
    ]);
    expect(inv.discounts).toEqual([
      { source: 'volume', label: 'Volume discount 10% (3 arches)', value: 1150 },
    ]);
    const items = 29900 + (5000 + 10000) + 6500;
    expect(inv.totals).toMatchObject({ subtotal: items, discounts: 1150, total: items - 1150 });
    // the patients add up to the case items minus the volume discount
    expect(inv.patients.reduce((s, p) => s + p.total, 0)).toBe(items - 29900 - 1150);
  });

  it('a monthly promotion code, periodic rules and credits larger than the order', () => {
    const inv = monthlyInvoice({
      prices: PRICES,
      cases: [],
      promotion: { id: 1, code: 'FIRSTMONTHFREE', value: 100, is_fixed: false },
      periodic_rules: [
        { id: 4, type: 'charge', value: 2500, custom_description: 'Extra cloud storage' },
        { id: 5, type: 'discount', value: 1000, custom_description: 'Loyalty' },
      ],
      credits_available: 100_000,
      method: 'card',
    });
    expect(inv.discounts).toEqual([
      { source: 'promotion', label: 'FIRSTMONTHFREE', value: 29900, promotion_code_id: 1 },
      { source: 'periodic', label: 'Loyalty', value: 1000, periodic_rule_id: 5 },
    ]);
    expect(inv.charges).toEqual([
      { source: 'periodic', label: 'Extra cloud storage', value: 2500, periodic_rule_id: 4 },
    ]);
    // discounts never below 0: 299 - 299 (capped) + 25 = 25.00 due, paid by credits
    expect(inv.totals).toMatchObject({
      discounts: 29900,
      charges: 2500,
      credits: 2500,
      credits_remaining: 97_500,
      credit_card_fee: 0,
      total: 0,
    });
  });

  it('a fixed code takes at most the monthly fee; the card fee is on what is left after credits', () => {
    const inv = monthlyInvoice({
      prices: PRICES,
      cases: [],
      promotion: { id: 2, code: 'FIFTY', value: 5000, is_fixed: true },
      credits_available: 4900,
      method: 'card',
    });
    // 299 - 50 - 49 = 200.00; card fee 2.98
    expect(inv.totals).toMatchObject({ credits: 4900, credit_card_fee: 298, total: 20298 });
  });
});

describe('consumeCredits', () => {
  it('takes the applied amount from the grants in order, each at most its unused part', () => {
    expect(
      consumeCredits(
        [
          { id: 1, available: 1000 },
          { id: 2, available: 0 },
          { id: 3, available: 5000 },
        ],
        3500,
      ),
    ).toEqual([
      { id: 1, used: 1000 },
      { id: 3, used: 2500 },
    ]);
    expect(consumeCredits([{ id: 1, available: 1000 }], 0)).toEqual([]);
  });
});
