import { sql } from 'kysely';
import { AUTH_MESSAGES } from '@archline/contracts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';

/**
 * Brute-force protection for login, sign-up and password reset: fixed-window counters per IP and
 * per account, kept in the database (rate_limit_counters) so every server process counts the
 * same attempts. RATE_LIMIT_DISABLED turns them off (benchmarks).
 */
export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITS = {
  loginPerIp: { limit: 50, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  checkEmailPerIp: { limit: 60, windowSeconds: 60 },
  resetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  verificationPerAccount: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** 429 with a readable message and the seconds to wait. */
export class RateLimitedError extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.tooManyAttempts);
  }
}

/**
 * Counts one attempt under `key`; returns whether it is within the rule and how long the window
 * still runs. One statement, so concurrent attempts cannot both slip through the last slot.
 */
export async function hitRateLimit(
  ctx: AppContext,
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; hits: number; retryAfterSeconds: number }> {
  const row = await sql<{ hits: number; retry_after: number }>`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning hits, ceil(extract(epoch from (window_ends_at - now())))::int as retry_after`.execute(ctx.db);
  const { hits, retry_after } = row.rows[0]!;
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: Math.max(1, retry_after) };
}

/** Counts the attempt under every key and throws 429 when any of them is over its limit. */
export async function enforceRateLimits(
  ctx: AppContext,
  checks: { key: string; rule: RateLimitRule }[],
): Promise<void> {
  if (ctx.config.rateLimitDisabled) return;
  let retryAfter = 0;
  for (const check of checks) {
    const result = await hitRateLimit(ctx, check.key, check.rule);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
}

/** Forgets the per-account counter after a successful sign in. */
export async function clearRateLimit(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

/** Drops counters whose window has ended (called now and then; the table stays small). */
export async function pruneRateLimits(ctx: AppContext): Promise<void> {
  await ctx.db
    .deleteFrom('rate_limit_counters')
    .where('window_ends_at', '<', sql<Date>`now()`)
    .execute();
}
