/**
 * Prints a bearer token (JSON: token, user_id, email, organization_id) for one of the bench
 * accounts, issued directly in the database (no sign-in, no bot check):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/archline_bench npx tsx bench/token.ts management|practice|partner
 */
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { issueToken } from '../apps/server/src/platform/auth/tokens.ts';
import { loadConfig } from '../apps/server/src/platform/config/env.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';
import { findBenchUser, type BenchWho } from './bench-users.ts';

const who = (process.argv[2] ?? 'management') as BenchWho;
if (!['management', 'practice', 'partner'].includes(who)) {
  console.error('usage: token.ts management|practice|partner');
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL (the benchmark database) is required');
  process.exit(1);
}
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: path.join(os.tmpdir(), 'archline-bench'),
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 1 });
try {
  const user = await findBenchUser(database.db, who);
  const ctx = { config, db: database.db } as unknown as AppContext;
  const { token } = await issueToken(ctx, user.user_id, { management: user.management });
  console.log(JSON.stringify({ token, ...user }));
} finally {
  await database.close();
}
