import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLER_MESSAGES, VIEWER_SIGN_IN_MESSAGES, VIEWER_OPEN_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { exeBytes, msiBytes, multipart, sevenZipBytes, type Part } from '../../../test/installer-helpers.ts';
import { buildDevice, buildLicense, buildPatient } from '../../db/seed/factories.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let doctorA: { id: number; h: H };

async function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers?: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function upload(path: string, headers: H | undefined, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: { ...(headers ?? {}), 'content-type': contentType },
    payload: body,
  });
}

const installerParts = (
  version: string,
  o: { notes?: string; name?: string; data?: Buffer } = {},
): Part[] => [
  { name: 'version', value: version },
  { name: 'release_notes', value: o.notes ?? 'Faster start-up.\nFixes the export dialog.' },
  { name: 'installer_file', fileName: o.name ?? `DIBS-${version}.exe`, data: o.data ?? exeBytes() },
];

async function givenInstaller(path: string, version: string, o: { name?: string; data?: Buffer } = {}) {
  const res = await upload(path, admin, installerParts(version, o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().installer as { id: number; version: string };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Harbor Ortho' });
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const s = await givenUser(t, { roles: ['supervisor'] });
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  const d = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  doctorA = { id: d.id, h: bearer(await tokenFor(t, d.id)) };
});
afterAll(() => t?.close());

describe('POST /installers (multipart upload)', () => {
  it('answers 401 without a session and 403 without installers.manage', async () => {
    expect((await upload('/installers', undefined, installerParts('1.0.0'))).statusCode).toBe(401);
    const denied = await upload('/installers', supervisor, installerParts('1.0.0'));
    expect(denied.statusCode).toBe(403);
    const doctor = await upload('/installers', doctorA.h, installerParts('1.0.0'));
    expect(doctor.statusCode).toBe(403);
  });

  it('stores the installer with its version, notes (line breaks kept) and size', async () => {
    const res = await upload('/installers', admin, installerParts('2.12.8', { data: exeBytes(1000) }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(INSTALLER_MESSAGES.uploaded);
    expect(body.installer).toMatchObject({
      version: '2.12.8',
      v1: 2,
      v2: 12,
      v3: 8,
      file_name: 'DIBS-2.12.8.exe',
      file_size: 1000,
      release_notes: 'Faster start-up.\nFixes the export dialog.',
      unstable: false,
      organization_id: null,
    });
    const list = await req('GET', '/installers?perPage=1', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0].version).toBe('2.12.8');
  });

  it('accepts an .msi', async () => {
    const res = await upload(
      '/installers',
      admin,
      installerParts('2.12.9', { name: 'DIBS.msi', data: msiBytes() }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a bad version, a taken version, missing notes, a missing file and another format', async () => {
    const bad = await upload('/installers', admin, installerParts('2.123.8'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.version).toEqual([INSTALLER_MESSAGES.versionFormat]);
    await givenInstaller('/installers', '3.0.0');
    const taken = await upload('/installers', admin, installerParts('3.0.0'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.version).toEqual([INSTALLER_MESSAGES.versionExists]);
    const notes = await upload('/installers', admin, installerParts('3.0.1', { notes: '  ' }));
    expect(notes.json().errors.release_notes).toEqual(['Required']);
    const noFile = await upload('/installers', admin, [
      { name: 'version', value: '3.0.2' },
      { name: 'release_notes', value: 'Notes' },
    ]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.installer_file).toEqual([INSTALLER_MESSAGES.fileRequired]);
    const zip = await upload('/installers', admin, installerParts('3.0.3', { name: 'DIBS.zip' }));
    expect(zip.statusCode).toBe(422);
    expect(zip.json().errors.installer_file).toEqual([INSTALLER_MESSAGES.unsupportedFormat]);
    const list = await req('GET', '/installers?perPage=100', admin);
    expect(list.json().data.map((i: { version: string }) => i.version)).not.toContain('3.0.3');
  });
});

describe('per organization', () => {
  it('lists and uploads under the organization; another organization answers 404', async () => {
    const res = await upload(`/organizations/${orgA}/installers`, admin, installerParts('1.2.3'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().installer.organization_id).toBe(orgA);
    // The same version for everyone is another scope.
    await givenInstaller('/installers', '1.2.3');
    const list = await req('GET', `/organizations/${orgA}/installers`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: { version: string }) => i.version)).toEqual(['1.2.3']);
    // A practice user: another organization is 404, its own organization 403 (no installers.manage).
    expect((await req('GET', `/organizations/${orgB}/installers`, doctorA.h)).statusCode).toBe(404);
    expect(
      (await upload(`/organizations/${orgB}/installers`, doctorA.h, installerParts('1.2.4'))).statusCode,
    ).toBe(404);
    expect((await req('GET', `/organizations/${orgA}/installers`, doctorA.h)).statusCode).toBe(403);
    expect((await req('GET', `/organizations/999999/installers`, admin)).statusCode).toBe(404);
    expect((await req('GET', `/organizations/${orgA}/installers`)).statusCode).toBe(401);
    expect((await req('GET', `/organizations/${orgA}/installers`, supervisor)).statusCode).toBe(403);
  });
});

describe('changes: toggle unstable, release notes, bump version, delete', () => {
  it('toggles unstable both ways', async () => {
    const i = await givenInstaller('/installers', '4.0.0');
    expect((await req('PUT', `/installers/${i.id}/toggle-unstable`)).statusCode).toBe(401);
    expect((await req('PUT', `/installers/${i.id}/toggle-unstable`, supervisor)).statusCode).toBe(403);
    const on = await req('PUT', `/installers/${i.id}/toggle-unstable`, admin);
    expect(on.json()).toMatchObject({
      message: INSTALLER_MESSAGES.markedUnstable,
      installer: { unstable: true },
    });
    const off = await req('PUT', `/installers/${i.id}/toggle-unstable`, admin);
    expect(off.json()).toMatchObject({
      message: INSTALLER_MESSAGES.markedStable,
      installer: { unstable: false },
    });
  });

  it('updates the release notes, keeping line breaks; empty notes are refused', async () => {
    const i = await givenInstaller('/installers', '4.1.0');
    const path = `/installers/${i.id}/update_release_notes`;
    expect((await req('PUT', path, undefined, { release_notes: 'x' })).statusCode).toBe(401);
    expect((await req('PUT', path, supervisor, { release_notes: 'x' })).statusCode).toBe(403);
    const ok = await req('PUT', path, admin, { release_notes: 'Line one\nLine two' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: INSTALLER_MESSAGES.releaseNotesUpdated,
      installer: { release_notes: 'Line one\nLine two' },
    });
    const empty = await req('PUT', path, admin, { release_notes: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.release_notes).toEqual(['Required']);
  });

  it('bumps the patch version, refusing one that exists', async () => {
    const i = await givenInstaller('/installers', '5.0.1');
    await givenInstaller('/installers', '5.0.3');
    expect((await req('POST', `/installers/${i.id}/bump_version`)).statusCode).toBe(401);
    expect((await req('POST', `/installers/${i.id}/bump_version`, supervisor)).statusCode).toBe(403);
    const bumped = await req('POST', `/installers/${i.id}/bump_version`, admin);
    expect(bumped.json()).toMatchObject({
      message: INSTALLER_MESSAGES.bumped,
      installer: { version: '5.0.2' },
    });
    const taken = await req('POST', `/installers/${i.id}/bump_version`, admin);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.version).toEqual([INSTALLER_MESSAGES.versionExists]);
  });

  it("answers 404 for another organization's installer", async () => {
    const other = await givenInstaller(`/organizations/${orgB}/installers`, '6.0.0');
    for (const [method, path, body] of [
      ['PUT', `/installers/${other.id}/toggle-unstable`, undefined],
      ['PUT', `/installers/${other.id}/update_release_notes`, { release_notes: 'x' }],
      ['POST', `/installers/${other.id}/bump_version`, undefined],
      ['DELETE', `/installers/${other.id}`, undefined],
      ['GET', `/installers/${other.id}/download_link`, undefined],
    ] as const)
      expect((await req(method, path, doctorA.h, body)).statusCode, `${method} ${path}`).toBe(404);
  });

  it('deletes the installer and its file', async () => {
    const i = await givenInstaller('/installers', '7.0.0');
    const row = await t.db
      .selectFrom('installers')
      .select('storage_path')
      .where('id', '=', i.id)
      .executeTakeFirstOrThrow();
    expect(await t.ctx.storage.stat(row.storage_path!)).not.toBeNull();
    expect((await req('DELETE', `/installers/${i.id}`)).statusCode).toBe(401);
    expect((await req('DELETE', `/installers/${i.id}`, supervisor)).statusCode).toBe(403);
    const res = await req('DELETE', `/installers/${i.id}`, admin);
    expect(res.json()).toEqual({ message: INSTALLER_MESSAGES.deleted });
    expect(await t.ctx.storage.stat(row.storage_path!)).toBeNull();
    expect((await req('DELETE', `/installers/${i.id}`, admin)).statusCode).toBe(404);
  });
});

describe('downloads and the account list', () => {
  it('gives a signed link that serves the bytes; a tampered or expired link is refused', async () => {
    const data = exeBytes(300);
    const i = await givenInstaller('/installers', '8.0.0', { data });
    expect((await req('GET', `/installers/${i.id}/download_link`)).statusCode).toBe(401);
    const link = await req('GET', `/installers/${i.id}/download_link`, doctorA.h);
    expect(link.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(file.headers['content-disposition']).toContain('DIBS-8.0.0.exe');
    const tampered = await t.app.inject({
      method: 'GET',
      url: link.json().url.replace(/signature=./, 'signature=A'),
    });
    expect(tampered.statusCode).toBe(403);
  });

  it("lists the stable installers for everyone and the user's organization, newest first", async () => {
    const unstable = await givenInstaller('/installers', '9.0.0');
    await req('PUT', `/installers/${unstable.id}/toggle-unstable`, admin);
    await givenInstaller(`/organizations/${orgA}/installers`, '8.5.0');
    await givenInstaller(`/organizations/${orgB}/installers`, '8.6.0');
    expect((await req('GET', '/installers/available')).statusCode).toBe(401);
    const res = await req('GET', '/installers/available?perPage=3', doctorA.h);
    expect(res.statusCode).toBe(200);
    const versions = res.json().data.map((i: { version: string }) => i.version);
    expect(versions.slice(0, 2)).toEqual(['8.5.0', '8.0.0']);
    expect(versions).not.toContain('9.0.0');
    expect(versions).not.toContain('8.6.0');
    // A doctor cannot download an unstable one, nor another organization's.
    expect((await req('GET', `/installers/${unstable.id}/download_link`, doctorA.h)).statusCode).toBe(404);
  });
});

describe('auto-update', () => {
  it('reads and sets the switch for everyone and per organization', async () => {
    expect((await req('GET', '/installers/auto-update')).statusCode).toBe(401);
    expect((await req('GET', '/installers/auto-update', supervisor)).statusCode).toBe(403);
    expect((await req('GET', '/installers/auto-update', admin)).json()).toEqual({ auto_update: true });
    const set = await req('PUT', '/installers/auto-update', admin, { auto_update: false });
    expect(set.json()).toEqual({ message: INSTALLER_MESSAGES.autoUpdateSaved, auto_update: false });
    expect((await req('GET', '/installers/auto-update', admin)).json()).toEqual({ auto_update: false });
    expect((await req('GET', `/organizations/${orgA}/installers/auto-update`, admin)).json()).toEqual({
      auto_update: true,
    });
    expect(
      (await req('PUT', `/organizations/${orgB}/installers/auto-update`, doctorA.h, { auto_update: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', `/organizations/${orgA}/installers/auto-update`, doctorA.h, { auto_update: false }))
        .statusCode,
    ).toBe(403);
    const invalid = await req('PUT', '/installers/auto-update', admin, { auto_update: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.auto_update).toBeDefined();
  });
});

describe('machine learning file', () => {
  it('uploads a .7z (replacing the previous one), refuses other formats, and downloads', async () => {
    const path = '/installers/machine-learning-file';
    expect(
      (await upload(path, undefined, [{ name: 'file', fileName: 'm.7z', data: sevenZipBytes() }])).statusCode,
    ).toBe(401);
    expect(
      (await upload(path, supervisor, [{ name: 'file', fileName: 'm.7z', data: sevenZipBytes() }]))
        .statusCode,
    ).toBe(403);
    expect((await req('GET', path, admin)).json()).toEqual({ data: null });
    const wrong = await upload(path, admin, [{ name: 'file', fileName: 'model.zip', data: sevenZipBytes() }]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.file).toEqual([INSTALLER_MESSAGES.machineLearningFormat]);
    const data = sevenZipBytes(500);
    const ok = await upload(path, admin, [{ name: 'file', fileName: 'model-v2.7z', data }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: INSTALLER_MESSAGES.machineLearningUploaded,
      data: { file_name: 'model-v2.7z', file_size: 500 },
    });
    const link = await req('GET', `${path}/download_link`, admin);
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect(
      (await req('GET', `/organizations/${orgB}/installers/machine-learning-file`, doctorA.h)).statusCode,
    ).toBe(404);
    expect(
      (await req('GET', `/organizations/${orgA}/installers/machine-learning-file/download_link`, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await upload(`/organizations/${orgB}/installers/machine-learning-file`, doctorA.h, [
          { name: 'file', fileName: 'm.7z', data: sevenZipBytes() },
        ])
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /organizations/{id}/check-unstable-software-usage', () => {
  it('detects a device running an unstable version and offers the latest stable installer', async () => {
    const org = await givenOrganization(t, { name: 'Cedar Dental' });
    const d = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
    const h = bearer(await tokenFor(t, d.id));
    const path = `/organizations/${org}/check-unstable-software-usage`;
    expect((await req('GET', path)).statusCode).toBe(401);
    expect((await req('GET', `/organizations/${orgB}/check-unstable-software-usage`, h)).statusCode).toBe(
      404,
    );
    const license = await buildLicense(t.db, org);
    await buildDevice(t.db, license.id, { details: JSON.stringify({ software_version: '20.1.1' }) });
    const clean = await req('GET', path, h);
    expect(clean.json()).toEqual({ data: { detected: false, latest_installer: null } });
    const bad = await givenInstaller('/installers', '20.1.1');
    await req('PUT', `/installers/${bad.id}/toggle-unstable`, admin);
    const found = await req('GET', path, h);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.detected).toBe(true);
    const latest = found.json().data.latest_installer;
    expect(latest.version).not.toBe('20.1.1');
    const file = await t.app.inject({ method: 'GET', url: latest.download_url });
    expect(file.statusCode).toBe(200);
  });
});

describe('DIBS online: viewer options and the streaming URL', () => {
  it('answers the options, and a streaming URL only for an organization that allows Online', async () => {
    const patient = await buildPatient(t.db, { organization_id: orgA, user_id: doctorA.id });
    const options = await req('GET', `/patients/${patient.id}/viewer-options`, doctorA.h);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ data: { organization_id: orgA, allowed_dibs_options: [1] } });
    expect((await req('GET', `/patients/${patient.id}/viewer-options`)).statusCode).toBe(401);

    const code = (await req('POST', '/viewer/sign-in-code', doctorA.h)).json().code as string;
    const denied = await req('POST', '/dibs-on-demand/generate-streaming-url', doctorA.h, {
      dibs_launch_code: code,
      q: patient.id,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(VIEWER_OPEN_MESSAGES.onlineNotAllowed);

    await t.db
      .insertInto('organization_preferences')
      .values({ organization_id: orgA, allowed_dibs_options: [1, 4] })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ allowed_dibs_options: [1, 4] }))
      .execute();
    const ok = await req('POST', '/dibs-on-demand/generate-streaming-url', doctorA.h, {
      dibs_launch_code: code,
      q: patient.id,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().streaming_url).toBe(`/dibs/online?q=${patient.id}`);
    expect(ok.json().streaming_url).not.toContain(code);

    expect(
      (await req('POST', '/dibs-on-demand/generate-streaming-url', undefined, { dibs_launch_code: code }))
        .statusCode,
    ).toBe(401);
    const wrong = await req('POST', '/dibs-on-demand/generate-streaming-url', doctorA.h, {
      dibs_launch_code: 'nope',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(VIEWER_SIGN_IN_MESSAGES.invalidCode);
    // Another user's code is refused; another organization's case answers 404.
    const adminCode = (await req('POST', '/viewer/sign-in-code', admin)).json().code as string;
    expect(
      (
        await req('POST', '/dibs-on-demand/generate-streaming-url', doctorA.h, {
          dibs_launch_code: adminCode,
        })
      ).statusCode,
    ).toBe(422);
    const otherDoctor = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
    const otherPatient = await buildPatient(t.db, { organization_id: orgB, user_id: otherDoctor.id });
    expect((await req('GET', `/patients/${otherPatient.id}/viewer-options`, doctorA.h)).statusCode).toBe(404);
    expect(
      (
        await req('POST', '/dibs-on-demand/generate-streaming-url', doctorA.h, {
          dibs_launch_code: code,
          q: otherPatient.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});
