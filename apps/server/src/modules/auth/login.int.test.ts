import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, UNVERIFIED_EMAIL_CODE } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  DEFAULT_PASSWORD,
  givenOrganization,
  givenUser,
  solveAltcha,
  addressSequence,
} from '../../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const freshIp = addressSequence(0);

async function login(body: Record<string, unknown>, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/login`,
    remoteAddress: ip,
    payload: { altcha: await solveAltcha(t), ...body },
  });
}

async function loginAudits(email: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'auth.login')
    .where('actor_email', '=', email)
    .orderBy('id')
    .execute();
}

describe('POST /login', () => {
  it('signs a verified practice user in and answers the token, the user and the expiry', async () => {
    const org = await givenOrganization(t, { name: 'Bright Smiles' });
    const u = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.user).toMatchObject({
      id: u.id,
      email: u.email,
      roles: [{ name: 'doctor' }],
      current_organization_id: org,
      organizations: [{ id: org, name: 'Bright Smiles', pivot: { role: 'organization_owner' } }],
    });
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(u.id);
    const audits = await loginAudits(u.email);
    expect(audits.at(-1)).toMatchObject({ outcome: 'success', actor_user_id: u.id });
  });

  it('stores only a hash of the token', async () => {
    const u = await givenUser(t);
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD });
    const token: string = res.json().access_token;
    const rows = await t.db
      .selectFrom('auth_tokens')
      .select(['token_hash'])
      .where('user_id', '=', u.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.token_hash).toString('base64url')).not.toBe(token);
    expect(Buffer.from(rows[0]!.token_hash).length).toBe(32);
  });

  it('accepts the e-mail in another letter case', async () => {
    const u = await givenUser(t, { email: 'mixed.case@example.test' });
    const res = await login({ email: 'Mixed.Case@Example.test', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.id);
  });

  it('with remember_me, the session lasts longer', async () => {
    const u = await givenUser(t);
    const short = await login({ email: u.email, password: DEFAULT_PASSWORD });
    const long = await login({ email: u.email, password: DEFAULT_PASSWORD, remember_me: true });
    expect(
      new Date(long.json().expires_at).getTime() - new Date(short.json().expires_at).getTime(),
    ).toBeGreaterThan(24 * 3600 * 1000);
  });

  it('signs a management user in through the management flag', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD, management: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.roles).toEqual([{ name: 'admin' }]);
    const row = await t.db
      .selectFrom('auth_tokens')
      .select('management')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.management).toBe(true);
  });

  it('when a practice user uses the management flag, answers 403', async () => {
    const u = await givenUser(t);
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD, management: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.managementOnly);
  });

  it('when a management user signs in without the management flag, answers 403', async () => {
    const u = await givenUser(t, { roles: ['tech_support'] });
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.practiceOnly);
  });

  it('answers the same message for an unknown e-mail and a wrong password, and audits both', async () => {
    const u = await givenUser(t);
    const wrong = await login({ email: u.email, password: 'Wrong1234' });
    const unknown = await login({ email: 'nobody@example.test', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      message: AUTH_MESSAGES.invalidCredentials,
      errors: { email: [AUTH_MESSAGES.invalidCredentials] },
    });
    expect((await loginAudits(u.email)).map((a) => a.outcome)).toEqual(['failure']);
    expect((await loginAudits('nobody@example.test')).map((a) => a.outcome)).toEqual(['failure']);
  });

  it('when the e-mail is not verified, answers code 2200 naming the reason', async () => {
    const u = await givenUser(t, { verified: false });
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.unverified, code: UNVERIFIED_EMAIL_CODE });
    expect(res.json().message).toMatch(/not verified/);
  });

  it('refuses an archived user', async () => {
    const u = await givenUser(t, { archived: true });
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('refuses a removed user', async () => {
    const u = await givenUser(t);
    await t.db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', u.id).execute();
    const res = await login({ email: u.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('validates the e-mail and the password', async () => {
    const missing = await login({ password: DEFAULT_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.email).toEqual(['Required']);
    const invalid = await login({ email: 'not-an-email', password: DEFAULT_PASSWORD });
    expect(invalid.json().errors.email).toEqual(['Email is invalid']);
    const noPassword = await login({ email: 'a@example.test', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors.password).toEqual(['Required']);
  });

  describe('bot check', () => {
    it('refuses a missing ALTCHA payload', async () => {
      const u = await givenUser(t);
      const res = await login({ email: u.email, password: DEFAULT_PASSWORD, altcha: undefined });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.altcha).toEqual(['The bot check failed. Please try again.']);
    });

    it('refuses a forged payload', async () => {
      const u = await givenUser(t);
      const payload = JSON.parse(Buffer.from(await solveAltcha(t), 'base64').toString());
      payload.solution.counter += 1;
      payload.solution.derivedKey = '00'.repeat(32);
      const res = await login({
        email: u.email,
        password: DEFAULT_PASSWORD,
        altcha: Buffer.from(JSON.stringify(payload)).toString('base64'),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.altcha).toBeDefined();
    });

    it('accepts a solved challenge only once', async () => {
      const u = await givenUser(t);
      const altcha = await solveAltcha(t);
      expect((await login({ email: u.email, password: DEFAULT_PASSWORD, altcha })).statusCode).toBe(200);
      const again = await login({ email: u.email, password: DEFAULT_PASSWORD, altcha });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.altcha).toBeDefined();
    });

    it('serves challenges the widget can solve', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API}/altcha/challenge` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        parameters: { algorithm: 'SHA-256', nonce: expect.any(String), salt: expect.any(String) },
        signature: expect.any(String),
      });
    });
  });

  describe('rate limits', () => {
    it('after 10 attempts on one account, answers 429 even from other addresses', async () => {
      const u = await givenUser(t);
      for (let i = 0; i < 10; i++) {
        const res = await login({ email: u.email, password: 'Wrong1234' });
        expect(res.statusCode).toBe(422);
      }
      const blocked = await login({ email: u.email, password: DEFAULT_PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Too many attempts. Please wait a moment and try again.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('after 50 attempts from one address, answers 429 for any account', async () => {
      const ip = '192.0.2.77';
      // 50 attempts already counted in this window (other processes count into the same row).
      await t.db
        .insertInto('rate_limit_counters')
        .values({ key: `login:ip:${ip}`, hits: 50, window_ends_at: new Date(Date.now() + 60_000) })
        .execute();
      const u = await givenUser(t);
      const res = await login({ email: u.email, password: DEFAULT_PASSWORD }, ip);
      expect(res.statusCode).toBe(429);
      const other = await login({ email: u.email, password: DEFAULT_PASSWORD });
      expect(other.statusCode).toBe(200);
    });

    it('a successful sign in clears the account counter', async () => {
      const u = await givenUser(t);
      for (let i = 0; i < 5; i++) await login({ email: u.email, password: 'Wrong1234' });
      expect((await login({ email: u.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('rate_limit_counters')
        .select('hits')
        .where('key', '=', `login:account:${u.email}`)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });
});
