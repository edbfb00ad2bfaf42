import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_MAX_LENGTH, type AnnouncementListResponse, type Role } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

/** Announcements as an attacker would try them: oversized bodies, forged visibilities, races, markup. */
let t: TestApp;
const URL = `${API}/settings/announcements`;

async function tokenOf(roles: Role[]) {
  const management = roles.some((r) => r !== 'doctor' && r !== 'staff_member');
  const organizationId = management ? null : await givenOrganization(t);
  const user = await givenUser(t, {
    roles,
    organizations: organizationId ? [{ id: organizationId, role: 'organization_owner' }] : [],
  });
  return bearer(await tokenFor(t, user.id, { management }));
}

let editor: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  editor = await tokenOf(['super_admin']);
});
afterAll(() => t?.close());

const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });

describe('announcements under attack', () => {
  it('a non-editor sending a huge body is refused with 403 before the body is read, never 413', async () => {
    const doctor = await tokenOf(['doctor']);
    const res = await put(doctor, { visibility: 'doctor', body: 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 10) });
    expect(res.statusCode).toBe(403);
    const anonymous = await put({}, { visibility: 'doctor', body: 'a'.repeat(3 * 1024 * 1024) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a practice owner and a lab partner can neither write nor read both visibilities', async () => {
    for (const roles of [['doctor'], ['lab_partner'], ['supervisor']] as Role[][]) {
      const headers = await tokenOf(roles);
      expect((await put(headers, { visibility: 'internal', body: 'Hijack' })).statusCode).toBe(403);
      const all = await t.app.inject({ method: 'GET', url: `${URL}?scope=all`, headers });
      expect(all.statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('announcements').select('id').execute()).toEqual([]);
  });

  it('refuses forged visibilities, non-string bodies and unstorable text, naming the field', async () => {
    for (const [payload, field] of [
      [{ visibility: ['doctor', 'internal'], body: 'x' }, 'visibility'],
      [{ visibility: 'doctor', body: { $ne: '' } }, 'body'],
      [{ visibility: 'doctor', body: 'a\u0000b' }, 'body'],
    ] as const) {
      const res = await put(editor, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
  });

  it('keeps markup verbatim (the web shows it as text, never as HTML) and internal text away from practices', async () => {
    const markup = '<img src=x onerror="alert(1)"><script>steal()</script>';
    expect((await put(editor, { visibility: 'internal', body: markup })).statusCode).toBe(200);
    const doctor = await tokenOf(['doctor']);
    const seen = (
      await t.app.inject({ method: 'GET', url: URL, headers: doctor })
    ).json() as AnnouncementListResponse;
    expect(seen.announcements).toEqual([]);
    const all = (
      await t.app.inject({ method: 'GET', url: `${URL}?scope=all`, headers: editor })
    ).json() as AnnouncementListResponse;
    expect(all.announcements.find((a) => a.visibility === 'internal')?.body).toBe(markup);
  });

  it('concurrent saves of one visibility leave exactly one announcement', async () => {
    await t.db.deleteFrom('announcements').execute();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(editor, { visibility: 'doctor', body: `Version ${i}` })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.db
      .selectFrom('announcements')
      .select('body')
      .where('visibility', '=', 'doctor')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
