import {
  MANAGEMENT_ROLES,
  USER_MESSAGES,
  notificationSettingKeysFor,
  type ListUsersQuery,
  type ListUsersResponse,
  type NotificationSetting,
  type UserDetail,
  type WhitehatIntegrationResponse,
} from '@archline/contracts';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type {
  CreateUserRequest as CreateSchema,
  UpdateUserRequest as UpdateSchema,
  WhitehatIntegrationRequest,
} from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit/index.ts';
import { createOneTimeToken, revokeAllTokens } from '../../platform/auth/tokens.ts';
import { sendMail } from '../../platform/mail/index.ts';
import { AppError, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { authorize, can, organizationScope } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import * as repo from './repository.ts';
import { encryptSecret } from './secret-box.ts';

import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { paginate } from '../../platform/http/paginate.ts';
export type { RequestMeta };

type CreateInput = z.output<typeof CreateSchema>;
type UpdateInput = z.output<typeof UpdateSchema>;
type WhitehatInput = z.output<typeof WhitehatIntegrationRequest>;

/** The initial-password link stays valid for a week (the reset link kind, redeemed by POST /reset). */
const INITIAL_PASSWORD_TTL_MINUTES = 7 * 24 * 60;

function audit(
  executor: Kysely<DB>,
  actor: Actor,
  meta: RequestMeta,
  entry: Omit<AuditEntry, 'ip' | 'requestId' | 'actorUserId' | 'actorEmail' | 'outcome'>,
) {
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    ...entry,
  });
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * Which users the actor may see: management with users.view or users.manage sees everyone
 * (a lab partner only the members of the organizations it may see); others only themselves.
 */
export function userScopeOf(actor: Actor): repo.UserScope {
  if (actor.profile === 'management' && can(actor, 'users.view', 'users.manage', 'users.manage-limited')) {
    const scope = organizationScope(actor);
    return scope === 'all' ? { kind: 'all' } : { kind: 'organizations', ids: scope, self: actor.userId };
  }
  return { kind: 'self', self: actor.userId };
}

/** A user the actor may see (404 otherwise). */
export async function visibleUser(ctx: AppContext, actor: Actor, userId: number): Promise<repo.UserRow> {
  const user = await repo.findUser(ctx.db, userId, userScopeOf(actor));
  if (!user) throw notFound();
  return user;
}

async function detail(ctx: AppContext, userId: number, executor: Kysely<DB> = ctx.db): Promise<UserDetail> {
  const user = await repo.loadUserDetail(executor, userId);
  if (!user) throw notFound();
  return user;
}

/** The role picker: management roles need users.manage; super_admin only from a super_admin. */
function assertMayAssignRole(actor: Actor, role: string): void {
  if ((MANAGEMENT_ROLES as readonly string[]).includes(role) && !can(actor, 'users.manage'))
    throw forbidden();
  if (role === 'super_admin' && !actor.roles.includes('super_admin')) throw forbidden();
}

async function assertUnique(
  executor: Kysely<DB>,
  email: string,
  accountNumber: string | null,
  exceptUserId?: number,
) {
  if (await repo.isEmailTaken(executor, email, exceptUserId))
    throw fieldError('email', USER_MESSAGES.emailTaken);
  if (accountNumber && (await repo.isAccountNumberTaken(executor, accountNumber, exceptUserId)))
    throw fieldError('account_number', USER_MESSAGES.accountNumberTaken);
}

/** A unique violation that slipped past the checks (a concurrent write) answers like the check. */
function mapUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) {
    const constraint = (err as { constraint?: string }).constraint ?? '';
    if (constraint.includes('account_number'))
      throw fieldError('account_number', USER_MESSAGES.accountNumberTaken);
    throw fieldError('email', USER_MESSAGES.emailTaken);
  }
  throw err;
}

// ---- list and show -----------------------------------------------------------------------------

export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: ListUsersQuery,
): Promise<ListUsersResponse> {
  authorize(actor, 'users.view', 'users.manage', 'users.manage-limited');
  const scope = userScopeOf(actor);
  if (query.organizationId !== undefined && !seesOrganization(actor, query.organizationId)) throw notFound();
  const roles = [...(query.roles ?? []), ...(query['roles[]'] ?? [])];
  const filter: repo.ListUsersFilter = {
    organizationId: query.organizationId,
    search: query.searchFullNameEmailQuery || undefined,
    roles: roles.length ? roles : undefined,
    orderBy: query.orderBy,
    page: query.page,
    perPage: query.per_page,
  };
  return { users: await paginate(filter, (page) => repo.listUsers(ctx.db, scope, { ...filter, ...page })) };
}

export async function getUser(ctx: AppContext, actor: Actor, userId: number): Promise<UserDetail> {
  const user = await visibleUser(ctx, actor, userId);
  return detail(ctx, user.id);
}

// ---- create, update ------------------------------------------------------------------------------

/** Creates a user; the new user gets an e-mail with a link to choose the initial password. */
export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
  meta: RequestMeta,
): Promise<{ message: string; user: UserDetail }> {
  authorize(actor, 'users.create', 'users.manage', 'users.manage-limited');
  assertMayAssignRole(actor, input.role);
  const organizationId = input.organization_id ?? null;
  if (organizationId !== null) {
    if (!seesOrganization(actor, organizationId) || !(await repo.organizationExists(ctx.db, organizationId)))
      throw fieldError('organization_id', USER_MESSAGES.invalidOrganization);
  }
  const accountNumber = input.account_number ?? null;
  try {
    const userId = await ctx.db.transaction().execute(async (trx) => {
      await assertUnique(trx, input.email, accountNumber);
      const id = await repo.insertUser(
        trx,
        {
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          account_number: accountNumber,
        },
        input.role,
      );
      if (organizationId !== null) await repo.addMembership(trx, organizationId, id, input.organization_role);
      const { token } = await createOneTimeToken(trx, {
        kind: 'reset_password',
        userId: id,
        email: input.email,
        invitedByUserId: actor.userId,
        payload: { mode: 'initial' },
        ttlMinutes: INITIAL_PASSWORD_TTL_MINUTES,
      });
      await sendInitialPasswordEmail(
        ctx,
        trx,
        { email: input.email, firstName: input.first_name, role: input.role },
        token,
      );
      await audit(trx, actor, meta, {
        action: 'users.create',
        entityType: 'user',
        entityId: id,
        organizationId,
        details: {
          role: input.role,
          organization_role: organizationId !== null ? input.organization_role : null,
        },
      });
      return id;
    });
    return { message: USER_MESSAGES.created, user: await detail(ctx, userId) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    mapUniqueViolation(err);
  }
}

export function initialPasswordLink(ctx: AppContext, token: string, userRole: string): string {
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&userRole=${encodeURIComponent(userRole)}&mode=initial`;
}

async function sendInitialPasswordEmail(
  ctx: AppContext,
  executor: Kysely<DB>,
  to: { email: string; firstName: string; role: string },
  token: string,
): Promise<void> {
  const url = initialPasswordLink(ctx, token, to.role);
  const text = [
    `Hello ${to.firstName},`,
    '',
    'an Archline account has been created for you.',
    'Click the link below to choose your password and sign in.',
    '',
    `Set password: ${url}`,
    '',
    'The link is valid for 7 days and works once.',
    '',
  ].join('\n');
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif">
<p>Hello ${to.firstName.replace(/[<>&"']/g, '')},</p><p>an Archline account has been created for you.</p>
<p><a href="${escaped}">Set password</a></p><p>The link is valid for 7 days and works once.</p></body></html>`;
  await sendMail(ctx, { to: to.email, subject: 'Your Archline account', text, html }, executor);
}

/** Saves the user form. Archived users are read-only; one's own role cannot change. */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  input: UpdateInput,
  meta: RequestMeta,
): Promise<{ message: string; user: UserDetail }> {
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.update', 'users.manage');
  if (user.deleted_at) throw unprocessable(USER_MESSAGES.archivedReadOnly);
  const roleChanges = !user.roles.includes(input.role);
  if (roleChanges) {
    if (user.id === actor.userId) throw fieldError('role', USER_MESSAGES.ownRole);
    assertMayAssignRole(actor, input.role);
  }
  // Nobody below users.manage edits a management account's form.
  if (
    user.roles.some((r) => (MANAGEMENT_ROLES as readonly string[]).includes(r)) &&
    !can(actor, 'users.manage')
  )
    throw forbidden();
  if (user.roles.includes('super_admin') && !actor.roles.includes('super_admin')) throw forbidden();
  const accountNumber = input.account_number === undefined ? user.account_number : input.account_number;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await assertUnique(trx, input.email, accountNumber, user.id);
      await repo.updateUser(trx, user.id, {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        account_number: accountNumber,
      });
      if (roleChanges) await repo.setRole(trx, user.id, input.role);
      const changed = {
        first_name: user.first_name !== input.first_name,
        last_name: user.last_name !== input.last_name,
        email: user.email.toLowerCase() !== input.email.toLowerCase(),
        account_number: user.account_number !== accountNumber,
      };
      await audit(trx, actor, meta, {
        action: 'users.update',
        entityType: 'user',
        entityId: user.id,
        details: {
          fields: Object.keys(changed).filter((f) => changed[f as keyof typeof changed]),
          ...(roleChanges ? { roles_before: user.roles, role: input.role } : {}),
        },
      });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    mapUniqueViolation(err);
  }
  return { message: USER_MESSAGES.updated, user: await detail(ctx, user.id) };
}

// ---- archive, restore, delete --------------------------------------------------------------------

export async function archiveUser(ctx: AppContext, actor: Actor, userId: number, meta: RequestMeta) {
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.archive');
  if (user.id === actor.userId) throw forbidden(USER_MESSAGES.ownAccountArchive);
  if (user.roles.includes('super_admin') && !actor.roles.includes('super_admin')) throw forbidden();
  if (user.deleted_at) throw unprocessable(USER_MESSAGES.alreadyArchived);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setArchived(trx, user.id, true);
    const revoked = await revokeAllTokens(trx, user.id);
    await audit(trx, actor, meta, {
      action: 'users.archive',
      entityType: 'user',
      entityId: user.id,
      details: { sessions_revoked: revoked },
    });
  });
  await ctx.realtime.disconnectUser(user.id);
  return { message: USER_MESSAGES.archived, user: await detail(ctx, user.id) };
}

export async function restoreUser(ctx: AppContext, actor: Actor, userId: number, meta: RequestMeta) {
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.restore');
  if (!user.deleted_at) throw unprocessable(USER_MESSAGES.notArchived);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setArchived(trx, user.id, false);
    await audit(trx, actor, meta, { action: 'users.restore', entityType: 'user', entityId: user.id });
  });
  return { message: USER_MESSAGES.restored, user: await detail(ctx, user.id) };
}

/** Deletes a user for good (kept as a removed row for references); never one's own account. */
export async function deleteUser(ctx: AppContext, actor: Actor, userId: number, meta: RequestMeta) {
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.delete', 'users.manage');
  if (user.id === actor.userId) throw forbidden(USER_MESSAGES.ownAccountDelete);
  if (user.roles.includes('super_admin') && !actor.roles.includes('super_admin')) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.markRemoved(trx, user.id);
    const revoked = await revokeAllTokens(trx, user.id);
    await audit(trx, actor, meta, {
      action: 'users.delete',
      entityType: 'user',
      entityId: user.id,
      details: { sessions_revoked: revoked },
    });
  });
  await ctx.realtime.disconnectUser(user.id);
  return { message: USER_MESSAGES.deleted };
}

// ---- whitehat integration ------------------------------------------------------------------------

function whitehatResponse(
  row: { enabled: boolean; username: string | null; password_encrypted: string | null } | undefined,
): WhitehatIntegrationResponse {
  const enabled = row?.enabled ?? false;
  const username = row?.username ?? null;
  return {
    data: { enabled, username, has_password: Boolean(row?.password_encrypted) },
    metadata: { browser_extension_settings: { enabled, username: enabled ? username : null } },
  };
}

export async function getWhitehat(
  ctx: AppContext,
  actor: Actor,
  userId: number,
): Promise<WhitehatIntegrationResponse> {
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.update-whitehat-integration');
  return whitehatResponse(await repo.findWhitehat(ctx.db, user.id));
}

/** Saves the integration; the password is stored encrypted (AES-256-GCM) and never sent back. */
export async function saveWhitehat(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  input: WhitehatInput,
  meta: RequestMeta,
) {
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.update-whitehat-integration');
  const current = await repo.findWhitehat(ctx.db, user.id);
  const username = input.username === undefined ? (current?.username ?? null) : input.username || null;
  const passwordEncrypted = input.password
    ? await encryptSecret(ctx, input.password)
    : (current?.password_encrypted ?? null);
  const values = { enabled: input.enabled, username, password_encrypted: passwordEncrypted };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveWhitehat(trx, user.id, values);
    await audit(trx, actor, meta, {
      action: 'users.update-whitehat-integration',
      entityType: 'user',
      entityId: user.id,
      details: { enabled: input.enabled, password_changed: Boolean(input.password) },
    });
  });
  return { message: USER_MESSAGES.whitehatUpdated, ...whitehatResponse(values) };
}

// ---- notification settings -----------------------------------------------------------------------

async function notificationTarget(ctx: AppContext, actor: Actor, userId: number): Promise<repo.UserRow> {
  if (userId === actor.userId) return visibleUser(ctx, actor, userId);
  const user = await visibleUser(ctx, actor, userId);
  authorize(actor, 'users.manage-notification-settings');
  return user;
}

export async function listNotificationSettings(
  ctx: AppContext,
  actor: Actor,
  userId: number,
): Promise<NotificationSetting[]> {
  const user = await notificationTarget(ctx, actor, userId);
  const stored = await repo.listNotificationSettings(ctx.db, user.id);
  return notificationSettingKeysFor(user.roles).map((name) => ({ name, enabled: stored.get(name) ?? true }));
}

/** Whether a notification of `name` reaches the user (a setting never toggled is on). */
export async function notificationEnabled(ctx: AppContext, userId: number, name: string): Promise<boolean> {
  const stored = await repo.listNotificationSettings(ctx.db, userId);
  return stored.get(name) ?? true;
}

export async function toggleNotificationSetting(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  name: string,
  meta: RequestMeta,
) {
  const user = await notificationTarget(ctx, actor, userId);
  if (!notificationSettingKeysFor(user.roles).includes(name))
    throw fieldError('name', USER_MESSAGES.invalidNotification);
  const enabled = await ctx.db.transaction().execute(async (trx) => {
    const on = await repo.toggleNotificationSetting(trx, user.id, name);
    await audit(trx, actor, meta, {
      action: 'users.toggle-notification-setting',
      entityType: 'user',
      entityId: user.id,
      details: { name, enabled: on },
    });
    return on;
  });
  return { message: USER_MESSAGES.notificationsUpdated, data: { name, enabled } };
}
