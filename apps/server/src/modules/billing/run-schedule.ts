import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { PermanentJobError } from '../../platform/jobs/index.ts';
import { runBilling } from './run.ts';

/**
 * The daily billing run on the durable jobs queue. A server keeps one scheduled run pending: at
 * start it makes sure one exists (due at once, so a server that was down catches up), and each
 * scheduled run first schedules the next one (tomorrow at 02:00 UTC) and then bills, so a run
 * that fails and is retried never breaks the chain. The run is idempotent, so a retried or
 * doubled run bills nothing twice.
 *
 * Payloads: `{ scheduled: true }` bills for the wall clock at the time it runs; `{ at: ISO }`
 * (scripts, tests) bills for that moment and schedules nothing.
 */
export const BILLING_RUN_QUEUE = 'billing-run';
/** The hour (UTC) of the daily run. */
export const BILLING_RUN_HOUR_UTC = 2;
/** Serializes the checks of the schedule between server processes. */
const SCHEDULE_LOCK = 4_702_201_001;

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
export async function scheduleBillingRun(
  ctx: AppContext,
  runAt: Date,
  opts: { countRunning?: boolean } = {},
): Promise<number | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK})`.execute(trx);
    const statuses = opts.countRunning ? ['pending', 'running'] : ['pending'];
    const existing = await trx
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', BILLING_RUN_QUEUE)
      .where('status', 'in', statuses)
      .where(sql<boolean>`payload->>'scheduled' = 'true'`)
      .executeTakeFirst();
    if (existing) return undefined;
    return ctx.jobs.enqueue(trx, BILLING_RUN_QUEUE, { scheduled: true }, { runAt });
  });
}

/** Registers the run's job handler; outside the tests, the schedule is checked when the server is ready. */
export function registerBillingRun(app: FastifyInstance, ctx: AppContext): void {
  ctx.jobs.register(BILLING_RUN_QUEUE, async (payload) => {
    if (payload.scheduled === true) {
      const now = new Date();
      await scheduleBillingRun(ctx, nextBillingRunAt(now));
      const result = await runBilling(ctx, { now });
      ctx.log.info({ ...result }, 'billing run finished');
      return;
    }
    const at = typeof payload.at === 'string' ? new Date(payload.at) : undefined;
    if (!at || Number.isNaN(at.getTime())) throw new PermanentJobError('a billing run needs a date (at)');
    const result = await runBilling(ctx, { now: at });
    ctx.log.info({ ...result }, 'billing run finished');
  });
  if (ctx.config.env !== 'test')
    app.addHook('onReady', async () => {
      await scheduleBillingRun(ctx, new Date(), { countRunning: true });
    });
}
