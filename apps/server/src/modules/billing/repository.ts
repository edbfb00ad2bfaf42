import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  isRemovableAdjustment,
  type ContractSummary,
  type Order,
  type OrderAdjustment,
  type OrderItem,
  type PaymentAttempt,
  type PaymentStatus,
} from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of billing. Money is numeric(12, 2) dollars in the database and crosses this file as
 * integer cents (`cents` on the way out, `dollars` on the way in).
 */

type Db = Kysely<DB>;
export type OrganizationScope = 'all' | number[];

const cents = (value: number | string | null | undefined): number => Math.round(Number(value ?? 0) * 100);
const dollars = (value: number): string => (value / 100).toFixed(2);
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- payment methods ------------------------------------------------------------------------

export interface MethodRow {
  id: number;
  organization_id: number;
  provider_token: string;
  payment_method_nickname: string;
  payment_method_type: string;
  card_exp_datetime: string | null;
  is_primary: boolean;
}

const METHOD_COLUMNS = [
  'id',
  'organization_id',
  'provider_token',
  'payment_method_nickname',
  'payment_method_type',
  'card_exp_datetime',
  'is_primary',
] as const;

export async function findPaymentMethod(db: Db, id: number): Promise<MethodRow | undefined> {
  return db.selectFrom('payment_methods').select(METHOD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findPrimaryPaymentMethod(
  db: Db,
  organizationId: number,
): Promise<MethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .select(METHOD_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
}

export async function updateExpiry(db: Db, id: number, lastDay: string): Promise<MethodRow> {
  return db
    .updateTable('payment_methods')
    .set({ card_exp_datetime: lastDay, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(METHOD_COLUMNS)
    .executeTakeFirstOrThrow();
}

// ---- organizations --------------------------------------------------------------------------

export async function findOrganization(db: Db, id: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'disabled_at', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The organizations a user belongs to. */
export async function organizationIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organization_user')
    .select('organization_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.organization_id);
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

/** The organization's owners (who hear of a failed payment). */
export async function ownerIds(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organization_user')
    .innerJoin('users', 'users.id', 'organization_user.user_id')
    .select('organization_user.user_id')
    .where('organization_user.organization_id', '=', organizationId)
    .where('organization_user.role', '=', 'organization_owner')
    .where('users.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

// ---- orders ---------------------------------------------------------------------------------

function orderBase(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('organizations', 'organizations.id', 'orders.organization_id')
    .select([
      'orders.id',
      'orders.organization_id',
      'organizations.name as organization_name',
      'orders.contract_id',
      'orders.kind',
      'orders.invoice_id',
      'orders.invoice_date',
      'orders.invoice_label',
      'orders.period_start',
      'orders.period_end',
      'orders.created_at',
      'orders.fm_invoice_status',
      'orders.is_current',
      'orders.subtotal',
      'orders.tax',
      'orders.credits',
      'orders.credit_card_fee',
      'orders.total',
      'orders.template_version',
      'orders.template_data',
      'orders.paid_at',
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderBase>['execute']>>[number];

/** Orders with their items and adjustments: three statements whatever the number of orders. */
async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, adjustments] = await Promise.all([
    db
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .leftJoin('patients', 'patients.id', 'order_items.patient_id')
      .select([
        'order_items.id',
        'order_items.order_id',
        'order_items.product_id',
        'products.name as product_name',
        'order_items.value',
        'order_items.is_hidden',
        'order_items.details',
        'order_items.action_date',
        'order_items.start_date',
        'order_items.end_date',
        'patients.id as patient_id',
        'patients.first_name as patient_first_name',
        'patients.last_name as patient_last_name',
        'patients.case_number_text',
      ])
      .where('order_items.order_id', 'in', ids)
      .orderBy('order_items.id')
      .execute(),
    db
      .selectFrom('order_adjustments')
      .leftJoin('products', 'products.id', 'order_adjustments.product_id')
      .leftJoin('promotion_codes', 'promotion_codes.id', 'order_adjustments.promotion_code_id')
      .select([
        'order_adjustments.id',
        'order_adjustments.order_id',
        'order_adjustments.kind',
        'order_adjustments.product_id',
        'products.name as product_name',
        'order_adjustments.promotion_code_id',
        'promotion_codes.code as promotion_code',
        'promotion_codes.description as promotion_description',
        'order_adjustments.custom_description',
        'order_adjustments.value',
        'order_adjustments.is_periodic',
      ])
      .where('order_adjustments.order_id', 'in', ids)
      .orderBy('order_adjustments.id')
      .execute(),
  ]);
  return rows.map((r) => {
    const lines: OrderItem[] = items
      .filter((i) => i.order_id === r.id)
      .map((i) => ({
        id: i.id,
        product: { id: i.product_id, name: i.product_name },
        product_id: i.product_id,
        value: cents(i.value),
        is_hidden: i.is_hidden,
        patient:
          i.patient_id === null
            ? null
            : {
                id: i.patient_id,
                full_name: `${i.patient_first_name} ${i.patient_last_name}`,
                case_number_text: i.case_number_text,
              },
        details: (i.details ?? {}) as Record<string, unknown>,
        action_date: i.action_date,
        start_date: i.start_date,
        end_date: i.end_date,
      }));
    const adjust = (kind: 'discount' | 'charge'): OrderAdjustment[] =>
      adjustments
        .filter((a) => a.order_id === r.id && a.kind === kind)
        .map((a) => {
          const promotion_code =
            a.promotion_code_id === null || a.promotion_code === null
              ? null
              : {
                  id: a.promotion_code_id,
                  code: a.promotion_code,
                  description: a.promotion_description ?? '',
                };
          return {
            id: a.id,
            product:
              a.product_id === null || a.product_name === null
                ? null
                : { id: a.product_id, name: a.product_name },
            promotion_code,
            custom_description: a.custom_description,
            value: cents(a.value),
            is_periodic: a.is_periodic,
            removable: isRemovableAdjustment({ is_periodic: a.is_periodic, promotion_code }),
          };
        });
    return {
      id: r.id,
      organization: { id: r.organization_id, name: r.organization_name },
      contract_id: r.contract_id,
      kind: r.kind as Order['kind'],
      invoice_id: r.invoice_id,
      invoice_date: r.invoice_date,
      invoice_label: r.invoice_label,
      period_start: r.period_start,
      period_end: r.period_end,
      created_at: iso(r.created_at),
      fm_invoice_status: r.fm_invoice_status as PaymentStatus,
      is_current: r.is_current,
      subtotal: cents(r.subtotal),
      tax: cents(r.tax),
      credits: cents(r.credits),
      credit_card_fee: cents(r.credit_card_fee),
      total: cents(r.total),
      order_items: lines,
      discounts: adjust('discount'),
      charges: adjust('charge'),
      template_version: r.template_version,
      template_data: (r.template_data ?? {}) as Record<string, unknown>,
      paid_at: isoOrNull(r.paid_at),
    };
  });
}

export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const rows = await orderBase(db).where('orders.id', '=', id).execute();
  return (await withLines(db, rows))[0];
}

/** An organization's orders (or several organizations'), newest first. */
export async function ordersOf(db: Db, organizationIds: number[]): Promise<Order[]> {
  if (!organizationIds.length) return [];
  const rows = await orderBase(db)
    .where('orders.organization_id', 'in', organizationIds)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  return withLines(db, rows);
}

/** The organization's current (open) order, or undefined. */
export async function currentOrderOf(db: Db, organizationId: number): Promise<Order | undefined> {
  const rows = await orderBase(db)
    .where('orders.organization_id', '=', organizationId)
    .where('orders.is_current', '=', true)
    .execute();
  return (await withLines(db, rows))[0];
}

export interface OrderHead {
  id: number;
  organization_id: number;
  contract_id: number | null;
  fm_invoice_status: string;
  credits: number;
  tax: number;
  total: number;
}

export async function findOrderHead(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('orders')
    .select(['id', 'organization_id', 'contract_id', 'fm_invoice_status', 'credits', 'tax', 'total'])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row
    ? { ...row, credits: cents(row.credits), tax: cents(row.tax), total: cents(row.total) }
    : undefined;
}

/** The values a total is computed from, in cents. */
export async function orderLines(db: Db, orderId: number) {
  const [items, adjustments] = await Promise.all([
    db.selectFrom('order_items').select('value').where('order_id', '=', orderId).execute(),
    db.selectFrom('order_adjustments').select(['kind', 'value']).where('order_id', '=', orderId).execute(),
  ]);
  return {
    items: items.map((i) => ({ value: cents(i.value) })),
    discounts: adjustments.filter((a) => a.kind === 'discount').map((a) => ({ value: cents(a.value) })),
    charges: adjustments.filter((a) => a.kind === 'charge').map((a) => ({ value: cents(a.value) })),
  };
}

export async function updateOrderTotals(
  db: Db,
  orderId: number,
  totals: { subtotal: number; credit_card_fee: number; total: number },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      subtotal: dollars(totals.subtotal),
      credit_card_fee: dollars(totals.credit_card_fee),
      total: dollars(totals.total),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', orderId)
    .execute();
}

export async function insertAdjustment(
  db: Db,
  values: {
    order_id: number;
    kind: 'discount' | 'charge';
    custom_description: string;
    value: number;
    user_id: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('order_adjustments')
    .values({
      order_id: values.order_id,
      kind: values.kind,
      custom_description: values.custom_description,
      value: dollars(values.value),
      created_by_user_id: values.user_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findAdjustment(db: Db, orderId: number, id: number, kind: 'discount' | 'charge') {
  return db
    .selectFrom('order_adjustments')
    .leftJoin('promotion_codes', 'promotion_codes.id', 'order_adjustments.promotion_code_id')
    .select([
      'order_adjustments.id',
      'order_adjustments.is_periodic',
      'order_adjustments.value',
      'order_adjustments.custom_description',
      'promotion_codes.code as promotion_code',
    ])
    .where('order_adjustments.order_id', '=', orderId)
    .where('order_adjustments.id', '=', id)
    .where('order_adjustments.kind', '=', kind)
    .executeTakeFirst();
}

export async function deleteAdjustment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('order_adjustments').where('id', '=', id).execute();
}

/** The oldest unpaid order of a contract (the one a payment attempt charges), locked. */
/** Whether a scheduled charge of the order is with the processor (its attempt still pending). */
export async function hasPendingAttempt(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payment_attempts')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function unpaidOrderOf(db: Db, contractId: number): Promise<OrderHead | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'organization_id', 'contract_id', 'fm_invoice_status', 'credits', 'tax', 'total'])
    .where('contract_id', '=', contractId)
    .where('fm_invoice_status', '<>', 'PAID')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? { ...row, credits: cents(row.credits), tax: cents(row.tax), total: cents(row.total) }
    : undefined;
}

export async function setOrderStatus(db: Db, orderId: number, status: PaymentStatus): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      fm_invoice_status: status,
      paid_at: status === 'PAID' ? sql<Date>`now()` : null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', orderId)
    .execute();
}

// ---- contracts ------------------------------------------------------------------------------

function contractBase(db: Db, scope: OrganizationScope) {
  let q = db
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
    .select([
      'contracts.id',
      'contracts.organization_id',
      'organizations.name as organization_name',
      'organizations.disabled_at',
      'contracts.license_id',
      'contracts.initial_payment_date',
      'contracts.last_payment_date',
      'contracts.next_payment_date',
      'contracts.custom_next_payment_date',
      'contracts.payment_status',
      'contracts.suspension_type',
      'contracts.suspended_at',
    ])
    .where('organizations.deleted_at', 'is', null);
  if (scope !== 'all')
    q = scope.length ? q.where('contracts.organization_id', 'in', scope) : q.where(sql<boolean>`false`);
  return q;
}

type ContractRow = Awaited<ReturnType<ReturnType<typeof contractBase>['execute']>>[number];

function toSummary(r: ContractRow): ContractSummary & { license_id: number | null } {
  return {
    id: r.id,
    organization: { id: r.organization_id, name: r.organization_name, disabled_at: isoOrNull(r.disabled_at) },
    initial_payment_date: r.initial_payment_date,
    last_payment_date: r.last_payment_date,
    next_payment_date: r.next_payment_date,
    custom_next_payment_date: r.custom_next_payment_date,
    payment_status: r.payment_status as PaymentStatus,
    suspension_type: r.suspension_type,
    suspended_at: isoOrNull(r.suspended_at),
    license_id: r.license_id,
  };
}

export interface ContractFilter {
  search?: string | undefined;
  paymentStatus?: PaymentStatus | undefined;
  organizationId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  perPage: number;
}

/**
 * One page of subscriptions in one statement (the total with `count(*) over ()`), by next
 * payment date. The date range applies to the next payment date (custom one first).
 */
export async function listContracts(db: Db, scope: OrganizationScope, f: ContractFilter) {
  let q = contractBase(db, scope).select(sql<number>`count(*) over ()`.as('total_count'));
  if (f.search) q = q.where('organizations.name', 'ilike', `%${escapeLike(f.search)}%`);
  if (f.paymentStatus) q = q.where('contracts.payment_status', '=', f.paymentStatus);
  if (f.organizationId !== undefined) q = q.where('contracts.organization_id', '=', f.organizationId);
  const next = sql`coalesce(contracts.custom_next_payment_date, contracts.next_payment_date)`;
  if (f.from) q = q.where(sql<boolean>`${next} >= ${f.from}::date`);
  if (f.to) q = q.where(sql<boolean>`${next} <= ${f.to}::date`);
  const rows = await q
    .orderBy(sql`${next} asc nulls last`)
    .orderBy('contracts.id')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage)
    .execute();
  return {
    rows: rows.map((r) => {
      const { license_id: _ignored, ...summary } = toSummary(r);
      return summary;
    }),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export async function findContract(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = contractBase(db, 'all').where('contracts.id', '=', id);
  if (opts.forUpdate) q = q.forUpdate(['contracts']);
  const row = await q.executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

export async function findContractOfOrganization(db: Db, organizationId: number) {
  const row = await contractBase(db, 'all')
    .where('contracts.organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

export async function findLicense(db: Db, id: number) {
  return db
    .selectFrom('licenses')
    .innerJoin('license_types', 'license_types.id', 'licenses.license_type_id')
    .select([
      'licenses.id',
      'licenses.seats',
      'license_types.id as type_id',
      'license_types.name as type_name',
    ])
    .where('licenses.id', '=', id)
    .executeTakeFirst();
}

export async function attemptsOf(db: Db, contractId: number): Promise<PaymentAttempt[]> {
  const rows = await db
    .selectFrom('payment_attempts')
    .select(['id', 'order_id', 'status', 'amount', 'message', 'created_at'])
    .where('contract_id', '=', contractId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    status: r.status as PaymentAttempt['status'],
    amount: cents(r.amount),
    message: r.message,
    created_at: iso(r.created_at),
  }));
}

export async function ordersOfContract(db: Db, contractId: number): Promise<Order[]> {
  const rows = await orderBase(db)
    .where('orders.contract_id', '=', contractId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
  return withLines(db, rows);
}

export async function suspendContract(db: Db, id: number): Promise<void> {
  await db
    .updateTable('contracts')
    .set({
      suspension_type: 1,
      suspended_at: sql<Date>`now()`,
      payment_status: 'SUSPENDED',
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function resumeContract(db: Db, id: number, status: PaymentStatus): Promise<void> {
  await db
    .updateTable('contracts')
    .set({ suspension_type: null, suspended_at: null, payment_status: status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function recordContractPayment(db: Db, id: number, paid: boolean): Promise<void> {
  await db
    .updateTable('contracts')
    .set(
      paid
        ? {
            payment_status: 'PAID',
            last_payment_date: sql<string>`current_date`,
            updated_at: sql<Date>`now()`,
          }
        : { payment_status: 'NOT_PAID', updated_at: sql<Date>`now()` },
    )
    .where('id', '=', id)
    .execute();
}

export async function insertPaymentAttempt(
  db: Db,
  values: {
    contract_id: number;
    order_id: number;
    payment_method_id: number | null;
    status: 'success' | 'failed';
    amount: number;
    message: string;
  },
): Promise<void> {
  await db
    .insertInto('payment_attempts')
    .values({ ...values, amount: dollars(values.amount) })
    .execute();
}

// ---- seats (the Extra tab) ------------------------------------------------------------------

/** The contract's license with whether its type allows buying seats, locked for the purchase. */
export async function lockSeatLicense(db: Db, id: number) {
  const row = await db
    .selectFrom('licenses')
    .innerJoin('license_types', 'license_types.id', 'licenses.license_type_id')
    .select(['licenses.id', 'licenses.seats', 'license_types.allow_buy_seats'])
    .where('licenses.id', '=', id)
    .forUpdate(['licenses'])
    .executeTakeFirst();
  return row
    ? { id: Number(row.id), seats: Number(row.seats), allow_buy_seats: row.allow_buy_seats }
    : undefined;
}

/** Whether the license type of a license allows buying seats. */
export async function licenseAllowsSeats(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('licenses')
    .innerJoin('license_types', 'license_types.id', 'licenses.license_type_id')
    .select('license_types.allow_buy_seats')
    .where('licenses.id', '=', id)
    .executeTakeFirst();
  return row?.allow_buy_seats === true;
}

export async function addLicenseSeats(db: Db, id: number, quantity: number): Promise<void> {
  await db
    .updateTable('licenses')
    .set({ seats: sql<number>`seats + ${quantity}`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * The organization's current order if the billing run will still charge it in full: a run order
 * (billing key) that is PENDING and has no payment attempt yet (the attempt fixes the amount).
 * Locked; undefined otherwise.
 */
export async function lockOpenRunOrder(db: Db, organizationId: number): Promise<OrderHead | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'organization_id', 'contract_id', 'fm_invoice_status', 'credits', 'tax', 'total'])
    .where('organization_id', '=', organizationId)
    .where('is_current', '=', true)
    .where('fm_invoice_status', '=', 'PENDING')
    .where('billing_key', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payment_attempts')
            .select('payment_attempts.id')
            .whereRef('payment_attempts.order_id', '=', 'orders.id'),
        ),
      ),
    )
    .forUpdate()
    .executeTakeFirst();
  return row
    ? { ...row, credits: cents(row.credits), tax: cents(row.tax), total: cents(row.total) }
    : undefined;
}

/** The organization's current order stops being current (a new one takes its place). */
export async function releaseCurrentOrder(db: Db, organizationId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ is_current: false, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('is_current', '=', true)
    .execute();
}

/**
 * A new current order for seats bought while the current one is paid or being charged: PENDING,
 * keyed for the billing run (which charges it `delayDays` after today like a monthly order).
 */
export async function insertSeatsOrder(
  db: Db,
  o: { organization_id: number; contract_id: number; today: string; payment_due_date: string },
): Promise<OrderHead> {
  await releaseCurrentOrder(db, o.organization_id);
  const row = await db
    .insertInto('orders')
    .values({
      organization_id: o.organization_id,
      contract_id: o.contract_id,
      kind: 'extra',
      billing_key: `contract-${o.contract_id}-seats-${crypto.randomUUID()}`,
      invoice_label: 'Additional Seats',
      invoice_date: o.today,
      payment_due_date: o.payment_due_date,
      fm_invoice_status: 'PENDING',
      is_current: true,
      template_version: 2,
    })
    .returning(['id', 'organization_id', 'contract_id', 'fm_invoice_status'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('orders')
    .set({ invoice_id: `INV-${o.organization_id}-S${row.id}` })
    .where('id', '=', row.id)
    .execute();
  return { ...row, credits: 0, tax: 0, total: 0 };
}
