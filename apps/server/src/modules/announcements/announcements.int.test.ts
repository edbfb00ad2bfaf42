import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_DELETED_MESSAGE,
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_MAX_LENGTH_MESSAGE,
  ANNOUNCEMENT_UPDATED_MESSAGE,
  type AnnouncementListResponse,
  type Role,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const URL = `${API}/settings/announcements`;

async function signedIn(roles: Role[]) {
  const management = roles.some((r) => r !== 'doctor' && r !== 'staff_member');
  const organizationId = management ? null : await givenOrganization(t);
  const user = await givenUser(t, {
    roles,
    first_name: 'Sam',
    last_name: roles[0] === 'super_admin' ? 'Admin' : 'Smith',
    organizations: organizationId ? [{ id: organizationId, role: 'organization_owner' }] : [],
  });
  const token = await tokenFor(t, user.id, { management });
  return { user, token };
}

async function clearAnnouncements() {
  await t.db.deleteFrom('announcements').execute();
}

async function put(token: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as object });
}

describe('PUT /settings/announcements', () => {
  it('without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'PUT', url: URL, payload: { visibility: 'doctor', body: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('without announcement.update answers 403 (technician and doctor)', async () => {
    for (const roles of [['tech_support'], ['doctor']] as Role[][]) {
      const { token } = await signedIn(roles);
      const res = await put(token, { visibility: 'doctor', body: 'Closed on Friday' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    expect(await t.db.selectFrom('announcements').select('id').execute()).toHaveLength(0);
  });

  it('creates, then updates in place, the announcement of a visibility; writes an audit row', async () => {
    await clearAnnouncements();
    const { user, token } = await signedIn(['super_admin']);
    const created = await put(token, { visibility: 'doctor', body: '<p>Closed on Friday</p>' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: ANNOUNCEMENT_UPDATED_MESSAGE,
      announcement: { body: '<p>Closed on Friday</p>', visibility: 'doctor', last_updated_by: 'Sam Admin' },
    });
    const id = created.json().announcement.id;

    const updated = await put(token, { visibility: 'doctor', body: 'Open on Friday' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().announcement).toMatchObject({ id, body: 'Open on Friday' });
    const rows = await t.db.selectFrom('announcements').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, body: 'Open on Friday', last_updated_by_user_id: user.id });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'announcements.update')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]).toMatchObject({
      actor_user_id: user.id,
      entity_type: 'announcement',
      entity_id: String(id),
      outcome: 'success',
    });
  });

  it('keeps the two visibilities apart', async () => {
    await clearAnnouncements();
    const { token } = await signedIn(['admin']);
    await put(token, { visibility: 'doctor', body: 'For doctors' });
    await put(token, { visibility: 'internal', body: 'For staff' });
    const rows = await t.db
      .selectFrom('announcements')
      .select(['visibility', 'body'])
      .orderBy('visibility')
      .execute();
    expect(rows).toEqual([
      { visibility: 'doctor', body: 'For doctors' },
      { visibility: 'internal', body: 'For staff' },
    ]);
  });

  it('an empty body deletes the announcement of that visibility only', async () => {
    await clearAnnouncements();
    const { token } = await signedIn(['super_admin']);
    await put(token, { visibility: 'doctor', body: 'For doctors' });
    await put(token, { visibility: 'internal', body: 'For staff' });
    for (const payload of [{ visibility: 'doctor', body: '' }, { visibility: 'doctor' }]) {
      const res = await put(token, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ANNOUNCEMENT_DELETED_MESSAGE, announcement: null });
    }
    const rows = await t.db.selectFrom('announcements').select('visibility').execute();
    expect(rows).toEqual([{ visibility: 'internal' }]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'announcements.delete')
      .execute();
    expect(audit.length).toBe(2);
  });

  it(`rejects a body over ${ANNOUNCEMENT_MAX_LENGTH} characters with 'Maximum character limit exceeded.'`, async () => {
    await clearAnnouncements();
    const { token } = await signedIn(['super_admin']);
    const res = await put(token, { visibility: 'doctor', body: 'a'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: ANNOUNCEMENT_MAX_LENGTH_MESSAGE,
      errors: { body: [ANNOUNCEMENT_MAX_LENGTH_MESSAGE] },
    });
    expect(await t.db.selectFrom('announcements').select('id').execute()).toHaveLength(0);
  });

  it('accepts a body of exactly the maximum length', async () => {
    await clearAnnouncements();
    const { token } = await signedIn(['super_admin']);
    const res = await put(token, { visibility: 'internal', body: 'b'.repeat(ANNOUNCEMENT_MAX_LENGTH) });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('announcements')
      .select((eb) => eb.fn<number>('length', ['body']).as('length'))
      .executeTakeFirstOrThrow();
    expect(Number(row.length)).toBe(ANNOUNCEMENT_MAX_LENGTH);
    await clearAnnouncements();
  });

  it('rejects an unknown visibility naming the field', async () => {
    const { token } = await signedIn(['super_admin']);
    const res = await put(token, { visibility: 'everyone', body: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ visibility: ['The visibility must be doctor or internal.'] });
  });
});

describe('GET /settings/announcements', () => {
  it('without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });

  it('shows practice users the doctor announcement and management staff the internal one', async () => {
    await clearAnnouncements();
    const editor = await signedIn(['super_admin']);
    await put(editor.token, { visibility: 'doctor', body: 'For doctors' });
    await put(editor.token, { visibility: 'internal', body: 'For staff' });

    const doctor = await signedIn(['doctor']);
    const forDoctor = await t.app.inject({ method: 'GET', url: URL, headers: bearer(doctor.token) });
    expect(forDoctor.statusCode).toBe(200);
    expect((forDoctor.json() as AnnouncementListResponse).announcements.map((a) => a.body)).toEqual([
      'For doctors',
    ]);

    const tech = await signedIn(['tech_support']);
    const forTech = await t.app.inject({ method: 'GET', url: URL, headers: bearer(tech.token) });
    expect(forTech.statusCode).toBe(200);
    expect((forTech.json() as AnnouncementListResponse).announcements).toMatchObject([
      { body: 'For staff', visibility: 'internal', last_updated_by: 'Sam Admin' },
    ]);

    const forEditor = await t.app.inject({ method: 'GET', url: URL, headers: bearer(editor.token) });
    expect((forEditor.json() as AnnouncementListResponse).announcements.map((a) => a.visibility)).toEqual([
      'internal',
    ]);

    // The internal announcement is for the provider's staff: a third-party lab partner reads none.
    const partner = await signedIn(['lab_partner']);
    const forPartner = await t.app.inject({ method: 'GET', url: URL, headers: bearer(partner.token) });
    expect(forPartner.statusCode).toBe(200);
    expect((forPartner.json() as AnnouncementListResponse).announcements).toEqual([]);
  });

  it('scope=all gives editors both announcements, and answers 403 to others', async () => {
    await clearAnnouncements();
    const editor = await signedIn(['admin']);
    await put(editor.token, { visibility: 'doctor', body: 'For doctors' });
    await put(editor.token, { visibility: 'internal', body: 'For staff' });
    const all = await t.app.inject({ method: 'GET', url: `${URL}?scope=all`, headers: bearer(editor.token) });
    expect(all.statusCode).toBe(200);
    expect((all.json() as AnnouncementListResponse).announcements.map((a) => a.visibility).sort()).toEqual([
      'doctor',
      'internal',
    ]);

    const doctor = await signedIn(['doctor']);
    const denied = await t.app.inject({
      method: 'GET',
      url: `${URL}?scope=all`,
      headers: bearer(doctor.token),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('rejects an unknown scope naming the field', async () => {
    const doctor = await signedIn(['doctor']);
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL}?scope=everything`,
      headers: bearer(doctor.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ scope: ['The scope must be all.'] });
  });
});
