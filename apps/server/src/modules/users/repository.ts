import { sql, type Kysely } from 'kysely';
import { type UserDetail, type UserListItem, type UserOrderBy } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { loadActorAccess } from '../../platform/permissions/index.ts';
import { asRoles } from '../../platform/auth/tokens.ts';

/** Which users a query may return: every user, the members of some organizations, or one user. */
export type UserScope =
  { kind: 'all' } | { kind: 'organizations'; ids: number[]; self: number } | { kind: 'self'; self: number };

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface OrganizationJson {
  id: number;
  name: string;
  account_number: string | null;
  role: string;
}

/** The list columns of users, with roles and organizations aggregated in the same statement. */
function userColumns(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.account_number',
      'users.created_at',
      'users.deleted_at',
      sql<
        string[]
      >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = users.id), '{}')`.as(
        'roles',
      ),
      sql<OrganizationJson[]>`coalesce((
        select json_agg(json_build_object('id', o.id, 'name', o.name, 'account_number', o.account_number, 'role', ou.role) order by o.name, o.id)
        from organization_user ou join organizations o on o.id = ou.organization_id
        where ou.user_id = users.id), '[]'::json)`.as('organizations'),
    ])
    .where('users.removed_at', 'is', null);
}

type UserColumnsRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  account_number: string | null;
  created_at: Date;
  deleted_at: Date | null;
  roles: string[];
  organizations: OrganizationJson[] | string;
};

function toListItem(row: UserColumnsRow): UserListItem {
  const organizations = (
    typeof row.organizations === 'string' ? JSON.parse(row.organizations) : row.organizations
  ) as OrganizationJson[];
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    account_number: row.account_number,
    created_at: iso(row.created_at)!,
    deleted_at: iso(row.deleted_at),
    roles: (row.roles ?? []).map((name) => ({ name })),
    organizations: organizations.map((o) => ({
      id: Number(o.id),
      name: o.name,
      account_number: o.account_number,
      pivot: { role: o.role },
    })),
  };
}

export interface ListUsersFilter {
  organizationId?: number;
  search?: string;
  roles?: string[];
  orderBy: UserOrderBy;
  page: number;
  perPage: number;
}

/** One page of users in the scope; the total comes from the same statement (count over the window). */
export async function listUsers(
  db: Kysely<DB>,
  scope: UserScope,
  filter: ListUsersFilter,
): Promise<{ rows: UserListItem[]; total: number }> {
  let q = userColumns(db).select(sql<number>`count(*) over ()`.as('total_count'));
  if (scope.kind === 'self') q = q.where('users.id', '=', scope.self);
  if (scope.kind === 'organizations') {
    const ids = scope.ids;
    q = q.where((eb) =>
      eb.or([
        eb('users.id', '=', scope.self),
        ids.length
          ? eb.exists(
              eb
                .selectFrom('organization_user')
                .select('organization_user.user_id')
                .whereRef('organization_user.user_id', '=', 'users.id')
                .where('organization_user.organization_id', 'in', ids),
            )
          : eb.val(false),
      ]),
    );
  }
  if (filter.organizationId !== undefined) {
    const orgId = filter.organizationId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('organization_user')
          .select('organization_user.user_id')
          .whereRef('organization_user.user_id', '=', 'users.id')
          .where('organization_user.organization_id', '=', orgId),
      ),
    );
  }
  if (filter.roles?.length) {
    const roles = filter.roles;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', 'in', roles),
      ),
    );
  }
  if (filter.search) {
    // Same expression as the users_name_trgm index.
    const pattern = `%${escapeLike(filter.search)}%`;
    q = q.where(
      sql<boolean>`(users.first_name || ' ' || users.last_name || ' ' || users.email) ilike ${pattern}`,
    );
  }
  switch (filter.orderBy) {
    case 'oldest':
      q = q.orderBy('users.created_at', 'asc').orderBy('users.id', 'asc');
      break;
    case 'name_asc':
      q = q.orderBy('users.first_name', 'asc').orderBy('users.last_name', 'asc').orderBy('users.id', 'asc');
      break;
    case 'name_desc':
      q = q
        .orderBy('users.first_name', 'desc')
        .orderBy('users.last_name', 'desc')
        .orderBy('users.id', 'desc');
      break;
    case 'email_asc':
      q = q.orderBy('users.email', 'asc').orderBy('users.id', 'asc');
      break;
    case 'email_desc':
      q = q.orderBy('users.email', 'desc').orderBy('users.id', 'desc');
      break;
    default:
      q = q.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc');
  }
  const rows = await q
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return {
    rows: rows.map((r) => toListItem(r as unknown as UserColumnsRow)),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  account_number: string | null;
  deleted_at: Date | null;
  roles: string[];
  organizationIds: number[];
}

/** A user (not removed) with roles and memberships, if it lies in the scope. */
export async function findUser(
  db: Kysely<DB>,
  userId: number,
  scope: UserScope,
): Promise<UserRow | undefined> {
  if (scope.kind === 'self' && userId !== scope.self) return undefined;
  const row = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.account_number',
      'users.deleted_at',
      sql<
        string[]
      >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = users.id), '{}')`.as(
        'roles',
      ),
      sql<
        number[]
      >`coalesce((select array_agg(ou.organization_id order by ou.organization_id) from organization_user ou where ou.user_id = users.id), '{}')`.as(
        'organization_ids',
      ),
    ])
    .where('users.id', '=', userId)
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const organizationIds = (row.organization_ids ?? []).map(Number);
  if (
    scope.kind === 'organizations' &&
    userId !== scope.self &&
    !organizationIds.some((id) => scope.ids.includes(id))
  )
    return undefined;
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    account_number: row.account_number,
    deleted_at: row.deleted_at,
    roles: row.roles ?? [],
    organizationIds,
  };
}

/** The user page: list columns plus effective permissions, additional e-mails and sign-in facts. */
export async function loadUserDetail(db: Kysely<DB>, userId: number): Promise<UserDetail | undefined> {
  const row = await userColumns(db)
    .select(['users.email_verified_at', 'users.last_login_at'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const item = toListItem(row as unknown as UserColumnsRow);
  const [emails, access] = await Promise.all([
    db
      .selectFrom('user_emails')
      .select(['id', 'email'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    loadActorAccess(db, { userId, roles: asRoles(row.roles ?? []), currentOrganizationId: null }),
  ]);
  return {
    ...item,
    all_permissions: [...access.permissions].sort(),
    additional_emails: emails,
    email_verified_at: iso(row.email_verified_at),
    last_login_at: iso(row.last_login_at),
  };
}

export async function isEmailTaken(db: Kysely<DB>, email: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email).where('removed_at', 'is', null);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function isAccountNumberTaken(
  db: Kysely<DB>,
  accountNumber: string,
  exceptUserId?: number,
): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('account_number', '=', accountNumber);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface UserFields {
  first_name: string;
  last_name: string;
  email: string;
  account_number: string | null;
}

export async function insertUser(db: Kysely<DB>, fields: UserFields, role: string): Promise<number> {
  const row = await db.insertInto('users').values(fields).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: row.id, role }).execute();
  return row.id;
}

export async function updateUser(db: Kysely<DB>, userId: number, fields: UserFields): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Replaces the user's global roles by one role. */
export async function setRole(db: Kysely<DB>, userId: number, role: string): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.insertInto('user_roles').values({ user_id: userId, role }).execute();
}

export async function addMembership(
  db: Kysely<DB>,
  organizationId: number,
  userId: number,
  role: string,
): Promise<void> {
  await db
    .insertInto('organization_user')
    .values({ organization_id: organizationId, user_id: userId, role })
    .execute();
  await db
    .updateTable('users')
    .set({ current_organization_id: organizationId })
    .where('id', '=', userId)
    .execute();
}

export async function organizationExists(db: Kysely<DB>, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setArchived(db: Kysely<DB>, userId: number, archived: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ deleted_at: archived ? sql<Date>`now()` : null, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function markRemoved(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ removed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

// ---- whitehat integration ---------------------------------------------------------------------

export async function findWhitehat(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('whitehat_integrations')
    .select(['enabled', 'username', 'password_encrypted'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveWhitehat(
  db: Kysely<DB>,
  userId: number,
  values: { enabled: boolean; username: string | null; password_encrypted: string | null },
): Promise<void> {
  await db
    .insertInto('whitehat_integrations')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

// ---- notification settings ---------------------------------------------------------------------

export async function listNotificationSettings(
  db: Kysely<DB>,
  userId: number,
): Promise<Map<string, boolean>> {
  const rows = await db
    .selectFrom('user_notification_settings')
    .select(['name', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.name, r.enabled]));
}

/** Flips one setting (a missing row means enabled); returns the new value. */
export async function toggleNotificationSetting(
  db: Kysely<DB>,
  userId: number,
  name: string,
): Promise<boolean> {
  const row = await db
    .insertInto('user_notification_settings')
    .values({ user_id: userId, name, enabled: false })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'name'])
        .doUpdateSet({ enabled: sql<boolean>`not user_notification_settings.enabled` }),
    )
    .returning('enabled')
    .executeTakeFirstOrThrow();
  return row.enabled;
}
