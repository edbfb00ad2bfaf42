import { describe, expect, it } from 'vitest';
import {
  AddDiscountOrChargeRequest,
  displayedPaymentDates,
  dollarTextToCents,
  isRemovableAdjustment,
  lastDayOfExpiryMonth,
  paymentMethodChip,
  templatePatients,
  UpdateExpiryRequest,
} from './billing.ts';

const card = (card_exp_datetime: string) => ({ payment_method_type: 'card' as const, card_exp_datetime });
const now = new Date(2026, 10, 15); // 15 November 2026

describe('paymentMethodChip', () => {
  it.each([
    ['2026-10-31', 'Expired'],
    ['2025-12-31', 'Expired'],
    ['2026-11-30', 'Expiring'],
    ['2026-12-31', 'Expiring'],
    ['2027-01-31', null],
    ['2030-05-31', null],
  ])('a card expiring %s shows %s', (expiry, chip) => {
    expect(paymentMethodChip(card(expiry), now)).toBe(chip);
  });

  it('a bank account has no chip', () => {
    expect(paymentMethodChip({ payment_method_type: 'bank', card_exp_datetime: null }, now)).toBeNull();
  });
});

describe('isRemovableAdjustment', () => {
  it('refuses periodic items and the free-month codes', () => {
    expect(isRemovableAdjustment({ is_periodic: true, promotion_code: null })).toBe(false);
    expect(isRemovableAdjustment({ is_periodic: false, promotion_code: { code: 'FIRSTMONTHFREE' } })).toBe(
      false,
    );
    expect(isRemovableAdjustment({ is_periodic: false, promotion_code: { code: 'TWOMONTHSFREE' } })).toBe(
      false,
    );
    expect(isRemovableAdjustment({ is_periodic: false, promotion_code: { code: 'SPRING10' } })).toBe(true);
    expect(isRemovableAdjustment({ is_periodic: false, promotion_code: null })).toBe(true);
  });
});

describe('displayedPaymentDates', () => {
  const base = {
    suspended_at: null,
    last_payment_date: '2026-10-01',
    next_payment_date: '2026-11-30',
    custom_next_payment_date: null,
  };
  it('shows the suspension date as last and hides the next date of a suspended subscription', () => {
    expect(displayedPaymentDates({ ...base, suspended_at: '2026-11-02T10:00:00.000Z' })).toEqual({
      last: '2026-11-02T10:00:00.000Z',
      next: null,
    });
  });
  it('prefers the custom next payment date', () => {
    expect(displayedPaymentDates({ ...base, custom_next_payment_date: '2026-12-05' }).next).toBe(
      '2026-12-05',
    );
    expect(displayedPaymentDates(base)).toEqual({ last: '2026-10-01', next: '2026-11-30' });
  });
});

describe('requests', () => {
  it('reads dollars as exact cents', () => {
    expect(dollarTextToCents('25')).toBe(2500);
    expect(dollarTextToCents('25.5')).toBe(2550);
    expect(dollarTextToCents('0.07')).toBe(7);
  });
  it('a discount or charge needs a description and a non-zero value', () => {
    const r = AddDiscountOrChargeRequest.safeParse({ custom_description: ' ', value: 0 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Required', 'The value must not be 0.']);
  });
  it('an expiry is a month or a date; its last day is stored', () => {
    expect(UpdateExpiryRequest.safeParse({ card_exp_datetime: '2027-02' }).success).toBe(true);
    expect(UpdateExpiryRequest.safeParse({ card_exp_datetime: '2027-13' }).success).toBe(false);
    expect(lastDayOfExpiryMonth('2028-02')).toBe('2028-02-29');
    expect(lastDayOfExpiryMonth('2027-04-10')).toBe('2027-04-30');
  });
});

describe('templatePatients', () => {
  const patient = {
    patient_name: 'Ava Stone',
    doctor_name: 'Dana Doctor',
    doctor_account_number: 'DR-100200',
    case_number_text: 'C-1001',
    creation_date: '2026-11-02',
    base_fee: 15000,
    deductions: [{ label: 'Volume discount', value: 1500 }],
    add_ons: [{ label: 'Rush case', value: 5000 }],
    total: 18500,
  };
  it('reads the per-patient entries of a version 2 invoice only', () => {
    expect(templatePatients({ template_version: 2, template_data: { patients: [patient] } })).toEqual([
      patient,
    ]);
    expect(templatePatients({ template_version: 1, template_data: { patients: [patient] } })).toEqual([]);
    expect(
      templatePatients({ template_version: 2, template_data: { patients: [{ patient_name: 1 }] } }),
    ).toEqual([]);
    expect(templatePatients({ template_version: 2, template_data: {} })).toEqual([]);
  });
});
