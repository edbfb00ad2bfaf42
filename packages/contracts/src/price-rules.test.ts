import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  applyCreditsCents,
  archCount,
  cardFeeCents,
  caseCharges,
  customFieldFeeCents,
  orderTotals,
  percentOfCents,
  perArchFeeCents,
  promotionCodeCoversFee,
  promotionCodeDiscountCents,
  rootIntegrationFeeCents,
  rushFeeCents,
  shippingFeeCents,
  sumCents,
  volumeDiscountCents,
  volumeDiscountTier,
  type PriceList,
} from './price-rules.ts';

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
    flat_monthly: 19900,
    root_integration: 4000,
    root_integration_with_ai: 6000,
  },
  arch_volume_discounts: [
    { volume: 10, discount: 5 },
    { volume: 50, discount: 12.5 },
    { volume: 100, discount: 20 },
  ],
  custom_rxform: [
    {
      id: 'retainer',
      label: 'Retainer',
      options: [
        { id: 'none', label: 'None', price: 0 },
        { id: 'essix', label: 'Essix', price: 1500 },
        { id: 'vivera', label: 'Vivera', price: 4999 },
      ],
    },
  ],
};

describe('per-arch fees and the rush fee', () => {
  it.each([
    { jaws: 1, arches: 1 },
    { jaws: 2, arches: 1 },
    { jaws: 3, arches: 2 },
    { jaws: null, arches: 1 },
  ])('jaws_id $jaws counts $arches arch(es)', ({ jaws, arches }) => {
    expect(archCount(jaws)).toBe(arches);
    expect(perArchFeeCents(7500, jaws)).toBe(7500 * arches);
  });

  it.each([
    { case: 'upper arch, rush', rush: true, jaws: 1, cents: 5000 },
    { case: 'lower arch, rush', rush: true, jaws: 2, cents: 5000 },
    { case: 'both arches, rush: doubled', rush: true, jaws: 3, cents: 10000 },
    { case: 'both arches, no rush', rush: false, jaws: 3, cents: 0 },
  ])('$case -> $cents cents', ({ rush, jaws, cents }) => {
    expect(rushFeeCents(PRICES.arch_fees, rush, jaws)).toBe(cents);
  });
});

describe('root integration, exports, shipping and custom fields', () => {
  it.each([
    { type: 0, cents: 0 },
    { type: 1, cents: 4000 },
    { type: 2, cents: 6000 },
    { type: null, cents: 0 },
  ])('root integration type $type -> $cents cents', ({ type, cents }) => {
    expect(rootIntegrationFeeCents(PRICES.settings, type)).toBe(cents);
  });

  it.each([
    { key: 'express', cents: 2500 },
    { key: 'lightspeed', cents: 9000 },
    { key: 'international', cents: 6000 },
    { key: null, cents: 0 },
    { key: 'standard', cents: 0 },
  ])('shipping key $key -> $cents cents', ({ key, cents }) => {
    expect(shippingFeeCents(PRICES.shipping_fees, key)).toBe(cents);
  });

  it.each([
    { chosen: 'essix', cents: 1500 },
    { chosen: ['essix', 'vivera'], cents: 6499 },
    { chosen: 'none', cents: 0 },
    { chosen: 'unknown', cents: 0 },
    { chosen: null, cents: 0 },
  ])('custom field answer $chosen -> $cents cents', ({ chosen, cents }) => {
    expect(customFieldFeeCents(PRICES.custom_rxform, 'retainer', chosen)).toBe(cents);
  });

  it('an unknown custom field costs nothing', () => {
    expect(customFieldFeeCents(PRICES.custom_rxform, 'other', 'essix')).toBe(0);
  });
});

describe('caseCharges: every priced line of a case', () => {
  it('both arches with rush, setup, print, AI roots, urgent shipping and a custom field', () => {
    const lines = caseCharges(
      {
        jaws_id: 3,
        rush_case: true,
        root_integration_type: 2,
        services: { initial_case_setup: true, print: true },
        exports: ['tray_design'],
        shipping_fee_key: 'urgent',
        custom_fields: { retainer: 'vivera' },
      },
      PRICES,
    );
    expect(lines.map((l) => [l.key, l.cents, l.lab])).toEqual([
      ['software', 5000, true],
      ['initial_case_setup', 15000, true],
      ['print', 8000, true],
      ['rush_case', 10000, false],
      ['root_integration', 6000, false],
      ['tray_design', 3000, false],
      ['shipping', 4500, false],
      ['custom:retainer', 4999, false],
    ]);
    expect(sumCents(lines)).toBe(56499);
  });

  it('one arch without extras is just the software fee; a custom shipping fee replaces the list price', () => {
    expect(caseCharges({ jaws_id: 1, rush_case: false, services: {} }, PRICES)).toEqual([
      { key: 'software', label: 'Software', cents: 2500, lab: true },
    ]);
    const shipped = caseCharges(
      { jaws_id: 2, rush_case: false, services: {}, shipping_fee_key: 'express', custom_shipping_fee: 1234 },
      PRICES,
    );
    expect(shipped.find((l) => l.key === 'shipping')?.cents).toBe(1234);
  });
});

describe('volume discounts', () => {
  it.each([
    { arches: 0, tier: undefined, off: 0 },
    { arches: 9, tier: undefined, off: 0 },
    { arches: 10, tier: 10, off: 500 },
    { arches: 49, tier: 10, off: 500 },
    { arches: 50, tier: 50, off: 1250 },
    { arches: 250, tier: 100, off: 2000 },
  ])('$arches arches -> tier $tier, $off cents off 10000', ({ arches, tier, off }) => {
    expect(volumeDiscountTier(PRICES.arch_volume_discounts, arches)?.volume).toBe(tier);
    expect(volumeDiscountCents(10000, PRICES.arch_volume_discounts, arches)).toBe(off);
  });

  it('rounds a fractional cent half up', () => {
    // 12.5 % of 999 = 124.875 -> 125
    expect(volumeDiscountCents(999, PRICES.arch_volume_discounts, 60)).toBe(125);
    // 5 % of 10 = 0.5 -> 1
    expect(volumeDiscountCents(10, PRICES.arch_volume_discounts, 10)).toBe(1);
  });

  it('the tiers need not be sorted; no tiers, no discount', () => {
    expect(
      volumeDiscountTier(
        [
          { volume: 20, discount: 3 },
          { volume: 5, discount: 1 },
        ],
        30,
      )?.discount,
    ).toBe(3);
    expect(volumeDiscountCents(10000, [], 500)).toBe(0);
  });
});

describe('promotion codes', () => {
  it.each([
    {
      case: 'fixed $25 off $500',
      code: { value: 2500, is_fixed: true },
      base: 50000,
      off: 2500,
      covers: false,
    },
    {
      case: 'fixed larger than the fee',
      code: { value: 80000, is_fixed: true },
      base: 50000,
      off: 50000,
      covers: true,
    },
    { case: '50 % of $500', code: { value: 50, is_fixed: false }, base: 50000, off: 25000, covers: false },
    {
      case: '100 % of the monthly fee',
      code: { value: 100, is_fixed: false },
      base: 19900,
      off: 19900,
      covers: true,
    },
    {
      case: '12.5 % of $9.99 rounds half up',
      code: { value: 12.5, is_fixed: false },
      base: 999,
      off: 125,
      covers: false,
    },
    { case: '33.33 % of $1.00', code: { value: 33.33, is_fixed: false }, base: 100, off: 33, covers: false },
    { case: 'nothing to discount', code: { value: 2500, is_fixed: true }, base: 0, off: 0, covers: false },
    { case: 'a zero code', code: { value: 0, is_fixed: false }, base: 5000, off: 0, covers: false },
  ])('$case -> $off cents', ({ code, base, off, covers }) => {
    expect(promotionCodeDiscountCents(code, base)).toBe(off);
    expect(promotionCodeCoversFee(code, base)).toBe(covers);
  });
});

describe('credits', () => {
  it.each([
    { due: 10000, credits: 2500, applied: 2500, remaining: 0, left: 7500 },
    { due: 10000, credits: 10000, applied: 10000, remaining: 0, left: 0 },
    { due: 10000, credits: 25000, applied: 10000, remaining: 15000, left: 0 },
    { due: 0, credits: 500, applied: 0, remaining: 500, left: 0 },
  ])('$credits credits on $due due', ({ due, credits, applied, remaining, left }) => {
    expect(applyCreditsCents(due, credits)).toEqual({
      appliedCents: applied,
      remainingCents: remaining,
      dueCents: left,
    });
  });
});

describe('card fee (1.49 %, none on ACH)', () => {
  it.each([
    { amount: 10000, method: 'card' as const, fee: 149 },
    { amount: 50000, method: 'card' as const, fee: 745 },
    { amount: 1000, method: 'card' as const, fee: 15 }, // 14.9 -> 15
    { amount: 3356, method: 'card' as const, fee: 50 }, // 50.0044 -> 50
    { amount: 3357, method: 'card' as const, fee: 50 }, // 50.0193 -> 50
    { amount: 3389, method: 'card' as const, fee: 50 }, // 50.4961 -> 50
    { amount: 3390, method: 'card' as const, fee: 51 }, // 50.511 -> 51
    { amount: 0, method: 'card' as const, fee: 0 },
    { amount: 10000, method: 'bank' as const, fee: 0 },
    { amount: 10000, method: null, fee: 0 },
  ])('$amount cents by $method -> $fee', ({ amount, method, fee }) => {
    expect(cardFeeCents(amount, method)).toBe(fee);
  });

  it('rounds exactly half a cent up, with integer arithmetic', () => {
    expect(applyBasisPoints(1, 5000)).toBe(1);
    expect(applyBasisPoints(1, 4999)).toBe(0);
    expect(percentOfCents(1010, 0.1)).toBe(1); // 1.01 -> 1
  });
});

describe('orderTotals', () => {
  it.each([
    {
      case: 'monthly fee and a case, paid by card',
      amounts: { items: [19900, 56499], method: 'card' as const },
      totals: {
        subtotal: 76399,
        discounts: 0,
        charges: 0,
        credits: 0,
        credits_remaining: 0,
        credit_card_fee: 1138,
        total: 77537,
      },
    },
    {
      case: 'same by ACH',
      amounts: { items: [19900, 56499], method: 'bank' as const },
      totals: {
        subtotal: 76399,
        discounts: 0,
        charges: 0,
        credits: 0,
        credits_remaining: 0,
        credit_card_fee: 0,
        total: 76399,
      },
    },
    {
      case: 'first month free (100 % code) and a periodic charge',
      amounts: { items: [19900], discounts: [19900], charges: [1000], method: 'card' as const },
      totals: {
        subtotal: 19900,
        discounts: 19900,
        charges: 1000,
        credits: 0,
        credits_remaining: 0,
        credit_card_fee: 15,
        total: 1015,
      },
    },
    {
      case: 'credits larger than the order pay it all, no card fee',
      amounts: { items: [19900], discounts: [900], creditsCents: 50000, method: 'card' as const },
      totals: {
        subtotal: 19900,
        discounts: 900,
        charges: 0,
        credits: 19000,
        credits_remaining: 31000,
        credit_card_fee: 0,
        total: 0,
      },
    },
    {
      case: 'discounts larger than the subtotal stop at zero',
      amounts: { items: [5000], discounts: [3000, 4000], method: 'card' as const },
      totals: {
        subtotal: 5000,
        discounts: 5000,
        charges: 0,
        credits: 0,
        credits_remaining: 0,
        credit_card_fee: 0,
        total: 0,
      },
    },
    {
      case: 'partial credits, the card fee on the rest',
      amounts: { items: [10000], creditsCents: 2500, method: 'card' as const },
      totals: {
        subtotal: 10000,
        discounts: 0,
        charges: 0,
        credits: 2500,
        credits_remaining: 0,
        credit_card_fee: 112,
        total: 7612,
      },
    },
  ])('$case', ({ amounts, totals }) => {
    expect(orderTotals(amounts)).toEqual(totals);
  });
});
