import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { profileOf, ROLES, type Role } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';
import { accessFrom, loadActorAccess, type ActorAccess } from '../permissions/index.ts';
import type { Actor } from './actor.ts';

/**
 * Bearer sessions and single-use tokens. A token is 32 random bytes (256 bits) sent to the client
 * once, base64url-encoded; only its SHA-256 is stored, so a database leak yields no usable token.
 */
const TOKEN_BYTES = 32;
/** Remembered sessions survive a week without use (still bounded by the absolute expiry). */
const REMEMBER_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at / idle expiry are written at most this often per session. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function generateToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return crypto.createHash('sha256').update(token, 'utf8').digest();
}

export interface IssueTokenOptions {
  management?: boolean;
  rememberMe?: boolean;
  ip?: string | null;
  userAgent?: string | null;
}

export interface IssuedToken {
  token: string;
  tokenId: number;
  expiresAt: Date;
}

function idleWindowMs(ctx: AppContext, rememberMe: boolean): number {
  return rememberMe ? REMEMBER_IDLE_MS : ctx.config.tokenIdleMinutes * 60 * 1000;
}

/** Opens a session for a user and returns the bearer token (shown once). */
export async function issueToken(
  ctx: AppContext,
  userId: number,
  opts: IssueTokenOptions = {},
  executor: Kysely<DB> = ctx.db,
): Promise<IssuedToken> {
  const rememberMe = opts.rememberMe ?? false;
  const now = Date.now();
  const expiresAt = new Date(
    now +
      (rememberMe ? ctx.config.tokenRememberDays * 86_400_000 : ctx.config.tokenAbsoluteHours * 3_600_000),
  );
  const idleExpiresAt = new Date(Math.min(now + idleWindowMs(ctx, rememberMe), expiresAt.getTime()));
  const token = generateToken();
  const row = await executor
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      management: opts.management ?? false,
      remember_me: rememberMe,
      idle_expires_at: idleExpiresAt,
      expires_at: expiresAt,
      ip: opts.ip?.slice(0, 100) ?? null,
      user_agent: opts.userAgent?.slice(0, 500) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, tokenId: row.id, expiresAt };
}

export function asRoles(names: readonly string[]): Role[] {
  return names.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

interface ActorUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  current_organization_id: number | null;
}

/** The request actor of a user from its roles and access. */
function actorOf(user: ActorUser, tokenId: number, roles: Role[], access: ActorAccess): Actor {
  const currentOrganizationId =
    user.current_organization_id !== null && access.organizationIds.includes(user.current_organization_id)
      ? user.current_organization_id
      : null;
  return {
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    roles,
    profile: profileOf(roles),
    tokenId,
    currentOrganizationId,
    organizationRole: access.organizationRole,
    organizationIds: access.organizationIds,
    permissions: access.permissions,
  };
}

/** Builds the request actor of a user for a session. */
export async function buildActor(db: Kysely<DB>, user: ActorUser, tokenId: number): Promise<Actor> {
  const roleRows = await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
  const roles = asRoles(roleRows.map((r) => r.role));
  const access = await loadActorAccess(db, {
    userId: user.id,
    roles,
    currentOrganizationId: user.current_organization_id,
  });
  return actorOf(user, tokenId, roles, access);
}

/**
 * The actor of a bearer token, or null when the token is unknown, revoked, expired (idle or
 * absolute) or its user is archived or removed. One statement reads the session, the user, its
 * roles, memberships, custom permissions and (lab partners) the organizations it serves, so every
 * request starts with a single round trip. Extends the idle expiry at most once a minute.
 */
export async function resolveToken(ctx: AppContext, token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const row = await ctx.db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'auth_tokens.id as token_id',
      'auth_tokens.remember_me',
      'auth_tokens.last_used_at',
      'auth_tokens.expires_at',
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.current_organization_id',
      sql<unknown>`coalesce((select json_agg(r.role) from user_roles r where r.user_id = users.id), '[]'::json)`.as(
        'roles',
      ),
      sql<unknown>`coalesce((select json_agg(json_build_object('organization_id', ou.organization_id, 'role', ou.role) order by ou.organization_id)
        from organization_user ou where ou.user_id = users.id), '[]'::json)`.as('memberships'),
      sql<unknown>`coalesce((select json_agg(c.permission) from user_custom_permissions c where c.user_id = users.id), '[]'::json)`.as(
        'custom',
      ),
      sql<unknown>`case when exists (select 1 from user_roles lr where lr.user_id = users.id and lr.role = 'lab_partner')
        then coalesce((select json_agg(op.organization_id) from organization_preferences op where op.third_party_partner_user_id = users.id), '[]'::json)
        else '[]'::json end`.as('served'),
    ])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', sql<Date>`now()`)
    .where('auth_tokens.idle_expires_at', '>', sql<Date>`now()`)
    .where('users.deleted_at', 'is', null)
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (now - new Date(row.last_used_at).getTime() >= TOUCH_INTERVAL_MS) {
    const idle = new Date(
      Math.min(now + idleWindowMs(ctx, row.remember_me), new Date(row.expires_at).getTime()),
    );
    await ctx.db
      .updateTable('auth_tokens')
      .set({ last_used_at: new Date(now), idle_expires_at: idle })
      .where('id', '=', row.token_id)
      .execute();
  }
  const roles = asRoles(jsonArray<string>(row.roles));
  const access = accessFrom(
    { roles, currentOrganizationId: row.current_organization_id },
    {
      memberships: jsonArray<{ organization_id: number; role: string }>(row.memberships),
      custom: jsonArray<string>(row.custom),
      served: jsonArray<number>(row.served),
    },
  );
  return actorOf(row, row.token_id, roles, access);
}

/** A json column as an array (drivers hand json over parsed; a string is parsed here). */
function jsonArray<T>(value: unknown): T[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/** Ends one session (logout). */
export async function revokeToken(executor: Kysely<DB>, tokenId: number): Promise<void> {
  await executor
    .updateTable('auth_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password reset, archive). */
export async function revokeAllTokens(executor: Kysely<DB>, userId: number): Promise<number> {
  const res = await executor
    .updateTable('auth_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export type OneTimeTokenKind =
  'verify_email' | 'reset_password' | 'invitation' | 'create_user' | 'create_organization' | 'viewer_sign_in';

/** How long each single-use token stays valid. */
export const ONE_TIME_TOKEN_TTL_MINUTES: Record<OneTimeTokenKind, number> = {
  verify_email: 48 * 60,
  reset_password: 60,
  invitation: 7 * 24 * 60,
  create_user: 7 * 24 * 60,
  create_organization: 7 * 24 * 60,
  viewer_sign_in: 1,
};

export interface CreateOneTimeTokenInput {
  kind: OneTimeTokenKind;
  userId?: number | null;
  email?: string | null;
  organizationId?: number | null;
  role?: string | null;
  invitedByUserId?: number | null;
  payload?: Record<string, unknown>;
  /** Defaults to ONE_TIME_TOKEN_TTL_MINUTES[kind]. */
  ttlMinutes?: number;
}

export interface OneTimeTokenRow {
  id: number;
  kind: string;
  user_id: number | null;
  email: string | null;
  organization_id: number | null;
  role: string | null;
  invited_by_user_id: number | null;
  payload: unknown;
  expires_at: Date;
}

/** Creates a single-use token (verification, reset, invitation); returns the clear token once. */
export async function createOneTimeToken(
  executor: Kysely<DB>,
  input: CreateOneTimeTokenInput,
): Promise<{ token: string; id: number; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(
    Date.now() + (input.ttlMinutes ?? ONE_TIME_TOKEN_TTL_MINUTES[input.kind]) * 60_000,
  );
  const row = await executor
    .insertInto('one_time_tokens')
    .values({
      kind: input.kind,
      token_hash: hashToken(token),
      user_id: input.userId ?? null,
      email: input.email ?? null,
      organization_id: input.organizationId ?? null,
      role: input.role ?? null,
      invited_by_user_id: input.invitedByUserId ?? null,
      payload: JSON.stringify(input.payload ?? {}),
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id, expiresAt };
}

const ONE_TIME_COLUMNS = [
  'id',
  'kind',
  'user_id',
  'email',
  'organization_id',
  'role',
  'invited_by_user_id',
  'payload',
  'expires_at',
] as const;

/**
 * Redeems a single-use token atomically: only one caller can ever get the row back, and only
 * before it expires. Returns null for an unknown, used or expired token.
 */
export async function consumeOneTimeToken(
  executor: Kysely<DB>,
  kinds: OneTimeTokenKind | OneTimeTokenKind[],
  token: string,
): Promise<OneTimeTokenRow | null> {
  if (!token || token.length > 200) return null;
  const row = await executor
    .updateTable('one_time_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('kind', 'in', Array.isArray(kinds) ? kinds : [kinds])
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(ONE_TIME_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** Reads a single-use token without redeeming it (null when unknown, used or expired). */
export async function peekOneTimeToken(
  executor: Kysely<DB>,
  kinds: OneTimeTokenKind | OneTimeTokenKind[],
  token: string,
): Promise<OneTimeTokenRow | null> {
  if (!token || token.length > 200) return null;
  const row = await executor
    .selectFrom('one_time_tokens')
    .select(ONE_TIME_COLUMNS)
    .where('token_hash', '=', hashToken(token))
    .where('kind', 'in', Array.isArray(kinds) ? kinds : [kinds])
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

/** Voids the unused tokens of one kind for a user (a new reset link replaces the old). */
export async function voidOneTimeTokens(
  executor: Kysely<DB>,
  kind: OneTimeTokenKind,
  userId: number,
): Promise<void> {
  await executor
    .updateTable('one_time_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
