import type { Pricing, UpdatePricingValues } from '@archline/contracts';
import {
  ARCH_FEE_KEYS,
  EXPORT_FEE_KEYS,
  SHIPPING_FEE_KEYS,
  centsToDecimalText,
  decimalDollarsToCents,
} from '@archline/contracts/price-rules';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

/**
 * The pricing tables keep dollars (numeric(12, 2) columns, and dollar numbers inside the fee jsonb
 * columns, which the case form also reads). This repository is the edge where they become
 * integer cents: everything above it (service, API, contracts) works in cents only.
 */

const dollarsToCents = decimalDollarsToCents;
const centsToNumeric = centsToDecimalText;

/** Integer cents as a dollar number for a jsonb fee (12.34). */
const centsToJsonDollars = (cents: number) => Number(centsToNumeric(cents));

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

function feesOf<K extends string>(keys: readonly K[], value: unknown): Record<K, number> {
  const raw = (parsed(value) ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, dollarsToCents(raw[k])])) as Record<K, number>;
}

function feesToJson<K extends string>(fees: Record<K, number>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries(fees).map(([k, v]) => [k, centsToJsonDollars(v as number)])),
  );
}

function customFieldsOf(value: unknown): Pricing['custom_rxform'] {
  const raw = parsed(value);
  if (!Array.isArray(raw)) return [];
  return raw.map((f: { id?: unknown; label?: unknown; options?: unknown }) => ({
    id: String(f.id ?? ''),
    label: typeof f.label === 'string' ? f.label : '',
    options: Array.isArray(f.options)
      ? f.options.map((o: { id?: unknown; label?: unknown; price?: unknown }) => ({
          id: String(o.id ?? ''),
          label: typeof o.label === 'string' ? o.label : '',
          price: dollarsToCents(o.price),
        }))
      : [],
  }));
}

const PRICING_COLUMNS = [
  'id',
  'organization_id',
  'arch_fees',
  'export_fees',
  'shipping_fees',
  'custom_rxform',
  'delay_case_charging',
  'delay_payment_processing',
  'flat_monthly',
  'root_integration',
  'root_integration_with_ai',
  'additional_seat',
  'updated_at',
] as const;

export interface PricingRow {
  id: number;
  pricing: Pricing;
}

/** The price of an additional seat before staff set one ($50.00, the column's default). */
export const DEFAULT_ADDITIONAL_SEAT_CENTS = 5000;

/** Zero prices with the shortest delays: a price list before anyone set one. */
export function emptyPricing(organizationId: number | null): Pricing {
  const zeros = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  return {
    organization_id: organizationId,
    is_custom: false,
    arch_fees: zeros(ARCH_FEE_KEYS),
    export_fees: zeros(EXPORT_FEE_KEYS),
    shipping_fees: zeros(SHIPPING_FEE_KEYS),
    settings: {
      delay_case_charging: 1,
      delay_payment_processing: 1,
      flat_monthly: 0,
      root_integration: 0,
      root_integration_with_ai: 0,
      additional_seat: DEFAULT_ADDITIONAL_SEAT_CENTS,
    },
    arch_volume_discounts: [],
    custom_rxform: [],
    updated_at: null,
  };
}

/** The price list of an organization (its own row), or the global one (organizationId null). */
export async function findPricing(db: Db, organizationId: number | null): Promise<PricingRow | undefined> {
  let q = db.selectFrom('pricing').select([...PRICING_COLUMNS]);
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const tiers = await db
    .selectFrom('pricing_volume_discounts')
    .select(['volume', 'discount', 'is_global'])
    .where('pricing_id', '=', row.id)
    .orderBy('volume')
    .execute();
  return {
    id: Number(row.id),
    pricing: {
      organization_id: row.organization_id === null ? null : Number(row.organization_id),
      is_custom: row.organization_id !== null,
      arch_fees: feesOf(ARCH_FEE_KEYS, row.arch_fees),
      export_fees: feesOf(EXPORT_FEE_KEYS, row.export_fees),
      shipping_fees: feesOf(SHIPPING_FEE_KEYS, row.shipping_fees),
      settings: {
        delay_case_charging: Number(row.delay_case_charging),
        delay_payment_processing: Number(row.delay_payment_processing),
        flat_monthly: dollarsToCents(row.flat_monthly),
        root_integration: dollarsToCents(row.root_integration),
        root_integration_with_ai: dollarsToCents(row.root_integration_with_ai),
        additional_seat: dollarsToCents(row.additional_seat),
      },
      arch_volume_discounts: tiers.map((t) => ({
        volume: Number(t.volume),
        discount: Number(t.discount),
        is_global: Boolean(t.is_global),
      })),
      custom_rxform: customFieldsOf(row.custom_rxform),
      updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    },
  };
}

/**
 * Writes a whole price list (creating the row when missing) and replaces its volume tiers. Runs
 * inside the caller's transaction; locks the row so two saves never interleave their tiers.
 */
export async function savePricing(
  trx: Db,
  organizationId: number | null,
  values: UpdatePricingValues,
  userId: number,
): Promise<number> {
  const columns = {
    arch_fees: feesToJson(values.arch_fees),
    export_fees: feesToJson(values.export_fees),
    shipping_fees: feesToJson(values.shipping_fees),
    delay_case_charging: values.settings.delay_case_charging,
    delay_payment_processing: values.settings.delay_payment_processing,
    flat_monthly: centsToNumeric(values.settings.flat_monthly),
    root_integration: centsToNumeric(values.settings.root_integration),
    root_integration_with_ai: centsToNumeric(values.settings.root_integration_with_ai),
    additional_seat: centsToNumeric(values.settings.additional_seat),
    updated_by_user_id: userId,
    updated_at: sql<Date>`now()`,
    ...(values.custom_rxform
      ? {
          custom_rxform: JSON.stringify(
            values.custom_rxform.map((f) => ({
              id: f.id,
              label: f.label,
              options: f.options.map((o) => ({
                id: o.id,
                label: o.label,
                price: centsToJsonDollars(o.price),
              })),
            })),
          ),
        }
      : {}),
  };
  let q = trx.selectFrom('pricing').select('id').forUpdate();
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  const existing = await q.executeTakeFirst();
  let id: number;
  if (existing) {
    id = Number(existing.id);
    await trx.updateTable('pricing').set(columns).where('id', '=', id).execute();
  } else {
    // The unique index on coalesce(organization_id, 0) settles two first saves at once: one inserts,
    // the other updates the row the first made.
    const inserted = await sql<{ id: number }>`
      insert into pricing (organization_id, arch_fees, export_fees, shipping_fees, custom_rxform,
        delay_case_charging, delay_payment_processing, flat_monthly, root_integration,
        root_integration_with_ai, additional_seat, updated_by_user_id)
      values (${organizationId}, ${columns.arch_fees}::jsonb, ${columns.export_fees}::jsonb,
        ${columns.shipping_fees}::jsonb, ${columns.custom_rxform ?? '[]'}::jsonb,
        ${columns.delay_case_charging}, ${columns.delay_payment_processing}, ${columns.flat_monthly}::numeric,
        ${columns.root_integration}::numeric, ${columns.root_integration_with_ai}::numeric,
        ${columns.additional_seat}::numeric, ${userId})
      on conflict (coalesce(organization_id, 0)) do update set
        arch_fees = excluded.arch_fees, export_fees = excluded.export_fees,
        shipping_fees = excluded.shipping_fees,
        custom_rxform = case when ${values.custom_rxform ? 1 : 0} = 1 then excluded.custom_rxform else pricing.custom_rxform end,
        delay_case_charging = excluded.delay_case_charging,
        delay_payment_processing = excluded.delay_payment_processing,
        flat_monthly = excluded.flat_monthly, root_integration = excluded.root_integration,
        root_integration_with_ai = excluded.root_integration_with_ai,
        additional_seat = excluded.additional_seat,
        updated_by_user_id = excluded.updated_by_user_id, updated_at = now()
      returning id`.execute(trx);
    id = Number(inserted.rows[0]!.id);
  }
  await trx.deleteFrom('pricing_volume_discounts').where('pricing_id', '=', id).execute();
  if (values.arch_volume_discounts.length) {
    await trx
      .insertInto('pricing_volume_discounts')
      .values(
        values.arch_volume_discounts.map((t) => ({
          pricing_id: id,
          volume: t.volume,
          discount: t.discount.toFixed(2),
          is_global: organizationId === null,
        })),
      )
      .execute();
  }
  return id;
}

/** Removes an organization's own price list (the global one applies again). */
export async function deleteOrganizationPricing(trx: Db, organizationId: number): Promise<boolean> {
  const res = await trx
    .deleteFrom('pricing')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
