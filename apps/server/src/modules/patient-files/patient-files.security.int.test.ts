/**
 * Hostile input against patient files: crafted zips, names the storage cannot hold, another
 * organization's ids, altered stored bytes. The server answers each with a clear 4xx and keeps serving.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_FILE_MESSAGES as M, PATIENT_FILE_TYPES as T } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { overwriteStored, storedKeysUnder } from '../../../test/storage-helpers.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';
import { hasProblems, verifyStoredFiles } from './service.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let doctor: { id: number; headers: H };
let doctorB: H;

/* ---------- zips built byte by byte ---------- */

interface RawEntry {
  name: string;
  data: Buffer;
  /** The uncompressed size the headers declare (defaults to the real one). */
  declaredSize?: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags?: number;
  deflate?: boolean;
}

function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflate ? zlib.deflateRawSync(e.data) : e.data;
    const method = e.deflate ? 8 : 0;
    const crc = zlib.crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const flags = (e.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Incompressible padding, ignored on extraction, that lifts a zip over the 2 MB minimum. */
const padding = (): RawEntry => ({ name: 'padding.bin', data: crypto.randomBytes(2_500_000) });
const asciiStl = (name: string) =>
  Buffer.from(`solid ${name}\nfacet normal 0 0 1\nendfacet\nendsolid ${name}\n`);

/* ---------- API helpers ---------- */

async function upload(headers: H, patientId: number, type: number, name: string, body: Buffer) {
  const qs = new URLSearchParams({ name, type: String(type), patient_id: String(patientId) });
  const l = await t.app.inject({ method: 'GET', url: `${API}/patient_files/upload_link?${qs}`, headers });
  expect(l.statusCode, l.body).toBe(200);
  const p = await t.app.inject({
    method: 'PUT',
    url: l.json().url,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(p.statusCode, p.body).toBe(200);
  return l.json().file_path as string;
}

async function add(headers: H, patientId: number, type: number, name: string, body: Buffer) {
  const file_path = await upload(headers, patientId, type, name, body);
  return t.app.inject({
    method: 'POST',
    url: `${API}/patient_files/store_uploaded_file`,
    headers,
    payload: { file_path, patient_id: patientId, type, name },
  });
}

/** The keys stored under a folder (on disk, or in the bucket with STORAGE_DRIVER=s3). */
const filesUnder = (dir: string) => storedKeysUnder(t, dir);

const newPatient = (org = orgA, userId = doctor.id) =>
  buildPatient(t.db, { organization_id: org, user_id: userId });

async function stillServing() {
  const p = await newPatient();
  const r = await t.app.inject({
    method: 'GET',
    url: `${API}/patients/${p.id}/files`,
    headers: doctor.headers,
  });
  expect(r.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const d = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const db = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  doctorB = bearer(await tokenFor(t, db.id));
});
afterAll(() => t?.close());

describe('hostile zips', () => {
  it('a zip whose directory understates an entry size is refused and the server keeps serving', async () => {
    const p = await newPatient();
    const stl = Buffer.alloc(200_084);
    stl.write('solid understated');
    const zip = rawZip([padding(), { name: 'upper.stl', data: stl, declaredSize: 1000, deflate: true }]);
    const r = await add(doctor.headers, p.id, T.stl, 'scan.zip', zip);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().message).toBe(M.zipInvalid);
    expect(M.zipInvalid).toBe('The zip file is damaged or is not a valid archive.');
    await new Promise((resolve) => setTimeout(resolve, 100)); // a late stream error would surface here
    expect(await filesUnder(`patients/${p.id}`)).toEqual([]);
    await stillServing();
  });

  it('a truncated zip, an encrypted entry and a zip inside a zip answer 422', async () => {
    const p = await newPatient();
    const whole = rawZip([{ name: 'upper.stl', data: asciiStl('upper') }, padding()]);
    const truncated = whole.subarray(0, whole.length - 40);
    const r1 = await add(doctor.headers, p.id, T.stl, 'truncated.zip', truncated);
    expect(r1.statusCode, r1.body).toBe(422);
    expect(r1.json().message).toBe(M.zipInvalid);

    // Cut inside the entry's data: the directory is intact, the bytes are not.
    const damaged = Buffer.from(whole);
    damaged.fill(0, 30 + 'upper.stl'.length, 30 + 'upper.stl'.length + 20);
    const r2 = await add(doctor.headers, p.id, T.stl, 'damaged.zip', damaged);
    expect(r2.statusCode, r2.body).toBeGreaterThanOrEqual(400);
    expect(r2.statusCode).toBeLessThan(500);

    const encrypted = rawZip([
      { name: 'lower.stl', data: asciiStl('lower'), flags: 1, deflate: true },
      padding(),
    ]);
    const r3 = await add(doctor.headers, p.id, T.stl, 'locked.zip', encrypted);
    expect(r3.statusCode, r3.body).toBe(422);
    expect(r3.json().message).toBe(M.zipEncrypted);

    const inner = rawZip([{ name: 'upper.stl', data: asciiStl('inner') }]);
    const nested = rawZip([{ name: 'inner.zip', data: inner }, padding()]);
    const r4 = await add(doctor.headers, p.id, T.stl, 'nested.zip', nested);
    expect(r4.statusCode, r4.body).toBe(422);
    expect(r4.json().message).toBe(M.zipNoFiles);
    expect(await filesUnder(`patients/${p.id}`)).toEqual([]);
    await stillServing();
  });
});

describe('names the storage cannot hold', () => {
  it('zip entries with control characters, 300 characters or path traversal answer 422', async () => {
    const p = await newPatient();
    const cases: [string, string][] = [
      ['bell\u0007.stl', M.zipEntryName],
      [`${'a'.repeat(296)}.stl`, M.zipEntryName],
      [`${'é'.repeat(130)}.stl`, M.zipEntryName],
      ['../../escape.stl', M.zipUnsafe],
    ];
    for (const [name, message] of cases) {
      const zip = rawZip([{ name, data: asciiStl('x') }, padding()]);
      const r = await add(doctor.headers, p.id, T.stl, 'names.zip', zip);
      expect(r.statusCode, `${JSON.stringify(name)}: ${r.body}`).toBe(422);
      expect(r.json().message).toBe(message);
    }
    expect(await filesUnder(`patients/${p.id}`)).toEqual([]);
  });

  it('an upload named with control characters or over 255 bytes answers 4xx, never 500', async () => {
    const p = await newPatient();
    for (const name of ['tab\u0009name.stl', `${'é'.repeat(130)}.stl`]) {
      const qs = new URLSearchParams({ name, type: String(T.stl), patient_id: String(p.id) });
      const r = await t.app.inject({
        method: 'GET',
        url: `${API}/patient_files/upload_link?${qs}`,
        headers: doctor.headers,
      });
      expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
  });
});

describe('tenancy', () => {
  it("another organization's file ids answer 404", async () => {
    const p = await newPatient();
    const r = await add(doctor.headers, p.id, T.stl, 'upper.stl', asciiStl('upper'));
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().file.id as number;
    const link = await t.app.inject({
      method: 'GET',
      url: `${API}/patient_files/${id}/download_link`,
      headers: doctorB,
    });
    expect(link.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${id}`, headers: doctorB });
    expect(del.statusCode).toBe(404);
  });
});

describe('file integrity', () => {
  it('records the SHA-256, serves it, refuses altered bytes and the scan reports them', async () => {
    const p = await newPatient();
    const body = asciiStl('integrity');
    const r = await add(doctor.headers, p.id, T.stl, 'integrity.stl', body);
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().file.id as number;
    const sha = crypto.createHash('sha256').update(body).digest();
    const row = await t.db
      .selectFrom('patient_files')
      .select(['sha256', 'storage_path'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha.toString('hex'));

    const link = await t.app.inject({
      method: 'GET',
      url: `${API}/patient_files/${id}/download_link`,
      headers: doctor.headers,
    });
    const d = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(d.statusCode).toBe(200);
    expect(d.headers.digest).toBe(`sha-256=${sha.toString('base64')}`);
    expect(d.headers.etag).toBe(`"${sha.toString('hex')}"`);
    expect(hasProblems(await verifyStoredFiles(t.app.ctx))).toBe(false);

    // Altered in storage, an orphan next to it: refused on download, reported by the scan.
    await overwriteStored(t, row.storage_path, asciiStl('tampered'));
    await overwriteStored(t, `patients/${p.id}/stray/lost.stl`, 'x');
    const again = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.fileDamaged);
    const report = await verifyStoredFiles(t.app.ctx);
    expect(report.altered.map((a) => a.file_id)).toEqual([id]);
    expect(report.orphaned.map((o) => o.key)).toEqual([`patients/${p.id}/stray/lost.stl`]);
    await t.ctx.storage.delete(row.storage_path);
    expect((await verifyStoredFiles(t.app.ctx)).missing.map((m) => m.file_id)).toEqual([id]);
    await t.ctx.storage.delete(`patients/${p.id}/stray/lost.stl`);
    await t.db.deleteFrom('patient_files').where('id', '=', id).execute();
  });

  it('a zip upload altered after it was received is refused before extraction', async () => {
    const p = await newPatient();
    const zip = rawZip([{ name: 'upper.stl', data: asciiStl('upper') }, padding()]);
    const file_path = await upload(doctor.headers, p.id, T.stl, 'scan.zip', zip);
    const other = rawZip([{ name: 'upper.stl', data: asciiStl('other') }, padding()]);
    await overwriteStored(t, file_path, other);
    const r = await t.app.inject({
      method: 'POST',
      url: `${API}/patient_files/store_uploaded_file`,
      headers: doctor.headers,
      payload: { file_path, patient_id: p.id, type: T.stl, name: 'scan.zip' },
    });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe(M.fileDamaged);
  });
});
