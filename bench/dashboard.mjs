/**
 * The dashboard (GET /dashboard) on the benchmark database: how long one answer takes when it is
 * computed (a custom range, never reused) and when the result is reused (a preset time filter
 * asked again within the minute), one request at a time; then both under load with autocannon.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/archline_bench BASE_URL=http://localhost:3100 \
 *     node bench/dashboard.mjs
 *
 * Start the server on the same database first (see bench/README.md). SINGLE (requests per
 * single-request measure, default 15), CONNECTIONS (default 20), DURATION seconds per load
 * scenario (default 10; 0 skips the load part) and TIME_ZONE (default America/Denver) adjust the
 * run. Exits non-zero when an answer is not 200.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const single = Number(process.env.SINGLE ?? 15);
const connections = Number(process.env.CONNECTIONS ?? 20);
const duration = Number(process.env.DURATION ?? 10);
const timeZone = process.env.TIME_ZONE ?? 'America/Denver';
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL (the benchmark database the server uses) is required to issue the tokens');
  process.exit(1);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const token = (who) =>
  JSON.parse(
    execFileSync(tsx, [path.join(here, 'token.ts'), who], { cwd: root, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop(),
  ).token;
const tokens = { management: token('management'), partner: token('partner') };

/** Today in the time zone, and the custom ranges that equal the presets (computed every time). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const monthStart = `${today.slice(0, 8)}01`;
const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0))
  .toISOString()
  .slice(0, 10);
const custom = (from, to) => `timeFilter=custom&dateFilterFrom=${from}&dateFilterTo=${to}`;
const tz = `timeZone=${encodeURIComponent(timeZone)}&withLiveData=true`;

/** name, who, the preset (reused), the same range as custom (computed) */
const scenarios = [
  ['management today', 'management', 'timeFilter=today', custom(today, today)],
  ['management this month', 'management', 'timeFilter=this_month', custom(monthStart, monthEnd)],
  ['management all time', 'management', 'timeFilter=all_time', custom('2000-01-01', today)],
  ['lab partner this month', 'partner', 'timeFilter=this_month', custom(monthStart, monthEnd)],
];

const url = (q) => `${base}/services/api/v2/dashboard?${q}&${tz}`;
let failed = false;

async function timed(q, who) {
  const started = performance.now();
  const res = await fetch(url(q), { headers: { authorization: `Bearer ${tokens[who]}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) {
    failed = true;
    console.error(res.status, JSON.stringify(body));
  }
  return { ms, cached: body.data?.cached };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};
const round = (n) => Math.round(n * 10) / 10;

console.log(
  `${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; time zone ${timeZone}, today ${today}`,
);

const rows = [];
for (const [name, who, preset, computed] of scenarios) {
  await timed(computed, who); // warm the connection and the plan cache
  const uncached = [];
  for (let i = 0; i < single; i += 1) uncached.push((await timed(computed, who)).ms);
  await timed(preset, who); // computes and keeps the result
  const reused = [];
  for (let i = 0; i < single; i += 1) {
    const r = await timed(preset, who);
    if (!r.cached) console.warn(`${name}: answer ${i} was not reused`);
    reused.push(r.ms);
  }
  const row = {
    scenario: name,
    'uncached p50 ms': round(median(uncached)),
    'uncached p95 ms': round(p95(uncached)),
    'reused p50 ms': round(median(reused)),
    'reused p95 ms': round(p95(reused)),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
console.table(rows);

if (duration > 0) {
  const load = [];
  for (const [name, who, preset, computed] of [scenarios[1], scenarios[3]]) {
    for (const [kind, q] of [
      ['reused', preset],
      ['uncached', computed],
    ]) {
      const result = await autocannon({
        url: url(q),
        connections,
        duration,
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      const row = {
        scenario: `${name} (${kind})`,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'req/s': Math.round(result.requests.average),
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      load.push(row);
      console.log(JSON.stringify(row));
      if (result.non2xx > 0 || result.errors > 0) failed = true;
    }
  }
  console.table(load);
}
if (failed) process.exit(1);
