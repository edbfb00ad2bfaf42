import { describe, expect, it } from 'vitest';
import {
  PRICING_MESSAGES,
  PricingForm,
  pricingFormValues,
  type Pricing,
  type PricingFormInput,
} from './pricing.ts';

type V = PricingFormInput;
import { centsToDecimalText, decimalDollarsToCents } from './price-rules.ts';

const pricing: Pricing = {
  organization_id: null,
  is_custom: false,
  arch_fees: {
    software: 2500,
    initial_case_setup: 7500,
    print: 4000,
    insert_brackets: 3000,
    rush_case: 5050,
  },
  export_fees: {
    export_with_guides: 0,
    export_with_brackets: 0,
    export_tray: 1500,
    export_aligner_models: 0,
    tray_design: 0,
  },
  shipping_fees: { express: 2500, urgent: 4500, lightspeed: 9000, international: 6000 },
  settings: {
    delay_case_charging: 5,
    delay_payment_processing: 3,
    flat_monthly: 19999,
    root_integration: 4000,
    root_integration_with_ai: 6000,
    additional_seat: 5000,
  },
  arch_volume_discounts: [{ volume: 20, discount: 7.5, is_global: true }],
  custom_rxform: [],
  updated_at: null,
};

const errorsOf = (input: unknown) => {
  const r = PricingForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Customize Fees form', () => {
  it('shows cents as dollars with 2 decimals and sends them back as the same cents', () => {
    const values = pricingFormValues(pricing);
    expect(values.arch_fees.rush_case).toBe('50.50');
    expect(values.settings.flat_monthly).toBe('199.99');
    expect(values.arch_volume_discounts).toEqual([{ volume: '20', discount: '7.5' }]);
    const out = PricingForm.parse(values);
    expect(out.arch_fees).toEqual(pricing.arch_fees);
    expect(out.settings).toEqual(pricing.settings);
    expect(out.arch_volume_discounts).toEqual([{ volume: 20, discount: 7.5 }]);
  });

  it.each([
    ['arch_fees.software', (v: V): void => void (v.arch_fees.software = ''), PRICING_MESSAGES.required],
    ['arch_fees.print', (v: V): void => void (v.arch_fees.print = '-1'), PRICING_MESSAGES.invalid],
    ['arch_fees.print', (v: V): void => void (v.arch_fees.print = 'ten'), PRICING_MESSAGES.invalid],
    [
      'settings.delay_case_charging',
      (v: V): void => void (v.settings.delay_case_charging = '0'),
      PRICING_MESSAGES.dayMin,
    ],
    [
      'settings.delay_case_charging',
      (v: V): void => void (v.settings.delay_case_charging = '21'),
      PRICING_MESSAGES.max20Days,
    ],
    [
      'settings.delay_payment_processing',
      (v: V): void => void (v.settings.delay_payment_processing = '11'),
      PRICING_MESSAGES.max10Days,
    ],
    [
      'settings.delay_payment_processing',
      (v: V): void => void (v.settings.delay_payment_processing = ''),
      PRICING_MESSAGES.required,
    ],
    [
      'arch_volume_discounts.0.discount',
      (v: V): void => void (v.arch_volume_discounts[0]!.discount = '100.5'),
      PRICING_MESSAGES.discount,
    ],
    [
      'arch_volume_discounts.0.volume',
      (v: V): void => void (v.arch_volume_discounts[0]!.volume = ''),
      PRICING_MESSAGES.required,
    ],
  ])('%s', (field, change, message) => {
    const values = pricingFormValues(pricing);
    change(values);
    expect(errorsOf(values)[field]).toBe(message);
  });

  it('at most 4 volume rows', () => {
    const values = pricingFormValues(pricing);
    values.arch_volume_discounts = ['1', '2', '3', '4', '5'].map((volume) => ({ volume, discount: '0' }));
    expect(errorsOf(values).arch_volume_discounts).toBe(PRICING_MESSAGES.tooManyRows);
  });
});

describe('dollars kept as decimals', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [100_000_000_000, '1000000000.00'],
  ])('%i cents <-> %s', (cents, text) => {
    expect(centsToDecimalText(cents)).toBe(text);
    expect(decimalDollarsToCents(text)).toBe(cents);
    expect(decimalDollarsToCents(Number(text))).toBe(cents);
  });

  it('anything that is not a positive number reads as 0', () => {
    for (const v of [null, undefined, 'abc', -5, Number.NaN, {}]) expect(decimalDollarsToCents(v)).toBe(0);
  });
});
