import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  givenUser,
  linkTokenFrom,
  mailsTo,
  solveAltcha,
  tokenFor,
} from '../../../test/auth-helpers.ts';
import { verifyPassword } from '../../platform/auth/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let n = 0;
const newEmail = () => `signup${++n}@example.test`;

async function register(body: Record<string, unknown>, ip = '198.51.100.1') {
  return t.app.inject({
    method: 'POST',
    url: `${API}/register`,
    remoteAddress: ip,
    payload: { altcha: await solveAltcha(t), ...body },
  });
}

const valid = () => ({
  first_name: '  mary   ann ',
  last_name: "o'neil",
  email: newEmail(),
  password: 'Secret123',
  password_confirmation: 'Secret123',
});

describe('POST /register', () => {
  it('creates an unverified practice account, mails the VERIFY link and audits', async () => {
    const body = valid();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.registered });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: 'Mary Ann',
      last_name: "O'neil",
      email_verified_at: null,
      lab_partner_applied_at: null,
    });
    expect(await verifyPassword(user.password_hash, 'Secret123')).toBe(true);
    const roles = await t.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['doctor']);
    const mails = await mailsTo(t, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/verify-user?token=');
    expect(mails[0]!.html).toContain('VERIFY');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.register')
      .where('actor_user_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('creates the default organization "{First} {Last}\'s Account" needing the account setup', async () => {
    const body = valid();
    expect((await register(body)).statusCode).toBe(201);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'current_organization_id'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    const memberships = await t.db
      .selectFrom('organization_user')
      .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
      .select([
        'organizations.id',
        'organizations.name',
        'organizations.account_number',
        'organizations.initial_setup_required',
        'organization_user.role',
      ])
      .where('organization_user.user_id', '=', user.id)
      .execute();
    expect(memberships).toEqual([
      {
        id: user.current_organization_id,
        name: "Mary Ann O'neil's Account",
        account_number: null,
        initial_setup_required: true,
        role: 'organization_owner',
      },
    ]);
    const onboarding = await t.db
      .selectFrom('onboardings')
      .select(['status', 'current_step'])
      .where('organization_id', '=', user.current_organization_id!)
      .executeTakeFirstOrThrow();
    expect(onboarding).toEqual({ status: 1, current_step: 0 });
    const me = await t.app.inject({
      method: 'GET',
      url: `${API}/me`,
      headers: bearer(await tokenFor(t, user.id)),
    });
    expect(me.json()).toMatchObject({
      current_organization_id: user.current_organization_id,
      initial_setup_required: true,
    });
  });

  it('a refused sign-up creates no organization', async () => {
    const before = await t.db.selectFrom('organizations').select('id').execute();
    const existing = await givenUser(t);
    expect((await register({ ...valid(), email: existing.email })).statusCode).toBe(422);
    expect((await register({ ...valid(), password_confirmation: 'Other123' })).statusCode).toBe(400);
    const after = await t.db.selectFrom('organizations').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('with lab_partner, records the 3rd Party Partner application without granting the role', async () => {
    const body = { ...valid(), lab_partner: true };
    expect((await register(body)).statusCode).toBe(201);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'lab_partner_applied_at'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(user.lab_partner_applied_at).not.toBeNull();
    const roles = await t.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.role)).toEqual(['doctor']);
  });

  it('when the e-mail is taken, answers 422 with errors.email', async () => {
    const existing = await givenUser(t);
    const res = await register({ ...valid(), email: existing.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it.each([
    ['password', { password: '', password_confirmation: '' }, 'Required'],
    [
      'password',
      { password: 'Aa1'.repeat(11) + 'x', password_confirmation: 'Aa1'.repeat(11) + 'x' },
      'Must contain max 32 characters.',
    ],
    [
      'password',
      { password: 'secret123', password_confirmation: 'secret123' },
      'Must contain at least 8 characters, one uppercase, one lowercase and one number',
    ],
    [
      'password',
      { password: 'Sec12', password_confirmation: 'Sec12' },
      'Must contain at least 8 characters, one uppercase, one lowercase and one number',
    ],
    ['password_confirmation', { password_confirmation: 'Secret124' }, 'Both password need to be the same'],
    ['first_name', { first_name: '   ' }, 'Required'],
    ['last_name', { last_name: undefined }, 'Required'],
    ['email', { email: '' }, 'Required'],
    ['email', { email: 'nope' }, 'Email is invalid'],
  ])('validates %s (%j)', async (field, change, message) => {
    const res = await register({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('requires the bot check', async () => {
    const res = await register({ ...valid(), altcha: 'garbage' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.altcha).toBeDefined();
  });

  it('after 20 sign-ups from one address, answers 429', async () => {
    const ip = '198.51.100.99';
    await t.db
      .insertInto('rate_limit_counters')
      .values({ key: `register:ip:${ip}`, hits: 20, window_ends_at: new Date(Date.now() + 60_000) })
      .execute();
    const res = await register(valid(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please wait a moment and try again.');
  });
});

describe('GET /check-email', () => {
  it('answers available for a free e-mail', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/check-email?email=${encodeURIComponent(newEmail())}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ available: true });
  });

  it('answers 422 with errors.email for a taken e-mail', async () => {
    const u = await givenUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/check-email?email=${encodeURIComponent(u.email)}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('validates the e-mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/check-email?email=bad` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Email is invalid']);
  });
});

describe('POST /verify', () => {
  it('marks the e-mail verified, signs the user in once, and the link cannot be reused', async () => {
    const body = valid();
    await register(body);
    const token = await linkTokenFrom(t, body.email, '/verify-user');
    const res = await t.app.inject({ method: 'POST', url: `${API}/verify`, payload: { token } });
    expect(res.statusCode).toBe(200);
    const info = res.json().login_info;
    expect(info.user).toMatchObject({ email: body.email, first_name: 'Mary Ann' });
    expect(info.user.email_verified_at).not.toBeNull();
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(info.access_token) });
    expect(me.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `${API}/verify`, payload: { token } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('There was an issue verifying your account.');
  });

  it('refuses an unknown or expired token', async () => {
    const body = valid();
    await register(body);
    const token = await linkTokenFrom(t, body.email, '/verify-user');
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('kind', '=', 'verify_email')
      .execute();
    const expired = await t.app.inject({ method: 'POST', url: `${API}/verify`, payload: { token } });
    expect(expired.statusCode).toBe(422);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${API}/verify`,
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('There was an issue verifying your account.');
  });

  it('validates the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/verify`, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toEqual(['Required']);
  });
});

describe('POST /resend_verification', () => {
  it('mails a new link and voids the old one', async () => {
    const body = valid();
    await register(body);
    const first = await linkTokenFrom(t, body.email, '/verify-user');
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/resend_verification`,
      payload: { email: body.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.verificationResent);
    const second = await linkTokenFrom(t, body.email, '/verify-user');
    expect(second).not.toBe(first);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/verify`, payload: { token: first } })).statusCode,
    ).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/verify`, payload: { token: second } })).statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown or already verified e-mail, without mail', async () => {
    const verified = await givenUser(t);
    const a = await t.app.inject({
      method: 'POST',
      url: `${API}/resend_verification`,
      payload: { email: verified.email },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: `${API}/resend_verification`,
      payload: { email: 'ghost@example.test' },
    });
    expect(a.json()).toEqual(b.json());
    expect(await mailsTo(t, verified.email)).toHaveLength(0);
  });

  it('validates the e-mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/resend_verification`,
      payload: { email: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Email is invalid']);
  });
});
