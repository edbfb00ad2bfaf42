/**
 * Two-factor sign-in (TOTP, RFC 6238) with ten single-use recovery codes.
 *
 * - Enrolment: `startEnrolment` stores a new secret (encrypted, AES-256-GCM with a key kept in the
 *   settings table) as pending; `confirmEnrolment` checks a first code, enables it and returns the
 *   recovery codes once (stored as SHA-256 hashes).
 * - Sign in: a right password of an enrolled account answers a challenge (`startChallenge`), not a
 *   session; `completeChallenge` exchanges it with a TOTP or recovery code for the session. Code
 *   checks are rate limited per IP and per account, a challenge dies after five wrong codes, and a
 *   TOTP code is accepted once (the step of the last accepted code is kept).
 * - A user disables it with a current code; a super admin resets it for a user. All audited.
 */
import crypto from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_MESSAGES,
  type LoginInfo,
  type TwoFactorChallenge,
  type TwoFactorConfirmResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
} from '@archline/contracts';
import { sql, type Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { clearRateLimit, enforceRateLimits, type RateLimitRule } from '../../platform/auth/rate-limit.ts';
import { generateToken, hashToken, issueToken } from '../../platform/auth/tokens.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { storedKey } from '../../platform/secrets.ts';
import * as repo from './repository.ts';

interface Meta {
  ip: string;
  requestId: string;
  userAgent: string | null;
}

const ISSUER = 'Archline';
const KEY_NAME = 'two_factor_encryption_key';
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes a challenge takes before it is void (sign in again with the password). */
const MAX_CHALLENGE_FAILURES = 5;
/** One step (30 s) either side, for clocks that drift and codes typed at the turn of a step. */
const EPOCH_TOLERANCE_SECONDS = 30;

export const TWO_FACTOR_RATE_LIMITS = {
  perIp: { limit: 50, windowSeconds: 15 * 60 },
  perAccount: { limit: 10, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const accountLimitKey = (userId: number) => `two-factor:account:${userId}`;

function audit(executor: Kysely<DB>, meta: Meta, entry: Omit<AuditEntry, 'ip' | 'requestId'>) {
  return recordAudit(executor, { ip: meta.ip, requestId: meta.requestId, ...entry });
}

// ---- the secret at rest ---------------------------------------------------------------------

async function encrypt(ctx: AppContext, plain: string): Promise<string> {
  const key = await storedKey(ctx, KEY_NAME);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

async function decrypt(ctx: AppContext, stored: string): Promise<string> {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    await storedKey(ctx, KEY_NAME),
    Buffer.from(iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

// ---- codes ----------------------------------------------------------------------------------

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const hashCode = (code: string) => crypto.createHash('sha256').update(code, 'utf8').digest();

/**
 * Checks a TOTP code against the user's secret and records its step, so the same code (or an
 * older one) is not accepted again. `pending` checks the enrolment being confirmed.
 */
async function acceptTotp(
  ctx: AppContext,
  executor: Kysely<DB>,
  userId: number,
  code: string,
  pending: boolean,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const row = await executor
    .selectFrom('user_two_factor')
    .select(['secret_encrypted', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.enabled_at === null) !== pending) return false;
  const secret = await decrypt(ctx, row.secret_encrypted);
  const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  if (!result.valid) return false;
  const step = Math.floor(Date.now() / 30_000) + result.delta;
  const updated = await executor
    .updateTable('user_two_factor')
    .set({ last_used_step: step, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Uses one recovery code (atomically: a code works once even under concurrent attempts). */
async function acceptRecoveryCode(executor: Kysely<DB>, userId: number, code: string): Promise<boolean> {
  if (!RECOVERY_CODE_PATTERN.test(code)) return false;
  const used = await executor
    .updateTable('user_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** A TOTP code or a recovery code of an enrolled user; which one it was, or null. */
async function acceptAnyCode(
  ctx: AppContext,
  executor: Kysely<DB>,
  userId: number,
  code: string,
): Promise<'totp' | 'recovery_code' | null> {
  if (await acceptTotp(ctx, executor, userId, code, false)) return 'totp';
  if (await acceptRecoveryCode(executor, userId, code)) return 'recovery_code';
  return null;
}

const invalidCode = () =>
  unprocessable(TWO_FACTOR_MESSAGES.invalidCode, { code: [TWO_FACTOR_MESSAGES.invalidCode] });

// ---- status and enrolment -------------------------------------------------------------------

export async function isEnabled(executor: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await executor
    .selectFrom('user_two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function status(ctx: AppContext, userId: number): Promise<TwoFactorStatusResponse> {
  const row = await ctx.db
    .selectFrom('user_two_factor')
    .select([
      'enabled_at',
      (eb) =>
        eb
          .selectFrom('user_recovery_codes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_recovery_codes.user_id', '=', userId)
          .where('used_at', 'is', null)
          .as('left'),
    ])
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return {
    enabled: row !== undefined,
    enabled_at: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
    recovery_codes_left: row?.left ?? 0,
  };
}

/** Enrolment step 1: a new secret (replacing a pending one), its QR code and its text. */
export async function startEnrolment(ctx: AppContext, actor: Actor): Promise<TwoFactorSetupResponse> {
  if (await isEnabled(ctx.db, actor.userId)) throw unprocessable(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = generateSecret();
  const secretEncrypted = await encrypt(ctx, secret);
  await ctx.db
    .insertInto('user_two_factor')
    .values({ user_id: actor.userId, secret_encrypted: secretEncrypted })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          secret_encrypted: secretEncrypted,
          last_used_step: null,
          updated_at: sql<Date>`now()`,
        })
        .where('user_two_factor.enabled_at', 'is', null),
    )
    .execute();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: actor.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/** Enrolment step 2: a first code enables it; the ten recovery codes are returned this once. */
export async function confirmEnrolment(
  ctx: AppContext,
  actor: Actor,
  code: string,
  meta: Meta,
): Promise<TwoFactorConfirmResponse> {
  await enforceRateLimits(ctx, [
    { key: accountLimitKey(actor.userId), rule: TWO_FACTOR_RATE_LIMITS.perAccount },
  ]);
  const pending = await ctx.db
    .selectFrom('user_two_factor')
    .select('enabled_at')
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (pending?.enabled_at) throw unprocessable(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!pending) throw unprocessable(TWO_FACTOR_MESSAGES.notStarted);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const ok = await ctx.db.transaction().execute(async (trx) => {
    if (!(await acceptTotp(ctx, trx, actor.userId, code, true))) return false;
    await trx
      .updateTable('user_two_factor')
      .set({ enabled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('user_id', '=', actor.userId)
      .execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', actor.userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(codes.map((c) => ({ user_id: actor.userId, code_hash: hashCode(c) })))
      .execute();
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'auth.two-factor.enable',
      entityType: 'user',
      entityId: actor.userId,
      outcome: 'success',
    });
    return true;
  });
  if (!ok) throw invalidCode();
  await clearRateLimit(ctx, accountLimitKey(actor.userId));
  return { message: TWO_FACTOR_MESSAGES.enabled, recovery_codes: codes };
}

async function removeTwoFactor(executor: Kysely<DB>, userId: number) {
  await executor.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await executor.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  await executor.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}

/** The user turns it off with a current code (or a recovery code). */
export async function disable(ctx: AppContext, actor: Actor, code: string, meta: Meta): Promise<void> {
  await enforceRateLimits(ctx, [
    { key: accountLimitKey(actor.userId), rule: TWO_FACTOR_RATE_LIMITS.perAccount },
  ]);
  if (!(await isEnabled(ctx.db, actor.userId))) throw unprocessable(TWO_FACTOR_MESSAGES.notEnabled);
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const kind = await acceptAnyCode(ctx, trx, actor.userId, code);
    if (!kind) return false;
    await removeTwoFactor(trx, actor.userId);
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'auth.two-factor.disable',
      entityType: 'user',
      entityId: actor.userId,
      outcome: 'success',
      details: { with: kind },
    });
    return true;
  });
  if (!ok) {
    await audit(ctx.db, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'auth.two-factor.disable',
      entityType: 'user',
      entityId: actor.userId,
      outcome: 'failure',
      details: { reason: 'invalid_code' },
    });
    throw invalidCode();
  }
  await clearRateLimit(ctx, accountLimitKey(actor.userId));
}

/** A super admin turns off a user's two-factor sign-in (a lost phone and lost recovery codes). */
export async function resetForUser(ctx: AppContext, actor: Actor, userId: number, meta: Meta): Promise<void> {
  if (!actor.roles.includes('super_admin')) throw forbidden();
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await removeTwoFactor(trx, userId);
    await audit(trx, meta, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'users.two-factor.reset',
      entityType: 'user',
      entityId: userId,
      outcome: 'success',
      details: { email: user.email },
    });
  });
  await clearRateLimit(ctx, accountLimitKey(userId));
}

// ---- sign in --------------------------------------------------------------------------------

/** After a right password: the challenge the second step exchanges for the session. */
export async function startChallenge(
  executor: Kysely<DB>,
  input: { userId: number; management: boolean; rememberMe: boolean },
): Promise<TwoFactorChallenge> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await executor
    .insertInto('two_factor_challenges')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      management: input.management,
      remember_me: input.rememberMe,
      expires_at: expiresAt,
    })
    .execute();
  // Expired challenges are of no use to anyone: dropped now and then.
  await executor
    .deleteFrom('two_factor_challenges')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  return { two_factor_required: true, challenge_token: token, expires_at: expiresAt.toISOString() };
}

/** Sign in, second step: the challenge and a TOTP or recovery code give the session. */
export async function completeChallenge(
  ctx: AppContext,
  input: { challenge_token: string; code: string },
  meta: Meta,
): Promise<LoginInfo> {
  await enforceRateLimits(ctx, [{ key: `two-factor:ip:${meta.ip}`, rule: TWO_FACTOR_RATE_LIMITS.perIp }]);
  const expired = () =>
    unprocessable(TWO_FACTOR_MESSAGES.challengeExpired, {
      challenge_token: [TWO_FACTOR_MESSAGES.challengeExpired],
    });
  const challenge = await ctx.db
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .select([
      'two_factor_challenges.id',
      'two_factor_challenges.user_id',
      'two_factor_challenges.management',
      'two_factor_challenges.remember_me',
      'users.email',
      'users.deleted_at',
    ])
    .where('token_hash', '=', hashToken(input.challenge_token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('failed_attempts', '<', MAX_CHALLENGE_FAILURES)
    .executeTakeFirst();
  if (!challenge || challenge.deleted_at) throw expired();
  await enforceRateLimits(ctx, [
    { key: accountLimitKey(challenge.user_id), rule: TWO_FACTOR_RATE_LIMITS.perAccount },
  ]);
  const loginAudit = (
    executor: Kysely<DB>,
    outcome: 'success' | 'failure',
    details: Record<string, unknown>,
  ) =>
    audit(executor, meta, {
      actorUserId: challenge.user_id,
      actorEmail: challenge.email,
      action: 'auth.login',
      entityType: 'user',
      entityId: challenge.user_id,
      outcome,
      details: { management: challenge.management, two_factor: true, ...details },
    });

  const rollback = new Error('invalid two-factor code');
  type Outcome = { info: LoginInfo } | { error: 'expired' | 'invalid' };
  const result: Outcome = await ctx.db
    .transaction()
    .execute(async (trx): Promise<Outcome> => {
      // Taken first, so two concurrent codes cannot both turn one challenge into sessions.
      const taken = await trx
        .updateTable('two_factor_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', challenge.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('failed_attempts', '<', MAX_CHALLENGE_FAILURES)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return { error: 'expired' };
      const kind = await acceptAnyCode(ctx, trx, challenge.user_id, input.code);
      if (!kind) throw rollback; // the challenge is not spent by a wrong code
      const issued = await issueToken(
        ctx,
        challenge.user_id,
        {
          management: challenge.management,
          rememberMe: challenge.remember_me,
          ip: meta.ip,
          userAgent: meta.userAgent,
        },
        trx,
      );
      await repo.markLoggedIn(trx, challenge.user_id);
      const user = await repo.loadMe(trx, challenge.user_id);
      await loginAudit(trx, 'success', { with: kind, remember_me: challenge.remember_me });
      return {
        info: { access_token: issued.token, user: user!, expires_at: issued.expiresAt.toISOString() },
      };
    })
    .catch((err: unknown): Outcome => {
      if (err === rollback) return { error: 'invalid' };
      throw err;
    });
  if ('info' in result) {
    await clearRateLimit(ctx, accountLimitKey(challenge.user_id));
    return result.info;
  }
  if (result.error === 'expired') throw expired();
  // A wrong code: the challenge stays usable for a few more tries.
  await ctx.db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', challenge.id)
    .execute();
  await loginAudit(ctx.db, 'failure', { reason: 'invalid_code' });
  throw invalidCode();
}
