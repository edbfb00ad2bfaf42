import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  API,
  givenOrganization,
  givenUser,
  linkTokenFrom,
  loginAs,
  mailsTo,
  solveAltcha,
} from '../../../test/auth-helpers.ts';
import { inviteToOrganization } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: `${API}/organizations/confirm_invitation`, payload: { token } });
const createUser = async (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/organizations/create_user`,
    payload: { altcha: await solveAltcha(t), ...payload },
  });

describe('inviteToOrganization', () => {
  it('mails a confirm link to an existing user and a create-account link to a new e-mail', async () => {
    const org = await givenOrganization(t, { name: 'North Clinic' });
    const existing = await givenUser(t);
    const a = await inviteToOrganization(t.ctx, t.db, {
      email: existing.email,
      organizationId: org,
      role: 'organization_member',
    });
    const b = await inviteToOrganization(t.ctx, t.db, {
      email: 'newbie@example.test',
      organizationId: org,
      role: 'organization_manager',
      invitedBy: { userId: existing.id, name: 'Dr. Who' },
    });
    expect(a).toMatchObject({ kind: 'invitation', existingUser: true });
    expect(b).toMatchObject({ kind: 'create_user', existingUser: false });
    expect((await mailsTo(t, existing.email))[0]!.text).toContain(
      'http://localhost:3000/confirm-invitation?token=',
    );
    const mail = (await mailsTo(t, 'newbie@example.test'))[0]!;
    expect(mail.text).toContain('http://localhost:3000/create-user?token=');
    expect(mail.subject).toContain('North Clinic');
    expect(mail.text).toContain('Dr. Who invited you');
  });

  it('refuses an unknown organization', async () => {
    await expect(
      inviteToOrganization(t.ctx, t.db, {
        email: 'x@example.test',
        organizationId: 999999,
        role: 'organization_member',
      }),
    ).rejects.toThrow('Organization not found.');
  });
});

describe('POST /organizations/confirm_invitation', () => {
  it('adds the member with the invited role, once', async () => {
    const org = await givenOrganization(t, { name: 'East Clinic' });
    const u = await givenUser(t);
    await inviteToOrganization(t.ctx, t.db, {
      email: u.email,
      organizationId: org,
      role: 'organization_manager',
    });
    const token = await linkTokenFrom(t, u.email, '/confirm-invitation');
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'The invitation was confirmed. Please, try to log in now.',
      organization: { id: org, name: 'East Clinic' },
    });
    const member = await t.db
      .selectFrom('organization_user')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ organization_id: org, role: 'organization_manager' });
    const user = await t.db
      .selectFrom('users')
      .select('current_organization_id')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(user.current_organization_id).toBe(org);
    const again = await confirm(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('There was an issue confirming your invitation.');
  });

  it('refuses an unknown token and a create-account token', async () => {
    const org = await givenOrganization(t);
    await inviteToOrganization(t.ctx, t.db, {
      email: 'someone@example.test',
      organizationId: org,
      role: 'organization_member',
    });
    const createToken = await linkTokenFrom(t, 'someone@example.test', '/create-user');
    expect((await confirm(createToken)).statusCode).toBe(422);
    expect((await confirm('y'.repeat(43))).statusCode).toBe(422);
  });

  it('validates the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/organizations/confirm_invitation`,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toEqual(['Required']);
  });
});

describe('POST /organizations/create_user', () => {
  it('creates a verified member who can then sign in', async () => {
    const org = await givenOrganization(t, { name: 'West Clinic' });
    await inviteToOrganization(t.ctx, t.db, {
      email: 'fresh@example.test',
      organizationId: org,
      role: 'organization_member',
    });
    const token = await linkTokenFrom(t, 'fresh@example.test', '/create-user');
    const res = await createUser({
      token,
      first_name: 'anna',
      last_name: 'lee',
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.userCreated });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'fresh@example.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Anna', last_name: 'Lee', current_organization_id: org });
    expect(user.email_verified_at).not.toBeNull();
    const access = await loginAs(t, 'fresh@example.test', 'Secret123');
    expect(access).toBeTruthy();
    const again = await createUser({
      token,
      first_name: 'Anna',
      last_name: 'Lee',
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(again.statusCode).toBe(422);
  });

  it('when the e-mail got taken meanwhile, answers 422 with errors.email', async () => {
    const org = await givenOrganization(t);
    await inviteToOrganization(t.ctx, t.db, {
      email: 'race@example.test',
      organizationId: org,
      role: 'organization_member',
    });
    const token = await linkTokenFrom(t, 'race@example.test', '/create-user');
    await givenUser(t, { email: 'race@example.test' });
    const res = await createUser({
      token,
      first_name: 'A',
      last_name: 'B',
      password: 'Secret123',
      password_confirmation: 'Secret123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it.each([
    ['first_name', { first_name: '' }, 'Required'],
    ['last_name', { last_name: ' ' }, 'Required'],
    [
      'password',
      { password: 'abcdefgh', password_confirmation: 'abcdefgh' },
      'Must contain at least 8 characters, one uppercase, one lowercase and one number',
    ],
    [
      'password',
      { password: 'Abcdefgh1'.repeat(4), password_confirmation: 'Abcdefgh1'.repeat(4) },
      'Must contain max 32 characters.',
    ],
    ['password_confirmation', { password_confirmation: 'Nope12345' }, 'Both password need to be the same'],
  ])('validates %s', async (field, change, message) => {
    const res = await createUser({
      token: 'z'.repeat(43),
      first_name: 'A',
      last_name: 'B',
      password: 'Secret123',
      password_confirmation: 'Secret123',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('requires the bot check', async () => {
    const res = await createUser({
      token: 'z'.repeat(43),
      first_name: 'A',
      last_name: 'B',
      password: 'Secret123',
      password_confirmation: 'Secret123',
      altcha: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.altcha).toBeDefined();
  });
});
