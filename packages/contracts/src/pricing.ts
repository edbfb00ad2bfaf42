import { z } from 'zod';
import {
  ARCH_FEE_KEYS,
  EXPORT_FEE_KEYS,
  MAX_VOLUME_DISCOUNT_ROWS,
  SHIPPING_FEE_KEYS,
  type ArchFeeKey,
  type ExportFeeKey,
  type ShippingFeeKey,
} from './price-rules.ts';
import { shippingMoney } from './requests.ts';

/**
 * Pricing (Customize Fees): the global price list and an organization's own. Spec: document 3
 * sections 2.13, 3 'Pricing', 5 'Pricing', 6 (pricing.update, organization.pricing.update), 7, 9.
 *
 * Money is integer cents in the API (fees, flat monthly, root integration, additional seat, custom
 * field prices);
 * volume discounts are percentages (0 to 100, at most 2 decimals); delays are whole days.
 */

export const PRICING_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid value',
  dayMin: 'Must not be less than 1 day.',
  max20Days: 'Must not exceed 20 days.',
  max10Days: 'Must not exceed 10 days.',
  discount: 'Invalid discount percentage.',
  tooManyRows: `At most ${MAX_VOLUME_DISCOUNT_ROWS} custom volume discounts can be added.`,
  duplicateVolume: 'Each volume can be used only once.',
  updated: 'Pricing successfully updated.',
  reset: 'The organization now uses the global pricing.',
} as const;

/** The largest amount a price takes: $1,000,000,000.00 (the credits input maximum is 1e9). */
export const MAX_PRICE_CENTS = 100_000_000_000;
/** The largest volume (arches in a billing period) a tier may start at. */
export const MAX_VOLUME = 1_000_000;

export const DELAY_CASE_CHARGING_DAYS = { min: 1, max: 20 } as const;
export const DELAY_PAYMENT_PROCESSING_DAYS = { min: 1, max: 10 } as const;

/** Labels of the fee inputs, in the order the Customize Fees form shows them. */
export const ARCH_FEE_LABELS: Record<ArchFeeKey, string> = {
  software: 'Software',
  initial_case_setup: 'Initial Case Setup',
  print: 'Print',
  insert_brackets: 'Insert Brackets',
  rush_case: 'Rush Case',
};
export const EXPORT_FEE_LABELS: Record<ExportFeeKey, string> = {
  export_with_guides: 'Export with Guides',
  export_with_brackets: 'Export with Brackets',
  export_tray: 'Export Tray',
  export_aligner_models: 'Export Aligner Models',
  tray_design: 'Tray Design',
};
export const SHIPPING_FEE_LABELS: Record<ShippingFeeKey, string> = {
  express: 'Express',
  urgent: 'Urgent',
  lightspeed: 'Lightspeed',
  international: 'International',
};

const requiredOrInvalid = (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? PRICING_MESSAGES.required : PRICING_MESSAGES.invalid;

/** A price in integer cents, at least 0: 'Required' / 'Invalid value'. */
export const priceCents = z
  .number({ error: requiredOrInvalid })
  .int({ error: PRICING_MESSAGES.invalid, abort: true })
  .min(0, { error: PRICING_MESSAGES.invalid, abort: true })
  .max(MAX_PRICE_CENTS, PRICING_MESSAGES.invalid);

const days = (max: number, maxMessage: string) =>
  z
    .number({ error: requiredOrInvalid })
    .int({ error: PRICING_MESSAGES.invalid, abort: true })
    .min(1, { error: PRICING_MESSAGES.dayMin, abort: true })
    .max(max, maxMessage);

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A volume-discount percentage: 0 to 100, at most 2 decimals ('Invalid discount percentage.'). */
export const discountPercent = z
  .number({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? PRICING_MESSAGES.required : PRICING_MESSAGES.discount,
  })
  .min(0, { error: PRICING_MESSAGES.discount, abort: true })
  .max(100, { error: PRICING_MESSAGES.discount, abort: true })
  .refine(hasAtMostTwoDecimals, PRICING_MESSAGES.discount);

const volume = z
  .number({ error: requiredOrInvalid })
  .int({ error: PRICING_MESSAGES.invalid, abort: true })
  .min(0, { error: PRICING_MESSAGES.invalid, abort: true })
  .max(MAX_VOLUME, PRICING_MESSAGES.invalid);

const feeObject = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, priceCents])) as Record<K, typeof priceCents>);

export const ArchFeesSchema = feeObject(ARCH_FEE_KEYS);
export const ExportFeesSchema = feeObject(EXPORT_FEE_KEYS);
export const ShippingFeesSchema = feeObject(SHIPPING_FEE_KEYS);

export const PricingSettingsSchema = z.object({
  delay_case_charging: days(DELAY_CASE_CHARGING_DAYS.max, PRICING_MESSAGES.max20Days),
  delay_payment_processing: days(DELAY_PAYMENT_PROCESSING_DAYS.max, PRICING_MESSAGES.max10Days),
  flat_monthly: priceCents,
  root_integration: priceCents,
  root_integration_with_ai: priceCents,
  /** The price of one seat bought on the account page's Extra tab. */
  additional_seat: priceCents,
});

export const VolumeDiscountSchema = z.object({
  volume,
  discount: discountPercent,
  /** Set by the server: true on the global list's rows. Ignored when sent. */
  is_global: z.boolean().optional(),
});

const shortText = (max: number) => z.string().trim().min(1, PRICING_MESSAGES.required).max(max);

/** A custom Rx form field whose options carry prices (the form builder's fee-enabled controls). */
export const PricedFieldSchema = z.object({
  id: shortText(100),
  label: z.string().trim().max(255).default(''),
  options: z
    .array(z.object({ id: shortText(100), label: z.string().trim().max(255).default(''), price: priceCents }))
    .max(100),
});

export const VolumeDiscountsSchema = z
  .array(VolumeDiscountSchema)
  .max(MAX_VOLUME_DISCOUNT_ROWS, PRICING_MESSAGES.tooManyRows)
  .superRefine((rows, ctx) => {
    const seen = new Set<number>();
    rows.forEach((row, i) => {
      if (seen.has(row.volume))
        ctx.addIssue({ code: 'custom', path: [i, 'volume'], message: PRICING_MESSAGES.duplicateVolume });
      seen.add(row.volume);
    });
  });

/** PUT /pricing and PUT /organizations/{id}/pricing: the whole price list (cents). */
export const UpdatePricingRequest = z.object({
  arch_fees: ArchFeesSchema,
  export_fees: ExportFeesSchema,
  shipping_fees: ShippingFeesSchema,
  settings: PricingSettingsSchema,
  arch_volume_discounts: VolumeDiscountsSchema,
  /** Absent: the custom field prices are kept as they are. */
  custom_rxform: z.array(PricedFieldSchema).max(200).optional(),
});
export type UpdatePricingRequest = z.input<typeof UpdatePricingRequest>;
export type UpdatePricingValues = z.output<typeof UpdatePricingRequest>;

/** A price list as the API returns it (cents). */
export const Pricing = z.object({
  /** null for the global price list. */
  organization_id: z.number().int().nullable(),
  /** For an organization: whether it has its own prices (false: the global ones apply). */
  is_custom: z.boolean(),
  arch_fees: z.object(
    Object.fromEntries(ARCH_FEE_KEYS.map((k) => [k, z.number().int()])) as Record<ArchFeeKey, z.ZodNumber>,
  ),
  export_fees: z.object(
    Object.fromEntries(EXPORT_FEE_KEYS.map((k) => [k, z.number().int()])) as Record<
      ExportFeeKey,
      z.ZodNumber
    >,
  ),
  shipping_fees: z.object(
    Object.fromEntries(SHIPPING_FEE_KEYS.map((k) => [k, z.number().int()])) as Record<
      ShippingFeeKey,
      z.ZodNumber
    >,
  ),
  settings: z.object({
    delay_case_charging: z.number().int(),
    delay_payment_processing: z.number().int(),
    flat_monthly: z.number().int(),
    root_integration: z.number().int(),
    root_integration_with_ai: z.number().int(),
    additional_seat: z.number().int(),
  }),
  arch_volume_discounts: z.array(
    z.object({ volume: z.number().int(), discount: z.number(), is_global: z.boolean() }),
  ),
  custom_rxform: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      options: z.array(z.object({ id: z.string(), label: z.string(), price: z.number().int() })),
    }),
  ),
  updated_at: z.string().nullable(),
});
export type Pricing = z.infer<typeof Pricing>;

export const PricingResponse = z.object({ pricing: Pricing });
export const PricingMessageResponse = z.object({ message: z.string(), pricing: Pricing });
export const OrganizationPricingParams = z.object({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------------------------------------
// The Customize Fees form: dollars and percent typed as text, sent as UpdatePricingRequest
// ---------------------------------------------------------------------------------------------

/**
 * A price typed in dollars, turned into cents by the bundled shipments' money transform
 * (`shippingMoney`); its refusals show as the pricing messages: empty 'Required', anything else
 * that is not a number of at least 0 'Invalid value'.
 */
export const priceDollarsInput = z.union([z.string(), z.number(), z.null()]).transform((v, ctx) => {
  const parsed = shippingMoney.safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.invalid });
    return z.NEVER;
  }
  if (parsed.data === null || parsed.data === undefined) {
    ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.required });
    return z.NEVER;
  }
  if (parsed.data > MAX_PRICE_CENTS) {
    ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.invalid });
    return z.NEVER;
  }
  return parsed.data;
});

const numberText = (schema: z.ZodType<number>) =>
  z.union([z.string(), z.number(), z.null()]).transform((v, ctx) => {
    const text = v === null ? '' : String(v).trim();
    const n = text === '' ? undefined : /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
    const result = schema.safeParse(n);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return result.data;
  });

const dollarFields = <K extends string>(keys: readonly K[]) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, priceDollarsInput])) as Record<K, typeof priceDollarsInput>,
  );

/** The Customize Fees form (every message of document 3 section 5 'Pricing'). */
export const PricingForm = z.object({
  arch_fees: dollarFields(ARCH_FEE_KEYS),
  export_fees: dollarFields(EXPORT_FEE_KEYS),
  shipping_fees: dollarFields(SHIPPING_FEE_KEYS),
  settings: z.object({
    delay_case_charging: numberText(PricingSettingsSchema.shape.delay_case_charging),
    delay_payment_processing: numberText(PricingSettingsSchema.shape.delay_payment_processing),
    flat_monthly: priceDollarsInput,
    root_integration: priceDollarsInput,
    root_integration_with_ai: priceDollarsInput,
    additional_seat: priceDollarsInput,
  }),
  arch_volume_discounts: z
    .array(z.object({ volume: numberText(volume), discount: numberText(discountPercent) }))
    .max(MAX_VOLUME_DISCOUNT_ROWS, PRICING_MESSAGES.tooManyRows)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, i) => {
        if (seen.has(row.volume))
          ctx.addIssue({ code: 'custom', path: [i, 'volume'], message: PRICING_MESSAGES.duplicateVolume });
        seen.add(row.volume);
      });
    }),
  /** The prices of the custom Rx form fields' options (dollars typed). */
  custom_rxform: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      options: z.array(z.object({ id: z.string(), label: z.string(), price: priceDollarsInput })),
    }),
  ),
});
export type PricingFormInput = z.input<typeof PricingForm>;
export type PricingFormOutput = z.output<typeof PricingForm>;

/** Cents as the text of a dollar input: 1250 -> '12.50'. */
export const centsToDollarText = (cents: number) => (cents / 100).toFixed(2);

/** The form's starting values from a price list. */
export function pricingFormValues(p: Pricing): PricingFormInput {
  const dollars = <K extends string>(o: Record<K, number>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, centsToDollarText(v as number)])) as Record<
      K,
      string
    >;
  return {
    arch_fees: dollars(p.arch_fees),
    export_fees: dollars(p.export_fees),
    shipping_fees: dollars(p.shipping_fees),
    settings: {
      delay_case_charging: String(p.settings.delay_case_charging),
      delay_payment_processing: String(p.settings.delay_payment_processing),
      flat_monthly: centsToDollarText(p.settings.flat_monthly),
      root_integration: centsToDollarText(p.settings.root_integration),
      root_integration_with_ai: centsToDollarText(p.settings.root_integration_with_ai),
      additional_seat: centsToDollarText(p.settings.additional_seat),
    },
    arch_volume_discounts: p.arch_volume_discounts.map((r) => ({
      volume: String(r.volume),
      discount: String(r.discount),
    })),
    custom_rxform: p.custom_rxform.map((f) => ({
      id: f.id,
      label: f.label,
      options: f.options.map((o) => ({ id: o.id, label: o.label, price: centsToDollarText(o.price) })),
    })),
  };
}
