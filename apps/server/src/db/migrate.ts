import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Lock key shared by every server process so only one migrates at a time. */
const MIGRATION_LOCK = 742_001;

/**
 * Applies the timestamped SQL files in migrations/ that have not run yet, each in its own
 * transaction, in file-name order. A landed migration is never edited: add a new file.
 */
export async function migrate(db: Kysely<DB>, log: (msg: string) => void = () => {}): Promise<string[]> {
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(conn);
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map(
          (r) => r.name,
        ),
      );
      const files = fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      for (const file of files) {
        if (done.has(file)) continue;
        const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        await conn.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`insert into schema_migrations (name) values (${file})`.execute(trx);
        });
        applied.push(file);
        log(`migrated ${file}`);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}
