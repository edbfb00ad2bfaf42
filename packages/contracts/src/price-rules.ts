/**
 * The price rules of billing, as pure functions over integer cents. Spec: document 3 sections 3
 * (Pricing, Promotion code), 5 (Pricing), 9 (card fee, volume discounts); document 2 section 9
 * (rush fee doubled for both arches, root integration fee).
 *
 * Every amount here is an integer number of cents (never dollars, never fractions of a cent).
 * Percentages are numbers from 0 to 100 with at most 2 decimals (12.5 means 12.5 %); they are
 * turned into basis points (1250) before any arithmetic, so no floating-point error reaches a cent.
 * Rounding is half up to the cent (0.5 cent becomes 1 cent).
 *
 * The monthly billing run builds an order from these, in this order:
 *   1. the case lines of each case charged in the period: `caseCharges` (per-arch fees, rush
 *      doubled for both arches, root integration, export fees, shipping fee, custom Rx form fields);
 *   2. the arch volume discount on the per-arch lab fees: `volumeDiscountCents` with the tier of
 *      the period's arch count (`volumeDiscountTier`);
 *   3. promotion codes and periodic rules: `promotionCodeDiscountCents`;
 *   4. `orderTotals`: subtotal, discounts, charges, credits (never more than the order), the card
 *      fee (1.49 % on cards, none on ACH) and the total.
 */

// ---------------------------------------------------------------------------------------------
// Names and constants
// ---------------------------------------------------------------------------------------------

/** The per-arch fees of a price list, in cents for ONE arch (document 3 section 3 'Pricing'). */
export const ARCH_FEE_KEYS = [
  'software',
  'initial_case_setup',
  'print',
  'insert_brackets',
  'rush_case',
] as const;
export type ArchFeeKey = (typeof ARCH_FEE_KEYS)[number];
export type ArchFees = Record<ArchFeeKey, number>;

/** The per-arch fees a volume discount lowers: the lab work, not the rush surcharge. */
export const LAB_FEE_KEYS = ['software', 'initial_case_setup', 'print', 'insert_brackets'] as const;
export type LabFeeKey = (typeof LAB_FEE_KEYS)[number];

/** The export fees, in cents per case. */
export const EXPORT_FEE_KEYS = [
  'export_with_guides',
  'export_with_brackets',
  'export_tray',
  'export_aligner_models',
  'tray_design',
] as const;
export type ExportFeeKey = (typeof EXPORT_FEE_KEYS)[number];
export type ExportFees = Record<ExportFeeKey, number>;

/** The shipping fees, in cents per shipment (the shipping methods' fee_key). */
export const SHIPPING_FEE_KEYS = ['express', 'urgent', 'lightspeed', 'international'] as const;
export type ShippingFeeKey = (typeof SHIPPING_FEE_KEYS)[number];
export type ShippingFees = Record<ShippingFeeKey, number>;

/** Arch (jaw) types: 1 Maxillary, 2 Mandibular, 3 Both (document 2 section 9). */
export const JAWS = { maxillary: 1, mandibular: 2, both: 3 } as const;

/** Root integration types: 0 No, 1 Upload DICOM, 2 AI-generated (document 2 section 9). */
export const ROOT_INTEGRATION_TYPES = { none: 0, dicom: 1, ai: 2 } as const;

/** Credit cards carry a flat 1.49 % fee; ACH (bank) is free. In basis points. */
export const CARD_FEE_BASIS_POINTS = 149;

/** How a payment is made: a card pays the card fee, a bank account (ACH) does not. */
export type PaymentMethodType = 'card' | 'bank';

/** At most 4 custom volume-discount rows per price list (document 3 section 9). */
export const MAX_VOLUME_DISCOUNT_ROWS = 4;

// ---------------------------------------------------------------------------------------------
// Arithmetic helpers
// ---------------------------------------------------------------------------------------------

/** A percentage (0 to 100, at most 2 decimals) as basis points: 12.5 -> 1250. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** `amountCents` times `basisPoints` / 10000, rounded half up to the cent (non-negative amounts). */
export function applyBasisPoints(amountCents: number, basisPoints: number): number {
  if (amountCents <= 0 || basisPoints <= 0) return 0;
  // Integer arithmetic: the remainder decides the rounding, so 0.5 cent always goes up.
  const product = amountCents * basisPoints;
  const whole = Math.floor(product / 10000);
  return product - whole * 10000 >= 5000 ? whole + 1 : whole;
}

/** `percent` % of `amountCents`, rounded half up to the cent. */
export function percentOfCents(amountCents: number, percent: number): number {
  return applyBasisPoints(amountCents, percentToBasisPoints(percent));
}

/** Dollars (a number such as 12.34) as integer cents, exactly: 12.34 -> 1234. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents as dollars (a number with at most 2 decimals): 1234 -> 12.34. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Integer cents as the exact text of a decimal of dollars (a numeric(12, 2) column): 1234 -> '12.34'. */
export function centsToDecimalText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  return `${sign}${whole}.${String(abs - whole * 100).padStart(2, '0')}`;
}

/**
 * A decimal of dollars as stored (a numeric column read as a number or text, or a jsonb number)
 * as integer cents; anything that is not a number of at least 0 counts as 0.
 */
export function decimalDollarsToCents(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
}

/** The number of arches a case's jaws_id stands for: 2 for both, else 1. */
export function archCount(jawsId: number | null | undefined): 1 | 2 {
  return jawsId === JAWS.both ? 2 : 1;
}

// ---------------------------------------------------------------------------------------------
// Case charges
// ---------------------------------------------------------------------------------------------

/** A per-arch fee for a case: the fee of one arch times the arches (both arches pay twice). */
export function perArchFeeCents(feePerArchCents: number, jawsId: number | null | undefined): number {
  return feePerArchCents * archCount(jawsId);
}

/** The rush fee: arch_fees.rush_case, doubled when both arches are chosen; 0 when not a rush case. */
export function rushFeeCents(
  archFees: Pick<ArchFees, 'rush_case'>,
  rush: boolean,
  jawsId: number | null | undefined,
): number {
  return rush ? perArchFeeCents(archFees.rush_case, jawsId) : 0;
}

/** The root integration fee: the DICOM price for type 1, the AI price for type 2, none for 0. */
export function rootIntegrationFeeCents(
  settings: { root_integration: number; root_integration_with_ai: number },
  rootIntegrationType: number | null | undefined,
): number {
  if (rootIntegrationType === ROOT_INTEGRATION_TYPES.dicom) return settings.root_integration;
  if (rootIntegrationType === ROOT_INTEGRATION_TYPES.ai) return settings.root_integration_with_ai;
  return 0;
}

/** An export fee (per case). */
export function exportFeeCents(exportFees: ExportFees, key: ExportFeeKey): number {
  return exportFees[key] ?? 0;
}

/** A shipping fee by the shipping method's fee key; a method without a key (standard) is free. */
export function shippingFeeCents(shippingFees: ShippingFees, key: string | null | undefined): number {
  return key && (SHIPPING_FEE_KEYS as readonly string[]).includes(key)
    ? shippingFees[key as ShippingFeeKey]
    : 0;
}

/** A custom Rx form field with priced options (the pricing's custom_rxform entry). */
export interface PricedField {
  /** The form-builder control id (or its custom system name). */
  id: string;
  label?: string;
  options: { id: string; label?: string; price: number }[];
}

/**
 * The price of a custom Rx form field's answer: the sum of the prices of the chosen options (one
 * for a dropdown or radios, several for checkboxes). Unknown fields or options cost nothing.
 */
export function customFieldFeeCents(
  fields: readonly PricedField[],
  fieldId: string,
  chosen: unknown,
): number {
  const field = fields.find((f) => f.id === fieldId);
  if (!field) return 0;
  const picked = Array.isArray(chosen) ? chosen.map(String) : chosen == null ? [] : [String(chosen)];
  return field.options.filter((o) => picked.includes(String(o.id))).reduce((sum, o) => sum + o.price, 0);
}

/** What a case asks for, as the billing run reads it from the case and its Rx form. */
export interface CaseOrder {
  /** 1 Maxillary, 2 Mandibular, 3 Both. */
  jaws_id: number | null;
  rush_case: boolean;
  /** 0 No, 1 Upload DICOM, 2 AI-generated. */
  root_integration_type?: number | null;
  /** The per-arch services done by the provider for this case (software is always charged). */
  services: Partial<Record<LabFeeKey, boolean>>;
  /** Export fees of the case. */
  exports?: readonly ExportFeeKey[];
  /** The shipping method's fee key, when the case shipped with a priced method. */
  shipping_fee_key?: string | null;
  /** A fee typed on the shipment instead of the price list's (cents), when any. */
  custom_shipping_fee?: number | null;
  /** The answers of custom Rx form fields, by field id. */
  custom_fields?: Record<string, unknown>;
}

/** A price list in cents, as the pricing API returns it (global or an organization's). */
export interface PriceList {
  arch_fees: ArchFees;
  export_fees: ExportFees;
  shipping_fees: ShippingFees;
  settings: {
    delay_case_charging: number;
    delay_payment_processing: number;
    flat_monthly: number;
    root_integration: number;
    root_integration_with_ai: number;
  };
  arch_volume_discounts: readonly VolumeDiscount[];
  custom_rxform: readonly PricedField[];
}

/** One priced line of a case. `lab` lines are what a volume discount lowers. */
export interface CaseChargeLine {
  key: string;
  label: string;
  cents: number;
  lab: boolean;
}

const LINE_LABELS: Record<ArchFeeKey | ExportFeeKey | 'root_integration' | 'shipping', string> = {
  software: 'Software',
  initial_case_setup: 'Initial Case Setup',
  print: 'Print',
  insert_brackets: 'Insert Brackets',
  rush_case: 'Rush Case',
  export_with_guides: 'Export with Guides',
  export_with_brackets: 'Export with Brackets',
  export_tray: 'Export Tray',
  export_aligner_models: 'Export Aligner Models',
  tray_design: 'Tray Design',
  root_integration: 'Root Integration',
  shipping: 'Shipping',
};

/**
 * Every priced line of one case: software and each chosen per-arch service (times the arches),
 * the rush fee (doubled for both arches), root integration, exports, shipping (a custom shipping
 * fee replaces the price list's) and custom Rx form fields. Lines of 0 cents are left out.
 */
export function caseCharges(order: CaseOrder, prices: PriceList): CaseChargeLine[] {
  const lines: CaseChargeLine[] = [];
  const add = (key: string, label: string, cents: number, lab: boolean) => {
    if (cents > 0) lines.push({ key, label, cents, lab });
  };
  add('software', LINE_LABELS.software, perArchFeeCents(prices.arch_fees.software, order.jaws_id), true);
  for (const key of ['initial_case_setup', 'print', 'insert_brackets'] as const) {
    if (order.services[key])
      add(key, LINE_LABELS[key], perArchFeeCents(prices.arch_fees[key], order.jaws_id), true);
  }
  add(
    'rush_case',
    LINE_LABELS.rush_case,
    rushFeeCents(prices.arch_fees, order.rush_case, order.jaws_id),
    false,
  );
  add(
    'root_integration',
    LINE_LABELS.root_integration,
    rootIntegrationFeeCents(prices.settings, order.root_integration_type),
    false,
  );
  for (const key of order.exports ?? [])
    add(key, LINE_LABELS[key], exportFeeCents(prices.export_fees, key), false);
  const shipping =
    order.custom_shipping_fee !== null && order.custom_shipping_fee !== undefined
      ? order.custom_shipping_fee
      : shippingFeeCents(prices.shipping_fees, order.shipping_fee_key);
  add('shipping', LINE_LABELS.shipping, shipping, false);
  for (const [fieldId, value] of Object.entries(order.custom_fields ?? {})) {
    const field = prices.custom_rxform.find((f) => f.id === fieldId);
    add(
      `custom:${fieldId}`,
      field?.label ?? fieldId,
      customFieldFeeCents(prices.custom_rxform, fieldId, value),
      false,
    );
  }
  return lines;
}

/** The sum of lines (cents). */
export function sumCents(lines: readonly { cents: number }[]): number {
  return lines.reduce((sum, l) => sum + l.cents, 0);
}

// ---------------------------------------------------------------------------------------------
// Volume discounts
// ---------------------------------------------------------------------------------------------

/** A volume tier: from `volume` arches in a billing period, `discount` % off the lab fees. */
export interface VolumeDiscount {
  volume: number;
  /** Percent, 0 to 100, at most 2 decimals. */
  discount: number;
  /** A row of the global price list (shown, not edited, on an organization's list). */
  is_global?: boolean;
}

/**
 * The tier that applies to `arches` arches in the period: the one with the highest volume not
 * above the count (none below the lowest tier). Tiers of 0 volume apply from the first arch.
 */
export function volumeDiscountTier(
  tiers: readonly VolumeDiscount[],
  arches: number,
): VolumeDiscount | undefined {
  let best: VolumeDiscount | undefined;
  for (const tier of tiers) {
    if (tier.volume <= arches && (!best || tier.volume > best.volume)) best = tier;
  }
  return best;
}

/** The volume discount (cents) on `labFeesCents` for `arches` arches in the period. */
export function volumeDiscountCents(
  labFeesCents: number,
  tiers: readonly VolumeDiscount[],
  arches: number,
): number {
  const tier = volumeDiscountTier(tiers, arches);
  return tier ? percentOfCents(labFeesCents, tier.discount) : 0;
}

// ---------------------------------------------------------------------------------------------
// Promotion codes, credits, card fee, totals
// ---------------------------------------------------------------------------------------------

/** A promotion code's amount: `value` is cents when is_fixed, else a percent (0 to 100). */
export interface PromotionCodeAmount {
  value: number;
  is_fixed: boolean;
}

/**
 * The discount a promotion code gives on `baseCents` (the fee it applies to): a fixed code takes
 * its value off, a percent code that share (rounded half up); never more than the base.
 */
export function promotionCodeDiscountCents(code: PromotionCodeAmount, baseCents: number): number {
  if (baseCents <= 0) return 0;
  const off = code.is_fixed ? code.value : percentOfCents(baseCents, code.value);
  return Math.max(0, Math.min(baseCents, off));
}

/** Whether a code replaces the whole fee (the invoice strikes the fee through). */
export function promotionCodeCoversFee(code: PromotionCodeAmount, baseCents: number): boolean {
  return baseCents > 0 && promotionCodeDiscountCents(code, baseCents) >= baseCents;
}

/**
 * Credits used on an order: at most the amount due. A credit larger than the order pays it all
 * and the rest stays for later (`remainingCents`).
 */
export function applyCreditsCents(
  dueCents: number,
  creditsCents: number,
): { appliedCents: number; remainingCents: number; dueCents: number } {
  const applied = Math.max(0, Math.min(dueCents, creditsCents));
  return { appliedCents: applied, remainingCents: creditsCents - applied, dueCents: dueCents - applied };
}

/** The card fee: 1.49 % of the amount charged, rounded half up to the cent; none on ACH or nothing. */
export function cardFeeCents(amountCents: number, method: PaymentMethodType | null | undefined): number {
  return method === 'card' ? applyBasisPoints(amountCents, CARD_FEE_BASIS_POINTS) : 0;
}

/** What goes into an order's totals (all cents, all non-negative). */
export interface OrderAmounts {
  /** Items: monthly fee, case lines, start-up fee. */
  items: readonly number[];
  /** Discounts: promotion codes, volume discounts, periodic discounts, manual discounts. */
  discounts?: readonly number[];
  /** Charges: periodic charges, manual charges. */
  charges?: readonly number[];
  /** The organization's available credits. */
  creditsCents?: number;
  /** The primary payment method's type (null: none on file, no card fee). */
  method?: PaymentMethodType | null;
}

export interface OrderTotals {
  subtotal: number;
  discounts: number;
  charges: number;
  /** Credits used (never more than what is due). */
  credits: number;
  /** Credits left for a later order. */
  credits_remaining: number;
  credit_card_fee: number;
  total: number;
}

/**
 * An order's totals: subtotal (items), minus discounts (never below 0), plus charges, minus
 * credits (at most the amount due), plus the card fee on what is left to charge.
 */
export function orderTotals(amounts: OrderAmounts): OrderTotals {
  const subtotal = amounts.items.reduce((s, v) => s + v, 0);
  const discounts = Math.min(
    subtotal,
    (amounts.discounts ?? []).reduce((s, v) => s + v, 0),
  );
  const charges = (amounts.charges ?? []).reduce((s, v) => s + v, 0);
  const credits = applyCreditsCents(subtotal - discounts + charges, amounts.creditsCents ?? 0);
  const fee = cardFeeCents(credits.dueCents, amounts.method);
  return {
    subtotal,
    discounts,
    charges,
    credits: credits.appliedCents,
    credits_remaining: credits.remainingCents,
    credit_card_fee: fee,
    total: credits.dueCents + fee,
  };
}
