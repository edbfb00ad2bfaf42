import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRACKET_TEETH } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient, buildRxForm } from '../../db/seed/factories.ts';
import { storedInstallerFiles } from '../installers/service.ts';
import { verifyStoredFiles } from '../patient-files/service.ts';
import { storedLibraryFiles } from './service.ts';
import { overwriteStored } from '../../../test/storage-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let supervisor: H;
let tech: H;
let partner: H;
let doctor: H;
let doctorId: number;
let owner: { id: number; headers: H };
let ownerB: H;
let managerId: number;

const call = (method: string, path: string, headers: H | Record<string, never>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `${API}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const lib = (org: number, rest = '') => `/organizations/${org}/bracket-libraries${rest}`;

/** request-upload-url → PUT → the upload id. */
async function upload(
  org: number,
  name: string,
  body = `bytes of ${name}`,
  headers = admin,
  kind = 'bracket-libraries',
) {
  const link = await call(
    'GET',
    `/organizations/${org}/${kind}/request-upload-url?name=${encodeURIComponent(name)}`,
    headers,
  );
  expect(link.statusCode, link.body).toBe(200);
  const { id, url } = link.json() as { id: number; url: string };
  const put = await t.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect(put.json()).toEqual({ id, size: Buffer.byteLength(body) });
  return id;
}

async function addLibrary(org: number, name: string, extra: Record<string, unknown> = {}) {
  const id = await upload(org, name);
  const res = await call('POST', lib(org), admin, { upload_ids: [id], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number }[] }).data[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const s = await givenUser(t, { roles: ['supervisor'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const d = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const o = await givenUser(t, {
    first_name: 'Olivia',
    last_name: 'Owner',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const m = await givenUser(t, {
    first_name: 'Max',
    last_name: 'Manager',
    organizations: [{ id: orgA, role: 'organization_manager' }],
  });
  const ob = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  supervisor = bearer(await tokenFor(t, s.id, { management: true }));
  tech = bearer(await tokenFor(t, te.id, { management: true }));
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  doctor = bearer(await tokenFor(t, d.id));
  doctorId = d.id;
  owner = { id: o.id, headers: bearer(await tokenFor(t, o.id)) };
  managerId = m.id;
  ownerB = bearer(await tokenFor(t, ob.id));
});

afterAll(async () => {
  await t?.close();
});

describe('bracket library list', () => {
  it('answers 401 without a session, 404 for an organization not visible, 403 without a gate', async () => {
    expect((await call('GET', lib(orgA), {})).statusCode).toBe(401);
    expect((await call('GET', lib(orgA), ownerB)).statusCode).toBe(404);
    expect((await call('GET', lib(999999), admin)).statusCode).toBe(404);
    // An organization owner without the doctor role holds organization.bracket-libraries.view.
    expect((await call('GET', lib(orgA), owner.headers)).statusCode).toBe(200);
  });

  it('adds through the signed upload, lists with abilities, and hides from practices', async () => {
    const id = await addLibrary(orgA, 'Damon Q2.zip', { format: 2, userIds: [doctorId] });
    const list = await call('GET', lib(orgA), admin);
    const body = list.json() as {
      data: { id: number; label: string; format: number; users: { id: number }[]; has_file: boolean }[];
      abilities: Record<string, boolean>;
    };
    const row = body.data.find((r) => r.id === id)!;
    expect(row).toMatchObject({
      label: 'Damon Q2',
      format: 2,
      has_file: true,
      users: [{ id: doctorId, full_name: 'Dana Doctor' }],
    });
    expect(body.abilities).toEqual({
      add: true,
      update: true,
      changelog: true,
      inventory: true,
      edit_inventory: true,
      download: true,
      remove: true,
    });

    const hide = await call('PUT', lib(orgA, `/${id}`), admin, { hide: true });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ message: 'The bracket has been successfully updated.' });
    expect((hide.json() as { data: { hidden_at: string | null } }).data.hidden_at).not.toBeNull();
    const asDoctor = (await call('GET', lib(orgA), doctor)).json() as {
      data: { id: number }[];
      abilities: Record<string, boolean>;
    };
    expect(asDoctor.data.map((r) => r.id)).not.toContain(id);
    expect(asDoctor.abilities).toMatchObject({
      add: false,
      update: false,
      remove: false,
      inventory: true,
      edit_inventory: false,
    });
    // A hidden library is not there for a practice: its inventory answers 404.
    expect((await call('GET', lib(orgA, `/${id}/inventory`), doctor)).statusCode).toBe(404);
    const asAdmin = (await call('GET', lib(orgA), admin)).json() as { data: { id: number }[] };
    expect(asAdmin.data.map((r) => r.id)).toContain(id);

    await call('PUT', lib(orgA, `/${id}`), admin, { hide: false });
    const again = (await call('GET', lib(orgA), doctor)).json() as { data: { id: number }[] };
    expect(again.data.map((r) => r.id)).toContain(id);
  });

  it('lets a lab partner of the organization read but not change', async () => {
    expect((await call('GET', lib(orgA), partner)).statusCode).toBe(200);
    expect((await call('GET', lib(orgB), partner)).statusCode).toBe(404);
    expect((await call('GET', lib(orgA, '/request-upload-url?name=x.zip'), partner)).statusCode).toBe(403);
  });
});

describe('upload and store', () => {
  it('refuses a duplicate name with the spec text, at the link and at the store', async () => {
    await addLibrary(orgA, 'Victory.zip');
    const link = await call('GET', lib(orgA, '/request-upload-url?name=VICTORY.zip'), admin);
    expect(link.statusCode).toBe(422);
    expect(link.json()).toMatchObject({
      errors: { name: ['A similar bracket library named "VICTORY.zip" already exists.'] },
    });

    const a = await upload(orgA, 'Twin.zip');
    const b = await upload(orgA, 'twin.zip');
    const both = await call('POST', lib(orgA), admin, { upload_ids: [a, b] });
    expect(both.statusCode).toBe(422);
    expect(both.json()).toMatchObject({
      errors: { 'upload_ids.1': ['"twin.zip" file is already on the list.'] },
    });
    expect((await call('POST', lib(orgA), admin, { upload_ids: [a] })).statusCode).toBe(201);
    const late = await call('POST', lib(orgA), admin, { upload_ids: [b] });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      errors: { upload_ids: ['A similar bracket library named "Twin.zip" already exists.'] },
    });
  });

  it('takes at most 10 files, and only uploads that were sent', async () => {
    const res = await call('POST', lib(orgA), admin, {
      upload_ids: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { upload_ids: ['At most 10 files can be uploaded at once.'] },
    });
    const link = (await call('GET', lib(orgA, '/request-upload-url?name=unsent.zip'), admin)).json() as {
      id: number;
    };
    const unsent = await call('POST', lib(orgA), admin, { upload_ids: [link.id] });
    expect(unsent.statusCode).toBe(422);
    expect(unsent.json()).toMatchObject({
      errors: { 'upload_ids.0': ['The file has not been uploaded yet.'] },
    });
    expect((await call('POST', lib(orgA), admin, { upload_ids: [] })).json()).toMatchObject({
      errors: { upload_ids: ['At least one uploaded file is required.'] },
    });
  });

  it('needs bracket-libraries.manage to add', async () => {
    expect((await call('GET', lib(orgA, '/request-upload-url?name=a.zip'), supervisor)).statusCode).toBe(403);
    expect((await call('POST', lib(orgA), supervisor, { upload_ids: [1] })).statusCode).toBe(403);
    expect((await call('GET', lib(orgA, '/request-upload-url?name=a.zip'), {})).statusCode).toBe(401);
    expect((await call('GET', lib(orgA, '/request-upload-url?name=a.zip'), ownerB)).statusCode).toBe(404);
    expect((await call('GET', lib(orgA, '/request-upload-url'), admin)).json()).toMatchObject({
      errors: { name: ['The name field is required.'] },
    });
  });
});

describe('update, download and remove', () => {
  it('validates shelf, row and column and sends empty as null', async () => {
    const id = await addLibrary(orgA, 'Shelved.zip');
    const bad = await call('PUT', lib(orgA, `/${id}`), admin, { shelf: 'A 1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { shelf: ['Only letters, numbers, and +,-,&,, characters are allowed'] },
    });
    const long = await call('PUT', lib(orgA, `/${id}`), admin, { row: 'a'.repeat(256) });
    expect(long.statusCode).toBe(400);
    const ok = await call('PUT', lib(orgA, `/${id}`), supervisor, {
      shelf: 'B+2',
      row: '',
      column: 'C-1&2,3',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { shelf: 'B+2', row: null, column: 'C-1&2,3' } });
    expect((await call('PUT', lib(orgA, `/${id}`), tech, { shelf: 'X' })).statusCode).toBe(403);
    expect((await call('PUT', lib(orgA, `/${id}`), doctor, { shelf: 'X' })).statusCode).toBe(403);
    expect((await call('PUT', lib(orgA, `/${id}`), ownerB, { shelf: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', lib(orgB, `/${id}`), admin, { shelf: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', lib(orgA, `/${id}`), {}, { shelf: 'X' })).statusCode).toBe(401);
  });

  it('assigns members only', async () => {
    const id = await addLibrary(orgA, 'Assigned.zip');
    const members = await call('GET', lib(orgA, '/assignable-members'), admin);
    expect((members.json() as { data: { full_name: string }[] }).data.map((m) => m.full_name)).toEqual(
      expect.arrayContaining(['Dana Doctor', 'Olivia Owner', 'Max Manager']),
    );
    expect((await call('GET', lib(orgA, '/assignable-members'), doctor)).statusCode).toBe(403);
    const outsider = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_member' }] });
    const res = await call('PUT', lib(orgA, `/${id}`), admin, { userIds: [outsider.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { userIds: ['The user is not a member of the organization.'] },
    });
    const ok = await call('PUT', lib(orgA, `/${id}`), admin, {
      userIds: [managerId, doctorId],
      format: 2,
      name: 'Renamed',
    });
    expect(ok.json()).toMatchObject({ data: { label: 'Renamed', format: 2 } });
  });

  it('streams the file through a signed download link', async () => {
    const id = await addLibrary(orgA, 'Download me.zip');
    expect((await call('GET', lib(orgA, `/${id}/request-download-url`), doctor)).statusCode).toBe(403);
    expect((await call('GET', lib(orgA, `/${id}/request-download-url`), ownerB)).statusCode).toBe(404);
    const link = await call('GET', lib(orgA, `/${id}/request-download-url`), tech);
    expect(link.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('bytes of Download me.zip');
    expect(file.headers['content-disposition']).toContain('Download me.zip');
    const forged = (link.json() as { url: string }).url.replace(
      /signature=[^&]+/,
      'signature=AAAAAAAAAAAAAAAA',
    );
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('removes a library and leaves the Rx forms that chose it readable', async () => {
    const id = await addLibrary(orgA, 'Chosen.zip');
    const patient = await buildPatient(t.db, { organization_id: orgA, user_id: doctorId });
    const rx = await buildRxForm(t.db, { organization_id: orgA, user_id: doctorId, patient_id: patient.id });
    await t.db
      .insertInto('rx_form_bracket_libraries')
      .values({ rx_form_id: rx.id, bracket_library_id: id })
      .execute();

    expect((await call('DELETE', lib(orgA, `/${id}`), supervisor)).statusCode).toBe(403);
    expect((await call('DELETE', lib(orgA, `/${id}`), ownerB)).statusCode).toBe(404);
    expect((await call('DELETE', lib(orgA, `/${id}`), {})).statusCode).toBe(401);
    const res = await call('DELETE', lib(orgA, `/${id}`), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bracket library has been successfully removed.' });
    const list = (await call('GET', lib(orgA), admin)).json() as { data: { id: number }[] };
    expect(list.data.map((r) => r.id)).not.toContain(id);
    expect((await call('DELETE', lib(orgA, `/${id}`), admin)).statusCode).toBe(404);

    const form = await call('GET', `/rx-forms/${rx.id}`, admin);
    expect(form.statusCode).toBe(200);
    expect(JSON.stringify(form.json())).toContain('Chosen.zip');
    // The name is free again.
    await addLibrary(orgA, 'Chosen.zip');
  });
});

describe('inventory', () => {
  it('reads every tooth, adds increments with a reason, and logs per-tooth differences', async () => {
    const id = await addLibrary(orgA, 'Stocked.zip');
    expect((await call('GET', lib(orgA, `/${id}/inventory`), {})).statusCode).toBe(401);
    expect((await call('GET', lib(orgA, `/${id}/inventory`), ownerB)).statusCode).toBe(404);
    const inv = await call('GET', lib(orgA, `/${id}/inventory`), doctor);
    expect(inv.statusCode).toBe(200);
    const stocks = (inv.json() as { stocks: { tooth_number: string; available: number }[] }).stocks;
    expect(stocks.map((s) => s.tooth_number)).toEqual([...BRACKET_TEETH]);
    expect(stocks.every((s) => s.available === 0)).toBe(true);

    const missingReason = await call('POST', lib(orgA, `/${id}/inventory`), admin, {
      stocks: [{ tooth_number: 'UR1', increment: 5 }],
      low_stock_threshold: 0,
    });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json()).toMatchObject({ errors: { reason: ['A reason is required.'] } });
    expect(
      (
        await call('POST', lib(orgA, `/${id}/inventory`), admin, {
          stocks: [{ tooth_number: 'UX1', increment: 1 }],
          low_stock_threshold: 0,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', lib(orgA, `/${id}/inventory`), doctor, {
          stocks: [{ tooth_number: 'UR1', increment: 1 }],
          low_stock_threshold: 0,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);

    const saved = await call('POST', lib(orgA, `/${id}/inventory`), tech, {
      stocks: [
        { tooth_number: 'UR1', increment: 5 },
        { tooth_number: 'LL8', increment: 2 },
        { tooth_number: 'UL3', increment: 0 },
      ],
      low_stock_threshold: 0,
      reason: 'Delivery',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'The bracket inventory has been successfully updated.' });

    const below = await call('POST', lib(orgA, `/${id}/inventory`), admin, {
      stocks: [{ tooth_number: 'UR1', increment: -6 }],
      low_stock_threshold: 0,
      reason: 'Used',
    });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ message: 'The total of a tooth cannot go below zero.' });

    const log = await call('GET', lib(orgA, `/${id}/inventory-changelog`), admin);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({
      data: [
        {
          description: 'Delivery',
          changes: [
            { tooth_number: 'UR1', before: 0, after: 5, diff: 5 },
            { tooth_number: 'LL8', before: 0, after: 2, diff: 2 },
          ],
        },
      ],
      meta: { current_page: 1, per_page: 10, total: 1 },
    });
    expect((await call('GET', lib(orgA, `/${id}/inventory-changelog`), doctor)).statusCode).toBe(403);
    expect((await call('GET', lib(orgA, `/${id}/inventory-changelog`), ownerB)).statusCode).toBe(404);
    expect((await call('GET', lib(orgA, `/${id}/inventory-changelog?page=0`), admin)).statusCode).toBe(400);
  });

  it('pages the changelog ten at a time', async () => {
    const id = await addLibrary(orgA, 'Busy.zip');
    for (let i = 0; i < 12; i++)
      await call('POST', lib(orgA, `/${id}/inventory`), admin, {
        stocks: [{ tooth_number: 'UR2', increment: 1 }],
        low_stock_threshold: 0,
        reason: `Save ${i}`,
      });
    const page2 = (await call('GET', lib(orgA, `/${id}/inventory-changelog?page=2`), admin)).json() as {
      data: { description: string }[];
      meta: { total: number };
    };
    expect(page2.meta.total).toBe(12);
    expect(page2.data.map((d) => d.description)).toEqual(['Save 1', 'Save 0']);
  });

  it('notifies owners and managers once per crossing into low stock', async () => {
    const id = await addLibrary(orgA, 'Low.zip');
    const all = BRACKET_TEETH.map((tooth_number) => ({ tooth_number, increment: 10 }));
    const init = await call('POST', lib(orgA, `/${id}/inventory`), admin, {
      stocks: all,
      low_stock_threshold: 3,
      reason: 'Initial',
    });
    expect(init.statusCode, init.body).toBe(200);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('type', '=', 'low_bracket_inventory')
            .where('link', '=', `/organizations/${orgA}/brackets?id=${id}`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);
    const drop = (increment: number) =>
      call('POST', lib(orgA, `/${id}/inventory`), admin, {
        stocks: [{ tooth_number: 'UR1', increment }],
        low_stock_threshold: 3,
        reason: 'Used',
      });
    const first = await drop(-7); // 3: low now
    expect(first.statusCode, first.body).toBe(200);
    expect(await count()).toBe(2); // the owner and the manager
    await drop(-1); // still low
    expect(await count()).toBe(2);
    const list = (await call('GET', `${lib(orgA)}?low_stock_only=true`, doctor)).json() as {
      data: { id: number; low_stock: boolean }[];
    };
    expect(list.data.find((r) => r.id === id)).toMatchObject({ low_stock: true });
    await drop(8); // 10: back above
    await drop(-8); // 2: low again
    expect(await count()).toBe(4);
    const recipients = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'low_bracket_inventory')
      .execute();
    expect(new Set(recipients.map((r) => Number(r.user_id)))).toEqual(new Set([owner.id, managerId]));
  });

  it('never loses an increment when saves run at the same time', async () => {
    const id = await addLibrary(orgA, 'Concurrent.zip');
    const saves = Array.from({ length: 12 }, (_, i) =>
      call('POST', lib(orgA, `/${id}/inventory`), i % 2 ? admin : tech, {
        stocks: [
          { tooth_number: 'UR1', increment: 1 },
          { tooth_number: 'LL8', increment: 2 },
        ],
        low_stock_threshold: 0,
        reason: `Parallel ${i}`,
      }),
    );
    const results = await Promise.all(saves);
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const inv = (await call('GET', lib(orgA, `/${id}/inventory`), admin)).json() as {
      stocks: { tooth_number: string; available: number }[];
    };
    expect(inv.stocks.find((s) => s.tooth_number === 'UR1')!.available).toBe(12);
    expect(inv.stocks.find((s) => s.tooth_number === 'LL8')!.available).toBe(24);
    const log = (await call('GET', lib(orgA, `/${id}/inventory-changelog?perPage=100`), admin)).json() as {
      data: { changes: { tooth_number: string; diff: number }[] }[];
    };
    expect(log.data).toHaveLength(12);
    expect(log.data.every((d) => d.changes.find((c) => c.tooth_number === 'UR1')?.diff === 1)).toBe(true);
  });
});

describe('arch-wire libraries', () => {
  const wires = (org: number, rest = '') => `/organizations/${org}/arch-wires${rest}`;

  it('adds, refuses a duplicate, assigns, downloads and deletes', async () => {
    expect((await call('GET', wires(orgA), {})).statusCode).toBe(401);
    expect((await call('GET', wires(orgA), ownerB)).statusCode).toBe(404);
    expect((await call('GET', wires(orgA), doctor)).statusCode).toBe(403);
    const uploadId = await upload(orgA, 'NiTi.stl', 'wire', admin, 'arch-wires');
    const stored = await call('POST', wires(orgA), admin, { upload_ids: [uploadId], userIds: [doctorId] });
    expect(stored.statusCode, stored.body).toBe(201);
    const id = (stored.json() as { data: { id: number }[] }).data[0]!.id;
    const dup = await call('GET', wires(orgA, '/request-upload-url?name=niti.stl'), admin);
    expect(dup.json()).toMatchObject({
      errors: { name: ['A similar arch-wire library named "niti.stl" already exists.'] },
    });

    const list = (await call('GET', wires(orgA), owner.headers)).json() as {
      data: { id: number; users: { id: number }[] }[];
      abilities: Record<string, boolean>;
    };
    expect(list.data.find((w) => w.id === id)?.users.map((u) => u.id)).toEqual([doctorId]);
    expect(list.abilities).toEqual({ add: false, assign: true, download: false, remove: false });
    const assign = await call('PUT', wires(orgA, `/${id}`), owner.headers, { userIds: [managerId] });
    expect(assign.statusCode).toBe(200);
    expect((await call('DELETE', wires(orgA, `/${id}`), owner.headers)).statusCode).toBe(403);
    expect((await call('GET', wires(orgA, `/${id}/request-download-url`), owner.headers)).statusCode).toBe(
      403,
    );

    const link = (await call('GET', wires(orgA, `/${id}/request-download-url`), admin)).json() as {
      url: string;
    };
    expect((await t.app.inject({ method: 'GET', url: link.url })).body).toBe('wire');
    expect((await call('DELETE', wires(orgB, `/${id}`), admin)).statusCode).toBe(404);
    const del = await call('DELETE', wires(orgA, `/${id}`), tech);
    expect(del.json()).toEqual({ message: 'Arch-wire library has been successfully removed.' });
    // The link names a removed library: refused.
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(403);
  });
});

describe('the integrity scan (npm run files:verify)', () => {
  const scan = async () =>
    verifyStoredFiles(t.app.ctx, [
      await storedLibraryFiles(t.app.ctx),
      await storedInstallerFiles(t.app.ctx),
    ]);
  const ofLibraries = (problems: { key: string; owner?: { kind: string; id: number } }[]) =>
    problems.filter((p) => p.owner || p.key.startsWith('libraries/'));

  it('reads bracket-library and arch-wire files and reports missing, altered and orphaned ones', async () => {
    const bracketId = await addLibrary(orgA, 'Scan Bracket.stl');
    const wireUpload = await upload(orgA, 'Scan Wire.stl', 'wire bytes', admin, 'arch-wires');
    const stored = await call('POST', `/organizations/${orgA}/arch-wires`, admin, {
      upload_ids: [wireUpload],
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const wireId = (stored.json() as { data: { id: number }[] }).data[0]!.id;
    const pathOf = async (table: 'bracket_libraries' | 'arch_wires', id: number) =>
      (await t.db.selectFrom(table).select('storage_path').where('id', '=', id).executeTakeFirstOrThrow())
        .storage_path!;
    const bracketKey = await pathOf('bracket_libraries', bracketId);
    const wireKey = await pathOf('arch_wires', wireId);

    const clean = await scan();
    expect(ofLibraries([...clean.missing, ...clean.altered, ...clean.orphaned])).toEqual([]);
    expect(clean.checked).toBeGreaterThanOrEqual(2);

    await t.ctx.storage.delete(wireKey);
    await overwriteStored(t, bracketKey, 'tampered');
    await overwriteStored(t, `libraries/${orgA}/stray/lost.stl`, 'x');
    const report = await scan();
    expect(ofLibraries(report.missing)).toEqual([{ key: wireKey, owner: { kind: 'arch_wire', id: wireId } }]);
    expect(ofLibraries(report.altered)).toEqual([
      expect.objectContaining({ key: bracketKey, owner: { kind: 'bracket_library', id: bracketId } }),
    ]);
    expect(ofLibraries(report.orphaned)).toEqual([{ key: `libraries/${orgA}/stray/lost.stl` }]);

    await t.ctx.storage.delete(`libraries/${orgA}/stray/lost.stl`);
    await overwriteStored(t, wireKey, 'wire bytes');
    await overwriteStored(t, bracketKey, 'bytes of Scan Bracket.stl');
    const after = await scan();
    expect(ofLibraries([...after.missing, ...after.altered, ...after.orphaned])).toEqual([]);
  });

  it('reports a missing installer file without counting installers as unchecked', async () => {
    const row = await t.db
      .insertInto('installers')
      .values({
        v1: 9,
        v2: 9,
        v3: 9,
        file_name: 'ArchlineSetup.exe',
        storage_path: 'installers/all/scan-test/ArchlineSetup.exe',
        release_notes: 'Scan test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await scan();
    expect(before.missing).toContainEqual({
      key: 'installers/all/scan-test/ArchlineSetup.exe',
      owner: { kind: 'installer', id: Number(row.id) },
    });
    await overwriteStored(t, 'installers/all/scan-test/ArchlineSetup.exe', 'MZ');
    const after = await scan();
    expect(after.missing.filter((m) => m.owner?.kind === 'installer')).toEqual([]);
    expect(after.unchecked).toBe(before.unchecked);
    await t.ctx.storage.delete('installers/all/scan-test/ArchlineSetup.exe');
    await t.db.deleteFrom('installers').where('id', '=', row.id).execute();
  });
});
