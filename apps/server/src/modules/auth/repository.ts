import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_ACTIVITY_THROTTLE_SECONDS,
  ORGANIZATION_ROLE_PERMISSIONS,
  type MeResponse,
  type OrganizationRole,
  type SettingsResponse,
} from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { asRoles } from '../../platform/auth/tokens.ts';
import { loadActorAccess } from '../../platform/permissions/index.ts';

/** SQL of the auth module. Every function takes the database or the caller's transaction. */

export interface LoginUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  email_verified_at: Date | null;
  deleted_at: Date | null;
  current_organization_id: number | null;
}

/** The (not removed) user holding a primary e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<LoginUserRow | undefined> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'password_hash',
      'email_verified_at',
      'deleted_at',
      'current_organization_id',
    ])
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<DB>, id: number): Promise<LoginUserRow | undefined> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name',
      'last_name',
      'password_hash',
      'email_verified_at',
      'deleted_at',
      'current_organization_id',
    ])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a primary e-mail is held by another (not removed) user. */
export async function isEmailTaken(db: Kysely<DB>, email: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email).where('removed_at', 'is', null);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function isAccountNumberTaken(
  db: Kysely<DB>,
  accountNumber: string,
  exceptUserId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(account_number)`, '=', accountNumber.toLowerCase())
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rolesOf(db: Kysely<DB>, userId: number) {
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .orderBy('role')
    .execute();
  return asRoles(rows.map((r) => r.role));
}

export interface NewUser {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  email_verified_at: Date | null;
  lab_partner_applied_at?: Date | null;
  current_organization_id?: number | null;
}

export async function insertUser(db: Kysely<DB>, user: NewUser, roles: string[]): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      password_hash: user.password_hash,
      email_verified_at: user.email_verified_at,
      lab_partner_applied_at: user.lab_partner_applied_at ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (roles.length)
    await db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: row.id, role })))
      .execute();
  return row.id;
}

export async function markEmailVerified(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordHash(db: Kysely<DB>, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function markLoggedIn(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: sql<Date>`now()`, last_activity_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function touchActivity(db: Kysely<DB>, userId: number): Promise<Date> {
  const row = await db
    .updateTable('users')
    .set({ last_activity_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .returning('last_activity_at')
    .executeTakeFirstOrThrow();
  return new Date(row.last_activity_at!);
}

/** The profile fields as stored, for the update's audit row and its account-number rule. */
export async function findProfile(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'account_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export interface ProfileFields {
  first_name: string;
  last_name: string;
  email: string;
  account_number?: string | null;
}

export async function updateProfile(db: Kysely<DB>, userId: number, fields: ProfileFields): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function setCurrentOrganization(
  db: Kysely<DB>,
  userId: number,
  organizationId: number | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ current_organization_id: organizationId })
    .where('id', '=', userId)
    .execute();
}

/** The user's membership in a live (not archived) organization. */
export async function findMembership(db: Kysely<DB>, userId: number, organizationId: number) {
  return db
    .selectFrom('organization_user')
    .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
    .select(['organizations.id', 'organizations.name', 'organization_user.role'])
    .where('organization_user.user_id', '=', userId)
    .where('organization_user.organization_id', '=', organizationId)
    .where('organizations.deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findLiveOrganization(db: Kysely<DB>, organizationId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Adds a membership; an existing one keeps its role. Returns whether a row was added. */
export async function addMembership(
  db: Kysely<DB>,
  organizationId: number,
  userId: number,
  role: OrganizationRole,
): Promise<boolean> {
  const row = await db
    .insertInto('organization_user')
    .values({ organization_id: organizationId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function listAdditionalEmails(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('user_emails')
    .select(['id', 'email'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function findAdditionalEmail(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom('user_emails')
    .select(['id', 'email'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAdditionalEmail(db: Kysely<DB>, userId: number, email: string) {
  return db
    .insertInto('user_emails')
    .values({ user_id: userId, email })
    .onConflict((oc) => oc.columns(['user_id', 'email']).doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
}

export async function deleteAdditionalEmail(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  await db.deleteFrom('user_emails').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The signed-in user as GET /me answers it. Four queries, whatever the number of organizations. */
export async function loadMe(db: Kysely<DB>, userId: number): Promise<MeResponse | undefined> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'account_number',
      'created_at',
      'email_verified_at',
      'lab_partner_applied_at',
      'current_organization_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const [roles, emails, organizations] = await Promise.all([
    rolesOf(db, userId),
    listAdditionalEmails(db, userId),
    db
      .selectFrom('organization_user')
      .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
      .leftJoin('contracts', 'contracts.organization_id', 'organizations.id')
      .leftJoin('licenses', 'licenses.id', 'contracts.license_id')
      .leftJoin('license_types', 'license_types.id', 'licenses.license_type_id')
      .leftJoin('onboardings', 'onboardings.organization_id', 'organizations.id')
      .select([
        'onboardings.id as onboarding_id',
        'onboardings.status as onboarding_status',
        'onboardings.current_step as onboarding_step',
        'organizations.id',
        'organizations.name',
        'organizations.account_number',
        'organizations.disabled_at',
        'organizations.webhooks_enabled',
        'organizations.enable_custom_bracket_sets',
        'organization_user.role',
        'contracts.id as contract_id',
        'contracts.suspended_at as contract_suspended_at',
        'license_types.allow_buy_seats',
        'organizations.initial_setup_required',
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('licenses as active_licenses')
                .select('active_licenses.id')
                .whereRef('active_licenses.organization_id', '=', 'organizations.id')
                .where('active_licenses.active', '=', true),
            )
            .as('has_active_license'),
      ])
      .where('organization_user.user_id', '=', userId)
      .where('organizations.deleted_at', 'is', null)
      .orderBy('organizations.name')
      .orderBy('organizations.id')
      .execute(),
  ]);
  // The user's own permissions (roles + custom toggles); each organization adds its pivot's.
  const access = await loadActorAccess(db, { userId, roles, currentOrganizationId: null });
  const current = organizations.some((o) => o.id === user.current_organization_id)
    ? user.current_organization_id
    : null;
  const currentOrganization = organizations.find((o) => o.id === current);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: `${user.first_name} ${user.last_name}`,
    email: user.email,
    account_number: user.account_number,
    created_at: new Date(user.created_at).toISOString(),
    email_verified_at: user.email_verified_at ? new Date(user.email_verified_at).toISOString() : null,
    lab_partner_applied_at: user.lab_partner_applied_at
      ? new Date(user.lab_partner_applied_at).toISOString()
      : null,
    roles: roles.map((name) => ({ name })),
    all_permissions: [...access.permissions].sort(),
    additional_emails: emails,
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      account_number: o.account_number,
      disabled_at: o.disabled_at ? new Date(o.disabled_at).toISOString() : null,
      webhooks_enabled: o.webhooks_enabled,
      enable_custom_bracket_sets: o.enable_custom_bracket_sets,
      contract:
        o.contract_id === null
          ? null
          : {
              id: o.contract_id,
              suspended_at: o.contract_suspended_at ? new Date(o.contract_suspended_at).toISOString() : null,
              license:
                o.allow_buy_seats === null ? null : { license_type: { allow_buy_seats: o.allow_buy_seats } },
            },
      onboarding:
        o.onboarding_status === null || o.onboarding_step === null
          ? null
          : { id: o.onboarding_id!, status: o.onboarding_status, current_step: o.onboarding_step },
      pivot: {
        role: o.role,
        all_permissions: [...(ORGANIZATION_ROLE_PERMISSIONS[o.role as OrganizationRole] ?? [])],
      },
    })),
    current_organization_id: current,
    initial_setup_required:
      currentOrganization !== undefined &&
      currentOrganization.initial_setup_required &&
      !currentOrganization.has_active_license,
  };
}

/**
 * A sign-up's default organization (`{First} {Last}'s Account`): the user as its
 * organization_owner and current organization, a pending onboarding, and the account setup
 * flag set. Runs in the caller's transaction.
 */
export async function createDefaultOrganization(
  db: Kysely<DB>,
  userId: number,
  name: string,
): Promise<number> {
  const organization = await db
    .insertInto('organizations')
    .values({ name: name.slice(0, 255), initial_setup_required: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organization_user')
    .values({ organization_id: organization.id, user_id: userId, role: 'organization_owner' })
    .execute();
  await db
    .insertInto('onboardings')
    .values({ organization_id: organization.id, status: 1, current_step: 0 })
    .execute();
  await setCurrentOrganization(db, userId, organization.id);
  return organization.id;
}

/** Settings keys read by GET /settings. */
export const SETTING_KEYS = {
  nameCorrection: 'name_correction',
  activityThrottle: 'activity_throttle_seconds',
  alignerPromotion: 'aligner_promotion_enabled',
} as const;

/** Global settings for every signed-in user, with defaults for missing rows. */
export async function loadPublicSettings(db: Kysely<DB>): Promise<SettingsResponse> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.values(SETTING_KEYS))
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value as unknown]));
  const nc = byKey.get(SETTING_KEYS.nameCorrection) as
    { replacement?: unknown; forbidden_characters?: unknown } | undefined;
  const throttle = Number(byKey.get(SETTING_KEYS.activityThrottle));
  return {
    name_correction: {
      replacement: typeof nc?.replacement === 'string' ? nc.replacement : '',
      forbidden_characters: typeof nc?.forbidden_characters === 'string' ? nc.forbidden_characters : '',
    },
    activity_throttle_seconds:
      Number.isInteger(throttle) && throttle > 0 ? throttle : DEFAULT_ACTIVITY_THROTTLE_SECONDS,
    aligner_promotion_enabled: byKey.get(SETTING_KEYS.alignerPromotion) === true,
  };
}
