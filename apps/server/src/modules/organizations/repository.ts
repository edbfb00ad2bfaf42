/**
 * SQL of the organizations area. Functions take the database or a transaction and return plain
 * objects; callers have already checked that the actor may see the organization.
 */
import { sql, type Kysely } from 'kysely';
import { ADDRESS_COLUMNS, type AddressValues } from '../../db/columns.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

const iso = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();
const isoRequired = (v: Date | string): string => iso(v)!;

/**
 * The number of members of organization `o`, counted like the members list (list_members and the
 * organization's Users card): every membership whose user is not removed, archived users included.
 */
const memberCount = sql`select count(*) from organization_user ou
  join users mu on mu.id = ou.user_id and mu.removed_at is null
  where ou.organization_id = o.id`;

export interface OrganizationRow {
  id: number;
  name: string;
  account_number: string | null;
  organization_type: string | null;
  organization_type_id: number | null;
  disabled_at: string | null;
  deleted_at: string | null;
  customer_service_manager_user_id: number | null;
  webhooks_enabled: boolean | null;
  enable_custom_bracket_sets: boolean;
  management_notes: string | null;
  easy_rx_practice_id: string | null;
  joined_at: string;
}

function organizationQuery(db: Db) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('organization_types as t', 't.id', 'o.organization_type_id')
    .select([
      'o.id',
      'o.name',
      'o.account_number',
      't.name as organization_type',
      'o.organization_type_id',
      'o.disabled_at',
      'o.deleted_at',
      'o.customer_service_manager_user_id',
      'o.webhooks_enabled',
      'o.enable_custom_bracket_sets',
      'o.management_notes',
      'o.easy_rx_practice_id',
      'o.created_at',
    ]);
}

type RawOrganization = Awaited<ReturnType<ReturnType<typeof organizationQuery>['executeTakeFirstOrThrow']>>;

function toOrganization(r: RawOrganization): OrganizationRow {
  return {
    id: r.id,
    name: r.name,
    account_number: r.account_number,
    organization_type: r.organization_type,
    organization_type_id: r.organization_type_id,
    disabled_at: iso(r.disabled_at),
    deleted_at: iso(r.deleted_at),
    customer_service_manager_user_id: r.customer_service_manager_user_id,
    webhooks_enabled: r.webhooks_enabled,
    enable_custom_bracket_sets: r.enable_custom_bracket_sets,
    management_notes: r.management_notes,
    easy_rx_practice_id: r.easy_rx_practice_id,
    joined_at: isoRequired(r.created_at),
  };
}

/** One organization (archived ones too), or undefined. `forUpdate` locks the row in a transaction. */
export async function findOrganization(
  db: Db,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<OrganizationRow | undefined> {
  let q = organizationQuery(db).where('o.id', '=', id);
  if (opts.forUpdate) q = q.forUpdate('o');
  const row = await q.executeTakeFirst();
  return row ? toOrganization(row) : undefined;
}

export interface ListOrganizationsInput {
  scope: 'all' | number[];
  includeArchived: boolean;
  searchString?: string;
  customerServiceManager?: number;
  orderBy: 'name' | '-name' | 'created_at' | '-created_at';
  page: number;
  perPage: number;
}

/** A page of organizations with the total (one query, count(*) over ()). */
export async function listOrganizations(db: Db, input: ListOrganizationsInput) {
  let q = organizationQuery(db).select([
    sql<number>`(${memberCount})::int`.as('number_of_users'),
    sql<number>`count(*) over ()`.as('total'),
  ]);
  if (input.scope !== 'all') {
    if (!input.scope.length) return { rows: [], total: 0 };
    q = q.where('o.id', 'in', input.scope);
  }
  if (!input.includeArchived) q = q.where('o.deleted_at', 'is', null);
  if (input.customerServiceManager)
    q = q.where('o.customer_service_manager_user_id', '=', input.customerServiceManager);
  for (const word of words(input.searchString)) {
    q = q.where(sql<boolean>`(o.name || ' ' || coalesce(o.account_number, '')) ilike ${likePattern(word)}`);
  }
  const [column, direction] = input.orderBy.startsWith('-')
    ? ([input.orderBy.slice(1), 'desc'] as const)
    : ([input.orderBy, 'asc'] as const);
  q = q
    .orderBy(column === 'name' ? sql`lower(o.name)` : sql`o.created_at`, direction)
    .orderBy('o.id', direction);
  const rows = await q
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
    .execute();
  return {
    rows: rows.map((r) => ({ ...toOrganization(r), number_of_users: Number(r.number_of_users) })),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}

/** Search words of a keyword string (at most 8). */
export function words(value: string | undefined): string[] {
  return (value ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** An ILIKE pattern matching the word anywhere (wildcards in the word are taken literally). */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- members --------------------------------------------------------------------------------

export interface MemberRow {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  roles: { name: string }[];
  deleted_at: string | null;
  pivot: { role: string; created_at: string };
}

function memberQuery(db: Db, organizationId: number) {
  return db
    .selectFrom('organization_user as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.deleted_at',
      'ou.role',
      'ou.created_at',
      sql<
        string[] | null
      >`(select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = u.id)`.as('roles'),
    ])
    .where('ou.organization_id', '=', organizationId)
    .where('u.removed_at', 'is', null);
}

type RawMember = Awaited<ReturnType<ReturnType<typeof memberQuery>['executeTakeFirstOrThrow']>>;

function toMember(r: RawMember): MemberRow {
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    full_name: `${r.first_name} ${r.last_name}`,
    email: r.email,
    roles: (r.roles ?? []).map((name) => ({ name })),
    deleted_at: iso(r.deleted_at),
    pivot: { role: r.role, created_at: isoRequired(r.created_at) },
  };
}

export async function listMembers(db: Db, organizationId: number): Promise<MemberRow[]> {
  const rows = await memberQuery(db, organizationId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  return rows.map(toMember);
}

export async function findMember(
  db: Db,
  organizationId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const row = await memberQuery(db, organizationId).where('u.id', '=', userId).executeTakeFirst();
  return row ? toMember(row) : undefined;
}

/** A live (not archived, not removed) user by id. */
export async function findLiveUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'current_organization_id'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function addMember(db: Db, organizationId: number, userId: number, role: string): Promise<void> {
  await db
    .insertInto('organization_user')
    .values({ organization_id: organizationId, user_id: userId, role })
    .execute();
  await db
    .updateTable('users')
    .set({ current_organization_id: organizationId })
    .where('id', '=', userId)
    .where('current_organization_id', 'is', null)
    .execute();
}

export async function removeMember(db: Db, organizationId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('organization_user')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .deleteFrom('location_user')
    .where('user_id', '=', userId)
    .where(
      'location_id',
      'in',
      db.selectFrom('locations').select('id').where('organization_id', '=', organizationId),
    )
    .execute();
  // The removed member's current organization moves to another membership (or none).
  await db
    .updateTable('users')
    .set({
      current_organization_id: sql<
        number | null
      >`(select min(organization_id) from organization_user where user_id = ${userId})`,
    })
    .where('id', '=', userId)
    .where('current_organization_id', '=', organizationId)
    .execute();
}

export async function changeMemberRole(
  db: Db,
  organizationId: number,
  userId: number,
  role: string,
): Promise<void> {
  await db
    .updateTable('organization_user')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

// ---- locations, credits, contract, billing, contacts -----------------------------------------

const fullAddress = sql<string>`concat_ws(', ', l.street_address, nullif(l.street_address_line_2, ''), l.city, l.state || ' ' || l.zip_code, l.country)`;

/** Locations of an organization; with `userId`, only those assigned to that user. */
export async function listLocations(db: Db, organizationId: number, userId?: number) {
  let q = db
    .selectFrom('locations as l')
    .select(['l.id', 'l.location_name', 'l.created_at', fullAddress.as('full_address')])
    .where('l.organization_id', '=', organizationId)
    .where('l.deleted_at', 'is', null);
  if (userId !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('location_user as lu')
          .select('lu.location_id')
          .whereRef('lu.location_id', '=', 'l.id')
          .where('lu.user_id', '=', userId),
      ),
    );
  }
  const rows = await q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    location_name: r.location_name,
    full_address: r.full_address,
    created_at: isoRequired(r.created_at),
  }));
}

export async function listCredits(db: Db, organizationId: number) {
  const rows = await db
    .selectFrom('credits')
    .select(['id', 'value', 'valid_from', 'valid_to', 'created_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toCredit);
}

function toCredit(r: {
  id: number;
  value: number | string;
  valid_from: Date | string;
  valid_to: Date | string;
  created_at: Date | string;
}) {
  return {
    id: r.id,
    value: Number(r.value),
    valid_from: String(r.valid_from).slice(0, 10),
    valid_to: String(r.valid_to).slice(0, 10),
    created_at: isoRequired(r.created_at),
  };
}

export async function insertCredit(
  db: Db,
  input: { organizationId: number; value: number; validFrom: string; validTo: string; createdBy: number },
) {
  const row = await db
    .insertInto('credits')
    .values({
      organization_id: input.organizationId,
      value: input.value,
      valid_from: input.validFrom,
      valid_to: input.validTo,
      created_by_user_id: input.createdBy,
    })
    .returning(['id', 'value', 'valid_from', 'valid_to', 'created_at'])
    .executeTakeFirstOrThrow();
  return toCredit(row);
}

export async function findContract(db: Db, organizationId: number) {
  const row = await db
    .selectFrom('contracts as c')
    .leftJoin('licenses as li', 'li.id', 'c.license_id')
    .leftJoin('license_types as lt', 'lt.id', 'li.license_type_id')
    .select([
      'c.id',
      'c.payment_status',
      'c.suspended_at',
      'c.next_payment_date',
      'c.last_payment_date',
      'c.invoice_version',
      'li.id as license_id',
      'lt.id as license_type_id',
      'lt.name as license_type_name',
      'lt.allow_buy_seats',
    ])
    .where('c.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    payment_status: row.payment_status,
    suspended_at: iso(row.suspended_at),
    next_payment_date: row.next_payment_date === null ? null : String(row.next_payment_date).slice(0, 10),
    last_payment_date: row.last_payment_date === null ? null : String(row.last_payment_date).slice(0, 10),
    invoice_version: row.invoice_version,
    license:
      row.license_id !== null && row.license_type_id !== null
        ? {
            id: row.license_id,
            license_type: {
              id: row.license_type_id,
              name: row.license_type_name ?? '',
              allow_buy_seats: !!row.allow_buy_seats,
            },
          }
        : null,
  };
}

export async function findOnboardingId(db: Db, organizationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('onboardings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findPaymentInfo(db: Db, organizationId: number) {
  const [info, billing] = await Promise.all([
    db
      .selectFrom('payment_infos')
      .select('customer_id')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst(),
    db
      .selectFrom('billing_addresses')
      .select(ADDRESS_COLUMNS)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst(),
  ]);
  return { customer_id: info?.customer_id ?? null, billing_address: billing ?? null };
}

export async function upsertBillingAddress(
  db: Db,
  organizationId: number,
  values: AddressValues,
): Promise<AddressValues> {
  return db
    .insertInto('billing_addresses')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .returning(ADDRESS_COLUMNS)
    .executeTakeFirstOrThrow();
}

const CONTACT_COLUMNS = ['id', 'first_name', 'last_name', 'title', 'email', 'phone_number', 'notes'] as const;

export async function listContacts(db: Db, organizationId: number) {
  return db
    .selectFrom('contacts')
    .select(CONTACT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export interface ContactValues {
  id?: number | undefined;
  first_name: string;
  last_name: string | null;
  title: string;
  email: string;
  phone_number: string | null;
  notes: string | null;
}

/**
 * Replaces the contact list: rows with a known id are updated, the others inserted, and the
 * contacts not in the list deleted. Ids of another organization are treated as new entries.
 */
export async function replaceContacts(db: Db, organizationId: number, contacts: ContactValues[]) {
  const existing = new Set((await listContacts(db, organizationId)).map((c) => c.id));
  const keep: number[] = [];
  for (const c of contacts) {
    const values = {
      first_name: c.first_name,
      last_name: c.last_name,
      title: c.title,
      email: c.email,
      phone_number: c.phone_number,
      notes: c.notes,
    };
    if (c.id !== undefined && existing.has(c.id) && !keep.includes(c.id)) {
      await db
        .updateTable('contacts')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', c.id)
        .execute();
      keep.push(c.id);
    } else {
      const row = await db
        .insertInto('contacts')
        .values({ organization_id: organizationId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      keep.push(row.id);
    }
  }
  let del = db.deleteFrom('contacts').where('organization_id', '=', organizationId);
  if (keep.length) del = del.where('id', 'not in', keep);
  await del.execute();
  return listContacts(db, organizationId);
}

// ---- organization writes --------------------------------------------------------------------

export async function findOrCreateOrganizationType(db: Db, name: string): Promise<number> {
  const found = await db
    .selectFrom('organization_types')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('organization_types')
    .values({ name })
    .onConflict((oc) => oc.column('name').doUpdateSet({ name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listOrganizationTypes(db: Db) {
  return db.selectFrom('organization_types').select(['id', 'name']).orderBy('name').execute();
}

export async function accountNumberTaken(
  db: Db,
  accountNumber: string,
  exceptOrganizationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where(sql<boolean>`lower(account_number) = lower(${accountNumber})`)
    .where('id', '<>', exceptOrganizationId)
    .executeTakeFirst();
  return !!row;
}

export async function insertOrganization(
  db: Db,
  values: { name: string; account_number: string | null; organization_type_id: number | null },
): Promise<number> {
  const row = await db.insertInto('organizations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganization(
  db: Db,
  id: number,
  values: {
    name: string;
    account_number?: string | null;
    organization_type_id?: number | null;
    management_notes?: string | null;
    easy_rx_practice_id?: string | null;
    customer_service_manager_user_id?: number | null;
  },
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setArchived(db: Db, id: number, archived: boolean): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ deleted_at: archived ? sql<Date>`now()` : null, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Whether patients, orders or Rx forms keep the organization (their foreign keys restrict its deletion). */
export async function hasKeptRecords(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('patients')
    .select('id')
    .where('organization_id', '=', id)
    .unionAll(db.selectFrom('orders').select('id').where('organization_id', '=', id))
    .unionAll(db.selectFrom('rx_forms').select('id').where('organization_id', '=', id))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteOrganization(db: Db, id: number): Promise<void> {
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

/** Whether a user is a staff member who may be the customer service manager. */
export async function isStaffUser(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', 'in', ['super_admin', 'admin', 'tech_support', 'supervisor'])
    .executeTakeFirst();
  return !!row;
}

// ---- quick glance ---------------------------------------------------------------------------

/**
 * The quick glance of one organization in a single query. Its figures are those of the pages it
 * summarizes: number_of_users the members list's total (removed users left out), number_of_patients
 * the organization's case list total with held cases included (live cases; archived and deleted
 * ones are on the archived list), the organization managers those of the members list that are not
 * archived, onboarding the Onboardings list's status and step.
 */
export async function quickGlance(db: Db, organizationId: number) {
  const result = await sql<{
    account_number: string | null;
    created_at: Date | string;
    newest_submission_at: Date | string | null;
    number_of_users: number;
    number_of_patients: number;
    manager_id: number | null;
    manager_name: string | null;
    payment_status: string | null;
    suspended_at: Date | string | null;
    next_payment_date: string | null;
    onboarding_id: number | null;
    onboarding_status: number | null;
    onboarding_step: number | null;
  }>`
    select o.account_number, o.created_at, s.newest_submission_at,
      (${memberCount})::int as number_of_users,
      (select count(*) from patients p where p.organization_id = o.id and p.deleted_at is null)::int as number_of_patients,
      m.id as manager_id, m.first_name || ' ' || m.last_name as manager_name,
      c.payment_status, c.suspended_at, c.next_payment_date::text as next_payment_date,
      ob.id as onboarding_id, ob.status as onboarding_status, ob.current_step as onboarding_step
    from organizations o
    left join organization_case_stats s on s.organization_id = o.id
    left join users m on m.id = o.customer_service_manager_user_id
    left join contracts c on c.organization_id = o.id
    left join onboardings ob on ob.organization_id = o.id
    where o.id = ${organizationId}`.execute(db);
  const r = result.rows[0];
  if (!r) return undefined;
  const organizationManagers = await db
    .selectFrom('organization_user as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('ou.organization_id', '=', organizationId)
    .where('ou.role', '=', 'organization_manager')
    .where('u.deleted_at', 'is', null)
    .where('u.removed_at', 'is', null)
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  return {
    account_number: r.account_number,
    joined_at: isoRequired(r.created_at),
    newest_case_submission: iso(r.newest_submission_at),
    number_of_users: Number(r.number_of_users),
    number_of_patients: Number(r.number_of_patients),
    manager: r.manager_id !== null ? { id: Number(r.manager_id), full_name: r.manager_name ?? '' } : null,
    organization_managers: organizationManagers.map((m) => ({
      id: Number(m.id),
      full_name: `${m.first_name} ${m.last_name}`,
    })),
    payment:
      r.payment_status !== null
        ? {
            payment_status: r.payment_status,
            suspended_at: iso(r.suspended_at),
            next_payment_date: r.next_payment_date,
          }
        : null,
    onboarding:
      r.onboarding_id !== null
        ? {
            id: Number(r.onboarding_id),
            status: Number(r.onboarding_status),
            current_step: Number(r.onboarding_step),
          }
        : null,
  };
}

/** The status bucket of one organization (same rule as the hub search). */
export async function organizationStatus(db: Db, organizationId: number): Promise<number> {
  const result = await sql<{ status: number }>`
    select ${organizationStatusSql} as status
    from organizations o
    left join organization_case_stats s on s.organization_id = o.id
    left join contracts c on c.organization_id = o.id
    left join onboardings ob on ob.organization_id = o.id
    where o.id = ${organizationId}`.execute(db);
  return Number(result.rows[0]?.status ?? 1);
}

/**
 * The organization status bucket (see ORGANIZATION_STATUSES in contracts) over the aliases
 * o (organizations), s (organization_case_stats), c (contracts), ob (onboardings).
 */
export const organizationStatusSql = sql<number>`(case
  when o.deleted_at is not null then 6
  when c.id is null and not exists (select 1 from licenses li where li.organization_id = o.id) then 1
  when (ob.id is not null and ob.status <> 10) or s.first_submission_at is null then 2
  when s.first_submission_at >= now() - interval '30 days' then 3
  when s.newest_submission_at >= now() - interval '60 days' then 4
  else 5 end)`;

/**
 * A doctor's status bucket (same buckets, per doctor) over the aliases u (users) and us
 * (user_case_stats): archived, no license issued to them, no case submitted yet, first case within
 * 30 days, a case within 60 days, otherwise passive.
 */
export const doctorStatusSql = sql<number>`(case
  when u.deleted_at is not null then 6
  when not exists (select 1 from licenses li where li.user_id = u.id) then 1
  when us.first_submission_at is null then 2
  when us.first_submission_at >= now() - interval '30 days' then 3
  when us.newest_submission_at >= now() - interval '60 days' then 4
  else 5 end)`;

export interface BucketCount {
  kind: 'organization' | 'doctor';
  status: number;
  total: number;
  /** Of them, how many joined at or after `joinedSince`. */
  joined: number;
}

/**
 * How many organizations and doctors are in each status bucket now, in one statement (the same
 * rules and rows as the hub search with filter[roles] and filter[status]). `organizationIds`
 * limits both to those organizations (doctors: members of them); 'all' counts every one.
 */
export async function statusBucketCounts(
  db: Db,
  organizationIds: 'all' | number[],
  joinedSince: Date,
): Promise<BucketCount[]> {
  if (organizationIds !== 'all' && !organizationIds.length) return [];
  const orgScope = organizationIds === 'all' ? sql`true` : sql`o.id in (${sql.join(organizationIds)})`;
  const doctorScope =
    organizationIds === 'all'
      ? sql`true`
      : sql`exists (select 1 from organization_user ou where ou.user_id = u.id and ou.organization_id in (${sql.join(organizationIds)}))`;
  const result = await sql<{
    kind: 'organization' | 'doctor';
    status: number;
    total: number;
    joined: number;
  }>`
    select 'organization' as kind, x.status, count(*)::int as total,
      count(*) filter (where x.joined_at >= ${joinedSince})::int as joined
    from (
      select ${organizationStatusSql} as status, o.created_at as joined_at
      from organizations o
      left join organization_case_stats s on s.organization_id = o.id
      left join contracts c on c.organization_id = o.id
      left join onboardings ob on ob.organization_id = o.id
      where ${orgScope}
    ) x group by x.status
    union all
    select 'doctor', x.status, count(*)::int, count(*) filter (where x.joined_at >= ${joinedSince})::int
    from (
      select ${doctorStatusSql} as status, u.created_at as joined_at
      from users u
      left join user_case_stats us on us.user_id = u.id
      where u.removed_at is null
        and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'doctor')
        and ${doctorScope}
    ) x group by x.status`.execute(db);
  return result.rows.map((r) => ({
    kind: r.kind,
    status: Number(r.status),
    total: Number(r.total),
    joined: Number(r.joined),
  }));
}
