import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  DEFAULT_PASSWORD,
  givenUser,
  solveAltcha,
  tokenFor,
} from '../../../test/auth-helpers.ts';
import { loadConfig, parseTrustProxy } from '../../platform/config/env.ts';

/**
 * Sign-in as an attacker would try it: forged client addresses, requests without proof of work.
 * Later hardening of the sign-in area adds its cases here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function login(
  app: TestApp,
  body: Record<string, unknown>,
  opts: { remoteAddress: string; forwardedFor?: string; altcha?: boolean },
) {
  return app.app.inject({
    method: 'POST',
    url: `${API}/login`,
    remoteAddress: opts.remoteAddress,
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
    payload: { ...(opts.altcha === false ? {} : { altcha: await solveAltcha(app) }), ...body },
  });
}

const countersOf = (app: TestApp, key: string) =>
  app.db.selectFrom('rate_limit_counters').select('hits').where('key', '=', key).executeTakeFirst();

describe('TRUST_PROXY', () => {
  it('reads unset as none, a number as hops, and a list of addresses or CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(parseTrustProxy('true')).toBeNull();
    expect(parseTrustProxy('10.0.0.0/33')).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'anyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('a forged X-Forwarded-For (no trusted proxy)', () => {
  it('does not reset the per-address sign-in limit', async () => {
    const ip = '198.51.100.10';
    await t.db
      .insertInto('rate_limit_counters')
      .values({ key: `login:ip:${ip}`, hits: 50, window_ends_at: new Date(Date.now() + 60_000) })
      .execute();
    const u = await givenUser(t);
    const res = await login(
      t,
      { email: u.email, password: DEFAULT_PASSWORD },
      { remoteAddress: ip, forwardedFor: '203.0.113.99' },
    );
    expect(res.statusCode).toBe(429);
    expect(await countersOf(t, 'login:ip:203.0.113.99')).toBeUndefined();
  });

  it('after 50 failed sign-ins, a new header value is still limited', async () => {
    const ip = '198.51.100.11';
    const u = await givenUser(t);
    for (let i = 0; i < 50; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `nobody${i}@example.test`, password: 'Wrong1234' },
      });
      expect(res.statusCode).toBe(422);
    }
    const res = await login(
      t,
      { email: u.email, password: DEFAULT_PASSWORD },
      { remoteAddress: ip, forwardedFor: '203.0.113.200' },
    );
    expect(res.statusCode).toBe(429);
  });

  it('does not reset the check-email limit', async () => {
    const ip = '198.51.100.12';
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/check-email?email=free${i}@example.test`,
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/check-email?email=free-again@example.test`,
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '203.0.113.250' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('the audit log records the socket address, not the header', async () => {
    const u = await givenUser(t);
    await login(
      t,
      { email: u.email, password: 'Wrong1234' },
      { remoteAddress: '198.51.100.13', forwardedFor: '203.0.113.7' },
    );
    const row = await t.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'auth.login')
      .where('actor_email', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('198.51.100.13');
  });
});

describe('behind a configured proxy (TRUST_PROXY=127.0.0.1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => proxied?.close());

  it('uses the forwarded address for limits and the audit log', async () => {
    const u = await givenUser(proxied);
    const res = await login(
      proxied,
      { email: u.email, password: 'Wrong1234' },
      { remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.8' },
    );
    expect(res.statusCode).toBe(422);
    expect(await countersOf(proxied, 'login:ip:203.0.113.8')).toMatchObject({ hits: 1 });
    const row = await proxied.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'auth.login')
      .where('actor_email', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('203.0.113.8');
  });

  it('ignores the header from a peer that is not the proxy', async () => {
    const u = await givenUser(proxied);
    await login(
      proxied,
      { email: u.email, password: 'Wrong1234' },
      { remoteAddress: '198.51.100.14', forwardedFor: '203.0.113.9' },
    );
    expect(await countersOf(proxied, 'login:ip:198.51.100.14')).toMatchObject({ hits: 1 });
    expect(await countersOf(proxied, 'login:ip:203.0.113.9')).toBeUndefined();
  });
});

describe('the per-account sign-in limit', () => {
  it('does not count requests without proof of work, so they cannot lock an account out', async () => {
    const u = await givenUser(t);
    for (let i = 0; i < 15; i++) {
      const res = await login(
        t,
        { email: u.email, password: 'Wrong1234' },
        { remoteAddress: `198.51.100.${100 + i}`, altcha: false },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.altcha).toBeDefined();
    }
    expect(await countersOf(t, `login:account:${u.email}`)).toBeUndefined();
    const ok = await login(
      t,
      { email: u.email, password: DEFAULT_PASSWORD },
      { remoteAddress: '198.51.100.99' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('still counts them against the address', async () => {
    const u = await givenUser(t);
    const ip = '198.51.100.15';
    for (let i = 0; i < 3; i++)
      await login(t, { email: u.email, password: 'Wrong1234' }, { remoteAddress: ip, altcha: false });
    expect(await countersOf(t, `login:ip:${ip}`)).toMatchObject({ hits: 3 });
  });

  it('counts attempts that passed the bot check', async () => {
    const u = await givenUser(t);
    for (let i = 0; i < 10; i++)
      await login(t, { email: u.email, password: 'Wrong1234' }, { remoteAddress: `198.51.100.${120 + i}` });
    const blocked = await login(
      t,
      { email: u.email, password: DEFAULT_PASSWORD },
      { remoteAddress: '198.51.100.140' },
    );
    expect(blocked.statusCode).toBe(429);
  });
});

describe('signing the DIBS desktop viewer in', () => {
  const codeFor = (token: string) =>
    t.app.inject({ method: 'POST', url: `${API}/viewer/sign-in-code`, headers: bearer(token) });
  const exchange = (code: string) =>
    t.app.inject({ method: 'POST', url: `${API}/viewer/sign-in-code/exchange`, payload: { code } });

  it('a single-use code, stored only as a hash, becomes a session of its own for the same user', async () => {
    const u = await givenUser(t);
    const browserToken = await tokenFor(t, u.id);
    const res = await codeFor(browserToken);
    expect(res.statusCode).toBe(200);
    const { code, expires_at } = res.json();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = new Date(expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const stored = await t.db
      .selectFrom('one_time_tokens')
      .select(['token_hash', 'user_id'])
      .where('kind', '=', 'viewer_sign_in')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.token_hash).toString('base64url')).not.toBe(code);

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const viewerToken: string = first.json().access_token;
    expect(viewerToken).not.toBe(browserToken);
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(viewerToken) });
    expect(me.json().id).toBe(u.id);
    const sessions = await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', u.id).execute();
    expect(sessions).toHaveLength(2);

    const again = await exchange(code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toBeDefined();
  });

  it('an expired, unknown or forged code is refused; asking for one needs a session', async () => {
    const u = await givenUser(t);
    const { code } = (await codeFor(await tokenFor(t, u.id))).json();
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('kind', '=', 'viewer_sign_in')
      .where('user_id', '=', u.id)
      .execute();
    expect((await exchange(code)).statusCode).toBe(422);
    expect((await exchange('not-a-code')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: `${API}/viewer/sign-in-code` })).statusCode).toBe(401);
  });

  it('two exchanges of one code at once: only one session', async () => {
    const u = await givenUser(t);
    const { code } = (await codeFor(await tokenFor(t, u.id))).json();
    const answers = await Promise.all([exchange(code), exchange(code), exchange(code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
  });
});
