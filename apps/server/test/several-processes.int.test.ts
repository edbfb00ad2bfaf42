/**
 * Two real server processes on one PostgreSQL database and one bucket (STORAGE_DRIVER=s3, a
 * loopback S3-protocol server): a file uploaded through one is downloaded through the other, a
 * realtime event sent by one reaches a socket of the other, each background job runs once, and
 * the login attempts of both count against one limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { AUTH_MESSAGES, PATIENT_FILE_TYPES as T } from '@archline/contracts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { buildPatient } from '../src/db/seed/factories.ts';
import { loadConfig } from '../src/platform/config/env.ts';
import { RATE_LIMITS } from '../src/platform/auth/rate-limit.ts';
import { API, bearer, givenOrganization, givenUser, solveAltcha, tokenFor } from './auth-helpers.ts';
import { binaryStl } from './file-helpers.ts';
import { socketClients } from './realtime-helpers.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';
import { createTestDatabase } from './test-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-two-'));
const children: ChildProcess[] = [];
let s3: TestS3Server | undefined;
let database: Database | undefined;
let dropDatabase = async () => {};
const sockets = socketClients(() => '');

afterAll(async () => {
  sockets.disconnectAll();
  for (const c of children) c.kill('SIGKILL');
  await database?.close();
  await dropDatabase();
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** One process's environment: the shared database and bucket, its own port and DATA_DIR. */
function envOf(name: string, port: number, databaseUrl: string): Record<string, string> {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DEMO: '0',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    DATABASE_URL: databaseUrl,
    JOBS_POLL_MS: '200',
    ...s3!.env,
  };
}

async function startServer(env: Record<string, string>): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(proc);
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 1500; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    const ok = await fetch(`${base}${API}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it.skipIf(!process.env.DATABASE_URL)(
  'two processes share files (S3), realtime events, jobs and rate limits',
  async () => {
    s3 = await startS3Server();
    const made = await createTestDatabase();
    await made.database.close();
    dropDatabase = made.drop;
    const databaseUrl = made.url!;

    // Seeded in process (no server of its own running), then served by two server processes.
    const [portA, portB] = [await freePort(), await freePort()];
    const seedEnv = envOf('seed', 0, databaseUrl);
    const seedApp = await buildApp({
      config: loadConfig(seedEnv),
      database: await openDatabase({ databaseUrl, poolMax: 2 }),
    });
    const t = { app: seedApp, ctx: seedApp.ctx, db: seedApp.ctx.db };
    const org = await givenOrganization(t as never, { name: 'Shared Practice' });
    const doctor = await givenUser(t as never, {
      roles: ['doctor'],
      organizations: [{ id: org, role: 'organization_member' }],
    });
    const token = await tokenFor(t as never, doctor.id);
    const patientId = (await buildPatient(seedApp.ctx.db, { organization_id: org, user_id: doctor.id })).id;
    await seedApp.close();
    await seedApp.ctx.database.close();
    database = await openDatabase({ databaseUrl, poolMax: 2 });
    // What solveAltcha reads: the configuration and the database (the challenge key lives there).
    const helper = { ctx: { config: loadConfig(seedEnv), db: database.db, database } };

    const [a, b] = await Promise.all([
      startServer(envOf('a', portA, databaseUrl)),
      startServer(envOf('b', portB, databaseUrl)),
    ]);
    const headers = bearer(token);

    // A file uploaded and stored through A is downloaded through B, byte for byte.
    const bytes = binaryStl(20_000);
    const qs = new URLSearchParams({
      name: 'upper.stl',
      type: String(T.stl),
      patient_id: String(patientId),
      size: String(bytes.length),
    });
    const link = await fetch(`${a}${API}/patient_files/upload_link?${qs}`, { headers });
    expect(link.status).toBe(200);
    const {
      url,
      headers: putHeaders,
      file_path,
    } = (await link.json()) as { url: string; headers: Record<string, string>; file_path: string };
    // A presigned URL of the bucket (the default with S3 storage): the bytes skip both servers.
    expect(url.startsWith(`${s3!.settings.endpoint}/`)).toBe(true);
    const put = await fetch(new URL(url, a), { method: 'PUT', body: bytes, headers: putHeaders });
    expect(put.status, await put.clone().text()).toBe(200);
    const stored = await fetch(`${a}${API}/patient_files/store_uploaded_file`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ file_path, patient_id: patientId, type: T.stl, name: 'upper.stl' }),
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
    const fileId = ((await stored.json()) as { file: { id: number } }).file.id;
    const downloadLink = await fetch(`${b}${API}/patient_files/${fileId}/download_link`, { headers });
    expect(downloadLink.status).toBe(200);
    const download = await fetch(new URL(((await downloadLink.json()) as { url: string }).url, b));
    expect(download.status).toBe(200);
    const received = Buffer.from(await download.arrayBuffer());
    expect(received.length).toBe(bytes.length);
    expect(crypto.createHash('sha256').update(received).digest('hex')).toBe(
      crypto.createHash('sha256').update(bytes).digest('hex'),
    );

    // A realtime event crosses: signing out through A ends the session's socket on B.
    const socket = await sockets.connect(token, b);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const logout = await fetch(`${a}${API}/logout`, { method: 'POST', headers });
    expect(logout.status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');

    // Each job runs once: 12 mails queued at once, picked up by both processes competing.
    const queued = await sql<{ id: number }>`
      insert into jobs (queue, payload)
      select 'mail', jsonb_build_object('to', 'user' || n || '@example.com', 'subject', 'Job ' || n, 'text', 'Hello')
      from generate_series(1, 12) as n
      returning id`.execute(database.db);
    await sql`select pg_notify('archline_jobs', 'mail')`.execute(database.db);
    const ids = queued.rows.map((r) => Number(r.id));
    await until(async () => {
      const { rows } = await sql<{ done: number }>`
        select count(*)::int as done from jobs where id = any(${ids}) and status = 'done'`.execute(
        database!.db,
      );
      return rows[0]!.done === ids.length;
    }, 'every mail job is done');
    const written = ['a', 'b'].flatMap((name) => {
      const dir = path.join(root, name, 'mail');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    });
    const jobOf = (file: string) => Number(/-(\d+)\.eml$/.exec(file)![1]);
    expect(written.map(jobOf).sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
    const { rows: attempts } = await sql<{ attempts: number }>`
      select attempts from jobs where id = any(${ids})`.execute(database.db);
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);

    // Rate limits are shared: failed sign-ins alternate between A and B, and the account's limit
    // counts them all.
    const limit = RATE_LIMITS.loginPerAccount.limit;
    const attempt = async (base: string) =>
      fetch(`${base}${API}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: doctor.email,
          password: 'not the password',
          altcha: await solveAltcha(helper as never),
        }),
      });
    for (let i = 0; i < limit; i++) expect((await attempt(i % 2 ? b : a)).status).toBe(422);
    const refused = await attempt(b);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(AUTH_MESSAGES.tooManyAttempts);
  },
  400_000,
);
