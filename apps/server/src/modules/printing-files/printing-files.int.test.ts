import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintingFile } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { uploadStl } from '../../../test/file-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';

/** The staff list of printing files: search by doctor and by patient, order, pages, download. */
type H = { authorization: string };
let t: TestApp;
let admin: H;
let tech: H;
let supervisor: H;
let partner: H;
let doctor: H;
let storedStl: number;

const list = (query: string, headers?: H) =>
  t.app.inject({ method: 'GET', url: `${API}/printing-files${query}`, ...(headers ? { headers } : {}) });

async function file(patientId: number, type: number, name: string, updatedDaysAgo: number, extra = {}) {
  const at = new Date(Date.now() - updatedDaysAgo * 86_400_000);
  const row = await t.db
    .insertInto('patient_files')
    .values({
      patient_id: patientId,
      patient_file_type_id: type,
      name,
      original_name: `orig-${name}`,
      storage_path: `printing/${name}`,
      file_modification_date: at,
      updated_at: at,
      created_at: at,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const orgA = await givenOrganization(t, { name: 'Alpha Ortho' });
  const orgB = await givenOrganization(t, { name: 'Beta Ortho' });
  const da = await givenUser(t, {
    first_name: 'Alice',
    last_name: 'Adams',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const db = await givenUser(t, {
    first_name: 'Bruno',
    last_name: 'Brown',
    organizations: [{ id: orgB, role: 'organization_owner' }],
  });
  doctor = bearer(await tokenFor(t, da.id));
  const adminUser = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, adminUser.id, { management: true }));
  tech = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['tech_support'] })).id, { management: true }),
  );
  supervisor = bearer(
    await tokenFor(t, (await givenUser(t, { roles: ['supervisor'] })).id, { management: true }),
  );
  partner = bearer(
    await tokenFor(
      t,
      (
        await givenUser(t, {
          roles: ['lab_partner'],
          organizations: [{ id: orgA, role: 'organization_member' }],
        })
      ).id,
      { management: true },
    ),
  );
  const p1 = await buildPatient(t.db, {
    organization_id: orgA,
    user_id: da.id,
    first_name: 'Zoe',
    last_name: 'Zeta',
    case_number_text: 'CASE-7',
    numeric_suffix: 2,
  });
  const p2 = await buildPatient(t.db, {
    organization_id: orgB,
    user_id: db.id,
    first_name: 'Yann',
    last_name: 'Young',
  });
  await file(p1.id, 1, 'zoe-setup.ios', 1);
  await file(p1.id, 2, 'zoe-upper.stl', 2);
  await file(p2.id, 2, 'yann-lower.stl', 3);
  await file(p2.id, 1, 'yann-setup.ios', 4);
  // Not printing files: a photo, a hidden file, a technician backup.
  await file(p1.id, 3, 'zoe-smile.jpg', 0);
  await file(p1.id, 2, 'zoe-hidden.stl', 0, { hidden: true });
  await file(p1.id, 1, 'zoe-backup.ios', 0, { tag: 'tech_backup' });
  // A real stored STL (uploaded and stored the way the web app does) to download.
  const path = await uploadStl(t, admin, p2.id, 'yann-real.stl');
  const stored = await t.app.inject({
    method: 'POST',
    url: `${API}/patient_files/store_uploaded_file`,
    headers: admin,
    payload: { file_path: path, patient_id: p2.id, type: 2, name: 'yann-real.stl' },
  });
  expect(stored.statusCode, stored.body).toBe(200);
  storedStl = stored.json().file.id;
  await t.db
    .updateTable('patient_files')
    .set({ updated_at: new Date(Date.now() - 10 * 86_400_000) })
    .where('id', '=', storedStl)
    .execute();
});
afterAll(() => t?.close());

const names = (data: PrintingFile[]) => data.map((f) => f.name);

describe('GET /printing-files', () => {
  it('answers 401 without a session', async () => {
    expect((await list('')).statusCode).toBe(401);
  });

  it('answers 403 to practice users and lab partners', async () => {
    expect((await list('', doctor)).statusCode).toBe(403);
    expect((await list('', partner)).statusCode).toBe(403);
  });

  it('lists the IOS and STL files of every case, newest first, with the fields of a printing file', async () => {
    for (const h of [admin, tech, supervisor]) expect((await list('', h)).statusCode).toBe(200);
    const res = await list('', admin);
    const body = res.json();
    expect(names(body.data)).toEqual([
      'zoe-setup.ios',
      'zoe-upper.stl',
      'yann-lower.stl',
      'yann-setup.ios',
      'yann-real.stl',
    ]);
    expect(body.meta).toEqual({ current_page: 1, per_page: 15, total: 5, last_page: 1 });
    expect(body.total).toBe(5);
    expect(body.data[0]).toMatchObject({
      name: 'zoe-setup.ios',
      original_name: 'orig-zoe-setup.ios',
      patient: {
        full_name: 'Zoe Zeta',
        case_number_text: 'CASE-7',
        numeric_suffix: 2,
        user: { full_name: 'Alice Adams' },
      },
      patient_file_type: { id: 1, name: 'IOS Files' },
    });
    expect(typeof body.data[0].file_modification_date).toBe('string');
  });

  it('searches by user (the doctor) and by patient (name or case number)', async () => {
    expect(names((await list('?searchByUser=bruno', admin)).json().data)).toEqual([
      'yann-lower.stl',
      'yann-setup.ios',
      'yann-real.stl',
    ]);
    expect(names((await list('?searchByPatient=case-7', admin)).json().data)).toEqual([
      'zoe-setup.ios',
      'zoe-upper.stl',
    ]);
    expect(names((await list('?searchByUser=alice&searchByPatient=yann', admin)).json().data)).toEqual([]);
    // LIKE wildcards are searched as text.
    expect((await list('?searchByPatient=%25', admin)).json().total).toBe(0);
  });

  it('orders by each column, both ways', async () => {
    expect(names((await list('?orderBy=name&order=asc', admin)).json().data)).toEqual([
      'yann-lower.stl',
      'yann-real.stl',
      'yann-setup.ios',
      'zoe-setup.ios',
      'zoe-upper.stl',
    ]);
    const byUser = (await list('?orderBy=user&order=desc', admin)).json().data as PrintingFile[];
    expect(byUser.map((f) => f.patient.user?.full_name)).toEqual([
      'Bruno Brown',
      'Bruno Brown',
      'Bruno Brown',
      'Alice Adams',
      'Alice Adams',
    ]);
    const byType = (await list('?orderBy=type&order=asc', admin)).json().data as PrintingFile[];
    expect(byType.map((f) => f.patient_file_type.id)).toEqual([1, 1, 2, 2, 2]);
    for (const orderBy of ['patient', 'case_number', 'original_name', 'file_modification_date', 'updated_at'])
      expect((await list(`?orderBy=${orderBy}&order=asc`, admin)).statusCode, orderBy).toBe(200);
  });

  it('pages, and past the end answers an empty page with the total', async () => {
    const page2 = (await list('?perPage=2&page=2', admin)).json();
    expect(names(page2.data)).toEqual(['yann-lower.stl', 'yann-setup.ios']);
    expect(page2.meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
    const past = (await list('?perPage=2&page=9', admin)).json();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(5);
  });

  it('validates the query', async () => {
    const res = await list('?orderBy=password&order=up&page=0&perPage=1000', admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['order', 'orderBy', 'page', 'perPage']);
    expect(res.json().errors.order).toEqual(['The order must be asc or desc.']);
    const long = await list(`?searchByUser=${'a'.repeat(256)}`, admin);
    expect(long.json().errors.searchByUser).toEqual(['The search must contain max 255 characters.']);
  });

  it('a listed file downloads through its signed link', async () => {
    const link = await t.app.inject({
      method: 'GET',
      url: `${API}/patient_files/${storedStl}/download_link`,
      headers: tech,
    });
    expect(link.statusCode, link.body).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain('yann-real.stl');
  });
});
