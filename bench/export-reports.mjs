/**
 * A report export of a million rows: time, bytes and the server's memory while it streams.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/export-reports.mjs
 *
 * Creates a throw-away database on that server (dropped at the end; KEEP=1 keeps it), lets the
 * server migrate it, fills it with ROWS finished technician steps (default 1,000,000; set-based
 * with generate_series), starts the server on it (PORT, default 3190), downloads the technicians
 * report for the year as a super admin and counts the lines without keeping them. The server's
 * resident memory is sampled from /proc every 20 ms: before the export, its peak during the
 * export, and the kernel's high-water mark (VmHWM, which includes start-up). Exits non-zero when
 * the file does not have ROWS + 1 lines.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rows = Number(process.env.ROWS ?? 1_000_000);
const port = Number(process.env.PORT ?? 3190);
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');
const name = `archline_bench_reports_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const benchUrl = url.toString();
const perWorkflow = 1000;
const workflows = Math.ceil(rows / perWorkflow);

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A /proc/<pid>/status field in bytes (VmRSS, VmHWM). */
function memory(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function withClient(connectionString, work) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function waitForServer(child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/services/api/v2/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server did not start within two minutes');
}

function startServer(dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: benchUrl,
      PORT: String(port),
      DEMO: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      RATE_LIMIT_DISABLED: '1',
      NODE_ENV: 'production',
      // The first start of a database without demo data creates this super admin.
      ADMIN_EMAIL: 'superadmin@bench-reports.test',
      ADMIN_PASSWORD: 'BenchReports123',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function fill() {
  const token = crypto.randomBytes(32).toString('base64url');
  const hash = crypto.createHash('sha256').update(token, 'utf8').digest();
  await withClient(benchUrl, async (c) => {
    const started = Date.now();
    const org = (
      await c.query(
        `insert into organizations (name, account_number) values ('Bench Reports Practice', 'BENCH-RPT') returning id`,
      )
    ).rows[0].id;
    const users = (
      await c.query(`insert into users (first_name, last_name, email) values
        ('Dana', 'Doctor', 'doctor@bench-reports.test'),
        ('Terry', 'Tech', 'tech@bench-reports.test') returning id`)
    ).rows.map((r) => r.id);
    const [doctor, tech] = users;
    await c.query(`insert into user_roles (user_id, role) values ($1, 'doctor'), ($2, 'tech_support')`, [
      doctor,
      tech,
    ]);
    const superAdmin = (await c.query(`select id from users where email = 'superadmin@bench-reports.test'`))
      .rows[0].id;
    await c.query(
      `insert into patients (organization_id, user_id, first_name, last_name, case_number_text)
       select $1, $2, 'Patient', 'Number ' || g, 'BR-' || g from generate_series(1, $3::int) g`,
      [org, doctor, workflows],
    );
    await c.query(
      `insert into tech_workflows (type, patient_id) select 'initial_case_setup', id from patients`,
    );
    await c.query(
      `insert into tech_workflow_processes (tech_workflow_id, step, process, status, user_id, started_at, finished_at)
       select w.id, s, 'S' || (s % 5 + 1), 'COMPLETED', $1, t.at, t.at + interval '20 minutes'
       from tech_workflows w
       cross join generate_series(1, $2::int) s
       cross join lateral (
         select timestamptz '2026-01-01 12:00Z' + ((w.id * $2::int + s) % 500000) * interval '1 minute' as at
       ) t
       order by w.id, s
       limit $3`,
      [tech, perWorkflow, rows],
    );
    await c.query('analyze');
    await c.query(
      `insert into auth_tokens (user_id, token_hash, management, idle_expires_at, expires_at)
       values ($1, $2, true, now() + interval '1 day', now() + interval '1 day')`,
      [superAdmin, hash],
    );
    console.log(
      `filled ${rows.toLocaleString('en-US')} finished steps in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
  return token;
}

async function exportOnce(token, pid) {
  let peak = memory(pid, 'VmRSS');
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(pid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/services/api/v2/export-reports/technicians`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date_from: '2026-01-01', date_to: '2026-12-31', time_zone: 'UTC' }),
    });
    if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    for await (const chunk of res.body) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, memory(pid, 'VmRSS'));
  return { seconds: (performance.now() - started) / 1000, firstByte, bytes, lines, before, peak };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-bench-reports-'));
let server;
let failed = false;
await withClient(adminUrl, (c) => c.query(`create database ${name}`));
try {
  // The server migrates the new database on start; it is then stopped while the rows go in.
  server = startServer(dataDir);
  await waitForServer(server);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const token = await fill();
  server = startServer(dataDir);
  await waitForServer(server);
  const pid = server.pid;
  const first = await exportOnce(token, pid);
  const second = await exportOnce(token, pid);
  for (const [label, r] of [
    ['first export', first],
    ['second export', second],
  ]) {
    const perSecond = Math.round((r.lines - 1) / r.seconds).toLocaleString('en-US');
    console.log(
      `${label}: ${(r.lines - 1).toLocaleString('en-US')} rows, ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s ` +
        `(${perSecond} rows/s, first byte after ${r.firstByte.toFixed(0)} ms); server RSS ${mb(r.before)} before, ` +
        `peak ${mb(r.peak)} during (+${mb(r.peak - r.before)})`,
    );
    if (r.lines !== rows + 1) {
      console.error(`expected ${rows + 1} lines, got ${r.lines}`);
      failed = true;
    }
  }
  console.log(`server high-water mark (VmHWM, includes start-up): ${mb(memory(pid, 'VmHWM'))}`);
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  if (!process.env.KEEP)
    await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
