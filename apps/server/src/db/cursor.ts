import crypto from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.ts';

/**
 * A server-side cursor over one query: `DECLARE ... NO SCROLL CURSOR` in a read-only transaction on
 * a connection of its own, read with `FETCH FORWARD n`. The process holds one batch at a time,
 * whatever the size of the result, and the rows come from one snapshot. The same SQL runs on
 * PostgreSQL and on embedded PGlite (whose single connection stays taken until `close`).
 */
export interface RowCursor<R> {
  /** The next batch; empty once the rows are exhausted. */
  next(): Promise<R[]>;
  /** Ends the transaction and gives the connection back. Safe to call more than once. */
  close(): Promise<void>;
}

export async function openCursor<R>(
  database: Pick<Database, 'pool' | 'engine'>,
  query: CompiledQuery,
  batchSize = 1000,
): Promise<RowCursor<R>> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  const name = `c_${crypto.randomBytes(8).toString('hex')}`;
  const client: pg.PoolClient = await database.pool.connect();
  let closed = false;
  let exhausted = false;

  const close = async () => {
    if (closed) return;
    closed = true;
    let broken: Error | undefined;
    try {
      // Nothing was written: rolling back ends the transaction and drops the cursor alike.
      await client.query('rollback');
    } catch (err) {
      broken = err as Error;
    }
    // A PostgreSQL connection that could not end its transaction is discarded, not reused. The
    // embedded engine has a single connection shared by every client: it is never ended here.
    client.release(database.engine === 'postgres' ? broken : undefined);
  };

  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    await client.query(`declare ${name} no scroll cursor for ${query.sql}`, [...query.parameters]);
  } catch (err) {
    await close();
    throw err;
  }

  return {
    async next() {
      if (closed || exhausted) return [];
      const result = await client.query(`fetch forward ${batchSize} from ${name}`);
      if (result.rows.length < batchSize) exhausted = true;
      return result.rows as R[];
    },
    close,
  };
}
