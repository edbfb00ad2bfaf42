import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_NUMBER_FORMAT_MESSAGE,
  ACCOUNT_NUMBER_MAX_MESSAGE,
  ACCOUNT_NUMBER_MIN_MESSAGE,
  NOTIFICATION_SETTING_KEYS,
  USER_MESSAGES,
} from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, mailsTo, tokenFor } from '../../../test/auth-helpers.ts';
import { decryptSecret } from './secret-box.ts';

type H = { authorization: string };
let t: TestApp;
let orgA: number;
let orgB: number;
let admin: { id: number; headers: H };
let superAdmin: { id: number; headers: H };
let supervisor: { id: number; headers: H };
let partner: { id: number; headers: H };
let doctorA: { id: number; email: string; headers: H };
let memberA: { id: number; email: string };
let doctorB: { id: number; email: string; headers: H };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'], first_name: 'Ada', last_name: 'Admin' });
  const sa = await givenUser(t, { roles: ['super_admin'] });
  const sv = await givenUser(t, { roles: ['supervisor'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const dA = await givenUser(t, {
    first_name: 'Dana',
    last_name: 'Doctor',
    email: 'dana.doctor@example.test',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const mA = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_member' }] });
  const dB = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_owner' }] });
  admin = { id: a.id, headers: bearer(await tokenFor(t, a.id, { management: true })) };
  superAdmin = { id: sa.id, headers: bearer(await tokenFor(t, sa.id, { management: true })) };
  supervisor = { id: sv.id, headers: bearer(await tokenFor(t, sv.id, { management: true })) };
  partner = { id: lp.id, headers: bearer(await tokenFor(t, lp.id, { management: true })) };
  doctorA = { id: dA.id, email: dA.email, headers: bearer(await tokenFor(t, dA.id)) };
  memberA = { id: mA.id, email: mA.email };
  doctorB = { id: dB.id, email: dB.email, headers: bearer(await tokenFor(t, dB.id)) };
});
afterAll(() => t?.close());

const url = (path = '') => `${API}/users${path}`;
const validForm = (over: Record<string, unknown> = {}) => ({
  first_name: 'new',
  last_name: 'person',
  email: `new-${Math.random().toString(36).slice(2)}@example.test`,
  role: 'doctor',
  ...over,
});

describe('GET /users', () => {
  it('without a token, returns 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(401);
  });

  it('for a practice user, returns 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: doctorA.headers });
    expect(res.statusCode).toBe(403);
  });

  it('lists every user for an admin with pagination meta (default page size 15)', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.meta).toEqual({ current_page: 1, per_page: 15, total: 7, last_page: 1 });
    expect(body.users.data).toHaveLength(7);
    const dana = body.users.data.find((u: { id: number }) => u.id === doctorA.id);
    expect(dana).toMatchObject({
      full_name: 'Dana Doctor',
      email: 'dana.doctor@example.test',
      roles: [{ name: 'doctor' }],
      organizations: [{ id: orgA, name: 'Bright Smiles', pivot: { role: 'organization_owner' } }],
      deleted_at: null,
    });
  });

  it('pages, filters by organization, roles and name or e-mail, and orders', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: url('?per_page=2&page=2&orderBy=oldest'),
      headers: admin.headers,
    });
    expect(page.json().users.meta).toEqual({ current_page: 2, per_page: 2, total: 7, last_page: 4 });
    expect(page.json().users.data.map((u: { id: number }) => u.id)).toEqual([
      superAdmin.id + 1,
      superAdmin.id + 2,
    ]);

    const byOrg = await t.app.inject({
      method: 'GET',
      url: url(`?organizationId=${orgA}`),
      headers: admin.headers,
    });
    expect(
      byOrg
        .json()
        .users.data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([partner.id, doctorA.id, memberA.id].sort());

    const byRoles = await t.app.inject({
      method: 'GET',
      url: url('?roles[]=admin&roles[]=supervisor'),
      headers: admin.headers,
    });
    expect(
      byRoles
        .json()
        .users.data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([admin.id, supervisor.id].sort());

    const search = await t.app.inject({
      method: 'GET',
      url: url('?searchFullNameEmailQuery=dana doc'),
      headers: admin.headers,
    });
    expect(search.json().users.data.map((u: { id: number }) => u.id)).toEqual([doctorA.id]);

    const past = await t.app.inject({ method: 'GET', url: url('?page=9'), headers: admin.headers });
    expect(past.json().users).toEqual({
      data: [],
      meta: { current_page: 9, per_page: 15, total: 7, last_page: 1 },
    });
  });

  it('refuses more than 500 per page and an unknown role', async () => {
    const big = await t.app.inject({ method: 'GET', url: url('?per_page=501'), headers: admin.headers });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ per_page: ['The per page must not be greater than 500.'] });
    const ok = await t.app.inject({ method: 'GET', url: url('?per_page=500'), headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    const role = await t.app.inject({ method: 'GET', url: url('?roles=pilot'), headers: admin.headers });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe(USER_MESSAGES.invalidRole);
  });

  it('a lab partner sees only users of its organizations, and 404 for another organization filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: partner.headers });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .users.data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([partner.id, doctorA.id, memberA.id].sort());
    const other = await t.app.inject({
      method: 'GET',
      url: url(`?organizationId=${orgB}`),
      headers: partner.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /users/{id}', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(`/${doctorA.id}`) })).statusCode).toBe(401);
  });

  it('shows the user page with permissions and e-mails', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(`/${doctorA.id}`), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: doctorA.id,
      full_name: 'Dana Doctor',
      additional_emails: [],
      all_permissions: expect.any(Array),
    });
  });

  it('a practice user sees themself but gets 404 for anyone else', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${doctorA.id}`), headers: doctorA.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${memberA.id}`), headers: doctorA.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('a lab partner gets 404 for a user of another organization', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${doctorB.id}`), headers: partner.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${doctorA.id}`), headers: partner.headers }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /users', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(), payload: validForm() })).statusCode).toBe(401);
  });

  it('without users.create / users.manage / users.manage-limited, returns 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: partner.headers,
      payload: validForm(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('names each missing field with Required', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(), headers: admin.headers, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      first_name: ['Required'],
      last_name: ['Required'],
      email: ['Required'],
      role: ['Required'],
    });
  });

  it.each([
    ['ABC12', ACCOUNT_NUMBER_MIN_MESSAGE],
    ['A'.repeat(21), ACCOUNT_NUMBER_MAX_MESSAGE],
    ['-ABC123', ACCOUNT_NUMBER_FORMAT_MESSAGE],
    ['ABC_123', ACCOUNT_NUMBER_FORMAT_MESSAGE],
  ])('account number %s answers %s', async (accountNumber, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin.headers,
      payload: validForm({ account_number: accountNumber }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ account_number: [message] });
  });

  it('refuses a taken e-mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin.headers,
      payload: validForm({ email: doctorA.email }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [USER_MESSAGES.emailTaken] });
  });

  it('a supervisor (users.manage-limited) may not create a management account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: supervisor.headers,
      payload: validForm({ role: 'admin' }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('an organization the caller cannot see is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: admin.headers,
      payload: validForm({ organization_id: 999_999 }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ organization_id: [USER_MESSAGES.invalidOrganization] });
  });

  it('creates the user in an organization and mails the initial-password link', async () => {
    const payload = validForm({
      first_name: '  mary ann ',
      account_number: 'DR-1001',
      organization_id: orgA,
    });
    const res = await t.app.inject({ method: 'POST', url: url(), headers: supervisor.headers, payload });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(USER_MESSAGES.created);
    expect(body.user).toMatchObject({
      first_name: 'Mary Ann',
      last_name: 'Person',
      account_number: 'DR-1001',
      roles: [{ name: 'doctor' }],
      organizations: [{ id: orgA, pivot: { role: 'organization_member' } }],
    });
    const mails = await mailsTo(t, payload.email as string);
    expect(mails).toHaveLength(1);
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)&userRole=doctor&mode=initial/.exec(
      mails[0]!.text,
    );
    expect(match).not.toBeNull();
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/reset-password?token=`);

    // The link sets the first password through the reset endpoint.
    const reset = await t.app.inject({
      method: 'POST',
      url: `${API}/reset`,
      payload: { token: match![1], password: 'Initial123', password_confirmation: 'Initial123' },
    });
    expect(reset.statusCode).toBe(200);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'users.create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: supervisor.id,
      entity_id: String(body.user.id),
      organization_id: orgA,
    });
  });
});

describe('PUT /users/{id}', () => {
  it('without a token, returns 401', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${memberA.id}`), payload: validForm() })).statusCode,
    ).toBe(401);
  });

  it('without users.update or users.manage, returns 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}`),
      headers: supervisor.headers,
      payload: validForm(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('for a user of another organization, returns 404 (lab partner)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${doctorB.id}`),
      headers: partner.headers,
      payload: validForm(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('validates like the form', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}`),
      headers: admin.headers,
      payload: { first_name: '', last_name: 'x', email: 'nope', role: '', account_number: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      first_name: ['Required'],
      email: ['Email is invalid'],
      role: ['Required'],
      account_number: [ACCOUNT_NUMBER_MIN_MESSAGE],
    });
  });

  it('saves the form and the account number, and audits it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}`),
      headers: admin.headers,
      payload: {
        first_name: 'morgan',
        last_name: 'lee',
        email: memberA.email,
        role: 'staff_member',
        account_number: 'ACC-2002',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: USER_MESSAGES.updated,
      user: { full_name: 'Morgan Lee', account_number: 'ACC-2002', roles: [{ name: 'staff_member' }] },
    });
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'users.update')
      .executeTakeFirstOrThrow();
    expect(row.details).toMatchObject({
      fields: ['first_name', 'last_name', 'account_number'],
      role: 'staff_member',
    });
  });

  it('refuses an account number another user holds', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${doctorA.id}`),
      headers: admin.headers,
      payload: {
        first_name: 'Dana',
        last_name: 'Doctor',
        email: doctorA.email,
        role: 'doctor',
        account_number: 'ACC-2002',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ account_number: [USER_MESSAGES.accountNumberTaken] });
  });

  it("one's own role cannot change", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${admin.id}`),
      headers: admin.headers,
      payload: {
        first_name: 'Ada',
        last_name: 'Admin',
        email: (
          await t.db.selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirstOrThrow()
        ).email,
        role: 'doctor',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ role: [USER_MESSAGES.ownRole] });
  });
});

describe('archive, restore and delete', () => {
  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'PUT', url: url(`/${memberA.id}/archive`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: url(`/${memberA.id}/restore`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${memberA.id}`) })).statusCode).toBe(401);
  });

  it('without the permissions, returns 403', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${memberA.id}/archive`), headers: supervisor.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${memberA.id}/restore`), headers: supervisor.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${memberA.id}`), headers: supervisor.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('for a user of another organization, returns 404', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: url(`/${doctorB.id}/archive`), headers: partner.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: url(`/${doctorB.id}`), headers: partner.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('archives a user: sessions end, the user becomes read-only, then restores', async () => {
    const memberToken = bearer(await tokenFor(t, memberA.id));
    const res = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}/archive`),
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MESSAGES.archived);
    expect(res.json().user.deleted_at).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${API}/me`, headers: memberToken })).statusCode).toBe(
      401,
    );

    const again = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}/archive`),
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(422);

    const edit = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}`),
      headers: admin.headers,
      payload: { first_name: 'X', last_name: 'Y', email: memberA.email, role: 'staff_member' },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toBe(USER_MESSAGES.archivedReadOnly);

    const restored = await t.app.inject({
      method: 'PUT',
      url: url(`/${memberA.id}/restore`),
      headers: admin.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: USER_MESSAGES.restored, user: { deleted_at: null } });
  });

  it("never deletes one's own account", async () => {
    const res = await t.app.inject({ method: 'DELETE', url: url(`/${admin.id}`), headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.ownAccountDelete);
  });

  it('deletes a user: removed, sessions revoked, gone from the list', async () => {
    const victim = await givenUser(t, { organizations: [{ id: orgB, role: 'organization_member' }] });
    const token = bearer(await tokenFor(t, victim.id));
    const res = await t.app.inject({ method: 'DELETE', url: url(`/${victim.id}`), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USER_MESSAGES.deleted });
    const row = await t.db
      .selectFrom('users')
      .select('removed_at')
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${API}/me`, headers: token })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/${victim.id}`), headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});

describe('whitehat integration', () => {
  const wurl = (id: number) => url(`/${id}/whitehat-integration`);

  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: wurl(doctorA.id) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: wurl(doctorA.id), payload: { enabled: false } })).statusCode,
    ).toBe(401);
  });

  it('without users.update-whitehat-integration, returns 403', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: wurl(doctorA.id), headers: supervisor.headers })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: wurl(doctorA.id),
          headers: supervisor.headers,
          payload: { enabled: false },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('for a user the caller cannot see, returns 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: wurl(doctorB.id), headers: doctorA.headers })).statusCode,
    ).toBe(404);
  });

  it('when enabled, username and password are required', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: wurl(doctorA.id),
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: [USER_MESSAGES.whitehatUsername],
      password: [USER_MESSAGES.whitehatPassword],
    });
  });

  it('stores the password encrypted and never returns it', async () => {
    const empty = await t.app.inject({ method: 'GET', url: wurl(doctorA.id), headers: admin.headers });
    expect(empty.json()).toEqual({
      data: { enabled: false, username: null, has_password: false },
      metadata: { browser_extension_settings: { enabled: false, username: null } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: wurl(doctorA.id),
      headers: admin.headers,
      payload: { enabled: true, username: 'dana', password: 'S3cret-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: USER_MESSAGES.whitehatUpdated,
      data: { enabled: true, username: 'dana', has_password: true },
      metadata: { browser_extension_settings: { enabled: true, username: 'dana' } },
    });
    expect(res.body).not.toContain('S3cret-pass');
    const row = await t.db
      .selectFrom('whitehat_integrations')
      .selectAll()
      .where('user_id', '=', doctorA.id)
      .executeTakeFirstOrThrow();
    expect(row.password_encrypted).not.toContain('S3cret-pass');
    expect(row.password_encrypted).toMatch(/^v1:/);
    expect(await decryptSecret(t.ctx, row.password_encrypted!)).toBe('S3cret-pass');
    const fetched = await t.app.inject({ method: 'GET', url: wurl(doctorA.id), headers: admin.headers });
    expect(fetched.body).not.toContain('S3cret-pass');
    expect(fetched.json().data).toEqual({ enabled: true, username: 'dana', has_password: true });
  });
});

describe('notification settings', () => {
  const nurl = (id: number) => url(`/${id}/notification-settings`);

  it('without a token, returns 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: nurl(doctorA.id) })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${nurl(doctorA.id)}/toggle`,
          payload: { name: 'rush_case' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a doctor sees only rush_case, on by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: nurl(doctorA.id), headers: doctorA.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ name: 'rush_case', enabled: true }] });
  });

  it('management users see every key', async () => {
    const res = await t.app.inject({ method: 'GET', url: nurl(supervisor.id), headers: supervisor.headers });
    expect(res.json().data.map((d: { name: string }) => d.name)).toEqual([...NOTIFICATION_SETTING_KEYS]);
  });

  it("another user's settings need users.manage-notification-settings (403), another organization 404", async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: nurl(doctorA.id), headers: supervisor.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: nurl(doctorA.id), headers: doctorB.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: nurl(doctorA.id), headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it('toggles a setting and refuses a key that does not apply', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${nurl(doctorA.id)}/toggle`,
      headers: doctorA.headers,
      payload: { name: 'monthly_invoice' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: [USER_MESSAGES.invalidNotification] });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${nurl(doctorA.id)}/toggle`,
      headers: doctorA.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ name: ['Required'] });

    const off = await t.app.inject({
      method: 'PUT',
      url: `${nurl(doctorA.id)}/toggle`,
      headers: doctorA.headers,
      payload: { name: 'rush_case' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      message: 'Notification settings successfully updated.',
      data: { name: 'rush_case', enabled: false },
    });
    const list = await t.app.inject({ method: 'GET', url: nurl(doctorA.id), headers: doctorA.headers });
    expect(list.json().data).toEqual([{ name: 'rush_case', enabled: false }]);
    const on = await t.app.inject({
      method: 'PUT',
      url: `${nurl(doctorA.id)}/toggle`,
      headers: admin.headers,
      payload: { name: 'rush_case' },
    });
    expect(on.json().data.enabled).toBe(true);
  });
});
