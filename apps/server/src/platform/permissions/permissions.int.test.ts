import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, permissionsFor } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { givenOrganization, givenUser } from '../../../test/auth-helpers.ts';
import { authorize, can, loadActorAccess, organizationScope } from './index.ts';
import { seesOrganization as canSeeOrganization } from './organization-scope.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let orgC: number;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await givenOrganization(t);
  orgB = await givenOrganization(t);
  orgC = await givenOrganization(t);
});
afterAll(() => t?.close());

describe('loadActorAccess', () => {
  it('a practice user gets the role permissions plus the current organization pivot', async () => {
    const u = await givenUser(t, {
      roles: ['doctor'],
      organizations: [
        { id: orgA, role: 'organization_member' },
        { id: orgB, role: 'organization_owner' },
      ],
    });
    const inA = await loadActorAccess(t.db, { userId: u.id, roles: ['doctor'], currentOrganizationId: orgA });
    expect(inA.organizationRole).toBe('organization_member');
    expect(inA.organizationIds).toEqual([orgA, orgB]);
    expect(inA.permissions.has('organization.patients.toggle-hold')).toBe(true);
    expect(inA.permissions.has('organization.webhooks.manage')).toBe(false);

    const inB = await loadActorAccess(t.db, { userId: u.id, roles: ['doctor'], currentOrganizationId: orgB });
    expect(inB.organizationRole).toBe('organization_owner');
    expect(inB.permissions.has('organization.webhooks.manage')).toBe(true);
    expect([...inB.permissions].sort()).toEqual(
      [...permissionsFor({ roles: ['doctor'], organizationRole: 'organization_owner' })].sort(),
    );
  });

  it('a current organization the user does not belong to adds nothing', async () => {
    const u = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgA, role: 'organization_owner' }],
    });
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['doctor'],
      currentOrganizationId: orgC,
    });
    expect(access.organizationRole).toBeNull();
    expect([...access.permissions].sort()).toEqual([...ROLE_PERMISSIONS.doctor].sort());
  });

  it('a management user gets the role permissions and the custom toggles, not the pivot', async () => {
    const u = await givenUser(t, {
      roles: ['tech_support'],
      organizations: [{ id: orgA, role: 'organization_owner' }],
    });
    await t.db
      .insertInto('user_custom_permissions')
      .values({ user_id: u.id, permission: 'patients.view-archived' })
      .execute();
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['tech_support'],
      currentOrganizationId: orgA,
    });
    expect(access.organizationRole).toBe('organization_owner');
    expect(access.permissions.has('patients.complete-setup')).toBe(true);
    expect(access.permissions.has('patients.view-archived')).toBe(true);
    expect(access.permissions.has('organization.f_m_payment_methods.update')).toBe(false);
  });

  it('ignores stored toggles that are not custom permissions', async () => {
    const u = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgA, role: 'organization_member' }],
    });
    await t.db
      .insertInto('user_custom_permissions')
      .values([
        { user_id: u.id, permission: 'contracts.manage' },
        { user_id: u.id, permission: 'organization.rx-forms.authorize-rush-case' },
      ])
      .execute();
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['doctor'],
      currentOrganizationId: orgA,
    });
    expect(access.permissions.has('contracts.manage')).toBe(false);
    expect(access.permissions.has('organization.rx-forms.authorize-rush-case')).toBe(true);
  });
});

describe('can / authorize', () => {
  const actor = { permissions: new Set(['patients.archive']) };

  it('passes with any one of the permissions', () => {
    expect(can(actor, 'patients.manage', 'patients.archive')).toBe(true);
    expect(can(actor, 'patients.manage')).toBe(false);
    expect(() => authorize(actor, 'patients.delete', 'patients.archive')).not.toThrow();
  });

  it("throws 403 'This action is unauthorized.' otherwise", () => {
    expect(() => authorize(actor, 'patients.delete')).toThrowError(
      expect.objectContaining({ statusCode: 403, message: 'This action is unauthorized.' }),
    );
  });
});

describe('organization scope', () => {
  it('management with organizations.view-any sees every organization', async () => {
    const u = await givenUser(t, { roles: ['supervisor'] });
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['supervisor'],
      currentOrganizationId: null,
    });
    const actor = { ...access, roles: ['supervisor'] };
    expect(organizationScope(actor)).toBe('all');
    expect(canSeeOrganization(actor, orgC)).toBe(true);
  });

  it('a lab partner sees only the organizations assigned to it', async () => {
    const u = await givenUser(t, {
      roles: ['lab_partner'],
      organizations: [{ id: orgB, role: 'organization_member' }],
    });
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['lab_partner'],
      currentOrganizationId: orgB,
    });
    const actor = { ...access, roles: ['lab_partner'] };
    expect(organizationScope(actor)).toEqual([orgB]);
    expect(canSeeOrganization(actor, orgB)).toBe(true);
    expect(canSeeOrganization(actor, orgA)).toBe(false);
  });

  it('a lab partner also sees the organizations naming it their third-party partner, and no others', async () => {
    const u = await givenUser(t, { roles: ['lab_partner'] });
    await t.db
      .insertInto('organization_preferences')
      .values({ organization_id: orgC, third_party_partner_user_id: u.id })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ third_party_partner_user_id: u.id }))
      .execute();
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['lab_partner'],
      currentOrganizationId: null,
    });
    const actor = { ...access, roles: ['lab_partner'] };
    expect(organizationScope(actor)).toEqual([orgC]);
    expect(canSeeOrganization(actor, orgA)).toBe(false);

    // The same preference does not widen a doctor's scope.
    const doctor = await givenUser(t, { roles: ['doctor'] });
    const doctorAccess = await loadActorAccess(t.db, {
      userId: doctor.id,
      roles: ['doctor'],
      currentOrganizationId: null,
    });
    expect(doctorAccess.organizationIds).toEqual([]);
  });

  it('a practice user sees only their memberships, even with a stray view-any permission', async () => {
    const u = await givenUser(t, {
      roles: ['doctor'],
      organizations: [{ id: orgA, role: 'organization_owner' }],
    });
    const access = await loadActorAccess(t.db, {
      userId: u.id,
      roles: ['doctor'],
      currentOrganizationId: orgA,
    });
    const actor = {
      ...access,
      roles: ['doctor'],
      permissions: new Set([...access.permissions, 'organizations.view-any']),
    };
    expect(organizationScope(actor)).toEqual([orgA]);
    expect(canSeeOrganization(actor, orgA)).toBe(true);
    expect(canSeeOrganization(actor, orgB)).toBe(false);
    expect(canSeeOrganization(actor, null)).toBe(false);
  });
});
