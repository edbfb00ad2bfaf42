/**
 * kill -9 of a real server process in the middle of an upload and of a zip extraction: after a
 * restart no file is left without its row (or in the temp area) and no row is without its file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, expect, it } from 'vitest';
import { PATIENT_FILE_TYPES as T } from '@archline/contracts';
import yazl from 'yazl';
import { createTestDatabase } from '../../../test/test-app.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { buildPatient } from '../../db/seed/factories.ts';
import { loadConfig } from '../../platform/config/env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-crash-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let child: ChildProcess | undefined;
/** With STORAGE_DRIVER=s3: the loopback S3-protocol server the server processes keep files in. */
let s3: TestS3Server | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await dropDatabase();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = (port: number) => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DEMO: '0',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...s3?.env,
  // A process killed while it receives an upload: the bytes go through the server.
  ...(s3 ? { S3_PRESIGNED_URLS: '0' } : {}),
});

async function openDb(): Promise<Database> {
  return openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 1500; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}${API}/patients/1/files`).then(
      (r) => r.status === 401,
      () => false,
    );
    if (ok) return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function stopServer(proc: ChildProcess, signal: NodeJS.Signals) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  await exited;
}

function binaryStl(triangles: number): Buffer {
  const buf = Buffer.alloc(84 + 50 * triangles);
  buf.writeUInt32LE(triangles, 80);
  crypto.randomFillSync(buf, 84);
  return buf;
}

function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: false });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The stored keys under a folder, the temp and intent areas included (on disk or in the bucket). */
async function filesUnder(dir: string): Promise<string[]> {
  if (s3) {
    const client = new S3Client({
      region: s3.settings.region,
      endpoint: s3.settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.settings.accessKeyId!, secretAccessKey: s3.settings.secretAccessKey! },
    });
    try {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: s3.settings.bucket,
            Prefix: `${dir}/`,
            ContinuationToken: token,
          }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    } finally {
      client.destroy();
    }
  }
  const root = path.join(dataDir, 'files', dir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) =>
      path.relative(path.join(dataDir, 'files'), path.join(d.parentPath, d.name)).split(path.sep).join('/'),
    );
}

it('kill -9 during an upload and a zip extraction leaves no orphan file and no row without its file', async () => {
  if (process.env.STORAGE_DRIVER === 's3') s3 = await startS3Server();
  // A database of its own, seeded in process, then served by a real server process.
  if (process.env.DATABASE_URL) {
    const made = await createTestDatabase();
    await made.database.close();
    databaseUrl = made.url;
    dropDatabase = made.drop;
  }
  let token: string;
  let patientId: number;
  {
    const database = await openDb();
    await migrate(database.db, () => undefined);
    const config = loadConfig(env(0));
    const app = await buildApp({ config, database });
    await app.ready();
    const t = { app, ctx: app.ctx, db: app.ctx.db };
    const org = await givenOrganization(t as never, { name: 'Crash Practice' });
    const user = await givenUser(t as never, {
      roles: ['doctor'],
      organizations: [{ id: org, role: 'organization_member' }],
    });
    token = await tokenFor(t as never, user.id);
    patientId = (await buildPatient(app.ctx.db, { organization_id: org, user_id: user.id })).id;
    await app.close();
    await database.close();
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = await startServer(port);
  const headers = bearer(token);

  async function uploadLink(name: string): Promise<{ url: string; file_path: string }> {
    const qs = new URLSearchParams({ name, type: String(T.stl), patient_id: String(patientId) });
    const r = await fetch(`${base}${API}/patient_files/upload_link?${qs}`, { headers });
    expect(r.status).toBe(200);
    return (await r.json()) as { url: string; file_path: string };
  }

  // 18 STL files of 5 MB in one zip.
  const zip = await zipOf(
    Array.from({ length: 18 }, (_, i) => ({ name: `arch-${i}.stl`, data: binaryStl(100_000) })),
  );
  const zipLink = await uploadLink('scans.zip');
  const put = await fetch(`${base}${zipLink.url}`, { method: 'PUT', body: zip });
  expect(put.status).toBe(200);

  // An upload left half-sent: its bytes sit in the temp area (on S3, in the process's memory or
  // in parts of an upload that never completes, which the bucket does not show).
  const slowLink = await uploadLink('slow.stl');
  const half = Readable.from(
    (async function* () {
      yield binaryStl(20_000);
      await new Promise(() => undefined); // never finishes
    })(),
  );
  void fetch(`${base}${slowLink.url}`, {
    method: 'PUT',
    body: Readable.toWeb(half) as ReadableStream,
    duplex: 'half',
  } as RequestInit).catch(() => undefined);

  // The store: killed as soon as the first extracted file is on disk.
  void fetch(`${base}${API}/patient_files/store_uploaded_file`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      file_path: zipLink.file_path,
      patient_id: patientId,
      type: T.stl,
      name: 'scans.zip',
    }),
  }).catch(() => undefined);
  for (let i = 0; i < 5000 && (await filesUnder(`patients/${patientId}`)).length === 0; i++)
    await new Promise((r) => setTimeout(r, 2));
  await stopServer(child, 'SIGKILL');

  const extracted = await filesUnder(`patients/${patientId}`);
  expect(extracted.length, 'the kill came during the extraction').toBeGreaterThan(0);
  expect(extracted.length).toBeLessThan(18);
  if (!s3)
    expect((await filesUnder('.tmp')).length, 'the half-sent upload left its partial file').toBeGreaterThan(
      0,
    );

  // Restarted: the interrupted store and upload are swept at start.
  child = await startServer(port);
  await stopServer(child, 'SIGTERM');

  const database = await openDb();
  try {
    const rows = await database.db
      .selectFrom('patient_files')
      .select('storage_path')
      .where('patient_id', '=', patientId)
      .execute();
    const onDisk = await filesUnder(`patients/${patientId}`);
    expect(onDisk.sort(), 'no file without its row').toEqual(rows.map((r) => r.storage_path).sort());
    expect(await filesUnder('.tmp')).toEqual([]);
    expect(await filesUnder('.intents')).toEqual([]);
    // Nothing acknowledged is lost: the received zip is still there to be stored again.
    expect(await filesUnder('uploads')).toContain(zipLink.file_path);
  } finally {
    await database.close();
  }
}, 400_000);
