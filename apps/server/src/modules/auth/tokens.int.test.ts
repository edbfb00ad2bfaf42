import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, loginAs, tokenFor } from '../../../test/auth-helpers.ts';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  hashToken,
  issueToken,
  resolveToken,
  revokeAllTokens,
} from '../../platform/auth/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(token) });

describe('bearer sessions', () => {
  it('issues 256-bit random tokens and resolves them to the actor', async () => {
    const org = await givenOrganization(t);
    const u = await givenUser(t, { organizations: [{ id: org, role: 'organization_manager' }] });
    const a = await issueToken(t.ctx, u.id);
    const b = await issueToken(t.ctx, u.id);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    const actor = await resolveToken(t.ctx, a.token);
    expect(actor).toMatchObject({
      userId: u.id,
      tokenId: a.tokenId,
      profile: 'practice',
      currentOrganizationId: org,
      organizationRole: 'organization_manager',
      organizationIds: [org],
    });
  });

  it('POST /logout revokes only the current token', async () => {
    const u = await givenUser(t);
    const one = await loginAs(t, u.email);
    const two = await tokenFor(t, u.id);
    const res = await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: bearer(one) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been logged out.' });
    expect((await me(one)).statusCode).toBe(401);
    expect((await me(two)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: bearer(one) })).statusCode,
    ).toBe(401);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('action', '=', 'auth.logout')
      .where('actor_user_id', '=', u.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('POST /logout without a session answers 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${API}/logout` })).statusCode).toBe(401);
  });

  it('a token past its idle expiry answers 401', async () => {
    const u = await givenUser(t);
    const token = await tokenFor(t, u.id);
    await t.db
      .updateTable('auth_tokens')
      .set({ idle_expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a token past its absolute expiry answers 401', async () => {
    const u = await givenUser(t);
    const token = await tokenFor(t, u.id);
    await t.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('extends the idle expiry on use, at most once a minute', async () => {
    const u = await givenUser(t);
    const token = await tokenFor(t, u.id);
    const old = new Date(Date.now() - 5 * 60_000);
    await t.db
      .updateTable('auth_tokens')
      .set({ last_used_at: old, idle_expires_at: new Date(Date.now() + 60_000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await me(token)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('auth_tokens')
      .select(['last_used_at', 'idle_expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_used_at).getTime()).toBeGreaterThan(old.getTime());
    expect(new Date(row.idle_expires_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    await me(token);
    const again = await t.db
      .selectFrom('auth_tokens')
      .select(['last_used_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(new Date(again.last_used_at).getTime()).toBe(new Date(row.last_used_at).getTime());
  });

  it('an archived user loses every session at once', async () => {
    const u = await givenUser(t);
    const token = await tokenFor(t, u.id);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', u.id).execute();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('revokeAllTokens ends every session of the user only', async () => {
    const u = await givenUser(t);
    const other = await givenUser(t);
    const a = await tokenFor(t, u.id);
    const b = await tokenFor(t, u.id);
    const c = await tokenFor(t, other.id);
    expect(await revokeAllTokens(t.db, u.id)).toBe(2);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c)).statusCode).toBe(200);
  });
});

describe('single-use tokens', () => {
  it('can be consumed once, only for their kind, and not after expiry', async () => {
    const u = await givenUser(t);
    const { token } = await createOneTimeToken(t.db, { kind: 'reset_password', userId: u.id });
    expect(await consumeOneTimeToken(t.db, 'verify_email', token)).toBeNull();
    expect(await consumeOneTimeToken(t.db, 'reset_password', token)).toMatchObject({
      user_id: u.id,
      kind: 'reset_password',
    });
    expect(await consumeOneTimeToken(t.db, 'reset_password', token)).toBeNull();
    const expired = await createOneTimeToken(t.db, { kind: 'reset_password', userId: u.id, ttlMinutes: -1 });
    expect(await consumeOneTimeToken(t.db, 'reset_password', expired.token)).toBeNull();
  });

  it('two concurrent redemptions: exactly one wins', async () => {
    const u = await givenUser(t);
    const { token } = await createOneTimeToken(t.db, { kind: 'verify_email', userId: u.id });
    const results = await Promise.all([
      consumeOneTimeToken(t.db, 'verify_email', token),
      consumeOneTimeToken(t.db, 'verify_email', token),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
