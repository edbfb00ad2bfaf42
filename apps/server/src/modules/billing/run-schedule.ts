import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerRecurringJob, scheduleRecurringJob } from '../../platform/jobs/recurring.ts';
import { runBilling } from './run.ts';

/**
 * The daily billing run, a recurring job (platform/jobs/recurring.ts): each scheduled run first
 * schedules the next one (tomorrow at 02:00 UTC) and then bills. The run is idempotent, so a
 * retried or doubled run bills nothing twice. `{ at: ISO }` (scripts, tests) bills for that moment.
 */
export const BILLING_RUN_QUEUE = 'billing-run';
/** The hour (UTC) of the daily run. */
export const BILLING_RUN_HOUR_UTC = 2;

/** The next daily run after `now`: 02:00 UTC today when still ahead, else tomorrow. */
export function nextBillingRunAt(now: Date): Date {
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), BILLING_RUN_HOUR_UTC),
  );
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * Adds a scheduled run at `runAt` unless one is pending (or, with `countRunning`, running)
 * already. Returns the new job's id, or undefined.
 */
export function scheduleBillingRun(ctx: AppContext, runAt: Date, opts: { countRunning?: boolean } = {}) {
  return scheduleRecurringJob(ctx, BILLING_RUN_QUEUE, runAt, opts);
}

/** Registers the run's job handler; outside the tests, the schedule is checked when the server is ready. */
export function registerBillingRun(app: FastifyInstance, ctx: AppContext): void {
  registerRecurringJob(app, ctx, {
    queue: BILLING_RUN_QUEUE,
    nextRunAt: nextBillingRunAt,
    run: async (c, now) => ({ ...(await runBilling(c, { now })) }),
  });
}
