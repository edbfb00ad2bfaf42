import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.ts';
import type { DB } from './schema.ts';

// Return int8 (bigint) columns and count(*) as JS numbers: every id and count fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// Keep DATE columns as 'YYYY-MM-DD' strings: a calendar date has no time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// NUMERIC as number (money and ratios are stored with two to four decimals).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Engine = 'postgres' | 'pglite';

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  engine: Engine;
  /** Present when on PostgreSQL: used for LISTEN/NOTIFY based services (realtime adapter). */
  connectionString?: string;
  close(): Promise<void>;
  /** PGlite only: a compressed dump of the data directory (used to copy a migrated database). */
  dumpPglite?: () => Promise<Blob>;
}

export const PGLITE_EXTENSIONS = { citext, pg_trgm };

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; 'memory://' keeps it in memory. */
  pgliteDir?: string;
  /** A PGlite data dump (tar) to start from, used by tests to skip migrations. */
  pgliteLoadDataDir?: Blob;
  poolMax?: number;
  /** Told when an idle pooled connection fails (it is discarded and replaced on demand). */
  onIdleError?: (err: Error) => void;
}

/** Session settings for PostgreSQL connections (see openDatabase). */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

function hasSessionOptions(url: string): boolean {
  try {
    return new URL(url).searchParams.has('options');
  } catch {
    return false;
  }
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite.
 * Both go through a pg.Pool so every query takes the same code path.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      Client: PreparingClient,
      // The queries are short index scans under many concurrent requests: JIT compilation and
      // parallel workers only add latency and CPU. A URL carrying its own `options` keeps them.
      ...(hasSessionOptions(opts.databaseUrl) ? {} : { options: SESSION_OPTIONS }),
    });
    // An idle connection the server drops (restart, failover, an administrator ending it) is
    // discarded by the pool; without a listener its error would end the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      pool,
      engine: 'postgres',
      connectionString: opts.databaseUrl,
      close: () => db.destroy(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lite = await PGlite.create(dir, {
    extensions: PGLITE_EXTENSIONS,
    ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
  });
  const pool = new pg.Pool(createPgConfig(lite) as unknown as pg.PoolConfig);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      await lite.close();
    },
    dumpPglite: () => lite.dumpDataDir('gzip'),
  };
}
