import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH_MESSAGE } from '@archline/contracts';
import { PASSWORD_CHANGE_MESSAGES } from '@archline/contracts/password-change';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { verifyPassword } from '../../platform/auth/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const change = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `${API}/profile/password`, headers: bearer(token), payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(token) });

describe('PUT /profile/password', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `${API}/profile/password`, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password, keeps this session and signs out the others; audited', async () => {
    const u = await givenUser(t, { roles: ['doctor'] });
    const here = await tokenFor(t, u.id);
    const elsewhere = await tokenFor(t, u.id);
    const res = await change(here, {
      current_password: u.password,
      password: 'NewSecret456',
      password_confirmation: 'NewSecret456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGE_MESSAGES.changed, sessions_ended: 1 });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash!, 'NewSecret456')).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', 'auth.change-password')
      .where('actor_user_id', '=', u.id)
      .execute();
    expect(audit.map((a) => a.outcome)).toEqual(['success']);
  });

  it('refuses a wrong current password (422) and keeps the old one', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    const token = await tokenFor(t, u.id, { management: true });
    const res = await change(token, {
      current_password: 'NotMine123',
      password: 'NewSecret456',
      password_confirmation: 'NewSecret456',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.current_password).toEqual([PASSWORD_CHANGE_MESSAGES.wrongCurrent]);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash!, u.password)).toBe(true);
  });

  it("checks the new password with the sign-up rules and 'Both password need to be the same'", async () => {
    const u = await givenUser(t, { roles: ['doctor'] });
    const token = await tokenFor(t, u.id);
    const weak = await change(token, {
      current_password: u.password,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBeDefined();
    const mismatch = await change(token, {
      current_password: u.password,
      password: 'NewSecret456',
      password_confirmation: 'NewSecret457',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.password_confirmation).toEqual([PASSWORD_MISMATCH_MESSAGE]);
  });

  it('limits wrong attempts like sign-in (429)', async () => {
    const u = await givenUser(t, { roles: ['doctor'] });
    const token = await tokenFor(t, u.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await change(token, {
        current_password: `Wrong${i}Pass1`,
        password: 'NewSecret456',
        password_confirmation: 'NewSecret456',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
