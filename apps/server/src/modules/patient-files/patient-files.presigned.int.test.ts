/**
 * S3 storage with presigned URLs: the browser PUTs a file straight to the bucket and reads it
 * from there. This suite always runs against the loopback S3-protocol server (s3rver), whatever
 * STORAGE_DRIVER the run has.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_MESSAGES as M,
  PATIENT_FILE_TYPES as T,
} from '@archline/contracts';
import { isStored, overwriteStored } from '../../../test/storage-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';
import { cleanExpiredUploads } from './service.ts';
import { signClaims } from './signing.ts';
import { PRESIGNED_PUT_MARGIN_SECONDS } from './upload.service.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let doctor: { id: number; headers: H };
let doctorB: { id: number; headers: H };

const asciiStl = (name = 'part') =>
  Buffer.from(`solid ${name}\nfacet normal 0 0 1\nendfacet\nendsolid ${name}\n`);
const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** The bucket's own address: `http://127.0.0.1:<port>/<bucket>/`. */
const bucketUrl = () => `${t.s3!.settings.endpoint}/${t.s3!.settings.bucket}/`;

async function link(headers: H, q: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.app.inject({ method: 'GET', url: `${API}/patient_files/upload_link?${qs}`, headers });
}

/** PUTs the bytes to the presigned URL the way the browser does (the link's headers, the body). */
function putToBucket(l: { url: string; headers: Record<string, string> }, body: Buffer) {
  return fetch(l.url, { method: 'PUT', headers: l.headers, body });
}

async function store(headers: H, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${API}/patient_files/store_uploaded_file`, headers, payload });
}

async function namesOf(headers: H, patientId: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/patients/${patientId}/files`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().sections as { files: { name: string }[] }[]).flatMap((s) => s.files.map((f) => f.name));
}

async function rowsOf(patientId: number) {
  return t.db
    .selectFrom('patient_files')
    .select(['id', 'name'])
    .where('patient_id', '=', patientId)
    .execute();
}

/** upload_link (with the size) + PUT to the bucket; returns the link. */
async function uploadToBucket(headers: H, patientId: number, type: number, name: string, body: Buffer) {
  const l = await link(headers, { name, type, patient_id: patientId, size: body.length });
  expect(l.statusCode, l.body).toBe(200);
  const put = await putToBucket(l.json(), body);
  expect(put.status, await put.clone().text()).toBe(200);
  return l.json() as { url: string; headers: Record<string, string>; file_path: string; expires_at: string };
}

async function downloadLink(headers: H, fileId: number) {
  return t.app.inject({ method: 'GET', url: `${API}/patient_files/${fileId}/download_link`, headers });
}

beforeAll(async () => {
  t = await createTestApp({ STORAGE_DRIVER: 's3', S3_PRESIGNED_URLS: '1' });
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const d = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const dB = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  doctor = { id: d.id, headers: bearer(await tokenFor(t, d.id)) };
  doctorB = { id: dB.id, headers: bearer(await tokenFor(t, dB.id)) };
});
afterAll(() => t?.close());

const newPatient = (org = orgA, userId = doctor.id) =>
  buildPatient(t.db, { organization_id: org, user_id: userId });

describe('presigned uploads (STORAGE_DRIVER=s3)', () => {
  it('upload_link answers a presigned PUT of the bucket, bound to the size and type', async () => {
    const p = await newPatient();
    const body = asciiStl();
    const res = await link(doctor.headers, {
      name: 'upper.stl',
      type: T.stl,
      patient_id: p.id,
      size: body.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, headers, file_path } = res.json();
    expect(url.startsWith(bucketUrl())).toBe(true);
    const u = new URL(url);
    expect(decodeURIComponent(u.pathname)).toBe(`/${t.s3!.settings.bucket}/${file_path}`);
    expect(u.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(u.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(Number(u.searchParams.get('X-Amz-Expires'))).toBe(
      PATIENT_FILE_LIMITS.uploadLinkSeconds - PRESIGNED_PUT_MARGIN_SECONDS,
    );
    expect(headers).toEqual({ 'content-type': 'model/stl' });
    // Signed with the access key id; the secret never leaves the server.
    expect(u.searchParams.get('X-Amz-Credential')!.startsWith(`${t.s3!.settings.accessKeyId}/`)).toBe(true);
  });

  it('the size is required to sign the PUT', async () => {
    const p = await newPatient();
    const res = await link(doctor.headers, { name: 'upper.stl', type: T.stl, patient_id: p.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.size).toEqual([M.sizeRequired]);
  });

  it('a file PUT to the bucket becomes visible only once store_uploaded_file confirms it', async () => {
    const p = await newPatient();
    const body = asciiStl('upper');
    const l = await uploadToBucket(doctor.headers, p.id, T.stl, 'upper.stl', body);
    // In the bucket, under uploads/, but no row and not listed.
    expect(await isStored(t, l.file_path)).toBe(true);
    expect(await namesOf(doctor.headers, p.id)).toEqual([]);
    expect(await rowsOf(p.id)).toEqual([]);

    const stored = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'upper.stl',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().file.size_bytes).toBe(body.length);
    expect(await namesOf(doctor.headers, p.id)).toEqual(['upper.stl']);
    // The upload moved into the patient's folder, with the SHA-256 of the bytes in the bucket.
    expect(await isStored(t, l.file_path)).toBe(false);
    const row = await t.db
      .selectFrom('patient_files')
      .select(['sha256', 'storage_path'])
      .where('id', '=', stored.json().file.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_path.startsWith(`patients/${p.id}/`)).toBe(true);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    // A second confirm of the same upload is refused.
    const again = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'upper.stl',
    });
    expect(again.statusCode).toBe(422);
  });

  it('a file whose size is not the announced one is refused, removed and never listed', async () => {
    const p = await newPatient();
    const body = asciiStl('lower');
    const l = await link(doctor.headers, {
      name: 'lower.stl',
      type: T.stl,
      patient_id: p.id,
      size: body.length,
    });
    expect(l.statusCode, l.body).toBe(200);
    // More bytes than announced (a service that does not check the signed length takes them).
    const bigger = Buffer.concat([body, Buffer.from('tail bytes')]);
    const put = await fetch(l.json().url, { method: 'PUT', headers: l.json().headers, body: bigger });
    expect([200, 400, 403]).toContain(put.status);
    if (put.status !== 200) await overwriteStored(t, l.json().file_path, bigger);

    const res = await store(doctor.headers, {
      file_path: l.json().file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'lower.stl',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file_path).toEqual([M.uploadSizeMismatch]);
    expect(await namesOf(doctor.headers, p.id)).toEqual([]);
    expect(await rowsOf(p.id)).toEqual([]);
    expect(await isStored(t, l.json().file_path)).toBe(false);
  });

  it('an object replaced after the PUT by one of another size is refused too', async () => {
    const p = await newPatient();
    const l = await uploadToBucket(doctor.headers, p.id, T.stl, 'swap.stl', asciiStl('swap'));
    await overwriteStored(t, l.file_path, asciiStl('a much longer name than before'));
    const res = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'swap.stl',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file_path).toEqual([M.uploadSizeMismatch]);
    expect(await rowsOf(p.id)).toEqual([]);
  });

  it('a confirm before the PUT is refused; an upload never confirmed is cleaned once expired', async () => {
    const p = await newPatient();
    const body = asciiStl('never');
    const l = await link(doctor.headers, {
      name: 'never.stl',
      type: T.stl,
      patient_id: p.id,
      size: body.length,
    });
    const early = await store(doctor.headers, {
      file_path: l.json().file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'never.stl',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.file_path).toEqual([M.uploadMissing]);

    expect((await putToBucket(l.json(), body)).status).toBe(200);
    expect(await namesOf(doctor.headers, p.id)).toEqual([]);
    const later = new Date(Date.now() + (PATIENT_FILE_LIMITS.uploadLinkSeconds + 60) * 1000);
    expect(await cleanExpiredUploads(t.ctx, { now: later })).toBeGreaterThanOrEqual(1);
    expect(await isStored(t, l.json().file_path)).toBe(false);
    const row = await t.db
      .selectFrom('uploads')
      .select('id')
      .where('storage_path', '=', l.json().file_path)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await namesOf(doctor.headers, p.id)).toEqual([]);
  });

  it("the server's own upload route does not take an upload bound for the bucket", async () => {
    const p = await newPatient();
    const l = await link(doctor.headers, { name: 'route.stl', type: T.stl, patient_id: p.id, size: 10 });
    expect(l.statusCode, l.body).toBe(200);
    const row = await t.db
      .selectFrom('uploads')
      .select(['id', 'storage_path', 'original_name'])
      .where('storage_path', '=', l.json().file_path)
      .executeTakeFirstOrThrow();
    // Even with a valid signature of the server's own route, the bytes are not taken.
    const exp = Math.floor(Date.now() / 1000) + 600;
    const signature = await signClaims(t.ctx, [
      'upload',
      row.id,
      row.storage_path,
      doctor.id,
      T.stl,
      row.original_name,
      p.id,
      orgA,
      exp,
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/patient_files/upload/${row.id}?type=${T.stl}&expires=${exp}&signature=${signature}`,
      payload: asciiStl(),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(404);
    expect(await isStored(t, row.storage_path)).toBe(false);
  });
});

describe('presigned downloads (STORAGE_DRIVER=s3)', () => {
  it('download_link answers a presigned GET of the bucket that serves the bytes under the file name', async () => {
    const p = await newPatient();
    const body = asciiStl('scan');
    const l = await uploadToBucket(doctor.headers, p.id, T.stl, 'Upper jaw ü.stl', body);
    const stored = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'Upper jaw ü.stl',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const res = await downloadLink(doctor.headers, stored.json().file.id);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_at } = res.json();
    expect(url.startsWith(bucketUrl())).toBe(true);
    const u = new URL(url);
    expect(decodeURIComponent(u.pathname).startsWith(`/${t.s3!.settings.bucket}/patients/${p.id}/`)).toBe(
      true,
    );
    expect(Number(u.searchParams.get('X-Amz-Expires'))).toBe(PATIENT_FILE_LIMITS.downloadLinkSeconds);
    expect(
      Math.abs(Date.parse(expires_at) - Date.now() - PATIENT_FILE_LIMITS.downloadLinkSeconds * 1000),
    ).toBeLessThan(5000);

    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    expect(got.headers.get('content-type')).toBe('model/stl');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="Upper jaw _.stl"; filename*=UTF-8''Upper%20jaw%20%C3%BC.stl`,
    );
    expect(got.headers.get('cache-control')).toBe('private, no-store');
  });

  it('the images of a patient are presigned inline GETs', async () => {
    const p = await newPatient();
    const bytes = png();
    const l = await uploadToBucket(doctor.headers, p.id, T.photo, 'smile.png', bytes);
    const stored = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.photo,
      name: 'smile.png',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/patients/${p.id}/images`,
      headers: doctor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [image] = res.json().images;
    expect(image.url.startsWith(bucketUrl())).toBe(true);
    const got = await fetch(image.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="smile.png"/);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a download URL stops working once expired', async () => {
    const p = await newPatient();
    const l = await uploadToBucket(doctor.headers, p.id, T.stl, 'old.stl', asciiStl('old'));
    const stored = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'old.stl',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    // A link handed out longer ago than its lifetime.
    vi.useFakeTimers({ toFake: ['Date'] });
    let url: string;
    try {
      vi.setSystemTime(Date.now() - (PATIENT_FILE_LIMITS.downloadLinkSeconds + 60) * 1000);
      const res = await downloadLink(doctor.headers, stored.json().file.id);
      expect(res.statusCode, res.body).toBe(200);
      url = res.json().url;
    } finally {
      vi.useRealTimers();
    }
    const got = await fetch(url);
    expect(got.status).toBe(403);
    expect(await got.text()).toMatch(/expired/i);
    // A fresh link serves it.
    const fresh = await downloadLink(doctor.headers, stored.json().file.id);
    expect((await fetch(fresh.json().url)).status).toBe(200);
  });

  it('another organization gets no URL: 404 for its upload and download links', async () => {
    const p = await newPatient();
    const l = await uploadToBucket(doctor.headers, p.id, T.stl, 'mine.stl', asciiStl('mine'));
    const stored = await store(doctor.headers, {
      file_path: l.file_path,
      patient_id: p.id,
      type: T.stl,
      name: 'mine.stl',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const fileId = stored.json().file.id;

    expect((await downloadLink(doctorB.headers, fileId)).statusCode).toBe(404);
    expect(
      (await link(doctorB.headers, { name: 'b.stl', type: T.stl, patient_id: p.id, size: 10 })).statusCode,
    ).toBe(404);
    expect(
      (await link(doctorB.headers, { name: 'b.stl', type: T.stl, organization_id: orgA, size: 10 }))
        .statusCode,
    ).toBe(404);
    const images = await t.app.inject({
      method: 'GET',
      url: `${API}/patients/${p.id}/images`,
      headers: doctorB.headers,
    });
    expect(images.statusCode).toBe(404);

    // Nor can it confirm someone else's upload onto its own patient.
    const other = await uploadToBucket(doctor.headers, p.id, T.stl, 'theirs.stl', asciiStl('theirs'));
    const pB = await newPatient(orgB, doctorB.id);
    const res = await store(doctorB.headers, {
      file_path: other.file_path,
      patient_id: pB.id,
      type: T.stl,
      name: 'theirs.stl',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file_path).toEqual([M.uploadMissing]);
    expect(await rowsOf(pB.id)).toEqual([]);
  });

  it("the Content Security Policy lets the web app reach the bucket's origin", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/patient_files/1/download_link`,
      headers: doctor.headers,
    });
    const csp = String(res.headers['content-security-policy']);
    const origin = new URL(t.s3!.settings.endpoint!).origin;
    for (const directive of ['img-src', 'connect-src', 'media-src'])
      expect(csp.split(';').find((d) => d.trim().startsWith(directive))).toContain(origin);
  });
});
