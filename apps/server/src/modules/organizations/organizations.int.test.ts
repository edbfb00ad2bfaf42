import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  bearer,
  givenOrganization,
  givenUser,
  linkTokenFrom,
  mailsTo,
  tokenFor,
} from '../../../test/auth-helpers.ts';
import {
  buildContract,
  buildLocation,
  buildOnboarding,
  buildPatient,
  buildRxForm,
  assignLocation,
} from '../../db/seed/factories.ts';

type Who = { id: number; headers: { authorization: string } };

let t: TestApp;
let orgA: number;
let orgB: number;
let admin: Who;
let supervisor: Who;
let tech: Who;
let owner: Who;
let manager: Who;
let member: Who;
let otherOwner: Who;

async function who(opts: Parameters<typeof givenUser>[1], management = false): Promise<Who> {
  const u = await givenUser(t, opts);
  return { id: u.id, headers: bearer(await tokenFor(t, u.id, { management })) };
}

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function auditActions(organizationId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('organization_id', '=', organizationId)
    .where('outcome', '=', 'success')
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles', account_number: 'BRIGHT-01' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  admin = await who({ roles: ['admin'] }, true);
  supervisor = await who({ roles: ['supervisor'] }, true);
  tech = await who({ roles: ['tech_support'] }, true);
  owner = await who({
    roles: ['doctor'],
    first_name: 'Olivia',
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  manager = await who({
    roles: ['doctor'],
    first_name: 'Mark',
    organizations: [{ id: orgA, role: 'organization_manager' }],
  });
  member = await who({
    roles: ['doctor'],
    first_name: 'Mia',
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  otherOwner = await who({ roles: ['doctor'], organizations: [{ id: orgB, role: 'organization_owner' }] });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /organizations', () => {
  it('when unauthenticated, returns 401', async () => {
    expect((await req('GET', '/organizations')).statusCode).toBe(401);
  });

  it('for staff, lists every live organization with search and order', async () => {
    const res = await req('GET', '/organizations?searchString=bright&orderBy=-name', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organizations.data.map((o: { id: number }) => o.id)).toEqual([orgA]);
    expect(body.organizations.data[0]).toMatchObject({
      name: 'Bright Smiles',
      account_number: 'BRIGHT-01',
      number_of_users: 3,
    });
    expect(body.organizations.meta.total).toBe(1);
    const all = (await req('GET', '/organizations?orderBy=name', admin)).json();
    expect(all.organizations.data.map((o: { name: string }) => o.name)).toEqual([
      'Bright Smiles',
      'Other Practice',
    ]);
  });

  it('filters by customer service manager', async () => {
    await t.db
      .updateTable('organizations')
      .set({ customer_service_manager_user_id: supervisor.id })
      .where('id', '=', orgB)
      .execute();
    const res = await req('GET', `/organizations?customerServiceManager=${supervisor.id}`, admin);
    expect(res.json().organizations.data.map((o: { id: number }) => o.id)).toEqual([orgB]);
  });

  it('for a practice user, lists only their organizations', async () => {
    const res = await req('GET', '/organizations', otherOwner);
    expect(res.json().organizations.data.map((o: { id: number }) => o.id)).toEqual([orgB]);
  });
});

describe('GET /organizations/{id}', () => {
  it('returns users, credits, contract, locations and the billing address', async () => {
    const location = await buildLocation(t.db, orgA, { location_name: 'Main Office' });
    await buildContract(t.db, orgA);
    await t.db
      .insertInto('credits')
      .values({ organization_id: orgA, value: 50, valid_from: '2026-01-01', valid_to: '2026-12-31' })
      .execute();
    const res = await req('GET', `/organizations/${orgA}`, owner);
    expect(res.statusCode).toBe(200);
    const o = res.json().organization;
    expect(o.users.map((u: { id: number }) => u.id).sort()).toEqual([owner.id, manager.id, member.id].sort());
    expect(o.users.find((u: { id: number }) => u.id === owner.id).pivot.role).toBe('organization_owner');
    expect(o.credits).toEqual([
      expect.objectContaining({ value: 50, valid_from: '2026-01-01', valid_to: '2026-12-31' }),
    ]);
    expect(o.contract).toMatchObject({ payment_status: 'PAID' });
    expect(o.contract_id).toBe(o.contract.id);
    expect(o.locations).toEqual([expect.objectContaining({ id: location.id, location_name: 'Main Office' })]);
    expect(o.payment_info).toEqual({ customer_id: null, billing_address: null });
  });

  it('when the organization is another one, returns 404', async () => {
    expect((await req('GET', `/organizations/${orgB}`, owner)).statusCode).toBe(404);
    expect((await req('GET', '/organizations/999999', admin)).statusCode).toBe(404);
  });

  it('when unauthenticated, returns 401', async () => {
    expect((await req('GET', `/organizations/${orgA}`)).statusCode).toBe(401);
  });
});

describe('PUT /organizations/{id}', () => {
  it('saves the form, audited', async () => {
    const res = await req('PUT', `/organizations/${orgA}`, owner, {
      name: 'Bright Smiles Dental',
      account_number: 'BRIGHT-02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.updated,
      organization: { name: 'Bright Smiles Dental', account_number: 'BRIGHT-02' },
    });
    expect(await auditActions(orgA)).toContain('organizations.update');
  });

  it('name is required', async () => {
    const res = await req('PUT', `/organizations/${orgA}`, owner, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual(['Required']);
  });

  it.each([
    ['AB-1', 'Must contain at least 6 characters.'],
    ['A'.repeat(21), 'Only up to 20 characters is allowed.'],
    ['-ABCDEF', 'Must only contain alphanumeric characters or "-" in between.'],
  ])('account number %s answers %s', async (account_number, message) => {
    const res = await req('PUT', `/organizations/${orgA}`, owner, { name: 'X Practice', account_number });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.account_number).toEqual([message]);
  });

  it('an account number of another organization is refused', async () => {
    await t.db
      .updateTable('organizations')
      .set({ account_number: 'TAKEN-99' })
      .where('id', '=', orgB)
      .execute();
    const res = await req('PUT', `/organizations/${orgA}`, admin, {
      name: 'Bright Smiles Dental',
      account_number: 'taken-99',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.account_number).toEqual([ORGANIZATION_MESSAGES.accountNumberTaken]);
  });

  it('organization type: 2 to 20 letters and spaces, only with the type permission', async () => {
    const bad = await req('PUT', `/organizations/${orgA}`, admin, {
      name: 'Bright Smiles Dental',
      organization_type: 'Ortho 1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.organization_type).toEqual(['Invalid name']);
    const ok = await req('PUT', `/organizations/${orgA}`, admin, {
      name: 'Bright Smiles Dental',
      organization_type: 'Orthodontics',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().organization.organization_type).toBe('Orthodontics');
    expect(
      (
        await req('PUT', `/organizations/${orgA}`, owner, {
          name: 'Bright Smiles Dental',
          organization_type: 'Dental',
        })
      ).statusCode,
    ).toBe(403);
    const types = await req('GET', '/organization/types', admin);
    expect(types.json().data.map((x: { name: string }) => x.name)).toContain('Orthodontics');
  });

  it('without organization.update, returns 403; another organization 404; unauthenticated 401', async () => {
    expect((await req('PUT', `/organizations/${orgA}`, member, { name: 'Nope' })).statusCode).toBe(403);
    expect((await req('PUT', `/organizations/${orgA}`, tech, { name: 'Nope' })).statusCode).toBe(403);
    expect((await req('PUT', `/organizations/${orgB}`, owner, { name: 'Nope' })).statusCode).toBe(404);
    expect((await req('PUT', `/organizations/${orgA}`, undefined, { name: 'Nope' })).statusCode).toBe(401);
  });
});

describe('members', () => {
  it('invite: mails the link, role list excludes organization_manager, email validated', async () => {
    const res = await req('POST', `/organizations/${orgA}/invite`, owner, { email: 'new.hire@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.invited);
    expect(await linkTokenFrom(t, 'new.hire@example.test', '/create-user')).toBeTruthy();
    const token = await t.db
      .selectFrom('one_time_tokens')
      .select(['role', 'organization_id'])
      .where('email', '=', 'new.hire@example.test')
      .executeTakeFirstOrThrow();
    expect(token).toEqual({ role: 'organization_member', organization_id: orgA });
    const mgr = await req('POST', `/organizations/${orgA}/invite`, owner, {
      email: 'x@example.test',
      role: 'organization_manager',
    });
    expect(mgr.statusCode).toBe(400);
    expect(mgr.json().errors.role).toEqual([ORGANIZATION_MESSAGES.inviteRole]);
    expect(
      (await req('POST', `/organizations/${orgA}/invite`, owner, { email: '' })).json().errors.email,
    ).toEqual(['Required']);
    expect(
      (await req('POST', `/organizations/${orgA}/invite`, owner, { email: 'nope' })).json().errors.email,
    ).toEqual(['Email is invalid']);
    expect(await mailsTo(t, 'x@example.test')).toHaveLength(0);
    expect(await auditActions(orgA)).toContain('organizations.invite');
  });

  it('invite: 403 for a member, 404 for another organization, 401 unauthenticated', async () => {
    expect(
      (await req('POST', `/organizations/${orgA}/invite`, member, { email: 'a@example.test' })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/organizations/${orgB}/invite`, owner, { email: 'a@example.test' })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/organizations/${orgA}/invite`, undefined, { email: 'a@example.test' })).statusCode,
    ).toBe(401);
  });

  it('list_members returns the members with their pivot role', async () => {
    const res = await req('GET', `/organizations/${orgA}/list_members`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((m: { id: number }) => m.id === manager.id).pivot.role).toBe(
      'organization_manager',
    );
    expect((await req('GET', `/organizations/${orgB}/list_members`, member)).statusCode).toBe(404);
    expect((await req('GET', `/organizations/${orgA}/list_members`)).statusCode).toBe(401);
  });

  it('add_member needs organizations.add_member or organizations.manage; manager role needs change-member-role', async () => {
    const newcomer = await givenUser(t, { roles: ['doctor'] });
    expect(
      (await req('POST', `/organizations/${orgA}/add_member`, owner, { user_id: newcomer.id })).statusCode,
    ).toBe(403);
    const res = await req('POST', `/organizations/${orgA}/add_member`, admin, { user_id: newcomer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.memberAdded,
      user: { id: newcomer.id, pivot: { role: 'organization_member' } },
    });
    const again = await req('POST', `/organizations/${orgA}/add_member`, admin, { user_id: newcomer.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.user_id).toEqual([ORGANIZATION_MESSAGES.alreadyMember]);
    expect(
      (await req('POST', `/organizations/${orgA}/add_member`, admin, { user_id: 99999999 })).json().errors
        .user_id,
    ).toEqual([ORGANIZATION_MESSAGES.userNotFound]);
    expect((await req('POST', `/organizations/${orgA}/add_member`, admin, {})).json().errors.user_id).toEqual(
      ['Required'],
    );
    expect(
      (
        await req('POST', `/organizations/${orgA}/add_member`, supervisor, {
          user_id: newcomer.id,
          role: 'organization_manager',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/organizations/${orgB}/add_member`, owner, { user_id: newcomer.id })).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/organizations/${orgA}/add_member`, undefined, { user_id: newcomer.id }))
        .statusCode,
    ).toBe(401);
  });

  it('change_role: needs the permission, never oneself, 404 for a non-member', async () => {
    expect(
      (
        await req('POST', `/organizations/${orgA}/change_role`, owner, {
          user_id: member.id,
          role: 'organization_owner',
        })
      ).statusCode,
    ).toBe(403);
    const self = await req('POST', `/organizations/${orgA}/change_role`, admin, {
      user_id: admin.id,
      role: 'organization_owner',
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(ORGANIZATION_MESSAGES.notYourself);
    expect(
      (
        await req('POST', `/organizations/${orgA}/change_role`, admin, {
          user_id: otherOwner.id,
          role: 'organization_member',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await req('POST', `/organizations/${orgA}/change_role`, admin, {
      user_id: member.id,
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.role).toEqual([ORGANIZATION_MESSAGES.inviteRole]);
    const res = await req('POST', `/organizations/${orgA}/change_role`, admin, {
      user_id: member.id,
      role: 'organization_manager',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.roleChanged,
      user: { id: member.id, pivot: { role: 'organization_manager' } },
    });
    await req('POST', `/organizations/${orgA}/change_role`, admin, {
      user_id: member.id,
      role: 'organization_member',
    });
    expect(
      (
        await req('POST', `/organizations/${orgB}/change_role`, owner, {
          user_id: otherOwner.id,
          role: 'organization_member',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await req('POST', `/organizations/${orgA}/change_role`, undefined, {
          user_id: member.id,
          role: 'organization_member',
        })
      ).statusCode,
    ).toBe(401);
    expect(await auditActions(orgA)).toContain('organizations.change-role');
  });

  it('remove_member: the owner removes a member; a manager needs remove-manager; never oneself', async () => {
    expect(
      (await req('POST', `/organizations/${orgA}/remove_member`, owner, { user_id: owner.id })).statusCode,
    ).toBe(422);
    expect(
      (await req('POST', `/organizations/${orgA}/remove_member`, owner, { user_id: manager.id })).statusCode,
    ).toBe(403);
    expect(
      (await req('POST', `/organizations/${orgA}/remove_member`, member, { user_id: owner.id })).statusCode,
    ).toBe(403);
    const gone = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgA, role: 'organization_member' }],
    });
    const res = await req('POST', `/organizations/${orgA}/remove_member`, owner, { user_id: gone.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.memberRemoved);
    const row = await t.db
      .selectFrom('organization_user')
      .select('user_id')
      .where('user_id', '=', gone.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const user = await t.db
      .selectFrom('users')
      .select('current_organization_id')
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(user.current_organization_id).toBeNull();
    expect(
      (await req('POST', `/organizations/${orgB}/remove_member`, owner, { user_id: otherOwner.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/organizations/${orgA}/remove_member`, undefined, { user_id: member.id }))
        .statusCode,
    ).toBe(401);
    expect(await auditActions(orgA)).toContain('organizations.remove-member');
  });

  it('list_assigned_locations: a practice user sees assigned ones, staff all', async () => {
    const assigned = await buildLocation(t.db, orgA, { location_name: 'Assigned Office' });
    await assignLocation(t.db, assigned.id, [member.id]);
    const mine = await req('GET', `/organizations/${orgA}/list_assigned_locations`, member);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().locations.map((l: { id: number }) => l.id)).toEqual([assigned.id]);
    const all = await req('GET', `/organizations/${orgA}/list_assigned_locations`, admin);
    expect(all.json().locations.length).toBeGreaterThanOrEqual(2);
    expect((await req('GET', `/organizations/${orgB}/list_assigned_locations`, member)).statusCode).toBe(404);
    expect((await req('GET', `/organizations/${orgA}/list_assigned_locations`)).statusCode).toBe(401);
  });
});

describe('billing address', () => {
  const valid = {
    first_name: 'Olivia',
    last_name: 'Owner',
    email: 'billing@example.test',
    phone_number: '+13035550123',
    street_address: '1 Market St',
    city: 'Denver',
    state: 'CO',
    zip_code: '80202',
  };

  it('saves it with country USA by default, audited', async () => {
    const res = await req('PUT', `/organizations/${orgA}/billing_address`, owner, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.billingSaved,
      billing_address: { ...valid, country: 'USA', street_address_line_2: null },
    });
    const show = (await req('GET', `/organizations/${orgA}`, owner)).json();
    expect(show.organization.payment_info.billing_address).toMatchObject({ city: 'Denver', country: 'USA' });
    expect(await auditActions(orgA)).toContain('organizations.billing-address');
  });

  it.each([
    ['first_name', { first_name: '' }, 'Required'],
    ['city', { city: undefined }, 'Required'],
    ['email', { email: 'not-mail' }, 'Email is invalid'],
    ['phone_number', { phone_number: '+0123456789' }, 'Invalid phone number.'],
    ['phone_number', { phone_number: '+123456' }, 'Invalid phone number.'],
    ['phone_number', { phone_number: '13035550123' }, 'Invalid phone number.'],
    ['state', { state: 'COL' }, ORGANIZATION_MESSAGES.stateLength],
    ['country', { country: 'US' }, ORGANIZATION_MESSAGES.countryCode],
  ])('%s: %j answers the message', async (field, patch, message) => {
    const res = await req('PUT', `/organizations/${orgA}/billing_address`, owner, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('403 for a member, 404 for another organization, 401 unauthenticated', async () => {
    expect((await req('PUT', `/organizations/${orgA}/billing_address`, member, valid)).statusCode).toBe(403);
    expect((await req('PUT', `/organizations/${orgB}/billing_address`, owner, valid)).statusCode).toBe(404);
    expect((await req('PUT', `/organizations/${orgA}/billing_address`, undefined, valid)).statusCode).toBe(
      401,
    );
  });
});

describe('contacts', () => {
  it('PUT replaces the list; GET reads it', async () => {
    const first = await req('PUT', `/organizations/${orgA}/contacts`, owner, {
      contacts: [
        { first_name: 'Ann', title: 'Office Manager', email: 'ann@example.test' },
        { first_name: 'Bob', last_name: 'Lee', title: 'Assistant', email: 'bob@example.test' },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(ORGANIZATION_MESSAGES.contactsSaved);
    const [ann] = first.json().contacts;
    const second = await req('PUT', `/organizations/${orgA}/contacts`, owner, {
      contacts: [{ id: ann.id, first_name: 'Anna', title: 'Office Manager', email: 'ann@example.test' }],
    });
    expect(second.json().contacts).toEqual([
      expect.objectContaining({ id: ann.id, first_name: 'Anna', last_name: null }),
    ]);
    const read = await req('GET', `/organizations/${orgA}/contacts`, member);
    expect(read.json().contacts.map((c: { first_name: string }) => c.first_name)).toEqual(['Anna']);
    expect(await auditActions(orgA)).toContain('organizations.contacts');
  });

  it.each([
    ['first_name', { first_name: '' }, 'First Name is required'],
    ['title', { title: '' }, 'Title is required'],
    ['email', { email: 'nope' }, 'Email is invalid'],
  ])('%s is validated', async (field, patch, message) => {
    const res = await req('PUT', `/organizations/${orgA}/contacts`, owner, {
      contacts: [{ first_name: 'Ann', title: 'Manager', email: 'ann@example.test', ...patch }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[`contacts.0.${field}`]).toEqual([message]);
  });

  it('403 for a member, 404 for another organization, 401 unauthenticated', async () => {
    expect((await req('PUT', `/organizations/${orgA}/contacts`, member, { contacts: [] })).statusCode).toBe(
      403,
    );
    expect((await req('PUT', `/organizations/${orgB}/contacts`, owner, { contacts: [] })).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/organizations/${orgB}/contacts`, owner)).statusCode).toBe(404);
    expect(
      (await req('PUT', `/organizations/${orgA}/contacts`, undefined, { contacts: [] })).statusCode,
    ).toBe(401);
  });
});

describe('POST /organizations/{id}/credits', () => {
  it('adds a credit (billing permission), audited', async () => {
    const res = await req('POST', `/organizations/${orgA}/credits`, admin, {
      value: 125.5,
      valid_from: '2026-02-01',
      valid_to: '2026-03-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.creditAdded,
      credit: { value: 125.5, valid_from: '2026-02-01', valid_to: '2026-03-01' },
    });
    expect(await auditActions(orgA)).toContain('organizations.add-credit');
  });

  it.each([
    ['valid_to', { valid_to: '2026-01-01' }, 'Expiration date must be later than the starting date.'],
    ['value', { value: -1 }, ORGANIZATION_MESSAGES.creditMin],
    ['value', { value: 1e9 + 1 }, ORGANIZATION_MESSAGES.creditMax],
    ['value', { value: 'abc' }, ORGANIZATION_MESSAGES.creditNumber],
    ['valid_from', { valid_from: '' }, 'Required'],
  ])('%s: %j is refused', async (field, patch, message) => {
    const res = await req('POST', `/organizations/${orgA}/credits`, admin, {
      value: 10,
      valid_from: '2026-02-01',
      valid_to: '2026-03-01',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('403 for practice owners and technicians, 404 unknown, 401 unauthenticated', async () => {
    const body = { value: 10, valid_from: '2026-02-01', valid_to: '2026-03-01' };
    expect((await req('POST', `/organizations/${orgA}/credits`, owner, body)).statusCode).toBe(403);
    expect((await req('POST', `/organizations/${orgA}/credits`, tech, body)).statusCode).toBe(403);
    expect((await req('POST', `/organizations/${orgB}/credits`, owner, body)).statusCode).toBe(404);
    expect((await req('POST', `/organizations/${orgA}/credits`, undefined, body)).statusCode).toBe(401);
  });
});

describe('quick glance', () => {
  it('returns the glance in one call for staff', async () => {
    const rx = await buildPatient(t.db, { organization_id: orgA, user_id: owner.id });
    await buildRxForm(t.db, { organization_id: orgA, user_id: owner.id, patient_id: rx.id });
    await buildOnboarding(t.db, orgA, { status: 5, current_step: 3 });
    await t.db
      .updateTable('organizations')
      .set({ customer_service_manager_user_id: supervisor.id })
      .where('id', '=', orgA)
      .execute();
    const res = await req('GET', `/organizations/${orgA}/quick_glance`, tech);
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    expect(g).toMatchObject({
      number_of_patients: 1,
      payment: { payment_status: 'PAID' },
      onboarding: { status: 5, current_step: 3 },
      manager: { id: supervisor.id },
    });
    // The practice's own managers, apart from the customer service manager.
    const managers = await t.db
      .selectFrom('organization_user')
      .select('user_id')
      .where('organization_id', '=', orgA)
      .where('role', '=', 'organization_manager')
      .execute();
    expect(managers.length).toBeGreaterThan(0);
    expect((g.organization_managers as { id: number }[]).map((m) => m.id).sort()).toEqual(
      managers.map((m) => Number(m.user_id)).sort(),
    );
    expect(g.number_of_users).toBeGreaterThanOrEqual(3);
    expect(g.newest_case_submission).not.toBeNull();
  });

  it('403 for practice users, 404 unknown, 401 unauthenticated', async () => {
    expect((await req('GET', `/organizations/${orgA}/quick_glance`, owner)).statusCode).toBe(403);
    expect((await req('GET', '/organizations/999999/quick_glance', admin)).statusCode).toBe(404);
    expect((await req('GET', `/organizations/${orgA}/quick_glance`)).statusCode).toBe(401);
  });
});

describe('archive and un-archive', () => {
  it('archive needs organization.archive; an archived organization is read-only; un-archive restores it', async () => {
    const org = await givenOrganization(t, { name: 'Closing Practice' });
    const own = await who({ roles: ['doctor'], organizations: [{ id: org, role: 'organization_owner' }] });
    expect((await req('PUT', `/organizations/${org}/archive`, supervisor)).statusCode).toBe(403);
    expect((await req('PUT', `/organizations/${org}/archive`, own)).statusCode).toBe(403);
    expect((await req('PUT', `/organizations/${org}/archive`)).statusCode).toBe(401);
    expect((await req('PUT', '/organizations/999999/archive', admin)).statusCode).toBe(404);
    const res = await req('PUT', `/organizations/${org}/archive`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.archived);
    expect(res.json().organization.deleted_at).not.toBeNull();
    expect(res.json().organization.status).toBe(6);
    expect((await req('PUT', `/organizations/${org}/archive`, admin)).statusCode).toBe(409);
    // read-only while archived; hidden from the member (no organization.view-archived)
    const write = await req('PUT', `/organizations/${org}`, admin, { name: 'Renamed' });
    expect(write.statusCode).toBe(409);
    expect(write.json().message).toBe(ORGANIZATION_MESSAGES.readOnlyArchived);
    expect((await req('GET', `/organizations/${org}`, own)).statusCode).toBe(404);
    expect((await req('PUT', `/organizations/${org}/un-archive`, supervisor)).statusCode).toBe(403);
    const back = await req('PUT', `/organizations/${org}/un-archive`, admin);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      message: ORGANIZATION_MESSAGES.unarchived,
      organization: { deleted_at: null },
    });
    expect((await req('PUT', `/organizations/${org}/un-archive`, admin)).statusCode).toBe(409);
    expect(await auditActions(org)).toEqual(
      expect.arrayContaining(['organizations.archive', 'organizations.un-archive']),
    );
  });

  it('a disabled organization is read-only', async () => {
    const org = await givenOrganization(t, { name: 'Disabled Practice' });
    await t.db.updateTable('organizations').set({ disabled_at: new Date() }).where('id', '=', org).execute();
    const res = await req('PUT', `/organizations/${org}/contacts`, admin, { contacts: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.readOnlyDisabled);
  });
});

describe('DELETE /organizations/{id}', () => {
  it('a practice owner deletes an organization without records; staff get 403; records block it', async () => {
    const org = await givenOrganization(t, { name: 'Short Lived' });
    const own = await who({ roles: ['doctor'], organizations: [{ id: org, role: 'organization_owner' }] });
    const mem = await who({ roles: ['doctor'], organizations: [{ id: org, role: 'organization_member' }] });
    expect((await req('DELETE', `/organizations/${org}`, admin)).statusCode).toBe(403);
    expect((await req('DELETE', `/organizations/${org}`, mem)).statusCode).toBe(403);
    expect((await req('DELETE', `/organizations/${orgB}`, own)).statusCode).toBe(404);
    expect((await req('DELETE', `/organizations/${org}`)).statusCode).toBe(401);
    const blocked = await req('DELETE', `/organizations/${orgA}`, owner);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(ORGANIZATION_MESSAGES.deleteHasRecords);
    const res = await req('DELETE', `/organizations/${org}`, own);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.deleted);
    expect(
      await t.db.selectFrom('organizations').select('id').where('id', '=', org).executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditActions(org)).toContain('organizations.delete');
  });
});

describe('POST /organizations/send_invite_to_create', () => {
  it('mails a sign-up link (organizations.send-invite-to-create)', async () => {
    const res = await req('POST', '/organizations/send_invite_to_create', admin, {
      email: 'future.practice@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.inviteToCreateSent);
    expect(await linkTokenFrom(t, 'future.practice@example.test', '/sign-up')).toBeTruthy();
    expect(
      (await req('POST', '/organizations/send_invite_to_create', supervisor, { email: 'a@example.test' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', '/organizations/send_invite_to_create', admin, { email: 'bad' })).json().errors
        .email,
    ).toEqual(['Email is invalid']);
    expect(
      (await req('POST', '/organizations/send_invite_to_create', undefined, { email: 'a@example.test' }))
        .statusCode,
    ).toBe(401);
  });

  it('the existing invitation routes keep working next to these', async () => {
    const res = await req('POST', '/organizations/confirm_invitation', undefined, { token: 'unknown' });
    expect(res.statusCode).not.toBe(404);
  });
});

describe('GET /organization/types', () => {
  it('401 unauthenticated, 200 with the list', async () => {
    expect((await req('GET', '/organization/types')).statusCode).toBe(401);
    expect((await req('GET', '/organization/types', owner)).statusCode).toBe(200);
  });
});
