import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  DEFAULT_PASSWORD,
  givenUser,
  solveAltcha,
  tokenFor,
  addressSequence,
  totpCodeAt,
} from '../../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const freshIp = addressSequence(2);

const codeAt = totpCodeAt;

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${path}`,
    remoteAddress: freshIp(),
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function login(email: string, management = false) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/login`,
    remoteAddress: freshIp(),
    payload: { email, password: DEFAULT_PASSWORD, management, altcha: await solveAltcha(t) },
  });
}

/** A user with two-factor sign-in enabled; returns the secret and the recovery codes. */
async function enrolled(roles: ('doctor' | 'admin' | 'super_admin')[] = ['doctor']) {
  const user = await givenUser(t, { roles });
  const token = await tokenFor(t, user.id, { management: roles[0] !== 'doctor' });
  const setup = (await call('POST', '/me/two-factor/setup', token)).json();
  const confirm = await call('POST', '/me/two-factor/confirm', token, {
    code: await codeAt(setup.secret, -1),
  });
  expect(confirm.statusCode).toBe(200);
  return { user, token, secret: setup.secret as string, recovery: confirm.json().recovery_codes as string[] };
}

describe('enrolment (/me/two-factor)', () => {
  it('starts with a secret, a QR code and the otpauth link; a code enables it and answers ten recovery codes', async () => {
    const user = await givenUser(t);
    const token = await tokenFor(t, user.id);
    expect((await call('GET', '/me/two-factor', token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const setup = await call('POST', '/me/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const body = setup.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.otpauth_url).toContain(`otpauth://totp/Archline:${encodeURIComponent(user.email)}`);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await t.db
      .selectFrom('user_two_factor')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(body.secret);
    expect(stored.enabled_at).toBeNull();

    const wrong = await call('POST', '/me/two-factor/confirm', token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.invalidCode] });

    const ok = await call('POST', '/me/two-factor/confirm', token, { code: await codeAt(body.secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const hashes = await t.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash.toString('utf8'))).not.toContain(codes[0]);
    const status = (await call('GET', '/me/two-factor', token)).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    const again = await call('POST', '/me/two-factor/setup', token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(user.id))
      .where('action', '=', 'auth.two-factor.enable')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses to confirm before a set-up and validates the code', async () => {
    const user = await givenUser(t);
    const token = await tokenFor(t, user.id);
    const early = await call('POST', '/me/two-factor/confirm', token, { code: '123456' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(TWO_FACTOR_MESSAGES.notStarted);
    const missing = await call('POST', '/me/two-factor/confirm', token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    const letters = await call('POST', '/me/two-factor/confirm', token, { code: '12ab56' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors).toEqual({ code: [TWO_FACTOR_MESSAGES.totpFormat] });
  });

  it('needs a session (401)', async () => {
    for (const [method, path] of [
      ['GET', '/me/two-factor'],
      ['POST', '/me/two-factor/setup'],
      ['POST', '/me/two-factor/confirm'],
      ['POST', '/me/two-factor/disable'],
      ['DELETE', '/users/1/two-factor'],
    ] as const) {
      expect((await call(method, path, undefined, { code: '123456' })).statusCode, path).toBe(401);
    }
  });
});

describe('sign in with two-factor (POST /login, POST /login/two-factor)', () => {
  it('answers a challenge instead of a session, then the code gives the session', async () => {
    const { user, secret } = await enrolled();
    const res = await login(user.email);
    expect(res.statusCode).toBe(200);
    const challenge = res.json();
    expect(challenge).toEqual({
      two_factor_required: true,
      challenge_token: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(challenge).not.toHaveProperty('access_token');
    const second = await call('POST', '/login/two-factor', undefined, {
      challenge_token: challenge.challenge_token,
      code: await codeAt(secret),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(user.id);
    const me = await call('GET', '/me', second.json().access_token);
    expect(me.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'details'])
      .where('actor_user_id', '=', user.id)
      .where('action', 'like', 'auth.login%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => `${a.action}:${a.outcome}`)).toEqual([
      'auth.login.two-factor-required:success',
      'auth.login:success',
    ]);
  });

  it('takes a recovery code instead of the app code', async () => {
    const { user, recovery, token } = await enrolled();
    const challenge = (await login(user.email)).json();
    const res = await call('POST', '/login/two-factor', undefined, {
      challenge_token: challenge.challenge_token,
      code: recovery[3]!.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/me/two-factor', token)).json().recovery_codes_left).toBe(9);
  });

  it('keeps the password step for accounts without two-factor and for management ones', async () => {
    const plain = await givenUser(t);
    expect((await login(plain.email)).json()).toHaveProperty('access_token');
    const { user, secret } = await enrolled(['admin']);
    const challenge = (await login(user.email, true)).json();
    expect(challenge.two_factor_required).toBe(true);
    const res = await call('POST', '/login/two-factor', undefined, {
      challenge_token: challenge.challenge_token,
      code: await codeAt(secret),
    });
    expect(res.statusCode).toBe(200);
    const me = (await call('GET', '/me', res.json().access_token)).json();
    expect(me.roles).toEqual([{ name: 'admin' }]);
  });

  it('refuses a wrong code, an unknown challenge and validates the body', async () => {
    const { user } = await enrolled();
    const challenge = (await login(user.email)).json();
    const wrong = await call('POST', '/login/two-factor', undefined, {
      challenge_token: challenge.challenge_token,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: TWO_FACTOR_MESSAGES.invalidCode,
      errors: { code: [TWO_FACTOR_MESSAGES.invalidCode] },
    });
    const unknown = await call('POST', '/login/two-factor', undefined, {
      challenge_token: 'nope',
      code: '123456',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ challenge_token: [TWO_FACTOR_MESSAGES.challengeExpired] });
    const invalid = await call('POST', '/login/two-factor', undefined, { code: 'hello' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      challenge_token: ['Required'],
      code: [TWO_FACTOR_MESSAGES.codeFormat],
    });
  });
});

describe('turning it off', () => {
  it('the user disables it with a current code', async () => {
    const { user, token, secret } = await enrolled();
    const wrong = await call('POST', '/me/two-factor/disable', token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const ok = await call('POST', '/me/two-factor/disable', token, { code: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(TWO_FACTOR_MESSAGES.disabled);
    expect((await call('GET', '/me/two-factor', token)).json().enabled).toBe(false);
    expect((await login(user.email)).json()).toHaveProperty('access_token');
    const notOn = await call('POST', '/me/two-factor/disable', token, { code: '123456' });
    expect(notOn.statusCode).toBe(422);
    expect(notOn.json().message).toBe(TWO_FACTOR_MESSAGES.notEnabled);
  });

  it('a super admin resets it for a user, audited; an admin may not (403); unknown user 404', async () => {
    const { user } = await enrolled();
    const sa = await givenUser(t, { roles: ['super_admin'] });
    const saToken = await tokenFor(t, sa.id, { management: true });
    const admin = await givenUser(t, { roles: ['admin'] });
    const adminToken = await tokenFor(t, admin.id, { management: true });
    expect((await call('DELETE', `/users/${user.id}/two-factor`, adminToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/users/99999999/two-factor`, saToken)).statusCode).toBe(404);
    const res = await call('DELETE', `/users/${user.id}/two-factor`, saToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.reset);
    expect((await login(user.email)).json()).toHaveProperty('access_token');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'users.two-factor.reset')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: sa.id, outcome: 'success' });
  });
});
