import { sql, type Kysely } from 'kysely';
import { centsToDecimalText, decimalDollarsToCents } from '@archline/contracts/price-rules';
import { BILLING_PERIOD_DAYS } from '@archline/contracts/billing-run';
import type { DB } from '../../db/schema.ts';
import { releaseCurrentOrder } from './repository.ts';

/**
 * SQL of the monthly billing run (run.ts). Money crosses this file as integer cents; the columns
 * keep numeric(12, 2) dollars. Dates are 'YYYY-MM-DD' text.
 */

type Db = Kysely<DB>;

const cents = (value: unknown): number => decimalDollarsToCents(value);
const dollars = (value: number): string => centsToDecimalText(value);
/** The due date of a contract in SQL (custom next date, scheduled one, initial date + 30 days). */
const dueDateSql = sql<string>`coalesce(contracts.custom_next_payment_date, contracts.next_payment_date,
  contracts.initial_payment_date + ${BILLING_PERIOD_DAYS}::int)`;

/**
 * Contracts with a monthly order due on or before `today`: licensed, not suspended or blocked, of
 * an organization that is neither archived, disabled nor still in its account setup.
 */
export async function dueContractIds(
  db: Db,
  today: string,
): Promise<{ id: number; organization_id: number }[]> {
  return db
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
    .select(['contracts.id', 'contracts.organization_id'])
    .where('organizations.deleted_at', 'is', null)
    .where('organizations.disabled_at', 'is', null)
    .where('organizations.initial_setup_required', '=', false)
    .where('contracts.license_id', 'is not', null)
    .where('contracts.suspended_at', 'is', null)
    .where('contracts.payment_status', '<>', 'BLOCKED')
    .where(sql<boolean>`${dueDateSql} <= ${today}::date`)
    .orderBy('contracts.id')
    .execute();
}

export interface BillableContract {
  id: number;
  organization_id: number;
  organization_name: string;
  payment_status: string;
  initial_payment_date: string | null;
  next_payment_date: string | null;
  custom_next_payment_date: string | null;
}

/** The contract, locked, while it is still billable (see dueContractIds); undefined otherwise. */
export async function lockBillableContract(db: Db, id: number): Promise<BillableContract | undefined> {
  const row = await db
    .selectFrom('contracts')
    .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
    .select([
      'contracts.id',
      'contracts.organization_id',
      'organizations.name as organization_name',
      'contracts.payment_status',
      sql<string | null>`contracts.initial_payment_date::text`.as('initial_payment_date'),
      sql<string | null>`contracts.next_payment_date::text`.as('next_payment_date'),
      sql<string | null>`contracts.custom_next_payment_date::text`.as('custom_next_payment_date'),
    ])
    .where('contracts.id', '=', id)
    .where('organizations.deleted_at', 'is', null)
    .where('organizations.disabled_at', 'is', null)
    .where('organizations.initial_setup_required', '=', false)
    .where('contracts.license_id', 'is not', null)
    .where('contracts.suspended_at', 'is', null)
    .where('contracts.payment_status', '<>', 'BLOCKED')
    .forUpdate(['contracts'])
    .executeTakeFirst();
  return row;
}

export async function orderIdByBillingKey(db: Db, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('id').where('billing_key', '=', key).executeTakeFirst();
  return row?.id;
}

/** How many monthly orders the contract has had (the next one is this plus 1). */
export async function monthlyOrderCount(db: Db, contractId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('contract_id', '=', contractId)
    .where('kind', '=', 'monthly')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The promotion code given at the initial purchase, with its type (1 and 2 apply to monthly orders). */
export async function initialPromotionCode(db: Db, contractId: number) {
  const row = await db
    .selectFrom('order_adjustments')
    .innerJoin('orders', 'orders.id', 'order_adjustments.order_id')
    .innerJoin('promotion_codes', 'promotion_codes.id', 'order_adjustments.promotion_code_id')
    .select([
      'promotion_codes.id',
      'promotion_codes.code',
      'promotion_codes.value',
      'promotion_codes.is_fixed',
      'promotion_codes.promotion_code_type_id',
    ])
    .where('orders.contract_id', '=', contractId)
    .where('orders.kind', '=', 'initial')
    .orderBy('order_adjustments.id')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    is_fixed: row.is_fixed,
    // cents when fixed, a percent otherwise
    value: row.is_fixed ? cents(row.value) : Number(row.value),
    type_id: row.promotion_code_type_id,
  };
}

export async function periodicRulesOf(db: Db, contractId: number) {
  const rows = await db
    .selectFrom('periodic_rules')
    .select([
      'id',
      'type',
      'value',
      'custom_description',
      'is_active',
      sql<string | null>`applied_from::text`.as('applied_from'),
      sql<string | null>`applied_to::text`.as('applied_to'),
    ])
    .where('contract_id', '=', contractId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as 'charge' | 'discount',
    value: cents(r.value),
    custom_description: r.custom_description,
    is_active: r.is_active,
    applied_from: r.applied_from,
    applied_to: r.applied_to,
  }));
}

/** The organization's credit grants valid on `date` with an unused part, soonest to expire first. */
export async function availableCredits(db: Db, organizationId: number, date: string) {
  const rows = await db
    .selectFrom('credits')
    .select(['id', 'value', 'used'])
    .where('organization_id', '=', organizationId)
    .where('valid_from', '<=', date)
    .where('valid_to', '>=', date)
    .where(sql<boolean>`used < value`)
    .orderBy('valid_to')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({ id: r.id, available: cents(r.value) - cents(r.used) }));
}

export async function useCredit(db: Db, id: number, usedCents: number): Promise<void> {
  await db
    .updateTable('credits')
    .set({ used: sql<string>`used + ${dollars(usedCents)}::numeric` })
    .where('id', '=', id)
    .execute();
}

export interface CaseRow {
  rx_form_id: number;
  patient_id: number | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  case_number_text: string | null;
  patient_created_day: string | null;
  doctor_first_name: string;
  doctor_last_name: string;
  doctor_account_number: string | null;
  jaws_id: number | null;
  rush_case: boolean;
  root_integration_type: number;
  initial_setup_assignment: number;
  print_assignment: number | null;
  insert_brackets_assignment: number | null;
  tray_design_assignment: number | null;
  export_type: number | null;
  shipping_fee_key: string | null;
  custom_shipping_fee: string | null;
  custom_fields: { control_id: string; custom_system_name: string | null; value: unknown }[] | null;
}

/**
 * The organization's submitted cases (not saved for later, not cancelled) submitted on or before
 * `lastSubmittedDay` that no order charged yet, oldest first, locked for this order.
 */
export async function casesToCharge(
  db: Db,
  organizationId: number,
  lastSubmittedDay: string,
): Promise<CaseRow[]> {
  const { rows } = await sql<CaseRow>`
    select r.id as rx_form_id, r.patient_id,
      p.first_name as patient_first_name, p.last_name as patient_last_name, p.case_number_text,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as patient_created_day,
      u.first_name as doctor_first_name, u.last_name as doctor_last_name,
      u.account_number as doctor_account_number,
      r.jaws_id, r.rush_case, r.root_integration_type, r.initial_setup_assignment, r.print_assignment,
      r.insert_brackets_assignment, r.tray_design_assignment, r.export_type,
      sm.fee_key as shipping_fee_key,
      pr.custom_shipping_fee::text as custom_shipping_fee,
      (select json_agg(json_build_object('control_id', v.control_id,
          'custom_system_name', v.custom_system_name, 'value', v.value) order by v.id)
        from rx_form_custom_field_values v where v.rx_form_id = r.id) as custom_fields
    from rx_forms r
    join users u on u.id = r.user_id
    left join patients p on p.id = r.patient_id
    left join shipping_methods sm on sm.id = r.shipping_method_id
    left join lateral (
      select q.custom_shipping_fee from printing_requests q
      where q.patient_id = r.patient_id and q.printing_request_status_id <> 4
        and q.custom_shipping_fee is not null
      order by q.created_at desc, q.id desc
      limit 1
    ) pr on true
    where r.organization_id = ${organizationId}
      and r.submitted_at is not null
      and not r.saved_for_later
      and r.status_id <> 5
      and r.cancelled_at is null
      and (r.submitted_at at time zone 'UTC')::date <= ${lastSubmittedDay}::date
      and not exists (select 1 from billed_cases b where b.rx_form_id = r.id)
    order by r.submitted_at, r.id
    for update of r`.execute(db);
  return rows;
}

export async function productId(db: Db, code: string, name: string): Promise<number> {
  await db
    .insertInto('products')
    .values({ code, name })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db.selectFrom('products').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

export interface NewMonthlyOrder {
  organization_id: number;
  contract_id: number;
  billing_key: string;
  invoice_id: string;
  invoice_label: string;
  invoice_date: string;
  period_start: string;
  period_end: string;
  payment_due_date: string;
  subtotal: number;
  credits: number;
  credit_card_fee: number;
  total: number;
  template_data: Record<string, unknown>;
}

/**
 * Inserts the period's order as the organization's current one; undefined when an order of that
 * billing key exists already (the unique key, so two runs at once still make one order).
 */
export async function insertMonthlyOrder(db: Db, o: NewMonthlyOrder): Promise<number | undefined> {
  await releaseCurrentOrder(db, o.organization_id);
  const row = await db
    .insertInto('orders')
    .values({
      organization_id: o.organization_id,
      contract_id: o.contract_id,
      kind: 'monthly',
      billing_key: o.billing_key,
      invoice_id: o.invoice_id,
      invoice_label: o.invoice_label,
      invoice_date: o.invoice_date,
      period_start: o.period_start,
      period_end: o.period_end,
      payment_due_date: o.payment_due_date,
      fm_invoice_status: 'PENDING',
      is_current: true,
      subtotal: dollars(o.subtotal),
      credits: dollars(o.credits),
      credit_card_fee: dollars(o.credit_card_fee),
      total: dollars(o.total),
      template_version: 2,
      template_data: JSON.stringify(o.template_data),
    })
    .onConflict((oc) => oc.column('billing_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertOrderItems(
  db: Db,
  items: {
    order_id: number;
    product_id: number;
    patient_id?: number | null;
    value: number;
    details?: Record<string, unknown>;
    start_date?: string | null;
    end_date?: string | null;
    action_date?: string | null;
  }[],
): Promise<void> {
  if (!items.length) return;
  await db
    .insertInto('order_items')
    .values(
      items.map((i) => ({
        order_id: i.order_id,
        product_id: i.product_id,
        patient_id: i.patient_id ?? null,
        value: dollars(i.value),
        details: JSON.stringify(i.details ?? {}),
        start_date: i.start_date ?? null,
        end_date: i.end_date ?? null,
        action_date: i.action_date ?? null,
      })),
    )
    .execute();
}

export async function insertOrderAdjustments(
  db: Db,
  rows: {
    order_id: number;
    kind: 'discount' | 'charge';
    value: number;
    custom_description: string | null;
    product_id?: number | null;
    promotion_code_id?: number | null;
    periodic_rule_id?: number | null;
    is_periodic?: boolean;
  }[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('order_adjustments')
    .values(
      rows.map((r) => ({
        order_id: r.order_id,
        kind: r.kind,
        value: dollars(r.value),
        custom_description: r.custom_description,
        product_id: r.product_id ?? null,
        promotion_code_id: r.promotion_code_id ?? null,
        periodic_rule_id: r.periodic_rule_id ?? null,
        is_periodic: r.is_periodic ?? false,
      })),
    )
    .execute();
}

export async function markCasesBilled(db: Db, orderId: number, rxFormIds: number[]): Promise<void> {
  if (!rxFormIds.length) return;
  await db
    .insertInto('billed_cases')
    .values(rxFormIds.map((rx_form_id) => ({ rx_form_id, order_id: orderId })))
    .execute();
}

/** After an order is issued: the next due date, the custom date used up, the status PENDING (NOT_PAID stays). */
export async function advanceContract(db: Db, id: number, nextPaymentDate: string): Promise<void> {
  await db
    .updateTable('contracts')
    .set({
      next_payment_date: nextPaymentDate,
      custom_next_payment_date: null,
      payment_status: sql<string>`case when payment_status = 'NOT_PAID' then 'NOT_PAID' else 'PENDING' end`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

// ---- charges --------------------------------------------------------------------------------

/** Orders of the run whose payment is due on or before `today`, still PENDING, of a billable contract. */
export async function chargeableOrders(db: Db, today: string) {
  return db
    .selectFrom('orders')
    .innerJoin('contracts', 'contracts.id', 'orders.contract_id')
    .innerJoin('organizations', 'organizations.id', 'orders.organization_id')
    .select(['orders.id', 'orders.contract_id', 'orders.organization_id'])
    .where('orders.fm_invoice_status', '=', 'PENDING')
    .where('orders.billing_key', 'is not', null)
    .where('orders.payment_due_date', '<=', today)
    .where('contracts.suspended_at', 'is', null)
    .where('organizations.deleted_at', 'is', null)
    .where('organizations.disabled_at', 'is', null)
    .orderBy('orders.payment_due_date')
    .orderBy('orders.id')
    .execute();
}

export async function lockOrderForCharge(db: Db, id: number) {
  const row = await db
    .selectFrom('orders')
    .innerJoin('organizations', 'organizations.id', 'orders.organization_id')
    .select([
      'orders.id',
      'orders.organization_id',
      'organizations.name as organization_name',
      'orders.contract_id',
      'orders.billing_key',
      sql<string>`orders.invoice_date::text`.as('invoice_date'),
      'orders.fm_invoice_status',
      'orders.credits',
      'orders.tax',
      'orders.invoice_id',
    ])
    .where('orders.id', '=', id)
    .forUpdate(['orders'])
    .executeTakeFirst();
  return row ? { ...row, credits: cents(row.credits), tax: cents(row.tax) } : undefined;
}

export async function attemptByKey(db: Db, key: string) {
  const row = await db
    .selectFrom('payment_attempts')
    .leftJoin('payment_methods', 'payment_methods.id', 'payment_attempts.payment_method_id')
    .select([
      'payment_attempts.id',
      'payment_attempts.status',
      'payment_attempts.amount',
      'payment_attempts.message',
      'payment_methods.provider_token',
    ])
    .where('payment_attempts.idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? { ...row, amount: cents(row.amount) } : undefined;
}

export async function insertKeyedAttempt(
  db: Db,
  values: {
    contract_id: number;
    order_id: number;
    payment_method_id: number | null;
    status: 'pending' | 'success' | 'failed';
    amount: number;
    message: string | null;
    idempotency_key: string;
    created_at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('payment_attempts')
    .values({ ...values, amount: dollars(values.amount) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Settles a pending attempt; false when it was settled already. */
export async function settleAttempt(
  db: Db,
  id: number,
  status: 'success' | 'failed',
  message: string,
): Promise<boolean> {
  const rows = await db
    .updateTable('payment_attempts')
    .set({ status, message })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function setOrderPaymentStatus(db: Db, id: number, paid: boolean, at: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      fm_invoice_status: paid ? 'PAID' : 'NOT_PAID',
      paid_at: paid ? at : null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function setContractPaymentStatus(
  db: Db,
  id: number,
  paid: boolean,
  today: string,
): Promise<void> {
  await db
    .updateTable('contracts')
    .set(
      paid
        ? { payment_status: 'PAID', last_payment_date: today, updated_at: sql<Date>`now()` }
        : { payment_status: 'NOT_PAID', updated_at: sql<Date>`now()` },
    )
    .where('id', '=', id)
    .where('suspended_at', 'is', null)
    .execute();
}

// ---- notifications --------------------------------------------------------------------------

/**
 * Who hears of `key` for the organization by default: its owners, unless the organization turned
 * the notification off or away from its default recipients.
 */
export async function defaultRecipients(db: Db, organizationId: number, key: string): Promise<number[]> {
  const setting = await db
    .selectFrom('organization_notification_settings')
    .select(['enabled', 'is_disable_default_recipients'])
    .where('organization_id', '=', organizationId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (setting && (!setting.enabled || setting.is_disable_default_recipients)) return [];
  const rows = await db
    .selectFrom('organization_user')
    .innerJoin('users', 'users.id', 'organization_user.user_id')
    .select('organization_user.user_id')
    .where('organization_user.organization_id', '=', organizationId)
    .where('organization_user.role', '=', 'organization_owner')
    .where('users.deleted_at', 'is', null)
    .orderBy('organization_user.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
