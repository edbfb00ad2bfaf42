import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let org: number;
let other: number;
let admin: H;
let owner: { id: number; h: H };
let custom: H;

const req = (method: 'GET' | 'POST', url: string, headers?: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(headers ? { headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  org = await givenOrganization(t, { name: 'Hostile Input Practice' });
  other = await givenOrganization(t, { name: 'Someone Else Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  const o = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  owner = { id: o.id, h: bearer(await tokenFor(t, o.id)) };
  // A practice user handed a management permission directly still holds no management power.
  const m = await givenUser(t, { organizations: [{ id: org, role: 'organization_manager' }] });
  await t.db
    .insertInto('user_custom_permissions')
    .values([
      { user_id: m.id, permission: 'organizations.manage' },
      { user_id: m.id, permission: 'organizations.add_member' },
    ])
    .execute();
  custom = bearer(await tokenFor(t, m.id));
});
afterAll(() => t?.close());

describe('creating organizations under hostile input', () => {
  it('stores names with quotes, wildcards and markup as plain text', async () => {
    const name = `O'Brien & "Sons" %_ <script>alert(1)</script>`;
    const res = await req('POST', '/organizations', admin, { name });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization.name).toBe(name);
  });

  it('refuses text PostgreSQL cannot store and over-long names', async () => {
    const nul = await req('POST', '/organizations', admin, { name: 'Bad\u0000Name' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().errors ?? {})).toContain('name');
    const long = await req('POST', '/organizations', admin, { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.name).toEqual(['Must contain max 255 characters.']);
  });

  it('ignores fields the form does not have (no archived or disabled organization by the back door)', async () => {
    const res = await req('POST', '/organizations', admin, {
      name: 'Extra Fields Practice',
      deleted_at: '2020-01-01T00:00:00Z',
      disabled_at: '2020-01-01T00:00:00Z',
      management_notes: 'sneaky',
      id: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization).toMatchObject({
      deleted_at: null,
      disabled_at: null,
      management_notes: null,
    });
    expect(res.json().organization.id).not.toBe(1);
  });

  it('a practice user with management permissions toggled on still cannot create', async () => {
    expect((await req('POST', '/organizations', custom, { name: 'Nope' })).statusCode).toBe(403);
    expect((await req('POST', '/organizations', owner.h, { name: 'Nope' })).statusCode).toBe(403);
  });

  it('a type only with the type permission: an owner sending one gets 403', async () => {
    expect(
      (await req('POST', '/organizations', owner.h, { name: 'Typed', organization_type: 'Dental Lab' }))
        .statusCode,
    ).toBe(403);
  });

  it('two creations racing for one account number: one wins, the other gets the field error', async () => {
    const [a, b] = await Promise.all([
      req('POST', '/organizations', admin, { name: 'Race A', account_number: 'RACE-0001' }),
      req('POST', '/organizations', admin, { name: 'Race B', account_number: 'RACE-0001' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(loser.json().errors.account_number).toEqual([ORGANIZATION_MESSAGES.accountNumberTaken]);
  });
});

describe('adding members under hostile input', () => {
  it('refuses user ids that are not positive integers', async () => {
    for (const user_id of ['1', -1, 0, 1.5, null, '1 OR 1=1']) {
      const res = await req('POST', `/organizations/${org}/add_member`, admin, { user_id });
      expect(res.statusCode, String(user_id)).toBe(400);
      expect(res.json().errors.user_id).toBeDefined();
    }
  });

  it('a practice user cannot add members to their own organization, even with toggled permissions', async () => {
    const u = await givenUser(t);
    expect(
      (await req('POST', `/organizations/${org}/add_member`, custom, { user_id: u.id })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/organizations/${org}/add_member`, owner.h, { user_id: u.id })).statusCode,
    ).toBe(403);
  });

  it('another organization answers 404 before any permission check or body lookup', async () => {
    const u = await givenUser(t);
    const res = await req('POST', `/organizations/${other}/add_member`, owner.h, { user_id: u.id });
    expect(res.statusCode).toBe(404);
    const unknownUser = await req('POST', `/organizations/${other}/add_member`, owner.h, {
      user_id: 99999999,
    });
    expect(unknownUser.statusCode).toBe(404);
  });

  it('does not reveal whether an id is a user to someone without the gate', async () => {
    const res = await req('POST', `/organizations/${org}/add_member`, owner.h, { user_id: 99999999 });
    expect(res.statusCode).toBe(403);
  });
});
