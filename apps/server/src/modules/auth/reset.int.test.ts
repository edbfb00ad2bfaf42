import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenUser, linkTokenFrom, mailsTo, tokenFor } from '../../../test/auth-helpers.ts';
import { verifyPassword } from '../../platform/auth/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const requestReset = (email: string, ip = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/request_reset`,
    remoteAddress: ip,
    payload: { email },
  });
const reset = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${API}/reset`, payload });

describe('POST /request_reset', () => {
  it('mails a reset link carrying the user role, and answers the same for unknown e-mails', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    const known = await requestReset(u.email);
    const unknown = await requestReset('ghost@example.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    const mails = await mailsTo(t, u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+&userRole=admin/);
    expect(await mailsTo(t, 'ghost@example.test')).toHaveLength(0);
  });

  it('validates the e-mail', async () => {
    const res = await requestReset('');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Required']);
    expect((await requestReset('bad')).json().errors.email).toEqual(['Email is invalid']);
  });

  it('after 5 requests for one account, answers 429', async () => {
    const u = await givenUser(t);
    for (let i = 0; i < 5; i++)
      expect((await requestReset(u.email, `203.0.113.${10 + i}`)).statusCode).toBe(200);
    const blocked = await requestReset(u.email, '203.0.113.50');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please wait a moment and try again.');
  });
});

describe('POST /reset', () => {
  it('sets the new password, ends every session, and the link works once', async () => {
    const u = await givenUser(t);
    const session1 = await tokenFor(t, u.id);
    const session2 = await tokenFor(t, u.id);
    await requestReset(u.email, '203.0.113.60');
    const token = await linkTokenFrom(t, u.email, '/reset-password');
    const res = await reset({ token, password: 'NewSecret9', password_confirmation: 'NewSecret9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetDone });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'NewSecret9')).toBe(true);
    for (const s of [session1, session2]) {
      expect((await t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(s) })).statusCode).toBe(
        401,
      );
    }
    const again = await reset({ token, password: 'Other1234', password_confirmation: 'Other1234' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([AUTH_MESSAGES.resetInvalid]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('action', '=', 'auth.reset-password')
      .where('actor_user_id', '=', u.id)
      .execute();
    expect(audit.map((a) => a.outcome)).toEqual(['success']);
  });

  it('a newer link replaces the older one', async () => {
    const u = await givenUser(t);
    await requestReset(u.email, '203.0.113.61');
    const first = await linkTokenFrom(t, u.email, '/reset-password');
    await requestReset(u.email, '203.0.113.62');
    const second = await linkTokenFrom(t, u.email, '/reset-password');
    expect(
      (await reset({ token: first, password: 'NewSecret9', password_confirmation: 'NewSecret9' })).statusCode,
    ).toBe(422);
    expect(
      (await reset({ token: second, password: 'NewSecret9', password_confirmation: 'NewSecret9' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const u = await givenUser(t);
    await requestReset(u.email, '203.0.113.63');
    const token = await linkTokenFrom(t, u.email, '/reset-password');
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('user_id', '=', u.id)
      .execute();
    const res = await reset({ token, password: 'NewSecret9', password_confirmation: 'NewSecret9' });
    expect(res.statusCode).toBe(422);
  });

  it.each([
    [
      'password',
      { password: 'short' },
      'Must contain at least 8 characters, one uppercase, one lowercase and one number',
    ],
    ['password', { password: 'A1' + 'a'.repeat(31) }, 'Must contain max 32 characters.'],
    ['password_confirmation', { password_confirmation: 'Different1' }, 'Both password need to be the same'],
    ['token', { token: '' }, 'Required'],
  ])('validates %s', async (field, change, message) => {
    const res = await reset({
      token: 'x'.repeat(43),
      password: 'NewSecret9',
      password_confirmation: 'NewSecret9',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
  });
});
