import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_ROLE_PERMISSIONS } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildContract, buildLicense, buildLicenseType, buildOnboarding } from '../../db/seed/factories.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('GET /me', () => {
  it('answers the user with roles, permissions, e-mails and organizations with their pivot', async () => {
    const a = await givenOrganization(t, { name: 'Alpha Dental', account_number: 'ALPHA-01' });
    const b = await givenOrganization(t, { name: 'Beta Dental' });
    const u = await givenUser(t, {
      organizations: [
        { id: a, role: 'organization_owner' },
        { id: b, role: 'organization_member' },
      ],
      current_organization_id: b,
    });
    const res = await call('GET', '/me', await tokenFor(t, u.id));
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: u.id,
      email: u.email,
      full_name: `${u.first_name} ${u.last_name}`,
      roles: [{ name: 'doctor' }],
      additional_emails: [],
      current_organization_id: b,
      initial_setup_required: false,
    });
    const facts = {
      disabled_at: null,
      webhooks_enabled: null,
      enable_custom_bracket_sets: false,
      contract: null,
      onboarding: null,
    };
    expect(me.organizations).toEqual([
      {
        id: a,
        name: 'Alpha Dental',
        account_number: 'ALPHA-01',
        ...facts,
        pivot: {
          role: 'organization_owner',
          all_permissions: [...ORGANIZATION_ROLE_PERMISSIONS.organization_owner],
        },
      },
      {
        id: b,
        name: 'Beta Dental',
        account_number: null,
        ...facts,
        pivot: {
          role: 'organization_member',
          all_permissions: [...ORGANIZATION_ROLE_PERMISSIONS.organization_member],
        },
      },
    ]);
    expect(Array.isArray(me.all_permissions)).toBe(true);
  });

  it("includes the organization facts the shell needs: disabled, custom bracket sets, the contract's suspension and seat buying", async () => {
    const org = await givenOrganization(t, { name: 'Gamma Dental' });
    await t.db
      .updateTable('organizations')
      .set({ enable_custom_bracket_sets: true, disabled_at: new Date('2026-01-02T03:04:05Z') })
      .where('id', '=', org)
      .execute();
    const type = await buildLicenseType(t.db, { allow_buy_seats: true });
    const license = await buildLicense(t.db, org, { license_type_id: type.id });
    const contract = await buildContract(t.db, org, {
      license_id: license.id,
      suspended_at: new Date('2026-02-03T00:00:00Z'),
      suspension_type: 1,
    });
    await buildOnboarding(t.db, org, { status: 5, current_step: 3 });
    const u = await givenUser(t, {
      organizations: [{ id: org, role: 'organization_owner' }],
      current_organization_id: org,
    });
    const res = await call('GET', '/me', await tokenFor(t, u.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().organizations[0]).toMatchObject({
      id: org,
      disabled_at: '2026-01-02T03:04:05.000Z',
      enable_custom_bracket_sets: true,
      contract: {
        id: contract.id,
        suspended_at: '2026-02-03T00:00:00.000Z',
        license: { license_type: { allow_buy_seats: true } },
      },
      onboarding: { status: 5, current_step: 3 },
    });
  });

  it('says initial_setup_required while the current organization is flagged and has no active license', async () => {
    const flagged = await givenOrganization(t, { name: "Nora New's Account" });
    const other = await givenOrganization(t, { name: 'Delta Dental' });
    await t.db
      .updateTable('organizations')
      .set({ initial_setup_required: true })
      .where('id', '=', flagged)
      .execute();
    const u = await givenUser(t, {
      organizations: [
        { id: flagged, role: 'organization_owner' },
        { id: other, role: 'organization_member' },
      ],
      current_organization_id: flagged,
    });
    const token = await tokenFor(t, u.id);
    const required = async () => (await call('GET', '/me', token)).json().initial_setup_required;
    expect(await required()).toBe(true);

    // another current organization: not required
    await t.db.updateTable('users').set({ current_organization_id: other }).where('id', '=', u.id).execute();
    expect(await required()).toBe(false);
    await t.db
      .updateTable('users')
      .set({ current_organization_id: flagged })
      .where('id', '=', u.id)
      .execute();

    // an inactive license does not count; an active one does
    const license = await buildLicense(t.db, flagged, { active: false });
    expect(await required()).toBe(true);
    await t.db.updateTable('licenses').set({ active: true }).where('id', '=', license.id).execute();
    expect(await required()).toBe(false);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await call('GET', '/me')).statusCode).toBe(401);
    const res = await call('GET', '/me', 'not-a-real-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('PUT /profile', () => {
  it('updates the names (normalized) and the e-mail, and audits', async () => {
    const u = await givenUser(t);
    const token = await tokenFor(t, u.id);
    const res = await call('PUT', '/profile', token, {
      first_name: ' jane  marie ',
      last_name: 'doe',
      email: 'jane.doe@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile successfully updated.',
      user: {
        first_name: 'Jane Marie',
        last_name: 'Doe',
        full_name: 'Jane Marie Doe',
        email: 'jane.doe@example.test',
      },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.update-profile')
      .where('actor_user_id', '=', u.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets a management user set the account number', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    const res = await call('PUT', '/profile', await tokenFor(t, u.id, { management: true }), {
      first_name: 'A',
      last_name: 'B',
      email: u.email,
      account_number: 'ACC-123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.account_number).toBe('ACC-123');
  });

  it('refuses a practice user changing the account number without users.update (403)', async () => {
    const u = await givenUser(t);
    const res = await call('PUT', '/profile', await tokenFor(t, u.id), {
      first_name: 'A',
      last_name: 'B',
      email: u.email,
      account_number: 'ACC-999',
    });
    expect(res.statusCode).toBe(403);
  });

  it('when the e-mail belongs to someone else, answers 422 with errors.email', async () => {
    const other = await givenUser(t);
    const u = await givenUser(t);
    const res = await call('PUT', '/profile', await tokenFor(t, u.id), {
      first_name: 'A',
      last_name: 'B',
      email: other.email,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it.each([
    ['first_name', { first_name: '' }, 'Required'],
    ['last_name', { last_name: undefined }, 'Required'],
    ['email', { email: '' }, 'Required'],
    ['email', { email: 'bad' }, 'Email is invalid'],
    ['account_number', { account_number: 'A'.repeat(21) }, 'Only up to 20 characters is allowed.'],
    ['account_number', { account_number: 'ABC12' }, 'Must contain at least 6 characters.'],
    [
      'account_number',
      { account_number: '-ABC123' },
      'Must only contain alphanumeric characters or "-" in between.',
    ],
    [
      'account_number',
      { account_number: 'ABC 123' },
      'Must only contain alphanumeric characters or "-" in between.',
    ],
  ])('validates %s (%j)', async (field, change, message) => {
    const u = await givenUser(t, { roles: ['admin'] });
    const res = await call('PUT', '/profile', await tokenFor(t, u.id, { management: true }), {
      first_name: 'A',
      last_name: 'B',
      email: u.email,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('answers 401 without a session', async () => {
    expect(
      (await call('PUT', '/profile', undefined, { first_name: 'A', last_name: 'B', email: 'a@example.test' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('PUT /me/current-organization', () => {
  it('switches to an organization the user belongs to', async () => {
    const a = await givenOrganization(t);
    const b = await givenOrganization(t);
    const u = await givenUser(t, {
      organizations: [
        { id: a, role: 'organization_owner' },
        { id: b, role: 'organization_member' },
      ],
    });
    const token = await tokenFor(t, u.id);
    const res = await call('PUT', '/me/current-organization', token, { organization_id: b });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.current_organization_id).toBe(b);
    expect((await call('GET', '/me', token)).json().current_organization_id).toBe(b);
  });

  it("answers 404 for another organization's id", async () => {
    const mine = await givenOrganization(t);
    const theirs = await givenOrganization(t);
    const u = await givenUser(t, { organizations: [{ id: mine, role: 'organization_owner' }] });
    const res = await call('PUT', '/me/current-organization', await tokenFor(t, u.id), {
      organization_id: theirs,
    });
    expect(res.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('users')
      .select('current_organization_id')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.current_organization_id).toBe(mine);
  });

  it('validates organization_id and needs a session', async () => {
    const u = await givenUser(t);
    const res = await call('PUT', '/me/current-organization', await tokenFor(t, u.id), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.organization_id).toEqual(['Required']);
    expect(
      (await call('PUT', '/me/current-organization', undefined, { organization_id: 1 })).statusCode,
    ).toBe(401);
  });
});

describe('GET /settings', () => {
  it('answers defaults when no settings are stored', async () => {
    const u = await givenUser(t);
    const res = await call('GET', '/settings', await tokenFor(t, u.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name_correction: { replacement: '', forbidden_characters: '' },
      activity_throttle_seconds: 600,
      aligner_promotion_enabled: false,
    });
  });

  it('answers the stored settings', async () => {
    await t.db
      .insertInto('settings')
      .values([
        { key: 'name_correction', value: JSON.stringify({ replacement: '-', forbidden_characters: '#%' }) },
        { key: 'activity_throttle_seconds', value: JSON.stringify(300) },
        { key: 'aligner_promotion_enabled', value: JSON.stringify(true) },
      ])
      .execute();
    const u = await givenUser(t);
    const res = await call('GET', '/settings', await tokenFor(t, u.id));
    expect(res.json()).toEqual({
      name_correction: { replacement: '-', forbidden_characters: '#%' },
      activity_throttle_seconds: 300,
      aligner_promotion_enabled: true,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/settings')).statusCode).toBe(401);
  });
});

describe('PUT /last-activity-time', () => {
  it('records the activity time', async () => {
    const u = await givenUser(t);
    const res = await call('PUT', '/last-activity-time', await tokenFor(t, u.id));
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('last_activity_at')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.last_activity_at).not.toBeNull();
    expect(new Date(res.json().last_activity_at).getTime()).toBe(new Date(row.last_activity_at!).getTime());
  });

  it('answers 401 without a session', async () => {
    expect((await call('PUT', '/last-activity-time')).statusCode).toBe(401);
  });
});

describe('additional e-mails', () => {
  it('a management user adds and removes an e-mail', async () => {
    const u = await givenUser(t, { roles: ['supervisor'] });
    const token = await tokenFor(t, u.id, { management: true });
    const added = await call('POST', '/emails', token, { email: 'second@example.test' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Email successfully added.',
      email: { email: 'second@example.test' },
    });
    const id = added.json().email.id;
    expect((await call('GET', '/me', token)).json().additional_emails).toEqual([
      { id, email: 'second@example.test' },
    ]);
    const dup = await call('POST', '/emails', token, { email: 'SECOND@example.test' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual(['The email has already been taken.']);
    const removed = await call('DELETE', `/emails/${id}`, token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Email successfully removed.' });
    expect((await call('GET', '/me', token)).json().additional_emails).toEqual([]);
  });

  it("answers 404 for another user's e-mail id", async () => {
    const owner = await givenUser(t, { roles: ['admin'] });
    const added = await call('POST', '/emails', await tokenFor(t, owner.id, { management: true }), {
      email: 'owned@example.test',
    });
    const intruder = await givenUser(t, { roles: ['admin'] });
    const res = await call(
      'DELETE',
      `/emails/${added.json().email.id}`,
      await tokenFor(t, intruder.id, { management: true }),
    );
    expect(res.statusCode).toBe(404);
    expect(
      await t.db.selectFrom('user_emails').select('id').where('user_id', '=', owner.id).execute(),
    ).toHaveLength(1);
  });

  it('answers 403 for the practice profile', async () => {
    const u = await givenUser(t);
    const token = await tokenFor(t, u.id);
    expect((await call('POST', '/emails', token, { email: 'x@example.test' })).statusCode).toBe(403);
    expect((await call('DELETE', '/emails/1', token)).statusCode).toBe(403);
  });

  it('validates the e-mail and needs a session', async () => {
    const u = await givenUser(t, { roles: ['admin'] });
    const res = await call('POST', '/emails', await tokenFor(t, u.id, { management: true }), {
      email: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Email is invalid']);
    expect((await call('POST', '/emails', undefined, { email: 'a@example.test' })).statusCode).toBe(401);
    expect((await call('DELETE', '/emails/1')).statusCode).toBe(401);
  });
});
