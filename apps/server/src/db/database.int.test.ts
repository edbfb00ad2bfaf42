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
