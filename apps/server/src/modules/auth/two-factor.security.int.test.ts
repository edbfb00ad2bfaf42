import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from '@archline/contracts';
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

/** Hostile use of two-factor sign-in: guessing codes, replaying codes, using the challenge as a session. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const freshIp = addressSequence(3);
const codeAt = totpCodeAt;

const post = (path: string, payload: object, opts: { token?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    remoteAddress: opts.ip ?? freshIp(),
    ...(opts.token ? { headers: bearer(opts.token) } : {}),
    payload: payload as Record<string, unknown>,
  });

async function enrolled() {
  const user = await givenUser(t);
  const token = await tokenFor(t, user.id);
  const setup = (await post('/me/two-factor/setup', {}, { token })).json();
  const confirmWith = async () =>
    post('/me/two-factor/confirm', { code: await codeAt(setup.secret, -1) }, { token });
  let confirm = await confirmWith();
  // On a busy machine the 30-second step can turn between making the code and checking it.
  if (confirm.statusCode === 422) confirm = await confirmWith();
  expect(confirm.statusCode).toBe(200);
  return { user, token, secret: setup.secret as string, recovery: confirm.json().recovery_codes as string[] };
}

async function challengeFor(email: string): Promise<string> {
  const res = await post('/login', { email, password: DEFAULT_PASSWORD, altcha: await solveAltcha(t) });
  expect(res.statusCode).toBe(200);
  return res.json().challenge_token;
}

describe('two-factor sign-in under attack', () => {
  it('the challenge token is not a session', async () => {
    const { user } = await enrolled();
    const challenge = await challengeFor(user.email);
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(challenge) });
    expect(me.statusCode).toBe(401);
    const setup = await post('/me/two-factor/setup', {}, { token: challenge });
    expect(setup.statusCode).toBe(401);
  });

  it('a challenge dies after five wrong codes, even with the right one next', async () => {
    const { user, secret } = await enrolled();
    const challenge = await challengeFor(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await post('/login/two-factor', { challenge_token: challenge, code: String(100000 + i) });
      expect(res.statusCode).toBe(422);
    }
    const right = await post('/login/two-factor', { challenge_token: challenge, code: await codeAt(secret) });
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('guessing codes over fresh challenges is rate limited per account (429 with Retry-After)', async () => {
    const { user, secret } = await enrolled();
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const challenge = await challengeFor(user.email);
      const res = await post('/login/two-factor', { challenge_token: challenge, code: String(200000 + i) });
      if (res.statusCode === 429) {
        limited = true;
        expect(res.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      } else expect(res.statusCode).toBe(422);
    }
    expect(limited).toBe(true);
    // Even the right code waits for the window to end.
    const challenge = await challengeFor(user.email);
    const right = await post('/login/two-factor', { challenge_token: challenge, code: await codeAt(secret) });
    expect(right.statusCode).toBe(429);
  });

  it('guessing from one address is rate limited per IP across accounts', async () => {
    const ip = '10.9.9.9';
    let limited = false;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await post('/login/two-factor', { challenge_token: `guess-${i}`, code: '123456' }, { ip });
      if (res.statusCode === 429) limited = true;
      else expect(res.statusCode).toBe(422);
    }
    expect(limited).toBe(true);
  });

  it('a recovery code works once', async () => {
    const { user, recovery } = await enrolled();
    const first = await post('/login/two-factor', {
      challenge_token: await challengeFor(user.email),
      code: recovery[0],
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/login/two-factor', {
      challenge_token: await challengeFor(user.email),
      code: recovery[0],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
  });

  it('an app code works once (a replayed code is refused)', async () => {
    const { user, secret } = await enrolled();
    const code = await codeAt(secret, 1);
    const first = await post('/login/two-factor', { challenge_token: await challengeFor(user.email), code });
    expect(first.statusCode).toBe(200);
    const replay = await post('/login/two-factor', { challenge_token: await challengeFor(user.email), code });
    expect(replay.statusCode).toBe(422);
  });

  it('a used challenge cannot give a second session', async () => {
    const { user, recovery } = await enrolled();
    const challenge = await challengeFor(user.email);
    expect(
      (await post('/login/two-factor', { challenge_token: challenge, code: recovery[1] })).statusCode,
    ).toBe(200);
    const second = await post('/login/two-factor', { challenge_token: challenge, code: recovery[2] });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('a wrong password never reaches the second step', async () => {
    const { user } = await enrolled();
    const res = await post('/login', {
      email: user.email,
      password: 'Wrong1234',
      altcha: await solveAltcha(t),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).not.toHaveProperty('challenge_token');
  });

  it("another user's reset is refused to everyone but a super admin", async () => {
    const { user, token } = await enrolled();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${API}/users/${user.id}/two-factor`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });
});
