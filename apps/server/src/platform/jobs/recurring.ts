import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { PermanentJobError } from './index.ts';

/**
 * A job that runs on a schedule (the daily billing run, the approval reminders) on the durable
 * jobs queue. A server keeps one scheduled run pending: at start it makes sure one exists (due at
 * once, so a server that was down catches up), and each scheduled run first schedules the next one
 * and then does its work, so a run that fails and is retried never breaks the chain. The work must
 * be idempotent: a retried or doubled run does nothing twice.
 *
 * Payloads: `{ scheduled: true }` runs for the wall clock at the time it runs; `{ at: ISO }`
 * (scripts, tests) runs for that moment and schedules nothing.
 */
export interface RecurringJob {
  queue: string;
  /** The next scheduled run strictly after `now`. */
  nextRunAt(now: Date): Date;
  /** The work of one run, for the moment `now`; answers what it did (logged). */
  run(ctx: AppContext, now: Date): Promise<Record<string, unknown>>;
}

/** The first key of the advisory locks that serialize the checks of a schedule between processes. */
const SCHEDULE_LOCK_SPACE = 4_702_201;

/**
 * Adds a scheduled run of `queue` at `runAt` unless one is pending (or, with `countRunning`,
 * running) already. Returns the new job's id, or undefined.
 */
export async function scheduleRecurringJob(
  ctx: AppContext,
  queue: string,
  runAt: Date,
  opts: { countRunning?: boolean } = {},
): Promise<number | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_SPACE}, hashtext(${queue}))`.execute(trx);
    const statuses = opts.countRunning ? ['pending', 'running'] : ['pending'];
    const existing = await trx
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', queue)
      .where('status', 'in', statuses)
      .where(sql<boolean>`payload->>'scheduled' = 'true'`)
      .executeTakeFirst();
    if (existing) return undefined;
    return ctx.jobs.enqueue(trx, queue, { scheduled: true }, { runAt });
  });
}

/** Registers the job's handler; outside the tests, the schedule is checked when the server is ready. */
export function registerRecurringJob(app: FastifyInstance, ctx: AppContext, job: RecurringJob): void {
  ctx.jobs.register(job.queue, async (payload) => {
    const scheduled = payload.scheduled === true;
    const now = scheduled ? new Date() : new Date(typeof payload.at === 'string' ? payload.at : Number.NaN);
    if (Number.isNaN(now.getTime())) throw new PermanentJobError(`a run of ${job.queue} needs a date (at)`);
    if (scheduled) await scheduleRecurringJob(ctx, job.queue, job.nextRunAt(now));
    const result = await job.run(ctx, now);
    ctx.log.info({ queue: job.queue, ...result }, 'scheduled run finished');
  });
  if (ctx.config.env !== 'test')
    app.addHook('onReady', async () => {
      await scheduleRecurringJob(ctx, job.queue, new Date(), { countRunning: true });
    });
}
