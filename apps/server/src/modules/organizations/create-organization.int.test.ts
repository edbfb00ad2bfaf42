import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

type Who = { id: number; headers: { authorization: string } };

let t: TestApp;
let orgA: number;
let orgB: number;
let admin: Who;
let superadmin: Who;
let supervisor: Who;
let tech: Who;
let partner: Who;
let owner: Who;

async function who(opts: Parameters<typeof givenUser>[1], management = false): Promise<Who> {
  const u = await givenUser(t, opts);
  return { id: u.id, headers: bearer(await tokenFor(t, u.id, { management })) };
}

const req = (method: 'GET' | 'POST', url: string, user?: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Create Tests Practice', account_number: 'TAKEN-01' });
  orgB = await givenOrganization(t, { name: 'Partner Practice' });
  admin = await who({ roles: ['admin'] }, true);
  superadmin = await who({ roles: ['super_admin'] }, true);
  supervisor = await who({ roles: ['supervisor'] }, true);
  tech = await who({ roles: ['tech_support'] }, true);
  partner = await who(
    { roles: ['lab_partner'], organizations: [{ id: orgB, role: 'organization_member' }] },
    true,
  );
  owner = await who({ roles: ['doctor'], organizations: [{ id: orgA, role: 'organization_owner' }] });
});
afterAll(() => t?.close());

describe('POST /organizations', () => {
  it('creates the organization from the form, answers 201 with its page data, audited', async () => {
    const res = await req('POST', '/organizations', admin, {
      name: '  Fresh Smiles  ',
      account_number: 'FRESH-2026',
      organization_type: 'Dental Lab',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(ORGANIZATION_MESSAGES.created);
    expect(body.organization).toMatchObject({
      name: 'Fresh Smiles',
      account_number: 'FRESH-2026',
      organization_type: 'Dental Lab',
      users: [],
      deleted_at: null,
    });
    const id = body.organization.id as number;
    expect((await req('GET', `/organizations/${id}`, admin)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('organization_id', '=', id)
      .where('outcome', '=', 'success')
      .execute();
    expect(audit).toEqual([{ action: 'organizations.create', actor_user_id: admin.id }]);
  });

  it('needs only a name; empty account number and type are stored as none', async () => {
    const res = await req('POST', '/organizations', superadmin, {
      name: 'Name Only Practice',
      account_number: '',
      organization_type: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization).toMatchObject({ account_number: null, organization_type: null });
    const blank = await req('POST', '/organizations', admin, {
      name: 'Blank Type Practice',
      organization_type: ' ',
    });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().organization.organization_type).toBeNull();
  });

  it('validates with the organization form messages', async () => {
    const missing = await req('POST', '/organizations', admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.name).toEqual(['Required']);
    const blank = await req('POST', '/organizations', admin, { name: '   ' });
    expect(blank.json().errors.name).toEqual(['Required']);
    const type = await req('POST', '/organizations', admin, { name: 'X Practice', organization_type: 'A1' });
    expect(type.statusCode).toBe(400);
    expect(type.json().errors.organization_type).toEqual([ORGANIZATION_MESSAGES.invalidName]);
    const longType = await req('POST', '/organizations', admin, {
      name: 'X Practice',
      organization_type: 'A very long type name indeed',
    });
    expect(longType.json().errors.organization_type).toEqual([ORGANIZATION_MESSAGES.invalidName]);
    const short = await req('POST', '/organizations', admin, { name: 'X Practice', account_number: 'AB12' });
    expect(short.json().errors.account_number).toEqual(['Must contain at least 6 characters.']);
    const long = await req('POST', '/organizations', admin, {
      name: 'X Practice',
      account_number: 'A'.repeat(21),
    });
    expect(long.json().errors.account_number).toEqual(['Only up to 20 characters is allowed.']);
    const format = await req('POST', '/organizations', admin, {
      name: 'X Practice',
      account_number: '-ABC123',
    });
    expect(format.json().errors.account_number).toEqual([
      'Must only contain alphanumeric characters or "-" in between.',
    ]);
  });

  it('refuses an account number another organization holds (any case), 422', async () => {
    const res = await req('POST', '/organizations', admin, {
      name: 'Copy Practice',
      account_number: 'taken-01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.account_number).toEqual([ORGANIZATION_MESSAGES.accountNumberTaken]);
  });

  it('answers 401 unauthenticated and 403 without organizations.manage, creating nothing', async () => {
    const before = await t.db
      .selectFrom('organizations')
      .select(t.db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect((await req('POST', '/organizations', undefined, { name: 'Nope' })).statusCode).toBe(401);
    for (const user of [supervisor, tech, partner, owner]) {
      expect((await req('POST', '/organizations', user, { name: 'Nope' })).statusCode).toBe(403);
    }
    const after = await t.db
      .selectFrom('organizations')
      .select(t.db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after?.n).toEqual(before?.n);
  });
});

describe('POST /organizations/{id}/add_member', () => {
  it('adds a user with the default role organization_member; the member list shows them', async () => {
    const newcomer = await givenUser(t, { roles: ['doctor'], first_name: 'Nora' });
    const res = await req('POST', `/organizations/${orgA}/add_member`, superadmin, { user_id: newcomer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.memberAdded,
      user: { id: newcomer.id, pivot: { role: 'organization_member' } },
    });
    const members = (await req('GET', `/organizations/${orgA}/list_members`, admin)).json().data;
    expect(members.map((m: { id: number }) => m.id)).toContain(newcomer.id);
  });

  it('adds as owner or manager with organizations.manage; refuses an unknown role', async () => {
    const a = await givenUser(t, { roles: ['doctor'] });
    const res = await req('POST', `/organizations/${orgA}/add_member`, admin, {
      user_id: a.id,
      role: 'organization_manager',
    });
    expect(res.json().user.pivot.role).toBe('organization_manager');
    const bad = await req('POST', `/organizations/${orgA}/add_member`, admin, {
      user_id: a.id,
      role: 'king',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.role).toEqual([ORGANIZATION_MESSAGES.inviteRole]);
  });

  it('refuses an archived user and a user who is already a member, 422', async () => {
    const gone = await givenUser(t, { roles: ['doctor'], archived: true });
    const archived = await req('POST', `/organizations/${orgA}/add_member`, admin, { user_id: gone.id });
    expect(archived.statusCode).toBe(422);
    expect(archived.json().errors.user_id).toEqual([ORGANIZATION_MESSAGES.userNotFound]);
    const already = await req('POST', `/organizations/${orgA}/add_member`, admin, { user_id: owner.id });
    expect(already.statusCode).toBe(422);
    expect(already.json().errors.user_id).toEqual([ORGANIZATION_MESSAGES.alreadyMember]);
  });

  it('403 without add_member or manage (supervisor, technician, lab partner, owner); 404 outside the scope', async () => {
    const u = await givenUser(t, { roles: ['doctor'] });
    for (const user of [supervisor, tech, owner]) {
      expect(
        (await req('POST', `/organizations/${orgA}/add_member`, user, { user_id: u.id })).statusCode,
      ).toBe(403);
    }
    // The lab partner sees its own organization (403) but not another one (404).
    expect(
      (await req('POST', `/organizations/${orgB}/add_member`, partner, { user_id: u.id })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/organizations/${orgA}/add_member`, partner, { user_id: u.id })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/organizations/99999999/add_member`, admin, { user_id: u.id })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/organizations/${orgA}/add_member`, undefined, { user_id: u.id })).statusCode,
    ).toBe(401);
    const stillOut = await t.db
      .selectFrom('organization_user')
      .select('user_id')
      .where('user_id', '=', u.id)
      .execute();
    expect(stillOut).toEqual([]);
  });
});
