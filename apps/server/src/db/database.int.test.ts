import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('database sessions', () => {
  it('run list queries without JIT compilation, and on PostgreSQL without parallel workers', async () => {
    const { rows } = await sql<{ jit: string; workers: string; available: boolean }>`
      select current_setting('jit') as jit,
             current_setting('max_parallel_workers_per_gather') as workers,
             pg_jit_available() as available`.execute(t.db);
    if (t.database.engine === 'postgres') {
      expect(rows[0]!.jit).toBe('off');
      expect(rows[0]!.workers).toBe('0');
    } else {
      // The embedded engine is built without a JIT provider.
      expect(rows[0]!.available).toBe(false);
    }
  });
});

describe('prepared statements', () => {
  it('on PostgreSQL a statement sent again runs as a named prepared statement of the connection', async () => {
    const marker = `select ${Date.now()}::bigint as marker, $1::int as n`;
    const client = await t.database.pool.connect();
    try {
      for (let n = 1; n <= 3; n++) {
        const { rows } = await client.query(marker, [n]);
        expect(rows[0]).toEqual({ marker: expect.any(Number), n });
      }
      const { rows } = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements where statement = $1',
        [marker],
      );
      // The embedded engine keeps plain pg clients: nothing is prepared there.
      expect(rows.length).toBe(t.database.engine === 'postgres' ? 1 : 0);
    } finally {
      client.release();
    }
  });
});
