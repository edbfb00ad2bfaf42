import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_PERMISSION_MESSAGES, customPermissionsFor } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { loadActorAccess } from '../../platform/permissions/index.ts';
import * as service from './custom-permissions.service.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let admin: { id: number; headers: { authorization: string } };
let tech: { id: number; headers: { authorization: string } };
let partner: { id: number; headers: { authorization: string } };
let doctorA: { id: number; headers: { authorization: string } };
let doctorB: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t, { name: 'Bright Smiles' });
  orgB = await givenOrganization(t, { name: 'Other Practice' });
  const a = await givenUser(t, { roles: ['admin'] });
  const te = await givenUser(t, { roles: ['tech_support'] });
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  const dA = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgA, role: 'organization_owner' }],
  });
  const dB = await givenUser(t, {
    roles: ['doctor'],
    organizations: [{ id: orgB, role: 'organization_member' }],
  });
  admin = { id: a.id, headers: bearer(await tokenFor(t, a.id, { management: true })) };
  tech = { id: te.id, headers: bearer(await tokenFor(t, te.id, { management: true })) };
  partner = { id: lp.id, headers: bearer(await tokenFor(t, lp.id, { management: true })) };
  doctorA = { id: dA.id, headers: bearer(await tokenFor(t, dA.id)) };
  doctorB = { id: dB.id };
});
afterAll(() => t?.close());

const listUrl = (id: number) => `${API}/users/${id}/custom_permissions`;
const toggleUrl = (id: number) => `${API}/users/${id}/toggle_custom_permission`;

async function auditRows(action: string) {
  return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('GET /users/{id}/custom_permissions', () => {
  it('without a token, returns 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(doctorA.id) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('lists the toggles of a practice user, all off, for an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(doctorB.id), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      permission: string;
      label: string;
      description: string;
      enabled: boolean;
    }[];
    expect(data.map((d) => d.permission)).toEqual(customPermissionsFor(['doctor']).map((c) => c.permission));
    expect(data.find((d) => d.permission === 'organization.rx-forms.authorize-rush-case')).toEqual({
      permission: 'organization.rx-forms.authorize-rush-case',
      label: 'Rush Case Approval',
      description: 'Can authorize rush cases when starting a case.',
      enabled: false,
    });
    expect(data.every((d) => d.enabled === false)).toBe(true);
  });

  it('lists the management toggles for a management user', async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(tech.id), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { permission: string }[]).map((d) => d.permission);
    expect(names).toContain('patients.view-archived');
    expect(names).not.toContain('users.view-dashboard');
  });

  it('lets a user read their own list without permissions.manage', async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(doctorA.id), headers: doctorA.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBe(customPermissionsFor(['doctor']).length);
  });

  it("without permissions.manage, another user's list returns 403", async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(doctorB.id), headers: tech.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    const denied = await t.db.selectFrom('audit_log').selectAll().where('outcome', '=', 'denied').execute();
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      actor_user_id: tech.id,
      action: 'GET /services/api/v2/users/:id/custom_permissions',
    });
  });

  it('for an unknown user, returns 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: listUrl(999_999), headers: admin.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /users/{id}/toggle_custom_permission', () => {
  it('without a token, returns 401', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      payload: { permission: 'users.view-dashboard' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('without permissions.manage, returns 403 and records the denial', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: tech.headers,
      payload: { permission: 'users.view-dashboard' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    const denied = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('outcome', '=', 'denied')
      .where('actor_user_id', '=', tech.id)
      .where('action', 'like', 'PUT %')
      .execute();
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      action: 'PUT /services/api/v2/users/:id/toggle_custom_permission',
      entity_id: String(doctorA.id),
      ip: '127.0.0.1',
    });
    expect(denied[0]!.request_id).toBeTruthy();
    const stored = await t.db
      .selectFrom('user_custom_permissions')
      .selectAll()
      .where('user_id', '=', doctorA.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a practice user (who never holds permissions.manage) gets 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: doctorA.headers,
      payload: { permission: 'users.view-dashboard' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('for an unknown user, returns 404', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(999_999),
      headers: admin.headers,
      payload: { permission: 'users.view-dashboard' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('for an unknown permission, returns 422 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: admin.headers,
      payload: { permission: 'contracts.manage' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: CUSTOM_PERMISSION_MESSAGES.invalid,
      errors: { permission: [CUSTOM_PERMISSION_MESSAGES.invalid] },
    });
  });

  it('for a toggle of the other profile, returns 422 (a doctor cannot get a management toggle)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: admin.headers,
      payload: { permission: 'patients.view-archived' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ permission: ['The selected permission is invalid.'] });
  });

  it('without a permission, returns 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The permission field is required.',
      errors: { permission: ['The permission field is required.'] },
    });
  });

  it('turns a toggle on, shows it in the list and in the effective permissions, and audits it', async () => {
    const before = await loadActorAccess(t.db, {
      userId: doctorA.id,
      roles: ['doctor'],
      currentOrganizationId: orgA,
    });
    expect(before.permissions.has('users.view-dashboard')).toBe(false);

    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: { ...admin.headers, 'x-request-id': 'toggle-on-1' },
      payload: { permission: 'users.view-dashboard' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Custom permission enabled.',
      permission: {
        permission: 'users.view-dashboard',
        label: 'Dashboard View',
        description: 'Can open the dashboard with the organization statistics.',
        enabled: true,
      },
    });

    const list = await t.app.inject({ method: 'GET', url: listUrl(doctorA.id), headers: doctorA.headers });
    const item = (list.json().data as { permission: string; enabled: boolean }[]).find(
      (d) => d.permission === 'users.view-dashboard',
    );
    expect(item?.enabled).toBe(true);

    const after = await loadActorAccess(t.db, {
      userId: doctorA.id,
      roles: ['doctor'],
      currentOrganizationId: orgA,
    });
    expect(after.permissions.has('users.view-dashboard')).toBe(true);

    const rows = await auditRows('users.toggle-custom-permission');
    expect(rows.at(-1)).toMatchObject({
      actor_user_id: admin.id,
      entity_type: 'user',
      entity_id: String(doctorA.id),
      outcome: 'success',
      request_id: 'toggle-on-1',
      details: { permission: 'users.view-dashboard', enabled: true },
    });
  });

  it('the signed-in user sees the new permission on the next request', async () => {
    // The session resolves the actor per request, so the toggle applies without signing in again.
    const token = await tokenFor(t, doctorA.id);
    const me = await t.app.inject({ method: 'GET', url: `${API}/me`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain('users.view-dashboard');
  });

  it('turns the toggle off again', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: toggleUrl(doctorA.id),
      headers: admin.headers,
      payload: { permission: 'users.view-dashboard' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Custom permission disabled.');
    expect(res.json().permission.enabled).toBe(false);
    const after = await loadActorAccess(t.db, {
      userId: doctorA.id,
      roles: ['doctor'],
      currentOrganizationId: orgA,
    });
    expect(after.permissions.has('users.view-dashboard')).toBe(false);
    const rows = await auditRows('users.toggle-custom-permission');
    expect(rows.at(-1)?.details).toEqual({ permission: 'users.view-dashboard', enabled: false });
  });

  it('a caller scoped to their organizations gets 404 for a user of another organization', async () => {
    // No role of the matrix pairs permissions.manage with a scoped view; the scope rule still holds.
    const scoped: Actor = {
      userId: partner.id,
      email: 'partner@example.test',
      firstName: 'Lab',
      lastName: 'Partner',
      roles: ['lab_partner'],
      profile: 'management',
      tokenId: 0,
      currentOrganizationId: orgA,
      organizationRole: 'organization_member',
      organizationIds: [orgA],
      permissions: new Set(['permissions.manage']),
    };
    await expect(service.listCustomPermissions(t.ctx, scoped, doctorB.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      service.toggleCustomPermission(t.ctx, scoped, doctorB.id, 'users.view-dashboard', {
        ip: null,
        requestId: null,
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    const inScope = await service.listCustomPermissions(t.ctx, scoped, doctorA.id);
    expect(inScope.length).toBe(customPermissionsFor(['doctor']).length);
    const stored = await t.db
      .selectFrom('user_custom_permissions')
      .selectAll()
      .where('user_id', '=', doctorB.id)
      .execute();
    expect(stored).toEqual([]);
  });
});
