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
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import autocannon from 'autocannon';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 15);
const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;
const timeout = Number(process.env.TIMEOUT ?? 30);
const settle = Number(process.env.SETTLE ?? 5);
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

/** CPU ticks of the server and of every local postgres process (the backends serving it). */
function cpuSnapshot() {
  if (serverPid === null) return null;
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuTicks(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return { server: cpuTicks(serverPid), postgres };
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
].filter(([name]) => !only || only.has(name));

const tokens = { management: management.token, practice: practice.token, partner: partner.token };
console.log(
  `${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${connections} connections, ${duration} s per scenario; ` +
    `management ${management.email}, practice ${practice.email} (organization ${org})`,
);

const results = [];
let failed = false;
for (const [name, who, p] of scenarios) {
  const before = cpuSnapshot();
  const result = await autocannon({
    url: `${base}/services/api/v2${p}`,
    connections,
    duration,
    timeout,
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
  const row = {
    scenario: name,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'req/s': Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: os.loadavg()[0].toFixed(2),
  };
  const after = cpuSnapshot();
  if (before && after && result.requests.total > 0) {
    const perRequest = (ticks) => (ticks / ticksPerMs / result.requests.total).toFixed(1);
    row['server cpu ms/req'] = perRequest(after.server - before.server);
    row['postgres cpu ms/req'] = perRequest(after.postgres - before.postgres);
  }
  results.push(row);
  console.log(JSON.stringify(row));
  if (result.non2xx > 0 || result.errors > 0) failed = true;
  // requests cut off by the timeout may still be running on the server: let them finish
  await new Promise((r) => setTimeout(r, settle * 1000));
}
console.table(results);

if (process.env.QUERY_COUNT !== '0') {
  console.log('SQL statements per request (same request, warm):');
  const targets = scenarios.map(
    ([, who, p]) => `${who}:${p.replace(`/organizations/${org}/`, '/organizations/{org}/')}`,
  );
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
