import crypto from 'node:crypto';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { PATIENT_FILE_MESSAGES as M, PATIENT_FILE_TYPES as T } from '@archline/contracts';
import { binaryStl } from '../../../test/file-helpers.ts';
import {
  bytesHeldBack,
  bytesReceivedSoFar,
  isStored,
  liveMemoryAllowed,
  storedBytes,
  storedNamesUnder,
} from '../../../test/storage-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { attachUploadsToPatient, cleanExpiredUploads } from './service.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let tech: H;
let supervisor: H;
let partner: H;
let doctor: { id: number; headers: H };
let member: H;
let memberId: number;
let doctorB: H;

/* ---------------- fixtures ---------------- */

const asciiStl = (name = 'part') =>
  Buffer.from(`solid ${name}\nfacet normal 0 0 1\nendfacet\nendsolid ${name}\n`);
const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
/** About 2.5 MB of STL: a zip holding it stored (not compressed) passes the 2 MB minimum. */
const BIG_STL_TRIANGLES = 50_000;

function zipOf(
  entries: { name: string; data?: Buffer; stream?: () => Readable; size?: number; compress?: boolean }[],
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.stream) zip.addReadStream(e.stream(), e.name, { compress: e.compress ?? true, size: e.size });
    else zip.addBuffer(e.data!, e.name, { compress: e.compress ?? false });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

function zeros(total: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024);
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/* ---------------- API helpers ---------------- */

async function link(headers: H, q: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.app.inject({ method: 'GET', url: `${API}/patient_files/upload_link?${qs}`, headers });
}

async function put(url: string, body: Buffer) {
  return t.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

/** upload_link + PUT; returns the file_path. */
async function upload(
  headers: H,
  patientId: number,
  type: number,
  name: string,
  body: Buffer,
  extra: Record<string, string | number> = {},
): Promise<string> {
  const l = await link(headers, { name, type, patient_id: patientId, ...extra });
  expect(l.statusCode, l.body).toBe(200);
  const p = await put(l.json().url, body);
  expect(p.statusCode, p.body).toBe(200);
  expect(p.json().size).toBe(body.length);
  return l.json().file_path;
}

async function store(headers: H, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${API}/patient_files/store_uploaded_file`, headers, payload });
}

/** Upload + store; returns the response. */
async function add(
  headers: H,
  patientId: number,
  type: number,
  name: string,
  body: Buffer,
  extra: Record<string, unknown> = {},
) {
  const file_path = await upload(headers, patientId, type, name, body);
  return store(headers, { file_path, patient_id: patientId, type, name, ...extra });
}

async function filesOf(headers: H, patientId: number) {
  return t.app.inject({ method: 'GET', url: `${API}/patients/${patientId}/files`, headers });
}

async function rowsOf(patientId: number) {
  return t.db
    .selectFrom('patient_files')
    .select(['id', 'name', 'patient_file_type_id', 'tag', 'storage_path'])
    .where('patient_id', '=', patientId)
    .orderBy('id')
    .execute();
}

/** The names of the files stored under a folder (on disk, or in the bucket with STORAGE_DRIVER=s3). */
const filesUnder = (dir: string) => storedNamesUnder(t, dir);

async function newPatient(org = orgA, userId = doctor.id) {
  return buildPatient(t.db, { organization_id: org, user_id: userId });
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const su = await givenUser(t, { roles: ['supervisor'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const d = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const m = await givenUser(t, { roles: [], organizations: [{ id: orgA, role: 'organization_member' }] });
  const db = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  supervisor = bearer(await tokenFor(t, su.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  member = bearer(await tokenFor(t, m.id));
  memberId = m.id;
  doctorB = bearer(await tokenFor(t, db.id));
});
afterAll(() => t?.close());

/* ---------------- tests ---------------- */

describe('authentication and tenancy', () => {
  it('every endpoint answers 401 without a token', async () => {
    const p = await newPatient();
    const calls = [
      { method: 'GET', url: `${API}/patients/${p.id}/files` },
      { method: 'GET', url: `${API}/patients/${p.id}/images` },
      { method: 'GET', url: `${API}/patient_files?patient_id=${p.id}` },
      { method: 'GET', url: `${API}/patient_files/upload_link?name=a.stl&type=2&patient_id=${p.id}` },
      { method: 'POST', url: `${API}/patient_files/store_uploaded_file`, payload: {} },
      { method: 'GET', url: `${API}/patient_files/1/download_link` },
      { method: 'DELETE', url: `${API}/patient_files/1` },
      { method: 'POST', url: `${API}/patient_files/1/flag-relu-job`, payload: { remarks: 'abc' } },
      { method: 'POST', url: `${API}/patient_files/1/reprocess-relu-job` },
    ] as const;
    for (const c of calls) expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
  });

  it("another organization's patient and files answer 404", async () => {
    const p = await newPatient();
    const stored = await add(doctor.headers, p.id, T.stl, 'a.stl', asciiStl());
    expect(stored.statusCode, stored.body).toBe(200);
    const fileId = stored.json().file.id;
    expect((await filesOf(doctorB, p.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/patients/${p.id}/images`, headers: doctorB }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/patient_files?patient_id=${p.id}`,
          headers: doctorB,
        })
      ).statusCode,
    ).toBe(404);
    expect((await link(doctorB, { name: 'b.stl', type: T.stl, patient_id: p.id })).statusCode).toBe(404);
    expect((await link(doctorB, { name: 'b.stl', type: T.stl, organization_id: orgA })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/patient_files/${fileId}/download_link`,
          headers: doctorB,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${fileId}`, headers: doctorB }))
        .statusCode,
    ).toBe(404);
    expect(
      (await store(doctorB, { file_path: 'uploads/x/a.stl', patient_id: p.id, type: T.stl, name: 'a.stl' }))
        .statusCode,
    ).toBe(404);
    // Another organization's doctor cannot use someone else's upload either.
    const file_path = await upload(doctor.headers, p.id, T.stl, 'c.stl', asciiStl());
    const pB = await newPatient(
      orgB,
      (
        await t.db
          .selectFrom('organization_user')
          .select('user_id')
          .where('organization_id', '=', orgB)
          .executeTakeFirstOrThrow()
      ).user_id,
    );
    const res = await store(doctorB, { file_path, patient_id: pB.id, type: T.stl, name: 'c.stl' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file_path).toEqual([M.uploadMissing]);
  });

  it('a lab partner sees only third-party cases of its organizations', async () => {
    const assigned = await newPatient();
    await buildRxForm(t.db, {
      organization_id: orgA,
      user_id: doctor.id,
      patient_id: assigned.id,
      print_assignment: 3,
    });
    const notAssigned = await newPatient();
    await buildRxForm(t.db, {
      organization_id: orgA,
      user_id: doctor.id,
      patient_id: notAssigned.id,
      print_assignment: 1,
    });
    expect((await filesOf(partner, assigned.id)).statusCode).toBe(200);
    expect((await filesOf(partner, notAssigned.id)).statusCode).toBe(404);
    // On an assigned case the partner uploads and deletes IOS and STL files.
    const zip = await zipOf([{ name: 'scan.stl', data: binaryStl(BIG_STL_TRIANGLES) }]);
    const ios = await add(partner, assigned.id, T.ios, 'partner.zip', zip);
    expect(ios.statusCode, ios.body).toBe(200);
    const stl = await add(partner, assigned.id, T.stl, 'partner_upper.stl', asciiStl());
    expect(stl.statusCode, stl.body).toBe(200);
    for (const f of [stl.json().file, ios.json().file])
      expect(
        (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${f.id}`, headers: partner }))
          .statusCode,
      ).toBe(200);
    // A relu flag is staff work.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${API}/patient_files/${stl.json().file.id}/flag-relu-job`,
          headers: partner,
          payload: { remarks: 'abc' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a doctor sees the own patients only; another doctor of the organization answers 404', async () => {
    const other = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgA, role: 'organization_member' }],
    });
    const p = await newPatient(orgA, other.id);
    expect((await filesOf(doctor.headers, p.id)).statusCode).toBe(404);
    expect((await filesOf(admin, p.id)).statusCode).toBe(200);
  });
});

describe('upload link and PUT', () => {
  it('validates the request with the spec messages', async () => {
    const p = await newPatient();
    const badType = await link(admin, { name: 'a.stl', type: 9, patient_id: p.id });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(M.invalidType);
    const noTarget = await link(admin, { name: 'a.stl', type: T.stl });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().errors.patient_id).toEqual([M.invalidPatientOrOrganization]);
    const badName = await link(admin, { name: '../a.stl', type: T.stl, patient_id: p.id });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors.name).toEqual([M.invalidName]);
    const ext = await link(admin, { name: 'a.png', type: T.stl, patient_id: p.id });
    expect(ext.statusCode).toBe(422);
    expect(ext.json().errors.name).toEqual([M.invalidExtension]);
    const zipped = await link(admin, { name: 'scan.stl', type: T.ios, patient_id: p.id });
    expect(zipped.statusCode).toBe(422);
    expect(zipped.json().message).toBe('Files must first be zipped');
    const small = await link(admin, { name: 'scan.zip', type: T.ios, patient_id: p.id, size: 1000 });
    expect(small.statusCode).toBe(422);
    expect(small.json().errors.name).toEqual(['The zip file should be larger than 2MB.']);
  });

  it('a doctor may not upload IOS files (403 with the reason)', async () => {
    const p = await newPatient();
    const res = await link(doctor.headers, { name: 'scan.zip', type: T.ios, patient_id: p.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(M.iosNotAllowed);
  });

  it('a tampered or unknown signature is refused; the link is single-purpose', async () => {
    const p = await newPatient();
    const l = (await link(admin, { name: 'x.stl', type: T.stl, patient_id: p.id })).json();
    const tampered = l.url.slice(0, -3) + (l.url.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await put(tampered, asciiStl())).statusCode).toBe(403);
    // An upload signature does not open a download.
    const u = new URL(l.url, 'http://x');
    const asDownload = `${API}/patient_files/1/download?user=1&disposition=attachment&expires=${u.searchParams.get('expires')}&signature=${u.searchParams.get('signature')}`;
    expect((await t.app.inject({ method: 'GET', url: asDownload })).statusCode).toBe(403);
    // Another type than the one signed is refused.
    expect((await put(l.url.replace('type=2', 'type=3'), asciiStl())).statusCode).toBe(403);
    expect((await put(l.url, asciiStl())).statusCode).toBe(200);
  });

  it('takes the raw body whatever its content type, and a link only once the file is stored', async () => {
    const p = await newPatient();
    const bytes = Buffer.from('solid looks like json {"a": 1}\nendsolid\n');
    for (const contentType of [
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      undefined,
    ]) {
      const l = (await link(admin, { name: 'raw.stl', type: T.stl, patient_id: p.id })).json();
      const res = await t.app.inject({
        method: 'PUT',
        url: l.url,
        payload: bytes,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(200);
      expect((await storedBytes(t, l.file_path)).equals(bytes)).toBe(true);
    }
    const l = (await link(admin, { name: 'once.stl', type: T.stl, patient_id: p.id })).json();
    expect((await put(l.url, bytes)).statusCode).toBe(200);
    expect(
      (await store(admin, { file_path: l.file_path, patient_id: p.id, type: T.stl, name: 'once.stl' }))
        .statusCode,
    ).toBe(200);
    expect((await put(l.url, bytes)).statusCode).toBe(404);
    const twice = await store(admin, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'once.stl',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.file_path).toEqual([M.uploadMissing]);
  });

  it('an expired upload is refused and cleaned with its bytes', async () => {
    const p = await newPatient();
    const file_path = await upload(admin, p.id, T.stl, 'old.stl', asciiStl());
    await t.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('storage_path', '=', file_path)
      .execute();
    const res = await store(admin, { file_path, patient_id: p.id, type: T.stl, name: 'old.stl' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file_path).toEqual([M.uploadExpired]);
    expect(await isStored(t, file_path)).toBe(true);
    expect(await cleanExpiredUploads(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await isStored(t, file_path)).toBe(false);
    expect(
      await t.db.selectFrom('uploads').select('id').where('storage_path', '=', file_path).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('streams a 60 MB STL to disk without holding it in memory', async () => {
    const p = await newPatient();
    const n = 1_258_291;
    const size = 84 + 50 * n;
    const l = (
      await link(admin, { name: 'full_arch_upper.stl', type: T.stl, patient_id: p.id, size })
    ).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const header = Buffer.alloc(84);
    header.writeUInt32LE(n, 80);
    let sent = 0;
    const filler = Buffer.alloc(256 * 1024, 7);
    // Halfway through (40 of 60 MB sent), wait until the bytes received so far are on disk:
    // the server writes while the request is still arriving instead of collecting the body first.
    const MIDWAY = 40 * 1024 * 1024;
    const partSize = () => bytesReceivedSoFar(t);
    let onDiskMidway = -1;
    const body = new Readable({
      read() {
        if (sent === 0) {
          sent = 84;
          return this.push(header);
        }
        if (sent >= size) return this.push(null);
        if (onDiskMidway < 0 && sent >= MIDWAY) {
          void (async () => {
            const deadline = Date.now() + 15_000;
            while (partSize() < MIDWAY - bytesHeldBack(t) && Date.now() < deadline)
              await new Promise((r) => setTimeout(r, 20));
            onDiskMidway = partSize();
            peak = Math.max(peak, live());
            rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
            const k = Math.min(filler.length, size - sent);
            sent += k;
            this.push(filler.subarray(0, k));
          })();
          return;
        }
        const k = Math.min(filler.length, size - sent);
        sent += k;
        this.push(k === filler.length ? filler : filler.subarray(0, k));
      },
    });
    // Live memory (heap + buffers) after a collection, sampled during the upload: a body held
    // in memory would show up here as about 60 MB; garbage does not count.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = live();
    const rssBefore = process.memoryUsage().rss;
    let peak = before;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, live());
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 1000);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'PUT',
          path: l.url,
          headers: { 'content-type': 'model/stl', 'content-length': String(size) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });
    clearInterval(sampler);
    expect(status.status, status.body).toBe(200);
    expect(JSON.parse(status.body).size).toBe(size);
    const delta = peak - before;
    const rssDelta = rssPeak - rssBefore;
    console.info(
      `60 MB STL upload: ${(onDiskMidway / 1048576).toFixed(1)} MB on disk after 40 MB sent; live memory grew by ${(delta / 1048576).toFixed(1)} MB at most, rss by ${(rssDelta / 1048576).toFixed(1)} MB`,
    );
    expect(onDiskMidway).toBeGreaterThanOrEqual(MIDWAY - bytesHeldBack(t));
    expect(delta).toBeLessThan(liveMemoryAllowed(t, size));
    expect(liveMemoryAllowed(t, size)).toBeLessThan(size);
    expect(rssDelta).toBeLessThan(size);
    const res = await store(admin, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'full_arch_upper.stl',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({ size_bytes: size, tag: 'stl_maxillary', section: 'STL Files' });
  }, 60_000);
});

describe('store_uploaded_file', () => {
  it('stores an STL with its arch tag, lists it, and serves it as an attachment', async () => {
    const p = await newPatient();
    const bytes = asciiStl('lower');
    const res = await add(doctor.headers, p.id, T.stl, 'scan_lower.stl', bytes, {
      modification_time: 1700000000000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The file was uploaded successfully.');
    expect(res.json().file).toMatchObject({
      name: 'scan_lower.stl',
      original_name: 'scan_lower.stl',
      tag: 'stl_mandibular',
      patient_file_type_id: T.stl,
      section: 'STL Files',
      file_modification_date: new Date(1700000000000).toISOString(),
    });
    expect(res.json().file.relu_status).toBeUndefined();
    const list = (await filesOf(doctor.headers, p.id)).json();
    expect(list.sections.map((s: { name: string }) => s.name)).toEqual([
      'IOS Files',
      'STL Files',
      'Photos',
      'Dicom Files',
      'X-Ray Images',
      'IDB Tray Images',
      'Other Photos',
      'Other Files',
    ]);
    expect(list.sections[1].files.map((f: { name: string }) => f.name)).toEqual(['scan_lower.stl']);
    expect(list.sections[3].max_files).toBe(1);
    const stl = await t.app.inject({
      method: 'GET',
      url: `${API}/patient_files?patient_id=${p.id}`,
      headers: doctor.headers,
    });
    expect(stl.json().data.map((f: { name: string }) => f.name)).toEqual(['scan_lower.stl']);

    const dl = await t.app.inject({
      method: 'GET',
      url: `${API}/patient_files/${res.json().file.id}/download_link`,
      headers: doctor.headers,
    });
    expect(dl.statusCode).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: dl.json().url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('model/stl');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="scan_lower.stl"; filename*=UTF-8''scan_lower.stl`,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'patient_file')
      .where('entity_id', '=', String(res.json().file.id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['patient-files.download-link', 'patient-files.store']);
  });

  it('an expired download link answers with the expiry message', async () => {
    const p = await newPatient();
    const f = (await add(admin, p.id, T.stl, 'e.stl', asciiStl())).json().file;
    const dl = (
      await t.app.inject({ method: 'GET', url: `${API}/patient_files/${f.id}/download_link`, headers: admin })
    ).json();
    const realNow = Date.now;
    Date.now = () => realNow() + 11 * 60 * 1000;
    try {
      const got = await t.app.inject({ method: 'GET', url: dl.url });
      expect(got.statusCode).toBe(403);
      expect(got.json().message).toBe('This link has expired!');
    } finally {
      Date.now = realNow;
    }
  });

  it('refuses a duplicate original name within the section, case-insensitively', async () => {
    const p = await newPatient();
    expect((await add(admin, p.id, T.photo, 'smile.png', png())).statusCode).toBe(200);
    const again = await link(admin, { name: 'SMILE.png', type: T.photo, patient_id: p.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name).toEqual(['File with such name already exists.']);
    // The same name in another section is fine.
    expect((await add(admin, p.id, T.xray, 'smile.png', png())).statusCode).toBe(200);
    // Two uploads racing past the link check: the store refuses the second.
    const a = await upload(admin, p.id, T.photo, 'twin.png', png());
    const b = await upload(admin, p.id, T.photo, 'twin.png', png());
    expect(
      (await store(admin, { file_path: a, patient_id: p.id, type: T.photo, name: 'twin.png' })).statusCode,
    ).toBe(200);
    const second = await store(admin, { file_path: b, patient_id: p.id, type: T.photo, name: 'twin.png' });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('File with such name already exists.');
  });

  it('checks the content, not only the name; empty files are skipped', async () => {
    const p = await newPatient();
    const fake = await add(admin, p.id, T.stl, 'fake.stl', png());
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.name).toEqual([M.invalidContent]);
    const notPng = await add(admin, p.id, T.photo, 'x.png', Buffer.from('GIF89a.....'));
    expect(notPng.statusCode).toBe(422);
    const dicom = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), crypto.randomBytes(100)]);
    expect((await add(admin, p.id, T.dicom, 'head.dcm', dicom)).statusCode).toBe(200);
    const empty = await add(admin, p.id, T.stl, 'empty.stl', Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(M.emptyFile);
    expect((await rowsOf(p.id)).map((r) => r.name)).toEqual(['head.dcm']);
  });

  it('enforces the section limits (1 DICOM file)', async () => {
    const p = await newPatient();
    const dicom = () => Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), crypto.randomBytes(10)]);
    expect((await add(admin, p.id, T.dicom, 'one.dcm', dicom())).statusCode).toBe(200);
    const two = await add(admin, p.id, T.dicom, 'two.dcm', dicom());
    expect(two.statusCode).toBe(422);
    expect(two.json().message).toBe('No more than 1 files are allowed in Dicom Files.');
  });

  it('uses the arch chosen by management, the file name otherwise', async () => {
    const p = await newPatient();
    const byHand = await add(admin, p.id, T.stl, 'scan_lower.stl', asciiStl(), { tag: 'stl_maxillary' });
    expect(byHand.json().file.tag).toBe('stl_maxillary');
    const doctorTag = await add(doctor.headers, p.id, T.stl, 'jaw-l.stl', asciiStl(), {
      tag: 'stl_maxillary',
    });
    expect(doctorTag.json().file.tag).toBe('stl_mandibular');
  });

  it('a store whose transaction fails leaves no rows and no files', async () => {
    const p = await newPatient();
    await sql`create or replace function patient_files_test_fail() returns trigger language plpgsql as $$
      begin
        if new.original_name like 'fail%' then raise exception 'storage test failure'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger patient_files_test_fail before insert on patient_files
      for each row execute function patient_files_test_fail()`.execute(t.db);
    try {
      const single = await add(admin, p.id, T.stl, 'fail.stl', asciiStl());
      expect(single.statusCode).toBe(500);
      const zip = await zipOf([
        { name: 'ok_upper.stl', data: binaryStl(BIG_STL_TRIANGLES) },
        { name: 'fail_lower.stl', data: asciiStl() },
      ]);
      const fromZip = await add(admin, p.id, T.stl, 'scans.zip', zip);
      expect(fromZip.statusCode).toBe(500);
      expect(await rowsOf(p.id)).toEqual([]);
      expect(await filesUnder(`patients/${p.id}`)).toEqual([]);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'patient-files.store')
        .where(sql<boolean>`details->>'patient_id' = ${String(p.id)}`)
        .execute();
      expect(audit).toEqual([]);
    } finally {
      await sql`drop trigger patient_files_test_fail on patient_files`.execute(t.db);
    }
  });
});

describe('zip uploads', () => {
  it('refuses a zip under 2465792 bytes', async () => {
    const p = await newPatient();
    const zip = await zipOf([{ name: 'a.stl', data: asciiStl() }]);
    const res = await add(admin, p.id, T.stl, 'small.zip', zip);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The zip file should be larger than 2MB.']);
  });

  it('extracts the accepted entries, skips empty ones, ignores the rest, and removes the zip', async () => {
    const p = await newPatient();
    const zip = await zipOf([
      { name: 'case/Upper.stl', data: binaryStl(BIG_STL_TRIANGLES) },
      { name: 'case/mandible.stl', data: asciiStl('lower') },
      { name: 'case/empty.stl', data: Buffer.alloc(0) },
      { name: 'case/readme.txt', data: Buffer.from('hello') },
      { name: '__MACOSX/case/._Upper.stl', data: Buffer.from('meta') },
    ]);
    expect(zip.length).toBeGreaterThanOrEqual(2465792);
    const file_path = await upload(doctor.headers, p.id, T.stl, 'scans.zip', zip);
    const res = await store(doctor.headers, { file_path, patient_id: p.id, type: T.stl, name: 'scans.zip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files.map((f: { name: string; tag: string }) => [f.name, f.tag])).toEqual([
      ['Upper.stl', 'stl_maxillary'],
      ['mandible.stl', 'stl_mandibular'],
    ]);
    expect(res.json().skipped).toEqual(['empty.stl']);
    expect((await filesUnder(`patients/${p.id}`)).sort()).toEqual(['Upper.stl', 'mandible.stl']);
    expect(await isStored(t, file_path)).toBe(false);
    const upper = (await rowsOf(p.id))[0]!;
    expect(await t.ctx.storage.stat(upper.storage_path)).toEqual({ size: 84 + 50 * BIG_STL_TRIANGLES });
  });

  it("refuses a zip with a '../evil.stl' entry and writes nothing", async () => {
    const p = await newPatient();
    const built = await zipOf([
      { name: 'pad.stl', data: binaryStl(BIG_STL_TRIANGLES) },
      { name: 'xx/evil.stl', data: asciiStl() },
    ]);
    // yazl will not write such a name: patch it in (same length) where it appears.
    const from = Buffer.from('xx/evil.stl');
    const to = Buffer.from('../evil.stl');
    let at = built.indexOf(from);
    let patched = 0;
    while (at >= 0) {
      to.copy(built, at);
      patched++;
      at = built.indexOf(from, at + 1);
    }
    expect(patched).toBe(2);
    const res = await add(admin, p.id, T.stl, 'evil.zip', built);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([M.zipUnsafe]);
    expect(await rowsOf(p.id)).toEqual([]);
    expect(await filesUnder(`patients/${p.id}`)).toEqual([]);
    expect(await isStored(t, 'evil.stl')).toBe(false);
  });

  it('refuses a zip bomb before extracting anything', async () => {
    const p = await newPatient();
    const bomb = await zipOf([
      { name: 'pad.stl', data: binaryStl(BIG_STL_TRIANGLES) },
      { name: 'bomb.stl', stream: () => zeros(64 * 1024 * 1024), size: 64 * 1024 * 1024, compress: true },
    ]);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const res = await add(admin, p.id, T.stl, 'bomb.zip', bomb);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([M.zipUnsafe]);
    expect(await filesUnder(`patients/${p.id}`)).toEqual([]);
  });

  it('keeps an IOS zip as one file and keeps ios_file_id right; a second IOS is flagged', async () => {
    const p = await newPatient();
    const zip = await zipOf([{ name: 'scan.stl', data: binaryStl(BIG_STL_TRIANGLES) }]);
    const first = await add(tech, p.id, T.ios, 'scan.zip', zip);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().duplicate_ios).toBe(false);
    const firstId = first.json().file.id;
    let patient = await t.db
      .selectFrom('patients')
      .select('ios_file_id')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(patient.ios_file_id)).toBe(firstId);
    const second = await add(tech, p.id, T.ios, 'scan2.zip', zip);
    expect(second.json().duplicate_ios).toBe(true);
    patient = await t.db
      .selectFrom('patients')
      .select('ios_file_id')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(patient.ios_file_id)).toBe(second.json().file.id);
    const files = (await filesOf(tech, p.id)).json();
    expect(files.has_ios_file).toBe(true);
    expect(files.sections[0].files).toHaveLength(2);
    // Deleting the newest puts the older one back.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${API}/patient_files/${second.json().file.id}`,
          headers: tech,
        })
      ).statusCode,
    ).toBe(200);
    patient = await t.db
      .selectFrom('patients')
      .select('ios_file_id')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(patient.ios_file_id)).toBe(firstId);
  });
});

describe('file rules by role', () => {
  it('doctors: STL upload and delete only while no IOS file exists; IOS delete by staff only', async () => {
    const p = await newPatient();
    const stl = (await add(doctor.headers, p.id, T.stl, 'u.stl', asciiStl())).json().file;
    const stl2 = (await add(doctor.headers, p.id, T.stl, 'u2.stl', asciiStl())).json().file;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${API}/patient_files/${stl2.id}`,
          headers: doctor.headers,
        })
      ).json(),
    ).toEqual({
      message: M.deleted,
    });
    const zip = await zipOf([{ name: 'scan.stl', data: binaryStl(BIG_STL_TRIANGLES) }]);
    const ios = (await add(admin, p.id, T.ios, 'ios.zip', zip)).json().file;
    const refusedUpload = await link(doctor.headers, { name: 'late.stl', type: T.stl, patient_id: p.id });
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().message).toBe(M.stlAfterIos);
    const refusedDelete = await t.app.inject({
      method: 'DELETE',
      url: `${API}/patient_files/${stl.id}`,
      headers: doctor.headers,
    });
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().message).toBe(M.deleteNotAllowed);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${API}/patient_files/${ios.id}`,
          headers: doctor.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${stl.id}`, headers: partner }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${stl.id}`, headers: supervisor }))
        .statusCode,
    ).toBe(200);
    const iosRow = (await rowsOf(p.id)).find((r) => r.id === ios.id)!;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${ios.id}`, headers: tech }))
        .statusCode,
    ).toBe(200);
    expect(await isStored(t, iosRow.storage_path)).toBe(false);
    const after = (await filesOf(doctor.headers, p.id)).json();
    expect(after.has_ios_file).toBe(false);
  });

  it('a member without delete permission gets 403', async () => {
    // A member (without organization.patients.view-any) sees the cases they created...
    const p = await buildPatient(t.db, {
      organization_id: orgA,
      user_id: doctor.id,
      created_by_user_id: memberId,
    });
    const f = (await add(admin, p.id, T.photo, 'p.png', png())).json().file;
    // ...but holds no delete permission.
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${API}/patient_files/${f.id}`,
      headers: member,
    });
    expect(res.statusCode).toBe(403);
  });

  it("a member does not see the files of another user's case (same rule as the case lists)", async () => {
    const p = await newPatient();
    await add(admin, p.id, T.photo, 'p.png', png());
    expect((await filesOf(member, p.id)).statusCode).toBe(404);
    expect((await filesOf(doctor.headers, p.id)).statusCode).toBe(200);
  });

  it('tech_backup files: hidden from practice users, deletable by super_admin and admin only', async () => {
    const p = await newPatient();
    const zip = await zipOf([{ name: 'scan.stl', data: binaryStl(BIG_STL_TRIANGLES) }]);
    const backup = await add(supervisor, p.id, T.ios, 'backup.zip', zip, { tag: 'tech_backup' });
    expect(backup.statusCode, backup.body).toBe(200);
    const id = backup.json().file.id;
    expect(backup.json().file.tag).toBe('tech_backup');
    const patient = await t.db
      .selectFrom('patients')
      .select('ios_file_id')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(patient.ios_file_id).toBeNull();
    expect((await filesOf(doctor.headers, p.id)).json().sections[0].files).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/patient_files/${id}/download_link`,
          headers: doctor.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${id}`, headers: supervisor }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${id}`, headers: admin }))
        .statusCode,
    ).toBe(200);
  });

  it('files of an archived patient cannot change', async () => {
    const p = await newPatient();
    const f = (await add(admin, p.id, T.photo, 'p.png', png())).json().file;
    await t.db
      .updateTable('patients')
      .set({ deleted_at: new Date(), deleted_kind: 'archived' })
      .where('id', '=', p.id)
      .execute();
    const res = await t.app.inject({ method: 'DELETE', url: `${API}/patient_files/${f.id}`, headers: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(M.patientArchived);
    expect((await filesOf(doctor.headers, p.id)).statusCode).toBe(404);
  });
});

describe('images', () => {
  it('returns signed inline URLs of the image sections', async () => {
    const p = await newPatient();
    const bytes = png();
    await add(doctor.headers, p.id, T.photo, 'smile.png', bytes);
    await add(doctor.headers, p.id, T.photo, 'report.pdf', Buffer.from('%PDF-1.4 test'));
    await add(doctor.headers, p.id, T.stl, 'u.stl', asciiStl());
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/patients/${p.id}/images`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().images.map((i: { name: string }) => i.name)).toEqual(['smile.png']);
    const img = await t.app.inject({ method: 'GET', url: res.json().images[0].url });
    expect(img.headers['content-type']).toBe('image/png');
    expect(String(img.headers['content-disposition'])).toMatch(/^inline;/);
    expect(img.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('relu', () => {
  async function withJob(status: string, tag: string | null = null) {
    const p = await newPatient();
    const f = (await add(admin, p.id, T.stl, `r-${crypto.randomUUID()}.stl`, asciiStl())).json().file;
    await t.db
      .updateTable('patient_files')
      .set({ relu_job_id: 'job-1', relu_status: status, tag })
      .where('id', '=', f.id)
      .execute();
    return f.id as number;
  }
  const flag = (id: number, headers: H, remarks: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/patient_files/${id}/flag-relu-job`,
      headers,
      payload: { remarks },
    });
  const reprocess = (id: number, headers: H) =>
    t.app.inject({ method: 'POST', url: `${API}/patient_files/${id}/reprocess-relu-job`, headers });

  it('relu fields are shown to internal staff only', async () => {
    const id = await withJob('success');
    const pid = Number(
      (
        await t.db
          .selectFrom('patient_files')
          .select('patient_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).patient_id,
    );
    const staff = (await filesOf(tech, pid)).json().sections[1].files[0];
    expect(staff).toMatchObject({
      relu_status: 'success',
      relu_request: { job_id: 'job-1', status: 'success' },
    });
    const practice = (await filesOf(doctor.headers, pid)).json().sections[1].files[0];
    expect(practice).not.toHaveProperty('relu_status');
    expect(practice).not.toHaveProperty('relu_request');
  });

  it('flag: remarks rules, then flagged; refused while flagged or pending', async () => {
    const id = await withJob('success');
    expect((await flag(id, doctor.headers, 'Wrong teeth')).statusCode).toBe(403);
    const short = await flag(id, tech, 'ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.remarks).toEqual(['The remarks must be at least 3 characters']);
    const long = await flag(id, tech, 'x'.repeat(1001));
    expect(long.json().errors.remarks).toEqual(['The remarks must not be more than 1000 characters.']);
    const ok = await flag(id, tech, 'Wrong segmentation of LL6');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      relu_status: 'flagged',
      relu_request: { remarks: 'Wrong segmentation of LL6' },
    });
    expect((await flag(id, tech, 'again please')).json().message).toBe(M.reluNotAllowed);
    expect((await reprocess(id, tech)).statusCode).toBe(422);
    const pending = await withJob('pending');
    expect((await flag(pending, tech, 'abc')).json().message).toBe(M.reluNotAllowed);
  });

  it('re-process: new pending job; refused for files tagged relu', async () => {
    const id = await withJob('failed');
    expect((await reprocess(id, doctor.headers)).statusCode).toBe(403);
    const ok = await reprocess(id, supervisor);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.relu_status).toBe('pending');
    expect(ok.json().data.relu_request.job_id).toMatch(/^offline-/);
    const tagged = await withJob('success', 'relu');
    const refused = await reprocess(tagged, supervisor);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(M.reluReprocessTagged);
  });
});

describe('case entry: attachUploadsToPatient', () => {
  async function actorFor(userId: number): Promise<Actor> {
    const { loadActorAccess } = await import('../../platform/permissions/index.ts');
    const access = await loadActorAccess(t.db, { userId, roles: ['doctor'], currentOrganizationId: orgA });
    return {
      userId,
      email: 'doctor@example.test',
      firstName: 'D',
      lastName: 'R',
      roles: ['doctor'],
      profile: 'practice',
      tokenId: 0,
      currentOrganizationId: orgA,
      organizationRole: access.organizationRole,
      organizationIds: access.organizationIds,
      permissions: access.permissions,
    };
  }
  async function orgUpload(name: string, type: number, body: Buffer) {
    const l = await link(doctor.headers, { name, type, organization_id: orgA });
    expect(l.statusCode, l.body).toBe(200);
    expect((await put(l.json().url, body)).statusCode).toBe(200);
    return l.json().file_path as string;
  }

  it('moves the uploads onto the new patient inside the transaction', async () => {
    const upper = await orgUpload('upper.stl', T.stl, asciiStl());
    const photo = await orgUpload('smile.png', T.photo, png());
    const actor = await actorFor(doctor.id);
    let attached = { undo: async () => {}, finish: async () => {} };
    const patientId = await t.db.transaction().execute(async (trx) => {
      const p = await buildPatient(trx, { organization_id: orgA, user_id: doctor.id });
      const r = await attachUploadsToPatient(trx, t.ctx, {
        uploads: [
          { file_path: upper, name: 'upper.stl', type: T.stl, tag: 'stl_mandibular' },
          { file_path: photo, name: 'smile.png', type: T.photo },
        ],
        patient: { id: p.id, organization_id: orgA },
        actor,
      });
      attached = r;
      expect(r.files.map((f) => [f.name, f.tag])).toEqual([
        ['upper.stl', 'stl_maxillary'],
        ['smile.png', null],
      ]);
      return p.id;
    });
    await attached.finish();
    expect((await rowsOf(patientId)).map((r) => r.name)).toEqual(['upper.stl', 'smile.png']);
    expect((await filesUnder(`patients/${patientId}`)).sort()).toEqual(['smile.png', 'upper.stl']);
    // A used upload cannot be attached twice.
    const again = t.db.transaction().execute(async (trx) =>
      attachUploadsToPatient(trx, t.ctx, {
        uploads: [{ file_path: upper, name: 'upper.stl', type: T.stl }],
        patient: { id: patientId, organization_id: orgA },
        actor,
      }),
    );
    await expect(again).rejects.toMatchObject({ statusCode: 422 });
  });

  it('a rolled-back case entry puts the bytes back and leaves no rows', async () => {
    const upper = await orgUpload('rollback.stl', T.stl, asciiStl());
    const actor = await actorFor(doctor.id);
    let attached = { undo: async () => {}, finish: async () => {} };
    let patientId = 0;
    await expect(
      t.db.transaction().execute(async (trx) => {
        const p = await buildPatient(trx, { organization_id: orgA, user_id: doctor.id });
        patientId = p.id;
        attached = await attachUploadsToPatient(trx, t.ctx, {
          uploads: [{ file_path: upper, name: 'rollback.stl', type: T.stl }],
          patient: { id: p.id, organization_id: orgA },
          actor,
        });
        throw new Error('the case could not be saved');
      }),
    ).rejects.toThrow('the case could not be saved');
    await attached.undo();
    expect(await filesUnder(`patients/${patientId}`)).toEqual([]);
    expect(await isStored(t, upper)).toBe(true);
    expect(
      await t.db.selectFrom('patient_files').select('id').where('patient_id', '=', patientId).execute(),
    ).toEqual([]);
  });
});
