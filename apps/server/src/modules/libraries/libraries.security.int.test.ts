import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: H;
let admin2: H;
let doctorB: H;

const call = (method: string, path: string, headers: H | Record<string, never>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `${API}${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const lib = (org: number, rest = '') => `/organizations/${org}/bracket-libraries${rest}`;

async function link(org: number, name: string, headers = admin) {
  const res = await call('GET', lib(org, `/request-upload-url?name=${encodeURIComponent(name)}`), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; url: string };
}
const put = (url: string, body = 'bytes') =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  orgB = await givenOrganization(t);
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  admin2 = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  doctorB = bearer(
    await tokenFor(
      t,
      (await givenUser(t, { organizations: [{ id: orgB, role: 'organization_member' }] })).id,
    ),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('hostile uploads', () => {
  it('refuses a forged or altered signature, and a link used after it was stored', async () => {
    const { id, url } = await link(orgA, 'a.zip');
    expect((await put(url.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(
      403,
    );
    expect((await put(url.replace(/expires=\d+/, 'expires=9999999999'))).statusCode).toBe(403);
    expect(
      (await put(url.replace(`/library-uploads/${id}?`, `/library-uploads/${id + 1000}?`))).statusCode,
    ).toBe(403);
    expect((await put(url)).statusCode).toBe(200);
    expect((await call('POST', lib(orgA), admin, { upload_ids: [id] })).statusCode).toBe(201);
    expect((await put(url)).statusCode).toBe(404);
  });

  it('refuses an expired link', async () => {
    const { id, url } = await link(orgA, 'late.zip');
    await t.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const res = await put(url);
    expect(res.statusCode).toBe(403);
  });

  it('never stores another user’s or another organization’s upload', async () => {
    const mine = await link(orgA, 'mine.zip');
    await put(mine.url);
    const res = await call('POST', lib(orgA), admin2, { upload_ids: [mine.id] });
    expect(res.statusCode).toBe(422);
    const other = await link(orgB, 'other.zip');
    await put(other.url);
    expect((await call('POST', lib(orgA), admin, { upload_ids: [other.id] })).statusCode).toBe(422);
    // The file did not become a library anywhere.
    const listed = (await call('GET', lib(orgA), admin)).json() as { data: { file_name: string }[] };
    expect(listed.data.map((l) => l.file_name)).not.toContain('other.zip');
  });

  it('refuses file names the storage cannot hold or that climb out of their folder', async () => {
    for (const name of ['../../etc/passwd', 'a/b.zip', 'x\u0001.zip']) {
      const res = await call('GET', lib(orgA, `/request-upload-url?name=${encodeURIComponent(name)}`), admin);
      expect([400, 422]).toContain(res.statusCode);
    }
    const nul = await call(
      'GET',
      lib(orgA, `/request-upload-url?name=${encodeURIComponent('a\u0000.zip')}`),
      admin,
    );
    expect(nul.statusCode).toBe(400);
  });

  it('keeps a name with markup as plain text', async () => {
    const { id, url } = await link(orgA, '<img src=x onerror=alert(1)>.zip');
    await put(url);
    const res = await call('POST', lib(orgA), admin, { upload_ids: [id] });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { data: { file_name: string }[] }).data[0]!.file_name).toBe(
      '<img src=x onerror=alert(1)>.zip',
    );
  });
});

describe('hostile ids and bodies', () => {
  it('answers 404 for a library reached through another organization', async () => {
    const { id, url } = await link(orgA, 'cross.zip');
    await put(url);
    const libraryId = (
      (await call('POST', lib(orgA), admin, { upload_ids: [id] })).json() as { data: { id: number }[] }
    ).data[0]!.id;
    for (const [method, path, body] of [
      ['GET', lib(orgB, `/${libraryId}/inventory`)],
      ['POST', lib(orgB, `/${libraryId}/inventory`), { stocks: [], low_stock_threshold: 1 }],
      ['GET', lib(orgB, `/${libraryId}/inventory-changelog`)],
      ['GET', lib(orgB, `/${libraryId}/request-download-url`)],
      ['PUT', lib(orgB, `/${libraryId}`), { hide: true }],
      ['DELETE', lib(orgB, `/${libraryId}`)],
    ] as const) {
      expect((await call(method, path, admin, body)).statusCode, `${method} ${path}`).toBe(404);
      expect([403, 404]).toContain((await call(method, path, doctorB, body)).statusCode);
    }
    // A practice user of another organization cannot learn the library exists.
    expect((await call('GET', lib(orgA, `/${libraryId}/inventory`), doctorB)).statusCode).toBe(404);
  });

  it('refuses a tooth listed twice, huge numbers and a negative threshold', async () => {
    const { id, url } = await link(orgA, 'bodies.zip');
    await put(url);
    const libraryId = (
      (await call('POST', lib(orgA), admin, { upload_ids: [id] })).json() as { data: { id: number }[] }
    ).data[0]!.id;
    const post = (body: unknown) => call('POST', lib(orgA, `/${libraryId}/inventory`), admin, body);
    expect(
      (
        await post({
          stocks: [
            { tooth_number: 'UR1', increment: 1 },
            { tooth_number: 'UR1', increment: 1 },
          ],
          low_stock_threshold: 0,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post({
          stocks: [{ tooth_number: 'UR1', increment: 1e12 }],
          low_stock_threshold: 0,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post({ stocks: [{ tooth_number: 'UR1', increment: 1.5 }], low_stock_threshold: 0, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await post({ stocks: [], low_stock_threshold: -1 })).statusCode).toBe(400);
    expect((await post({ stocks: [], low_stock_threshold: '3' })).statusCode).toBe(400);
    expect(
      (
        await post({
          stocks: [{ tooth_number: 'UR1', increment: 1 }],
          low_stock_threshold: 0,
          reason: 'r'.repeat(1001),
        })
      ).statusCode,
    ).toBe(400);
    // Nothing changed.
    const inv = (await call('GET', lib(orgA, `/${libraryId}/inventory`), admin)).json() as {
      stocks: { available: number }[];
    };
    expect(inv.stocks.every((s) => s.available === 0)).toBe(true);
  });

  it('refuses shelf values with injection attempts', async () => {
    const { id, url } = await link(orgA, 'shelf.zip');
    await put(url);
    const libraryId = (
      (await call('POST', lib(orgA), admin, { upload_ids: [id] })).json() as { data: { id: number }[] }
    ).data[0]!.id;
    for (const shelf of ["A'; drop table bracket_libraries; --", '<b>', 'A\nB'])
      expect((await call('PUT', lib(orgA, `/${libraryId}`), admin, { shelf })).statusCode).toBe(400);
  });
});

describe('hostile custom bracket sets', () => {
  const sets = (org: number, rest = '') => `/organizations/${org}/custom-bracket-sets${rest}`;
  const libraryOf = async (org: number, label: string) =>
    Number(
      (
        await t.db
          .insertInto('bracket_libraries')
          .values({ organization_id: org, label, file_name: `${label}.zip` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  it("never builds a set from another organization's library, nor reaches a set through another organization", async () => {
    const libA = await libraryOf(orgA, 'Sec A');
    const libB = await libraryOf(orgB, 'Sec B');
    const res = await call('POST', sets(orgA), admin, {
      name: 'Borrowed',
      teeth: [{ tooth_number: 11, bracket_library_id: libB }],
    });
    expect(res.statusCode).toBe(422);
    const a = await call('POST', sets(orgA), admin, {
      name: 'Set A',
      teeth: [{ tooth_number: 11, bracket_library_id: libA }],
    });
    expect(a.statusCode, a.body).toBe(201);
    const id = a.json().data.id as number;
    // orgB's member cannot see, change or remove orgA's set, through orgA or through orgB.
    await t.db.updateTable('organizations').set({ enable_custom_bracket_sets: true }).execute();
    expect((await call('GET', sets(orgA, '?filter=owned'), doctorB)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', sets(orgB, `/${id}`), doctorB, {
          name: 'Stolen',
          teeth: [{ tooth_number: 11, bracket_library_id: libB }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', sets(orgB, `/${id}`), doctorB)).statusCode).toBe(404);
    expect(
      (await call('GET', sets(orgB, `?assigned_to_user_id=${a.json().data.id}`), doctorB)).statusCode,
    ).toBe(404);
    // A set of orgA's does not change owner with a body naming orgB's library.
    const moved = await call('PUT', sets(orgA, `/${id}`), admin, {
      name: 'Set A',
      teeth: [{ tooth_number: 11, bracket_library_id: libB }],
    });
    expect(moved.statusCode).toBe(422);
  });

  it('refuses malformed bodies and ids, and keeps markup in a name as plain text', async () => {
    const libA = await libraryOf(orgA, 'Sec Markup');
    for (const payload of [
      { name: 'Set', teeth: 'all' },
      { name: ['Set'], teeth: [{ tooth_number: 11, bracket_library_id: libA }] },
      { name: 'Huge', teeth: [{ tooth_number: 11, bracket_library_id: libA, height: 1e308 }] },
      { name: 'Str', teeth: [{ tooth_number: '11', bracket_library_id: libA }] },
      { name: 'Neg', teeth: [{ tooth_number: 11, bracket_library_id: -1 }] },
      {
        name: 'Many',
        teeth: Array.from({ length: 33 }, (_, i) => ({ tooth_number: 11 + i, bracket_library_id: libA })),
      },
    ]) {
      const res = await call('POST', sets(orgA), admin, payload);
      expect([400, 422], res.body).toContain(res.statusCode);
    }
    expect((await call('PUT', sets(orgA, '/abc'), admin, {})).statusCode).toBe(400);
    expect((await call('DELETE', sets(orgA, '/99999999999999999999'), admin)).statusCode).toBe(400);
    const name = `<img src=x onerror=alert(1)>'; drop table custom_bracket_sets; --`;
    const res = await call('POST', sets(orgA), admin, {
      name,
      teeth: [{ tooth_number: 11, bracket_library_id: libA }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.name).toBe(name);
  });

  it('lets no practice user assign users, switch sets on, or act as management', async () => {
    await t.db.updateTable('organizations').set({ enable_custom_bracket_sets: true }).execute();
    const libB = await libraryOf(orgB, 'Sec Practice');
    const teeth = [{ tooth_number: 11, bracket_library_id: libB }];
    expect(
      (await call('POST', sets(orgB), doctorB, { name: 'Assign', teeth, assigned_user_ids: [1] })).statusCode,
    ).toBe(403);
    expect((await call('POST', sets(orgB, '/set-enable'), doctorB, { value: false })).statusCode).toBe(403);
    expect((await call('GET', sets(orgB, '?filter=created_by_management'), doctorB)).statusCode).toBe(403);
    const own = await call('POST', sets(orgB), doctorB, { name: 'Own', teeth });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data.created_by_management).toBe(false);
    // Switching the organization off closes the practice user's own sets too.
    await t.db
      .updateTable('organizations')
      .set({ enable_custom_bracket_sets: false })
      .where('id', '=', orgB)
      .execute();
    expect(
      (await call('PUT', sets(orgB, `/${own.json().data.id}`), doctorB, { name: 'Own 2', teeth })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', sets(orgB, `/${own.json().data.id}`), doctorB)).statusCode).toBe(403);
  });
});
