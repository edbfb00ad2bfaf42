import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildPatient } from '../../db/seed/factories.ts';

/** Printing files as an attacker would try them: stray grants, injected order columns, archived cases. */
type H = { authorization: string };
let t: TestApp;
let admin: H;
let practiceWithGrant: H;
let partnerWithGrant: H;

const list = (query: string, headers: H) =>
  t.app.inject({ method: 'GET', url: `${API}/printing-files${query}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  const org = await givenOrganization(t);
  const doc = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  // Stray printing-files.view rows on a practice owner and on a lab partner do not open the list.
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: doc.id, permission: 'printing-files.view' })
    .execute();
  practiceWithGrant = bearer(await tokenFor(t, doc.id));
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: org, role: 'organization_member' }],
  });
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: lp.id, permission: 'printing-files.view' })
    .execute();
  partnerWithGrant = bearer(await tokenFor(t, lp.id, { management: true }));
  const archived = await buildPatient(t.db, {
    organization_id: org,
    user_id: doc.id,
    first_name: 'Gone',
    deleted_at: new Date(),
    deleted_kind: 'deleted',
  });
  await t.db
    .insertInto('patient_files')
    .values({
      patient_id: archived.id,
      patient_file_type_id: 2,
      name: 'gone.stl',
      original_name: 'gone.stl',
      storage_path: 'x/gone.stl',
    })
    .execute();
});
afterAll(() => t?.close());

describe('printing files under hostile input', () => {
  it('a stray permission row opens nothing to practice users or lab partners (403)', async () => {
    expect((await list('', practiceWithGrant)).statusCode).toBe(403);
    expect((await list('', partnerWithGrant)).statusCode).toBe(403);
  });

  it('an order column or direction outside the list is refused, never put into SQL', async () => {
    for (const q of ['?orderBy=f.id;drop table users', '?order=asc;--', '?orderBy=storage_path'])
      expect((await list(q, admin)).statusCode, q).toBe(400);
  });

  it('search text with quotes and wildcards is matched as text', async () => {
    const res = await list(`?searchByPatient=${encodeURIComponent("' or 1=1 --")}&searchByUser=_`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });

  it('the files of deleted cases are left out unless the caller may see archived patients', async () => {
    // The admin holds patients.view-archived; the archived case's file is listed for them.
    expect((await list('', admin)).json().data.map((f: { name: string }) => f.name)).toEqual(['gone.stl']);
    const tech = bearer(
      await tokenFor(t, (await givenUser(t, { roles: ['tech_support'] })).id, { management: true }),
    );
    expect((await list('', tech)).json().total).toBe(0);
  });
});
