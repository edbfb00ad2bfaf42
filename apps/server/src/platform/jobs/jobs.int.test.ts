import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createJobs, PermanentJobError, type Jobs, type JobsOptions } from './index.ts';

let t: TestApp;
const started: Jobs[] = [];
let queueCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((j) => j.stop()));
});
afterAll(() => t?.close());

/** A queue name of its own for each test, so workers of different tests never meet. */
function queue(): string {
  return `test-${++queueCounter}`;
}

function jobs(opts: JobsOptions = {}): Jobs {
  const j = createJobs(t.db, { pollMs: 60_000, ...opts });
  started.push(j);
  return j;
}

async function row(id: number) {
  return t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Seconds from now until the job is due (negative when overdue). */
async function dueIn(id: number): Promise<number> {
  const r = await sql<{
    s: number;
  }>`select extract(epoch from run_at - now())::float8 as s from jobs where id = ${id}`.execute(t.db);
  return r.rows[0]!.s;
}

async function makeDue(id: number): Promise<void> {
  await t.db
    .updateTable('jobs')
    .set({ run_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('enqueue', () => {
  it('stores the job as pending with its payload, due now', async () => {
    const q = queue();
    const id = await jobs().enqueue(t.db, q, { hello: 'world', n: 1 });
    const r = await row(id);
    expect(r).toMatchObject({
      queue: q,
      status: 'pending',
      attempts: 0,
      max_attempts: 5,
      payload: { hello: 'world', n: 1 },
    });
    expect(await dueIn(id)).toBeLessThanOrEqual(0);
  });

  it('keeps runAt and maxAttempts', async () => {
    const runAt = new Date(Date.now() + 3_600_000);
    const id = await jobs().enqueue(t.db, queue(), {}, { runAt, maxAttempts: 2 });
    const r = await row(id);
    expect(r.max_attempts).toBe(2);
    expect(new Date(r.run_at).getTime()).toBe(runAt.getTime());
  });

  it('inside a transaction that rolls back, leaves no job', async () => {
    const q = queue();
    const j = jobs();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await j.enqueue(trx, q, { lost: true });
        throw new Error('write failed');
      }),
    ).rejects.toThrow('write failed');
    const count = await t.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('queue', '=', q)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });
});

describe('worker', () => {
  it('runs a job enqueued in this process at once, with its payload, and marks it done', async () => {
    const q = queue();
    const j = jobs(); // polls only every minute: the enqueue itself must wake it
    const seen: unknown[] = [];
    j.register(q, async (payload, job) => {
      seen.push({ payload, attempts: job.attempts });
    });
    j.start();
    const id = await j.enqueue(t.db, q, { to: 'a@example.com' });
    const done = await waitFor(async () => {
      const r = await row(id);
      return r.status === 'done' && r;
    });
    expect(seen).toEqual([{ payload: { to: 'a@example.com' }, attempts: 1 }]);
    expect(done.attempts).toBe(1);
    expect(done.finished_at).not.toBeNull();
    expect(done.locked_at).toBeNull();
  });

  it('runs a job committed in a transaction at the next poll', async () => {
    const q = queue();
    const j = jobs({ pollMs: 20 });
    const ran: number[] = [];
    j.register(q, async (_p, job) => {
      ran.push(job.id);
    });
    j.start();
    const id = await t.db.transaction().execute((trx) => j.enqueue(trx, q, {}));
    await waitFor(async () => (await row(id)).status === 'done');
    expect(ran).toEqual([id]);
  });

  it('does not run a job before its runAt', async () => {
    const q = queue();
    const j = jobs();
    let runs = 0;
    j.register(q, async () => {
      runs++;
    });
    const id = await j.enqueue(t.db, q, {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await j.drain()).toBe(0);
    expect((await row(id)).status).toBe('pending');
    await makeDue(id);
    expect(await j.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('claims only the queues it has handlers for', async () => {
    const mine = queue();
    const other = queue();
    const j = jobs();
    j.register(mine, async () => {});
    const a = await j.enqueue(t.db, mine, {});
    const b = await j.enqueue(t.db, other, {});
    expect(await j.drain()).toBe(1);
    expect((await row(a)).status).toBe('done');
    expect((await row(b)).status).toBe('pending');
  });

  it('refuses a second handler for the same queue', () => {
    const q = queue();
    const j = jobs();
    j.register(q, async () => {});
    expect(() => j.register(q, async () => {})).toThrow(`a handler for queue ${q} is already registered`);
  });

  it('retries a failing job with exponential backoff, then fails it keeping the last error', async () => {
    const q = queue();
    const j = jobs({ retryBaseMs: 60_000 });
    let calls = 0;
    j.register(q, async () => {
      calls++;
      throw new Error(`refused ${calls}`);
    });
    const id = await j.enqueue(t.db, q, {}, { maxAttempts: 3 });

    await j.drain();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: 'refused 1', locked_at: null });
    expect(await dueIn(id)).toBeGreaterThan(55);
    expect(await dueIn(id)).toBeLessThanOrEqual(60);

    await makeDue(id);
    await j.drain();
    r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 2, last_error: 'refused 2' });
    expect(await dueIn(id)).toBeGreaterThan(115);
    expect(await dueIn(id)).toBeLessThanOrEqual(120);

    await makeDue(id);
    await j.drain();
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3, last_error: 'refused 3' });
    expect(r.finished_at).not.toBeNull();

    // A failed job is never picked up again.
    await makeDue(id);
    expect(await j.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('marks a job done when a retry succeeds', async () => {
    const q = queue();
    const j = jobs({ retryBaseMs: 1 });
    let calls = 0;
    j.register(q, async () => {
      if (++calls === 1) throw new Error('temporary');
    });
    const id = await j.enqueue(t.db, q, {});
    await j.drain();
    await makeDue(id);
    await j.drain();
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails a job at once on a PermanentJobError', async () => {
    const q = queue();
    const j = jobs();
    j.register(q, async () => {
      throw new PermanentJobError('malformed payload');
    });
    const id = await j.enqueue(t.db, q, {});
    await j.drain();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'malformed payload' });
  });

  it('runs again a job left running by a crashed process, and fails one out of attempts', async () => {
    const q = queue();
    const j = jobs({ lockTimeoutMs: 60_000 });
    const ran: number[] = [];
    j.register(q, async (_p, job) => {
      ran.push(job.id);
    });
    const crashed = await t.db
      .insertInto('jobs')
      .values({
        queue: q,
        status: 'running',
        attempts: 1,
        locked_at: sql<Date>`now() - interval '10 minutes'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exhausted = await t.db
      .insertInto('jobs')
      .values({
        queue: q,
        status: 'running',
        attempts: 5,
        max_attempts: 5,
        locked_at: sql<Date>`now() - interval '10 minutes'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const busy = await t.db
      .insertInto('jobs')
      .values({ queue: q, status: 'running', attempts: 1, locked_at: sql<Date>`now()` })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(await j.drain()).toBe(1);
    expect(ran).toEqual([crashed.id]);
    expect(await row(crashed.id)).toMatchObject({ status: 'done', attempts: 2 });
    const gaveUp = await row(exhausted.id);
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 5 });
    expect(gaveUp.last_error).toMatch(/^interrupted/);
    // A job whose lock is fresh belongs to a live process.
    expect(await row(busy.id)).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('never runs a job twice when two workers share the table', async () => {
    const q = queue();
    const a = jobs({ pollMs: 10 });
    const b = jobs({ pollMs: 10 });
    const runs: number[] = [];
    const handler = async (_p: Record<string, unknown>, job: { id: number }) => {
      runs.push(job.id);
      await new Promise((r) => setTimeout(r, 2));
    };
    a.register(q, handler);
    b.register(q, handler);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await a.enqueue(t.db, q, { i }));
    a.start();
    b.start();
    await waitFor(async () => {
      const open = await t.db
        .selectFrom('jobs')
        .select('id')
        .where('queue', '=', q)
        .where('status', '!=', 'done')
        .execute();
      return open.length === 0;
    }, 15_000);
    expect([...runs].sort((x, y) => x - y)).toEqual(ids);
  });

  it('stop waits for the running handler to finish, then runs nothing more', async () => {
    const q = queue();
    const j = jobs({ pollMs: 10 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered = false;
    let finished = false;
    j.register(q, async () => {
      entered = true;
      await gate;
      finished = true;
    });
    j.start();
    const id = await j.enqueue(t.db, q, {});
    await waitFor(async () => entered);

    let stopped = false;
    const stopping = j.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'done' });

    const later = await j.enqueue(t.db, q, {});
    await new Promise((r) => setTimeout(r, 60));
    expect((await row(later)).status).toBe('pending');
  });

  it('a worker elsewhere learns of a new job at once (NOTIFY on PostgreSQL, polling on PGlite)', async () => {
    const q = queue();
    const postgres = t.database.engine === 'postgres';
    const connectionString = t.database.connectionString;
    // On PostgreSQL the worker polls only once a minute, so only the notification can wake it.
    const worker = jobs({ connectionString, pollMs: postgres ? 60_000 : 20 });
    const ran: number[] = [];
    worker.register(q, async (_p, job) => {
      ran.push(job.id);
    });
    worker.start();
    await new Promise((r) => setTimeout(r, 200));
    // Another process: its own queue object, never started.
    const producer = jobs({ connectionString });
    const id = await t.db.transaction().execute((trx) => producer.enqueue(trx, q, {}));
    await waitFor(async () => ran.includes(id), 3000);
    expect((await waitFor(async () => (await row(id)).status === 'done' && row(id))).attempts).toBe(1);
  });
});
