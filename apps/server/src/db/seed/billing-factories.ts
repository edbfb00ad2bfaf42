import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

/** Builders of billing rows (payment methods, products, orders) for tests and demo data. Money in cents. */

const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function buildPaymentMethod(
  db: Kysely<DB>,
  organizationId: number,
  o: {
    type?: 'card' | 'bank';
    last4?: string;
    /** 'YYYY-MM-DD' (cards) */
    expiry?: string;
    is_primary?: boolean;
    nickname?: string;
  } = {},
) {
  const type = o.type ?? 'card';
  const last4 = o.last4 ?? '4242';
  const expiry = o.expiry ?? '2030-12-31';
  const token =
    type === 'card'
      ? `offline_card_visa_${last4}_${expiry.slice(0, 4)}${expiry.slice(5, 7)}_seed${organizationId}x${Math.random().toString(36).slice(2, 10)}`
      : `offline_bank_savings_${last4}_seed${organizationId}x${Math.random().toString(36).slice(2, 10)}`;
  return db
    .insertInto('payment_methods')
    .values({
      organization_id: organizationId,
      provider_token: token,
      payment_method_nickname:
        o.nickname ?? (type === 'card' ? `Visa ending in ${last4}` : `Savings account ending in ${last4}`),
      payment_method_type: type,
      card_exp_datetime: type === 'card' ? expiry : null,
      is_primary: o.is_primary ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The product of a code, created when missing. */
export async function buildProduct(db: Kysely<DB>, code: string, name: string) {
  await db
    .insertInto('products')
    .values({ code, name })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return db.selectFrom('products').select(['id', 'name']).where('code', '=', code).executeTakeFirstOrThrow();
}

export interface OrderSpec {
  contract_id?: number | null;
  kind?: 'initial' | 'monthly';
  status?: 'PENDING' | 'NOT_PAID' | 'PAID' | 'BLOCKED' | 'SUSPENDED';
  is_current?: boolean;
  invoice_id?: string | null;
  invoice_date?: string | null;
  period_start?: string | null;
  period_end?: string | null;
  created_at?: Date;
  items?: { product_id: number; value: number; patient_id?: number | null }[];
  discounts?: {
    value: number;
    custom_description?: string | null;
    promotion_code_id?: number | null;
    is_periodic?: boolean;
    product_id?: number | null;
  }[];
  charges?: { value: number; custom_description?: string | null; is_periodic?: boolean }[];
  credit_card_fee?: number;
}

/** An order with its lines; subtotal and total are computed from them (plus the given card fee). */
export async function buildOrder(db: Kysely<DB>, organizationId: number, o: OrderSpec = {}) {
  const items = o.items ?? [];
  const discounts = o.discounts ?? [];
  const charges = o.charges ?? [];
  const subtotal = items.reduce((s, i) => s + i.value, 0);
  const net = Math.max(
    0,
    subtotal - discounts.reduce((s, d) => s + d.value, 0) + charges.reduce((s, c) => s + c.value, 0),
  );
  const fee = o.credit_card_fee ?? 0;
  const order = await db
    .insertInto('orders')
    .values({
      organization_id: organizationId,
      contract_id: o.contract_id ?? null,
      kind: o.kind ?? 'monthly',
      invoice_id: o.invoice_id ?? null,
      invoice_date: o.invoice_date ?? null,
      period_start: o.period_start ?? null,
      period_end: o.period_end ?? null,
      fm_invoice_status: o.status ?? 'PENDING',
      is_current: o.is_current ?? false,
      subtotal: dollars(subtotal),
      credit_card_fee: dollars(fee),
      total: dollars(net + fee),
      paid_at: o.status === 'PAID' ? (o.created_at ?? new Date()) : null,
      ...(o.created_at ? { created_at: o.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (items.length)
    await db
      .insertInto('order_items')
      .values(
        items.map((i) => ({
          order_id: order.id,
          product_id: i.product_id,
          value: dollars(i.value),
          patient_id: i.patient_id ?? null,
        })),
      )
      .execute();
  const adjustments = [
    ...discounts.map((d) => ({
      order_id: order.id,
      kind: 'discount',
      value: dollars(d.value),
      custom_description: d.custom_description ?? null,
      promotion_code_id: d.promotion_code_id ?? null,
      is_periodic: d.is_periodic ?? false,
      product_id: d.product_id ?? null,
    })),
    ...charges.map((c) => ({
      order_id: order.id,
      kind: 'charge',
      value: dollars(c.value),
      custom_description: c.custom_description ?? null,
      is_periodic: c.is_periodic ?? false,
    })),
  ];
  if (adjustments.length) await db.insertInto('order_adjustments').values(adjustments).execute();
  return order;
}
