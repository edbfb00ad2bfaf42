import { sql, type Kysely } from 'kysely';
import type { MainLocation, PaymentMethod, PaymentMethodType } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { ADDRESS_COLUMNS, type AddressValues } from '../../db/columns.ts';
import { centsToDecimalText } from '@archline/contracts/price-rules';

/** SQL of the account setup. Every function takes the database or the caller's transaction. */

type Db = Kysely<DB>;

// ---- organization ---------------------------------------------------------------------------

export interface SetupOrganizationRow {
  id: number;
  name: string;
  account_number: string | null;
  disabled_at: Date | null;
  deleted_at: Date | null;
  initial_setup_required: boolean;
  main_location_id: number | null;
}

/** One organization, or undefined. `forUpdate` locks the row in a transaction. */
export async function findOrganization(
  db: Db,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<SetupOrganizationRow | undefined> {
  let q = db
    .selectFrom('organizations')
    .select([
      'id',
      'name',
      'account_number',
      'disabled_at',
      'deleted_at',
      'initial_setup_required',
      'main_location_id',
    ])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function renameOrganization(db: Db, id: number, name: string): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ name, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function renameUser(db: Db, userId: number, firstName: string, lastName: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function findUserEmail(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}

/** Whether the organization holds a license (the initial purchase happened). */
export async function findUserName(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The organization's first owner (by membership date, then id), or undefined. */
export async function firstOwnerId(db: Db, organizationId: number): Promise<number | undefined> {
  const owner = await db
    .selectFrom('organization_user')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'organization_owner')
    .orderBy('created_at')
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
  return owner?.user_id;
}

export async function isMember(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization_user')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasLicense(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('licenses')
    .select('id')
    .where('organization_id', '=', organizationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- survey ---------------------------------------------------------------------------------

export async function findSurveyQuestion(db: Db, id: number) {
  const question = await db
    .selectFrom('survey_questions')
    .select(['id', 'question'])
    .where('id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!question) return null;
  const answers = await db
    .selectFrom('survey_answers')
    .select(['id', 'answer'])
    .where('survey_question_id', '=', id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return { ...question, survey_answers: answers };
}

export async function hasActiveQuestions(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('survey_questions')
    .select('id')
    .where('is_active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSurveyAnswer(db: Db, id: number) {
  return db
    .selectFrom('survey_answers')
    .select(['id', 'survey_question_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findSurveyResponse(db: Db, organizationId: number) {
  return db
    .selectFrom('survey_responses')
    .select(['survey_question_id', 'survey_answer_id', 'survey_response_other'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export interface SurveyResponseValues {
  user_id: number;
  survey_question_id: number | null;
  survey_answer_id: number | null;
  survey_response_other: string | null;
}

export async function upsertSurveyResponse(
  db: Db,
  organizationId: number,
  values: SurveyResponseValues,
): Promise<void> {
  await db
    .insertInto('survey_responses')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}

// ---- main location and billing address -----------------------------------------------------

/** A location's contact and address columns: the shared address columns plus its id and name. */
const LOCATION_COLUMNS = ['id', 'location_name', ...ADDRESS_COLUMNS] as const;

/** The organization's main location (not removed), or null. */
export async function findMainLocation(db: Db, organizationId: number): Promise<MainLocation | null> {
  const row = await db
    .selectFrom('organizations')
    .innerJoin('locations', 'locations.id', 'organizations.main_location_id')
    .select(LOCATION_COLUMNS.map((c) => `locations.${c}` as const))
    .where('organizations.id', '=', organizationId)
    .where('locations.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Creates or updates the main location (named after the organization), makes it the
 * organization's main location and assigns the user to it.
 */
export async function upsertMainLocation(
  db: Db,
  organizationId: number,
  userId: number,
  values: AddressValues & { location_name: string },
): Promise<MainLocation> {
  const existing = await findMainLocation(db, organizationId);
  const location = existing
    ? await db
        .updateTable('locations')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', existing.id)
        .returning(LOCATION_COLUMNS)
        .executeTakeFirstOrThrow()
    : await db
        .insertInto('locations')
        .values({ organization_id: organizationId, ...values })
        .returning(LOCATION_COLUMNS)
        .executeTakeFirstOrThrow();
  if (!existing) {
    await db
      .updateTable('organizations')
      .set({ main_location_id: location.id })
      .where('id', '=', organizationId)
      .execute();
  }
  await db
    .insertInto('location_user')
    .values({ location_id: location.id, user_id: userId })
    .onConflict((oc) => oc.columns(['location_id', 'user_id']).doNothing())
    .execute();
  return location;
}

export async function findBillingAddress(db: Db, organizationId: number): Promise<AddressValues | null> {
  const row = await db
    .selectFrom('billing_addresses')
    .select(ADDRESS_COLUMNS)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ?? null;
}

export async function upsertBillingAddress(
  db: Db,
  organizationId: number,
  values: AddressValues,
): Promise<void> {
  await db
    .insertInto('billing_addresses')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

// ---- payment methods ------------------------------------------------------------------------

const PAYMENT_METHOD_COLUMNS = [
  'id',
  'organization_id',
  'payment_method_nickname',
  'payment_method_type',
  'card_exp_datetime',
  'is_primary',
  'provider_token',
] as const;

export interface PaymentMethodRow {
  id: number;
  organization_id: number;
  payment_method_nickname: string;
  payment_method_type: string;
  card_exp_datetime: string | Date | null;
  is_primary: boolean;
  provider_token: string;
}

/** 'YYYY-MM-DD' of a date column (a string with the date parser, a Date otherwise). */
function dateOnly(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, '0');
  const d = String(value.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    payment_method_nickname: row.payment_method_nickname,
    payment_method_type: row.payment_method_type as PaymentMethodType,
    card_exp_datetime: dateOnly(row.card_exp_datetime),
    is_primary: row.is_primary,
  };
}

/** The organization's methods, primary first, then oldest first. */
export async function listPaymentMethods(db: Db, organizationId: number): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .select(PAYMENT_METHOD_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
}

export async function findPaymentMethod(db: Db, id: number): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .select(PAYMENT_METHOD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findPrimaryPaymentMethod(db: Db, organizationId: number) {
  return db
    .selectFrom('payment_methods')
    .select(PAYMENT_METHOD_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
}

export async function insertPaymentMethod(
  db: Db,
  values: {
    organization_id: number;
    provider_token: string;
    payment_method_nickname: string;
    payment_method_type: PaymentMethodType;
    card_exp_datetime: string | null;
    is_primary: boolean;
  },
): Promise<PaymentMethodRow> {
  return db
    .insertInto('payment_methods')
    .values(values)
    .returning(PAYMENT_METHOD_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Makes one method the organization's only primary one. */
/**
 * Makes the method the organization's primary one. Two statements (run them in a transaction):
 * the one-primary-per-organization index is checked row by row, so the old primary is cleared
 * before the new one is set.
 */
export async function setPrimaryPaymentMethod(db: Db, organizationId: number, id: number): Promise<void> {
  await db
    .updateTable('payment_methods')
    .set({ is_primary: false, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('is_primary', '=', true)
    .where('id', '<>', id)
    .execute();
  await db
    .updateTable('payment_methods')
    .set({ is_primary: true, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('is_primary', '=', false)
    .execute();
}

export async function deletePaymentMethod(db: Db, id: number): Promise<void> {
  await db.deleteFrom('payment_methods').where('id', '=', id).execute();
}

/** The payment_infos row (the processor's customer profile), created on first use. */
export async function ensurePaymentInfo(db: Db, organizationId: number, customerId: string): Promise<void> {
  await db
    .insertInto('payment_infos')
    .values({ organization_id: organizationId, customer_id: customerId })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
}

export async function findCustomerId(db: Db, organizationId: number): Promise<string | null> {
  const row = await db
    .selectFrom('payment_infos')
    .select('customer_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

// ---- pricing of the initial order -----------------------------------------------------------

export async function findSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The product of a code, created when missing (reference data). */
export async function productByCode(
  db: Db,
  code: string,
  name: string,
): Promise<{ id: number; name: string }> {
  const found = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (found) return found;
  await db
    .insertInto('products')
    .values({ code, name })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return db.selectFrom('products').select(['id', 'name']).where('code', '=', code).executeTakeFirstOrThrow();
}

/** A promotion code usable now: active, within its dates and below its maximum uses. */
export async function findUsablePromotionCode(db: Db, code: string, opts: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('promotion_codes')
    .select(['id', 'code', 'description', 'value', 'is_fixed', 'promotion_code_type_id'])
    .where('code', '=', code)
    .where('status_id', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]));
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function incrementPromotionCodeUses(db: Db, id: number): Promise<void> {
  await db
    .updateTable('promotion_codes')
    .set({ uses: sql<number>`uses + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The license type of a new account: 'Standard', else the oldest type. */
export async function findStandardLicenseType(db: Db) {
  return db
    .selectFrom('license_types')
    .select(['id', 'name', 'default_seats', 'monthly_fee'])
    .orderBy(sql`(name = 'Standard')`, 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

// ---- the initial purchase -------------------------------------------------------------------

export async function insertLicense(
  db: Db,
  values: { organization_id: number; user_id: number; license_type_id: number; seats: number },
): Promise<number> {
  const row = await db.insertInto('licenses').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The organization's contract (one per organization), paid today, next payment in 30 days. */
export async function upsertPaidContract(
  db: Db,
  values: { organization_id: number; license_id: number; today: string; next: string },
): Promise<number> {
  const set = {
    license_id: values.license_id,
    payment_status: 'PAID',
    initial_payment_date: values.today,
    last_payment_date: values.today,
    next_payment_date: values.next,
  };
  const row = await db
    .insertInto('contracts')
    .values({ organization_id: values.organization_id, ...set })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The initial order and its lines; money in cents, written to the numeric columns of dollars. */
export async function insertInitialOrder(
  db: Db,
  values: {
    organization_id: number;
    contract_id: number;
    today: string;
    subtotal: number;
    credit_card_fee: number;
    total: number;
    items: { product_id: number; value: number }[];
    discounts: { product_id: number; promotion_code_id: number; value: number }[];
    user_id: number;
  },
): Promise<number> {
  const order = await db
    .insertInto('orders')
    .values({
      organization_id: values.organization_id,
      contract_id: values.contract_id,
      kind: 'initial',
      invoice_date: values.today,
      fm_invoice_status: 'PAID',
      subtotal: centsToDecimalText(values.subtotal),
      credit_card_fee: centsToDecimalText(values.credit_card_fee),
      total: centsToDecimalText(values.total),
      paid_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.items.length)
    await db
      .insertInto('order_items')
      .values(
        values.items.map((i) => ({
          order_id: order.id,
          product_id: i.product_id,
          value: centsToDecimalText(i.value),
        })),
      )
      .execute();
  if (values.discounts.length)
    await db
      .insertInto('order_adjustments')
      .values(
        values.discounts.map((d) => ({
          order_id: order.id,
          kind: 'discount',
          product_id: d.product_id,
          promotion_code_id: d.promotion_code_id,
          value: centsToDecimalText(d.value),
          created_by_user_id: values.user_id,
        })),
      )
      .execute();
  return order.id;
}

/** A successful payment attempt; `amount` in cents. */
export async function insertPaymentAttempt(
  db: Db,
  values: {
    contract_id: number;
    order_id: number;
    payment_method_id: number;
    amount: number;
    message: string;
  },
): Promise<void> {
  await db
    .insertInto('payment_attempts')
    .values({ ...values, amount: centsToDecimalText(values.amount), status: 'success' })
    .execute();
}

export async function completeInitialSetup(db: Db, organizationId: number): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ initial_setup_required: false, updated_at: sql<Date>`now()` })
    .where('id', '=', organizationId)
    .execute();
  await db
    .insertInto('onboardings')
    .values({ organization_id: organizationId, status: 5, current_step: 0 })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet({ status: 5, current_step: 0, updated_at: sql<Date>`now()` }),
    )
    .execute();
}
