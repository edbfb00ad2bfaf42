import {
  AUTH_MESSAGES,
  EMAIL_TAKEN_MESSAGE,
  defaultAccountName,
  MANAGEMENT_ROLES,
  ORGANIZATION_ROLES,
  profileOf,
  ROLES,
  UNVERIFIED_EMAIL_CODE,
  type LoginInfo,
  type LoginResponse,
  type MeResponse,
  type OrganizationRole,
  type Role,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { assertAltcha } from '../../platform/auth/altcha.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { clearRateLimit, enforceRateLimits, RATE_LIMITS } from '../../platform/auth/rate-limit.ts';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  issueToken,
  revokeAllTokens,
  revokeToken,
  voidOneTimeTokens,
} from '../../platform/auth/tokens.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  AppError,
  fieldError,
  forbidden,
  notFound,
  unauthenticated,
  unprocessable,
} from '../../platform/http/errors.ts';
import { can } from '../../platform/permissions/index.ts';
import { sendInvitationEmail, sendResetEmail, sendVerificationEmail } from './emails.ts';
import * as repo from './repository.ts';
import * as twoFactor from './two-factor.ts';

/** Where a request came from (for the audit trail, rate limits and the session row). */
export interface RequestMeta {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

/** Verifying against this keeps an unknown e-mail as slow as a wrong password. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$gFO+ZrYxE9twqzhQ8rayrA$E2paEdpkCkRHWd4kRU2wz07rMeg/tmt/DAAYJZ23wvw';

function audit(executor: Kysely<DB>, meta: RequestMeta, entry: Omit<AuditEntry, 'ip' | 'requestId'>) {
  return recordAudit(executor, { ip: meta.ip, requestId: meta.requestId, ...entry });
}

const accountKey = (email: string) => email.trim().toLowerCase();

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** The role name the reset link carries (/reset-password?userRole=...): a management role if any. */
function primaryRole(roles: readonly Role[]): string {
  return roles.find((r) => (MANAGEMENT_ROLES as readonly string[]).includes(r)) ?? roles[0] ?? 'doctor';
}

async function loginInfo(
  ctx: AppContext,
  executor: Kysely<DB>,
  userId: number,
  opts: { management: boolean; rememberMe: boolean },
  meta: RequestMeta,
): Promise<LoginInfo> {
  const issued = await issueToken(ctx, userId, { ...opts, ip: meta.ip, userAgent: meta.userAgent }, executor);
  await repo.markLoggedIn(executor, userId);
  const user = await repo.loadMe(executor, userId);
  return { access_token: issued.token, user: user!, expires_at: issued.expiresAt.toISOString() };
}

// ---- login / logout -------------------------------------------------------------------------

export interface LoginInput {
  email: string;
  password: string;
  remember_me?: boolean | undefined;
  management?: boolean | undefined;
  altcha?: string | undefined;
}

/**
 * Signs a user in. Unknown e-mail, wrong password, archived and removed accounts all answer the
 * same message, so the answer does not reveal which e-mails exist. Every attempt is audited.
 */
export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
  const email = accountKey(input.email);
  await enforceRateLimits(ctx, [{ key: `login:ip:${meta.ip}`, rule: RATE_LIMITS.loginPerIp }]);
  await assertAltcha(ctx, input.altcha);
  // Only attempts that passed the bot check count against the account, so requests without proof
  // of work cannot lock someone else out.
  await enforceRateLimits(ctx, [{ key: `login:account:${email}`, rule: RATE_LIMITS.loginPerAccount }]);
  const management = input.management ?? false;
  const user = await repo.findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password);
  const fail = async (reason: string, error: AppError) => {
    await audit(ctx.db, meta, {
      actorUserId: user?.id ?? null,
      actorEmail: email,
      action: 'auth.login',
      entityType: 'user',
      entityId: user?.id ?? null,
      outcome: 'failure',
      details: { reason, management },
    });
    return error;
  };
  const invalid = () =>
    unprocessable(AUTH_MESSAGES.invalidCredentials, { email: [AUTH_MESSAGES.invalidCredentials] });
  if (!user) throw await fail('unknown_email', invalid());
  if (!passwordOk || !user.password_hash) throw await fail('wrong_password', invalid());
  if (user.deleted_at) throw await fail('archived', invalid());
  const roles = await repo.rolesOf(ctx.db, user.id);
  const profile = profileOf(roles);
  if (management && profile !== 'management')
    throw await fail('not_management', forbidden(AUTH_MESSAGES.managementOnly));
  if (!management && profile === 'management')
    throw await fail('management_account', forbidden(AUTH_MESSAGES.practiceOnly));
  if (!user.email_verified_at) {
    throw await fail(
      'unverified',
      new AppError(403, AUTH_MESSAGES.unverified, undefined, UNVERIFIED_EMAIL_CODE),
    );
  }
  if (await twoFactor.isEnabled(ctx.db, user.id)) {
    // Two-factor sign-in: the password was right; a code exchanges this challenge for the session.
    const challenge = await twoFactor.startChallenge(ctx.db, {
      userId: user.id,
      management,
      rememberMe: input.remember_me ?? false,
    });
    await audit(ctx.db, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.login.two-factor-required',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
      details: { management },
    });
    await clearRateLimit(ctx, `login:account:${email}`);
    return challenge;
  }
  const info = await ctx.db.transaction().execute(async (trx) => {
    const result = await loginInfo(
      ctx,
      trx,
      user.id,
      { management, rememberMe: input.remember_me ?? false },
      meta,
    );
    await audit(trx, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
      details: { management, remember_me: input.remember_me ?? false },
    });
    return result;
  });
  await clearRateLimit(ctx, `login:account:${email}`);
  return info;
}

/** Ends the caller's session only (other devices stay signed in). */
export async function logout(ctx: AppContext, actor: Actor, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await revokeToken(trx, actor.tokenId);
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'auth.logout',
      entityType: 'user',
      entityId: actor.userId,
      outcome: 'success',
    });
  });
  // Open real-time connections of this session end with it.
  await ctx.realtime.disconnectToken(actor.tokenId);
}

// ---- sign-up and verification ---------------------------------------------------------------

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  lab_partner?: boolean | undefined;
  altcha?: string | undefined;
}

const emailTaken = () => fieldError('email', EMAIL_TAKEN_MESSAGE);

/** Sign-up step 1: is the e-mail still free? */
export async function checkEmail(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await enforceRateLimits(ctx, [{ key: `check-email:ip:${meta.ip}`, rule: RATE_LIMITS.checkEmailPerIp }]);
  if (await repo.isEmailTaken(ctx.db, accountKey(email))) throw emailTaken();
}

/**
 * Creates a practice account (role doctor) waiting for e-mail verification and mails the VERIFY
 * link. With lab_partner the user is also recorded as a 3rd Party Partner applicant
 * (users.lab_partner_applied_at); the lab_partner role itself is granted by staff.
 */
export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta): Promise<void> {
  await enforceRateLimits(ctx, [{ key: `register:ip:${meta.ip}`, rule: RATE_LIMITS.registerPerIp }]);
  await assertAltcha(ctx, input.altcha);
  const email = input.email.trim();
  if (await repo.isEmailTaken(ctx.db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const userId = await repo.insertUser(
        trx,
        {
          first_name: input.first_name,
          last_name: input.last_name,
          email,
          password_hash: passwordHash,
          email_verified_at: null,
          lab_partner_applied_at: input.lab_partner ? new Date() : null,
        },
        ['doctor'],
      );
      await repo.createDefaultOrganization(
        trx,
        userId,
        defaultAccountName(input.first_name, input.last_name),
      );
      const { token } = await createOneTimeToken(trx, { kind: 'verify_email', userId, email });
      await sendVerificationEmail(ctx, trx, { email, firstName: input.first_name }, token);
      await audit(trx, meta, {
        actorUserId: userId,
        actorEmail: email,
        action: 'auth.register',
        entityType: 'user',
        entityId: userId,
        outcome: 'success',
        details: { lab_partner: input.lab_partner ?? false },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** Mails a new VERIFY link when the account is still unverified; answers the same either way. */
export async function resendVerification(
  ctx: AppContext,
  emailInput: string,
  meta: RequestMeta,
): Promise<void> {
  const email = accountKey(emailInput);
  await enforceRateLimits(ctx, [
    { key: `reset:ip:${meta.ip}`, rule: RATE_LIMITS.resetPerIp },
    { key: `verify:account:${email}`, rule: RATE_LIMITS.verificationPerAccount },
  ]);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || user.deleted_at || user.email_verified_at) return;
  await ctx.db.transaction().execute(async (trx) => {
    await voidOneTimeTokens(trx, 'verify_email', user.id);
    const { token } = await createOneTimeToken(trx, {
      kind: 'verify_email',
      userId: user.id,
      email: user.email,
    });
    await sendVerificationEmail(ctx, trx, { email: user.email, firstName: user.first_name }, token);
    await audit(trx, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.resend-verification',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
    });
  });
}

/** Redeems a VERIFY link: marks the e-mail verified and signs the user in (practice session). */
export async function verifyEmail(ctx: AppContext, token: string, meta: RequestMeta): Promise<LoginInfo> {
  const failed = () =>
    unprocessable(AUTH_MESSAGES.verificationFailed, { token: [AUTH_MESSAGES.verificationFailed] });
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeOneTimeToken(trx, 'verify_email', token);
    if (!row?.user_id) return null;
    const user = await repo.findUserById(trx, row.user_id);
    if (!user || user.deleted_at) return null;
    await repo.markEmailVerified(trx, user.id);
    const info = await loginInfo(ctx, trx, user.id, { management: false, rememberMe: false }, meta);
    await audit(trx, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.verify-email',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
    });
    return info;
  });
  if (!result) {
    await audit(ctx.db, meta, {
      action: 'auth.verify-email',
      entityType: 'user',
      outcome: 'failure',
      details: { reason: 'invalid_token' },
    });
    throw failed();
  }
  return result;
}

// ---- password reset -------------------------------------------------------------------------

/** Mails a reset link when the account exists; the answer never tells whether it does. */
export async function requestReset(ctx: AppContext, emailInput: string, meta: RequestMeta): Promise<void> {
  const email = accountKey(emailInput);
  await enforceRateLimits(ctx, [
    { key: `reset:ip:${meta.ip}`, rule: RATE_LIMITS.resetPerIp },
    { key: `reset:account:${email}`, rule: RATE_LIMITS.resetPerAccount },
  ]);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || user.deleted_at) {
    await audit(ctx.db, meta, {
      actorEmail: email,
      action: 'auth.request-reset',
      entityType: 'user',
      outcome: 'failure',
      details: { reason: 'unknown_email' },
    });
    return;
  }
  const roles = await repo.rolesOf(ctx.db, user.id);
  await ctx.db.transaction().execute(async (trx) => {
    await voidOneTimeTokens(trx, 'reset_password', user.id);
    const { token } = await createOneTimeToken(trx, {
      kind: 'reset_password',
      userId: user.id,
      email: user.email,
    });
    await sendResetEmail(
      ctx,
      trx,
      { email: user.email, firstName: user.first_name, userRole: primaryRole(roles) },
      token,
    );
    await audit(trx, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.request-reset',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
    });
  });
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  await enforceRateLimits(ctx, [{ key: `reset:ip:${meta.ip}`, rule: RATE_LIMITS.resetPerIp }]);
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeOneTimeToken(trx, 'reset_password', input.token);
    if (!row?.user_id) return null;
    const user = await repo.findUserById(trx, row.user_id);
    if (!user || user.deleted_at) return null;
    await repo.setPasswordHash(trx, user.id, passwordHash);
    // The link proved the mailbox, so an unverified account becomes verified.
    await repo.markEmailVerified(trx, user.id);
    const revoked = await revokeAllTokens(trx, user.id);
    await voidOneTimeTokens(trx, 'reset_password', user.id);
    await audit(trx, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.reset-password',
      entityType: 'user',
      entityId: user.id,
      outcome: 'success',
      details: { sessions_revoked: revoked },
    });
    return user.id;
  });
  if (userId === null) {
    await audit(ctx.db, meta, {
      action: 'auth.reset-password',
      entityType: 'user',
      outcome: 'failure',
      details: { reason: 'invalid_token' },
    });
    throw unprocessable(AUTH_MESSAGES.resetInvalid, { token: [AUTH_MESSAGES.resetInvalid] });
  }
  // Every session ended: so do its real-time connections.
  await ctx.realtime.disconnectUser(userId);
}

// ---- invitations ----------------------------------------------------------------------------

export interface InvitationInput {
  email: string;
  organizationId: number;
  role: OrganizationRole;
  invitedBy?: { userId: number; name: string } | null;
}

/**
 * Invites an e-mail to an organization (used by the organizations module, inside its
 * transaction): an existing user gets a confirm link, anyone else a create-account link.
 */
export async function inviteToOrganization(
  ctx: AppContext,
  executor: Kysely<DB>,
  input: InvitationInput,
): Promise<{ token: string; kind: 'invitation' | 'create_user'; existingUser: boolean; expiresAt: Date }> {
  const organization = await repo.findLiveOrganization(executor, input.organizationId);
  if (!organization) throw notFound('Organization not found.');
  const existing = await repo.findUserByEmail(executor, accountKey(input.email));
  const kind = existing ? 'invitation' : 'create_user';
  const created = await createOneTimeToken(executor, {
    kind,
    userId: existing?.id ?? null,
    email: existing?.email ?? input.email.trim(),
    organizationId: organization.id,
    role: input.role,
    invitedByUserId: input.invitedBy?.userId ?? null,
  });
  await sendInvitationEmail(
    ctx,
    executor,
    {
      email: existing?.email ?? input.email.trim(),
      organizationName: organization.name,
      invitedBy: input.invitedBy?.name ?? null,
      existingUser: !!existing,
    },
    created.token,
  );
  return { token: created.token, kind, existingUser: !!existing, expiresAt: created.expiresAt };
}

function organizationRoleOf(role: string | null): OrganizationRole {
  return role && (ORGANIZATION_ROLES as readonly string[]).includes(role)
    ? (role as OrganizationRole)
    : 'organization_member';
}

/** An existing user accepts an invitation: becomes a member of the organization. */
export async function confirmInvitation(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<{ organization: { id: number; name: string } }> {
  const organization = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeOneTimeToken(trx, 'invitation', token);
    if (!row?.organization_id) return null;
    const user = row.user_id
      ? await repo.findUserById(trx, row.user_id)
      : row.email
        ? await repo.findUserByEmail(trx, row.email)
        : undefined;
    const org = await repo.findLiveOrganization(trx, row.organization_id);
    if (!user || user.deleted_at || !org) return null;
    await repo.addMembership(trx, org.id, user.id, organizationRoleOf(row.role));
    if (user.current_organization_id === null) await repo.setCurrentOrganization(trx, user.id, org.id);
    await audit(trx, meta, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'organizations.confirm-invitation',
      entityType: 'organization',
      entityId: org.id,
      organizationId: org.id,
      outcome: 'success',
      details: { role: organizationRoleOf(row.role) },
    });
    return org;
  });
  if (!organization) {
    await audit(ctx.db, meta, {
      action: 'organizations.confirm-invitation',
      outcome: 'failure',
      details: { reason: 'invalid_token' },
    });
    throw unprocessable(AUTH_MESSAGES.invitationFailed, { token: [AUTH_MESSAGES.invitationFailed] });
  }
  return { organization };
}

export interface CreateUserInput {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  altcha?: string | undefined;
}

/** A new user signs up from an invitation: verified account, member of the inviting organization. */
export async function createUserFromInvitation(
  ctx: AppContext,
  input: CreateUserInput,
  meta: RequestMeta,
): Promise<void> {
  await enforceRateLimits(ctx, [{ key: `register:ip:${meta.ip}`, rule: RATE_LIMITS.registerPerIp }]);
  await assertAltcha(ctx, input.altcha);
  const passwordHash = await hashPassword(input.password);
  const failed = () =>
    unprocessable(AUTH_MESSAGES.invitationFailed, { token: [AUTH_MESSAGES.invitationFailed] });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await consumeOneTimeToken(trx, 'create_user', input.token);
      if (!row?.email || !row.organization_id) throw failed();
      const org = await repo.findLiveOrganization(trx, row.organization_id);
      if (!org) throw failed();
      if (await repo.isEmailTaken(trx, row.email)) throw emailTaken();
      const payloadRole = (row.payload as { global_role?: unknown } | null)?.global_role;
      const role =
        typeof payloadRole === 'string' && (ROLES as readonly string[]).includes(payloadRole)
          ? payloadRole
          : 'doctor';
      const userId = await repo.insertUser(
        trx,
        {
          first_name: input.first_name,
          last_name: input.last_name,
          email: row.email,
          password_hash: passwordHash,
          email_verified_at: new Date(),
        },
        [role],
      );
      await repo.addMembership(trx, org.id, userId, organizationRoleOf(row.role));
      await repo.setCurrentOrganization(trx, userId, org.id);
      await audit(trx, meta, {
        actorUserId: userId,
        actorEmail: row.email,
        action: 'organizations.create-user',
        entityType: 'user',
        entityId: userId,
        organizationId: org.id,
        outcome: 'success',
        details: { role: organizationRoleOf(row.role) },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    if (err instanceof AppError && err.statusCode === 422 && err.errors?.token) {
      await audit(ctx.db, meta, {
        action: 'organizations.create-user',
        outcome: 'failure',
        details: { reason: 'invalid_token' },
      });
    }
    throw err;
  }
}

// ---- the current user -----------------------------------------------------------------------

/** The settings every caller may read (GET /settings; name correction on patient names). */
export function publicSettings(ctx: AppContext) {
  return repo.loadPublicSettings(ctx.db);
}

export async function me(ctx: AppContext, actor: Actor): Promise<MeResponse> {
  const user = await repo.loadMe(ctx.db, actor.userId);
  if (!user) throw unauthenticated();
  return user;
}

export interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
  account_number?: string | null | undefined;
}

/**
 * Updates the caller's own profile. The account number may be changed by management users and
 * by holders of users.update / users.manage; others may only resend the current value.
 */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor,
  input: ProfileInput,
  meta: RequestMeta,
): Promise<MeResponse> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findProfile(trx, actor.userId);
      const fields: repo.ProfileFields = {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email.trim(),
      };
      if (input.account_number !== undefined && input.account_number !== before.account_number) {
        if (actor.profile !== 'management' && !can(actor, 'users.update', 'users.manage')) throw forbidden();
        if (
          input.account_number &&
          (await repo.isAccountNumberTaken(trx, input.account_number, actor.userId))
        ) {
          throw fieldError('account_number', 'The account number has already been taken.');
        }
        fields.account_number = input.account_number;
      }
      if (await repo.isEmailTaken(trx, fields.email, actor.userId)) throw emailTaken();
      await repo.updateProfile(trx, actor.userId, fields);
      const changed = Object.keys(fields).filter(
        (k) => fields[k as keyof typeof fields] !== before[k as keyof typeof before],
      );
      await audit(trx, meta, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'auth.update-profile',
        entityType: 'user',
        entityId: actor.userId,
        outcome: 'success',
        details: { changed },
      });
      return (await repo.loadMe(trx, actor.userId))!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** Switches the organization the practice profile works in; the caller must be a member. */
export async function switchOrganization(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  meta: RequestMeta,
): Promise<MeResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const membership = await repo.findMembership(trx, actor.userId, organizationId);
    if (!membership) throw notFound('Organization not found.');
    await repo.setCurrentOrganization(trx, actor.userId, organizationId);
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'auth.switch-organization',
      entityType: 'organization',
      entityId: organizationId,
      organizationId,
      outcome: 'success',
    });
    return (await repo.loadMe(trx, actor.userId))!;
  });
}

export async function recordActivity(ctx: AppContext, actor: Actor): Promise<Date> {
  return repo.touchActivity(ctx.db, actor.userId);
}

// ---- additional e-mails (management profile) -------------------------------------------------

function assertManagement(actor: Actor): void {
  if (actor.profile !== 'management') throw forbidden();
}

export async function addEmail(ctx: AppContext, actor: Actor, emailInput: string, meta: RequestMeta) {
  assertManagement(actor);
  const email = emailInput.trim();
  return ctx.db.transaction().execute(async (trx) => {
    if (accountKey(email) === accountKey(actor.email)) throw emailTaken();
    const row = await repo.insertAdditionalEmail(trx, actor.userId, email);
    if (!row) throw emailTaken();
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'users.add-email',
      entityType: 'user_email',
      entityId: row.id,
      outcome: 'success',
      details: { email },
    });
    return row;
  });
}

export async function removeEmail(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  assertManagement(actor);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findAdditionalEmail(trx, actor.userId, id);
    if (!row) throw notFound('Email not found.');
    await repo.deleteAdditionalEmail(trx, actor.userId, id);
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'users.remove-email',
      entityType: 'user_email',
      entityId: id,
      outcome: 'success',
      details: { email: row.email },
    });
  });
}
