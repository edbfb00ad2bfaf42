/**
 * Load test of the patient lists with autocannon: the management list (/patients as staff),
 * the practice list (as the owner of the biggest practice), searches, and page 1 against page
 * 200 of a 50-row page, the counts per status, and the lab partner's list. Reports p50 / p99 latency and requests per second for each, then the
 * number of SQL statements per request (bench/query-count.ts) so page 1 and page 200 can be
 * compared.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/archline_bench BASE_URL=http://localhost:3100 \
 *     node bench/patients.mjs
 *
 * Start the server on the same database first (DATABASE_URL=... PORT=3100 npm start) and fill
 * it with bench/generate.ts (see bench/README.md). CONNECTIONS (default 50), DURATION seconds
 * per scenario (default 15), TIMEOUT seconds per request (default 30; a timed-out request counts
 * as an error), SETTLE seconds between scenarios (default 5), ONLY (a comma-separated list of
 * scenario names) and QUERY_COUNT=0 (skip the statement count) adjust the run. SERVER_PID (the
 * server's process id, e.g. `pgrep -f apps/server/src/main.ts`) adds the CPU time the server and
 * the local PostgreSQL processes spent per request (Linux /proc). Exits non-zero
 * when a response is not 2xx, a request fails, or page 1 and page 200 differ in statements.
 *
 * The "unchanged" scenarios replay the auto-refresh: the same request with the If-None-Match of
 * its last answer, which answers 304 while nothing changed (each must answer 304 every time).
 * FLOOR=0 skips the floor: right after each list and counts scenario, the request's exact
 * statements (recorded by bench/query-count.ts) are sent straight through `pg` as prepared
 * statements by as many clients for as long, and the table gives API ÷ floor. BASELINE_URL (with
 * BASELINE_PID) names a second server, e.g. an earlier commit on the same database: each scenario
 * then also runs against it, in the same sitting, and the table gives this ÷ baseline. Before
 * anything is measured, each server answers every scenario for WARMUP seconds (default 3, 0 skips
 * it), so that no figure carries the compilation of a freshly started server.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 15);
const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;
const timeout = Number(process.env.TIMEOUT ?? 30);
const settle = Number(process.env.SETTLE ?? 5);
const floorOn = process.env.FLOOR !== '0';
const baselineUrl = process.env.BASELINE_URL ?? null;
const baselinePid = process.env.BASELINE_PID ? Number(process.env.BASELINE_PID) : null;
const warmup = Number(process.env.WARMUP ?? 3);
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL (the benchmark database the server uses) is required to issue the tokens');
  process.exit(1);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

function token(who) {
  const out = execFileSync(tsx, [path.join(here, 'token.ts'), who], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

const management = token('management');
const practice = token('practice');
const partner = token('partner');
const org = practice.organization_id;

const serverPid = process.env.SERVER_PID ? Number(process.env.SERVER_PID) : null;
const ticksPerMs = 100 / 1000; // USER_HZ

/** CPU time (user + system, in clock ticks) of one process, 0 when it is gone. */
function cpuTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU ticks of each local postgres process (the backends serving the server), by pid. */
function postgresTicks() {
  const ticks = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        ticks.set(entry, cpuTicks(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** CPU ticks of a server process (or of this process for the floor) and of each postgres process. */
function cpuSnapshot(pid) {
  if (pid === null) return null;
  return { server: pid === 'self' ? process.cpuUsage() : cpuTicks(pid), postgres: postgresTicks() };
}

/**
 * CPU ms per request between two snapshots, per process: a backend that ended meanwhile (an idle
 * connection closed) is left out instead of making the sum negative.
 */
function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests <= 0) return {};
  let postgres = 0;
  for (const [pid, ticks] of after.postgres) postgres += Math.max(0, ticks - (before.postgres.get(pid) ?? 0));
  const serverMs =
    typeof after.server === 'object'
      ? (after.server.user - before.server.user + after.server.system - before.server.system) / 1000
      : (after.server - before.server) / ticksPerMs;
  return {
    'server cpu ms/req': (serverMs / requests).toFixed(2),
    'postgres cpu ms/req': (postgres / ticksPerMs / requests).toFixed(2),
  };
}

/** name, who, path (below /services/api/v2) */
const scenarios = [
  ['management page 1', 'management', '/patients?per_page=50&page=1'],
  ['management page 200', 'management', '/patients?per_page=50&page=200'],
  ['management search', 'management', '/patients?per_page=50&search=emma%20smith'],
  ['management newest', 'management', '/patients?per_page=50&sort=newest'],
  ['shipping view page 1', 'management', '/patients?per_page=50&shipping=true&page=1'],
  ['shipping view page 200', 'management', '/patients?per_page=50&shipping=true&page=200'],
  ['practice awaiting approval', 'practice', '/patients?per_page=50&status=awaiting_approval'],
  ['practice all page 1', 'practice', '/patients?per_page=50&status=all&page=1'],
  ['practice all page 200', 'practice', '/patients?per_page=50&status=all&page=200'],
  ['practice search', 'practice', '/patients?per_page=50&search=olivia'],
  ['practice counts', 'practice', `/organizations/${org}/patient_counts_per_status`],
  ['partner list', 'partner', '/patients?per_page=50'],
  ['management page 1 unchanged', 'management', '/patients?per_page=50&page=1', { conditional: true }],
  [
    'practice awaiting approval unchanged',
    'practice',
    '/patients?per_page=50&status=awaiting_approval',
    { conditional: true },
  ],
  [
    'practice counts unchanged',
    'practice',
    `/organizations/${org}/patient_counts_per_status`,
    { conditional: true },
  ],
].filter(([name]) => !only || only.has(name));

const tokens = { management: management.token, practice: practice.token, partner: partner.token };
console.log(
  `${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${connections} connections, ${duration} s per scenario; ` +
    `management ${management.email}, practice ${practice.email} (organization ${org})`,
);

/** The statements each request sends, by path, for the floor. */
const recorded = new Map();
if (floorOn) {
  const dump = path.join(os.tmpdir(), `archline-bench-statements-${process.pid}.json`);
  const targets = scenarios
    .filter(([, , , o]) => !o?.conditional)
    .map(([, who, p]) => `${who}:${p.replace(`/organizations/${org}/`, '/organizations/{org}/')}`);
  if (targets.length) {
    execFileSync(tsx, [path.join(here, 'query-count.ts'), `--dump=${dump}`, ...targets], {
      cwd: root,
      encoding: 'utf8',
    });
    for (const r of JSON.parse(fs.readFileSync(dump, 'utf8')))
      recorded.set(`${r.who}:${r.path}`, r.statements);
    fs.rmSync(dump, { force: true });
  }
}

/** The same statements straight through pg: `connections` clients, each sending a request's statements in turn. */
async function floor(statements) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: connections });
  const named = statements.map((st, i) => ({
    name: `floor_${i}_${st.text.length}`,
    text: st.text,
    values: st.values,
  }));
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  for (const c of clients) for (const q of named) await c.query(q); // prepare and warm
  const before = cpuSnapshot('self');
  const latencies = [];
  let requests = 0;
  const end = Date.now() + duration * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < end) {
        const started = performance.now();
        for (const q of named) await c.query(q);
        latencies.push(performance.now() - started);
        requests++;
      }
    }),
  );
  const after = cpuSnapshot('self');
  for (const c of clients) c.release();
  await pool.end();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    'req/s': Math.round(requests / duration),
    'p50 ms': pct(0.5),
    'p99 ms': pct(0.99),
    ...cpuPerRequest(before, after, requests),
  };
}

async function run(url, who, p, options, pid) {
  const headers = { authorization: `Bearer ${tokens[who]}` };
  if (options?.conditional) {
    const first = await fetch(`${url}/services/api/v2${p}`, { headers });
    const etag = first.headers.get('etag');
    // A server without conditional answers (an earlier baseline) sends the whole answer each time.
    if (etag) headers['if-none-match'] = etag;
    else options = { ...options, conditional: false };
  }
  const before = cpuSnapshot(pid);
  const result = await autocannon({
    url: `${url}/services/api/v2${p}`,
    connections,
    duration,
    timeout,
    headers,
  });
  const after = cpuSnapshot(pid);
  const expected = options?.conditional ? result['3xx'] : result['2xx'];
  return {
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'req/s': Math.round(result.requests.average),
    requests: result.requests.total,
    unexpected: result.requests.total - expected,
    errors: result.errors + result.timeouts,
    load: os.loadavg()[0].toFixed(2),
    ...cpuPerRequest(before, after, result.requests.total),
  };
}

const pause = () => new Promise((r) => setTimeout(r, settle * 1000));
if (warmup > 0) {
  for (const url of [base, ...(baselineUrl ? [baselineUrl] : [])])
    for (const [, who, p] of scenarios)
      await autocannon({
        url: `${url}/services/api/v2${p}`,
        connections,
        duration: warmup,
        timeout,
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
  await pause();
}
const results = [];
let failed = false;
for (const [name, who, p, options] of scenarios) {
  const row = { scenario: name, ...(await run(base, who, p, options, serverPid)) };
  if (row.unexpected > 0 || row.errors > 0) failed = true;
  // requests cut off by the timeout may still be running on the server: let them finish
  await pause();
  // The floor replays a full answer's statements: not what a 304 sends.
  const statements = options?.conditional ? undefined : recorded.get(`${who}:${p}`);
  if (statements) {
    const f = await floor(statements);
    row['floor req/s'] = f['req/s'];
    row['floor p99 ms'] = f['p99 ms'];
    row['floor postgres cpu ms/req'] = f['postgres cpu ms/req'];
    row['API ÷ floor'] = (row['req/s'] / f['req/s']).toFixed(2);
    await pause();
  }
  if (baselineUrl) {
    const b = await run(baselineUrl, who, p, options, baselinePid);
    row['baseline req/s'] = b['req/s'];
    row['baseline p99 ms'] = b['p99 ms'];
    if (b['postgres cpu ms/req']) row['baseline postgres cpu ms/req'] = b['postgres cpu ms/req'];
    row['÷ baseline'] = (row['req/s'] / b['req/s']).toFixed(2);
    await pause();
  }
  results.push(row);
  console.log(JSON.stringify(row));
}
console.table(results);

if (process.env.QUERY_COUNT !== '0') {
  console.log('SQL statements per request (same request, warm):');
  const targets = scenarios
    .filter(([, , , o]) => !o?.conditional)
    .map(([, who, p]) => `${who}:${p.replace(`/organizations/${org}/`, '/organizations/{org}/')}`);
  const out = execFileSync(tsx, [path.join(here, 'query-count.ts'), ...targets], {
    cwd: root,
    encoding: 'utf8',
  });
  const counts = out
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  console.table(
    counts.map((c) => ({ who: c.who, path: c.path, status: c.status, queries: c.queries, rows: c.rows })),
  );
  const byPath = (p) => counts.find((c) => c.path === p)?.queries;
  for (const [a, b] of [
    ['/patients?per_page=50&page=1', '/patients?per_page=50&page=200'],
    ['/patients?per_page=50&status=all&page=1', '/patients?per_page=50&status=all&page=200'],
    ['/patients?per_page=50&shipping=true&page=1', '/patients?per_page=50&shipping=true&page=200'],
  ]) {
    const qa = byPath(a);
    const qb = byPath(b);
    if (qa === undefined || qb === undefined) continue;
    const same = qa === qb;
    console.log(`${same ? 'same' : 'DIFFERENT'} number of statements: ${a} ${qa}, ${b} ${qb}`);
    if (!same) failed = true;
  }
}
if (failed) process.exit(1);
