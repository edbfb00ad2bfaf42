import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/schema.ts';

export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number },
) => Promise<void>;

/** Durable background jobs kept in the `jobs` table (same code on PostgreSQL and PGlite). */
export interface Jobs {
  /** Adds a job; pass a transaction so the job exists only if the surrounding write commits. */
  enqueue(
    executor: Kysely<DB>,
    queue: string,
    payload: Record<string, unknown>,
    opts?: { runAt?: Date; maxAttempts?: number },
  ): Promise<number>;
  register(queue: string, handler: JobHandler): void;
  start(): void;
  stop(): Promise<void>;
  /**
   * Runs every job of a registered queue that is due now, in this process, until none is left,
   * and waits for handlers already running here. Returns how many jobs it ran. Works whether or
   * not the polling loop is started (tests and scripts use it to deliver queued mail at once).
   */
  drain(): Promise<number>;
}

/** Thrown by a handler when retrying cannot help (e.g. a malformed payload): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The subset of a pino logger the queue writes to. */
export interface JobsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobsOptions {
  /** How often an idle worker looks for due jobs (ms). An enqueue in this process wakes it at once. */
  pollMs?: number;
  /** Delay before the first retry (ms); it doubles with each further attempt, capped at one hour. */
  retryBaseMs?: number;
  /** A job 'running' with a lock older than this (ms) belongs to a crashed process and runs again. */
  lockTimeoutMs?: number;
  /** PostgreSQL only: a connection string to LISTEN on, so an enqueue in another process wakes this one. */
  connectionString?: string;
  log?: JobsLogger;
}

/** The notification channel an enqueue signals on PostgreSQL. */
export const JOBS_CHANNEL = 'archline_jobs';
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const LISTEN_RETRY_MS = 5000;

interface ClaimedJob {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const silentLog: JobsLogger = { info() {}, warn() {}, error() {} };

/**
 * A small durable queue on the `jobs` table. Claiming uses `FOR UPDATE SKIP LOCKED`, so any
 * number of server processes can share one PostgreSQL database; on PGlite the same code runs in
 * the single process. Delivery is at least once: a handler must tolerate running again after a
 * crash.
 */
export function createJobs(db: Kysely<DB>, options: JobsOptions = {}): Jobs {
  const pollMs = options.pollMs ?? 1000;
  const retryBaseMs = options.retryBaseMs ?? 10_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 300_000;
  const log = options.log ?? silentLog;
  const notify = Boolean(options.connectionString);
  const handlers = new Map<string, JobHandler>();
  /** Handlers running in this process (from the loop or from drain). */
  const inFlight = new Set<Promise<void>>();

  let running = false;
  let loop: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let listener: pg.Client | undefined;
  let listenTimer: NodeJS.Timeout | undefined;
  let lastRecovery = 0;

  function wake(): void {
    woken = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    wakeUp?.();
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      wakeUp = () => {
        wakeUp = undefined;
        woken = false;
        resolve();
      };
      timer = setTimeout(() => wakeUp?.(), ms);
    });
  }

  /** Jobs left 'running' by a process that died: run them again, or fail them if out of attempts. */
  async function recoverStale(): Promise<void> {
    const cutoff = sql<Date>`now() - ${lockTimeoutMs} * interval '1 millisecond'`;
    const rows = await db
      .updateTable('jobs')
      .set({
        status: sql<string>`case when attempts >= max_attempts then 'failed' else 'pending' end`,
        run_at: sql<Date>`now()`,
        locked_at: null,
        finished_at: sql<Date | null>`case when attempts >= max_attempts then now() else null end`,
        last_error: sql<string>`'interrupted: the process running it stopped before it finished'`,
      })
      .where('status', '=', 'running')
      .where('locked_at', '<', cutoff)
      .returning(['id', 'queue', 'status'])
      .execute();
    for (const r of rows)
      log.warn({ job: r.id, queue: r.queue, status: r.status }, 'job interrupted; lock expired');
  }

  async function claim(): Promise<ClaimedJob | undefined> {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return undefined;
    const { rows } = await sql<ClaimedJob>`
      update jobs set status = 'running', locked_at = now(), attempts = attempts + 1
      where id = (
        select id from jobs
        where status = 'pending' and run_at <= now() and queue = any(${queues}::text[])
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, queue, payload, attempts, max_attempts`.execute(db);
    return rows[0];
  }

  async function finish(job: ClaimedJob, error: unknown): Promise<void> {
    if (error === undefined) {
      await db
        .updateTable('jobs')
        .set({ status: 'done', finished_at: sql<Date>`now()`, locked_at: null })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .execute();
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)) || 'failed';
    const final = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    if (final) {
      await db
        .updateTable('jobs')
        .set({ status: 'failed', finished_at: sql<Date>`now()`, locked_at: null, last_error: message })
        .where('id', '=', job.id)
        .execute();
      log.error({ job: job.id, queue: job.queue, attempts: job.attempts, err: message }, 'job failed');
      return;
    }
    const delay = Math.min(retryBaseMs * 2 ** (job.attempts - 1), MAX_RETRY_DELAY_MS);
    await db
      .updateTable('jobs')
      .set({
        status: 'pending',
        locked_at: null,
        last_error: message,
        run_at: sql<Date>`now() + ${delay} * interval '1 millisecond'`,
      })
      .where('id', '=', job.id)
      .execute();
    log.warn(
      { job: job.id, queue: job.queue, attempts: job.attempts, retryInMs: delay, err: message },
      'job will retry',
    );
  }

  async function execute(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.queue);
    // Keeps the lock fresh while a long handler runs, so no other process takes the job over.
    const heartbeat = setInterval(
      () => {
        db.updateTable('jobs')
          .set({ locked_at: sql<Date>`now()` })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .execute()
          .catch((err: unknown) => log.warn({ job: job.id, err: String(err) }, 'job lock refresh failed'));
      },
      Math.max(Math.floor(lockTimeoutMs / 3), 10),
    );
    let error: unknown;
    try {
      if (!handler) throw new PermanentJobError(`no handler for queue ${job.queue}`);
      const payload = (job.payload && typeof job.payload === 'object' ? job.payload : {}) as Record<
        string,
        unknown
      >;
      await handler(payload, { id: job.id, attempts: job.attempts });
    } catch (err) {
      error = err ?? new Error('failed');
    } finally {
      clearInterval(heartbeat);
    }
    await finish(job, error);
  }

  /** Claims and runs one job; false when nothing was due. */
  async function claimAndRun(): Promise<boolean> {
    if (Date.now() - lastRecovery >= Math.min(lockTimeoutMs, 60_000)) {
      lastRecovery = Date.now();
      await recoverStale();
    }
    const job = await claim();
    if (!job) return false;
    await execute(job);
    return true;
  }

  /** Tracked from the claim on, so drain() and stop() also wait for a job claimed a moment ago. */
  async function runOne(): Promise<boolean> {
    const attempt = claimAndRun();
    const settled = attempt.then(
      () => {},
      () => {},
    );
    inFlight.add(settled);
    try {
      return await attempt;
    } finally {
      inFlight.delete(settled);
    }
  }

  async function work(): Promise<void> {
    while (running) {
      let ran = false;
      try {
        ran = await runOne();
      } catch (err) {
        log.error({ err: String(err) }, 'job queue error');
      }
      if (running && !ran) await sleep(pollMs);
    }
  }

  function listen(): void {
    if (!running || !options.connectionString) return;
    const client = new pg.Client({ connectionString: options.connectionString });
    listener = client;
    const retry = (err?: unknown) => {
      if (err) log.warn({ err: String(err) }, 'job notification listener lost; polling meanwhile');
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (running && !listenTimer) {
        listenTimer = setTimeout(() => {
          listenTimer = undefined;
          listen();
        }, LISTEN_RETRY_MS);
      }
    };
    client.on('notification', () => wake());
    client.on('error', retry);
    client
      .connect()
      .then(() => client.query(`listen ${JOBS_CHANNEL}`))
      .then(() => {
        // A job enqueued while the listener was away is found right away.
        wake();
      })
      .catch(retry);
  }

  return {
    async enqueue(executor, queue, payload, opts) {
      const row = await executor
        .insertInto('jobs')
        .values({
          queue,
          payload: JSON.stringify(payload),
          ...(opts?.runAt ? { run_at: opts.runAt } : {}),
          ...(opts?.maxAttempts ? { max_attempts: opts.maxAttempts } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Delivered at commit only, so a rolled-back job never wakes anyone.
      if (notify) await sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`.execute(executor);
      // Inside an open transaction the row is not visible yet; the next poll finds it.
      if (!executor.isTransaction) wake();
      return row.id;
    },

    register(queue, handler) {
      if (handlers.has(queue)) throw new Error(`a handler for queue ${queue} is already registered`);
      handlers.set(queue, handler);
    },

    start() {
      if (running) return;
      running = true;
      woken = false;
      lastRecovery = 0;
      loop = work();
      listen();
    },

    async stop() {
      if (!running) {
        await Promise.allSettled([...inFlight]);
        return;
      }
      running = false;
      if (listenTimer) clearTimeout(listenTimer);
      listenTimer = undefined;
      const client = listener;
      listener = undefined;
      wake();
      // Waits for the handler that is running, then for the loop to notice.
      await loop;
      loop = undefined;
      woken = false;
      await Promise.allSettled([...inFlight]);
      if (client) await client.end().catch(() => {});
    },

    async drain() {
      let count = 0;
      lastRecovery = 0;
      for (;;) {
        while (await runOne()) count++;
        // A job the polling loop of this process claimed meanwhile: wait for it, then look again.
        if (inFlight.size === 0) return count;
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}
