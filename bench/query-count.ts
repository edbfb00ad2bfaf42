/**
 * Counts the SQL statements each request sends, with the real application built in this
 * process against the benchmark database (every pg query is counted), and shows the plan of
 * the slowest statement of each request with EXPLAIN ANALYZE when --explain is given.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/archline_bench npx tsx bench/query-count.ts [--explain] \
 *     management:/patients?per_page=50 practice:/patients?status=all&page=200
 *
 * --statements lists each statement with its time; --uncached forgets the dashboard's kept answers
 * before every request; --repeat=N measures each request N times
 * (default 3) and keeps the run with the fewest statements; --dump=FILE writes each request's
 * statements with their values as JSON (bench/patients.mjs replays them as the floor).
 * Each argument is who:path (who = management | practice | partner; the path is below
 * /services/api/v2, {org} stands for the practice's organization id). Prints one JSON line
 * per request: path, status, queries, ms.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, API_PREFIX } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { issueToken } from '../apps/server/src/platform/auth/tokens.ts';
import { loadConfig } from '../apps/server/src/platform/config/env.ts';
import { resetDashboardCache } from '../apps/server/src/modules/dashboard/service.ts';
import { findBenchUser, type BenchUser, type BenchWho } from './bench-users.ts';

const args = process.argv.slice(2);
const explain = args.includes('--explain');
const listStatements = args.includes('--statements');
/** --uncached: the dashboard's kept answers are forgotten before every request, so each computes. */
const uncached = args.includes('--uncached');
const dumpFile = args.find((a) => a.startsWith('--dump='))?.slice('--dump='.length);
const dumped: { who: string; path: string; statements: { text: string; values: unknown[] }[] }[] = [];
const repeat = Number(args.find((a) => a.startsWith('--repeat='))?.slice('--repeat='.length) ?? 3);
const targets = args.filter((a) => !a.startsWith('--'));
if (!process.env.DATABASE_URL || targets.length === 0) {
  console.error('usage: DATABASE_URL=... query-count.ts [--explain] who:/path ...');
  process.exit(1);
}

// Every statement the pool sends goes through Client.prototype.query; while a request is measured
// they are recorded, except the background job runner's own polling of the jobs table.
const seen: { text: string; values: unknown[]; ms: number }[] = [];
let recording = false;
const JOB_POLL = /^\s*(update|delete from|select .* from) "?jobs"?\b/is;
const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  const first = a[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : first.text;
  if (!recording || JOB_POLL.test(text)) return original.apply(this, a);
  const values = (typeof first === 'string' ? a[1] : first.values) as unknown[] | undefined;
  const entry = { text, values: values ?? [], ms: 0 };
  seen.push(entry);
  const started = performance.now();
  const result = original.apply(this, a);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    return (result as Promise<unknown>).then((r) => {
      entry.ms = performance.now() - started;
      return r;
    });
  }
  return result;
} as typeof pg.Client.prototype.query;

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  DEMO: '0',
  DATA_DIR: path.join(os.tmpdir(), 'archline-bench'),
  WEB_DIST_DIR: path.join(os.tmpdir(), 'archline-bench', 'no-web'),
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 4 });
const app = await buildApp({ config, database });
await app.ready();
const tokens = new Map<BenchWho, { token: string; user: BenchUser }>();
async function tokenOf(who: BenchWho) {
  let t = tokens.get(who);
  if (!t) {
    const user = await findBenchUser(database.db, who);
    const { token } = await issueToken(app.ctx, user.user_id, { management: user.management });
    t = { token, user };
    tokens.set(who, t);
  }
  return t;
}

try {
  for (const target of targets) {
    const [who, ...rest] = target.split(':');
    const { token, user } = await tokenOf(who as BenchWho);
    const url = `${API_PREFIX}${rest.join(':').replaceAll('{org}', String(user.organization_id))}`;
    const inject = () => (
      uncached ? resetDashboardCache() : undefined,
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    );
    await inject(); // warm-up (prepared caches, permission lookups)
    // a few runs, keeping the one with the fewest statements: a throttled write (last activity,
    // a queued job's notification) may fall into any single request
    let best: { res: Awaited<ReturnType<typeof inject>>; ms: number; statements: typeof seen } | undefined;
    const counts: number[] = [];
    for (let run = 0; run < repeat; run++) {
      seen.length = 0;
      recording = true;
      const started = performance.now();
      const res = await inject();
      const ms = performance.now() - started;
      recording = false;
      const statements = seen.splice(0);
      counts.push(statements.length);
      if (!best || statements.length < best.statements.length) best = { res, ms, statements };
    }
    const { res, ms, statements } = best!;
    const line: Record<string, unknown> = {
      who,
      path: url.slice(API_PREFIX.length),
      status: res.statusCode,
      queries: statements.length,
      runs: counts,
      ms: Math.round(ms),
    };
    if (res.statusCode === 200) {
      const body = res.json() as { data?: unknown[]; meta?: unknown };
      if (Array.isArray(body.data)) line.rows = body.data.length;
      if (body.meta) line.meta = body.meta;
    }
    console.log(JSON.stringify(line));
    dumped.push({
      who,
      path: line.path as string,
      statements: statements.map(({ text, values }) => ({ text, values })),
    });
    if (listStatements) {
      for (const s of statements)
        console.log(`  ${Math.round(s.ms)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    if (explain) {
      for (const s of statements.sort((a, b) => b.ms - a.ms).slice(0, 2)) {
        if (!/^\s*(select|with)\b/i.test(s.text)) continue;
        const plan = await database.pool.query(`explain (analyze, buffers) ${s.text}`, s.values);
        console.log(`--- ${Math.round(s.ms)} ms: ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`);
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }
  }
  if (dumpFile) (await import('node:fs')).writeFileSync(dumpFile, JSON.stringify(dumped));
} finally {
  await app.close();
  await database.close();
}
