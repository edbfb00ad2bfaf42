import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

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
}

export function createJobs(_db: Kysely<DB>): Jobs {
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
      return row.id;
    },
    register() {},
    start() {},
    async stop() {},
  };
}
