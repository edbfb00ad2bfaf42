import { describe, expect, it } from 'vitest';
import { BILLING_PERMISSIONS, PERMISSIONS, isManagementOnly, isPermission } from './permissions.ts';
import {
  CUSTOM_PERMISSIONS,
  ORGANIZATION_ROLE_PERMISSIONS,
  ROLE_PERMISSIONS,
  customPermissionsFor,
  permissionsFor,
} from './role-matrix.ts';
import { ORGANIZATION_ROLES, ROLES } from './roles.ts';

describe('permission names', () => {
  it('declares each name once', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('includes the gates named in the spec', () => {
    for (const p of [
      'patients.toggle-hold',
      'organization.patients.ios.restore-tech-backup',
      'patient-files.relu.reprocess-job',
      'organization.f_m_payment_methods.update',
      'organizations.organization.user.update',
      'organizations.add_member',
      'rx-forms.customize-default-layout',
      'customer-requests.apply-internal-shipping-cost',
      'reports.deleted-cases.export',
      'permissions.manage',
      'arch-wires.list',
    ]) {
      expect(isPermission(p), p).toBe(true);
    }
    expect(isPermission('patients.fly')).toBe(false);
  });
});

describe('role matrix', () => {
  it('covers every role and organization role', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
    expect(Object.keys(ORGANIZATION_ROLE_PERMISSIONS).sort()).toEqual([...ORGANIZATION_ROLES].sort());
  });

  it('only uses declared permissions', () => {
    const entries = [
      ...Object.values(ROLE_PERMISSIONS).flat(),
      ...Object.values(ORGANIZATION_ROLE_PERMISSIONS).flat(),
      ...CUSTOM_PERMISSIONS.map((c) => c.permission),
    ];
    for (const p of entries) expect(isPermission(p), p).toBe(true);
  });

  it('gives super_admin everything and keeps the reports from admin', () => {
    expect(new Set(ROLE_PERMISSIONS.super_admin)).toEqual(new Set(PERMISSIONS));
    expect(ROLE_PERMISSIONS.admin).toContain('permissions.manage');
    expect(ROLE_PERMISSIONS.admin.some((p) => p.startsWith('reports.'))).toBe(false);
  });

  it('tech_support has no billing permission', () => {
    for (const p of BILLING_PERMISSIONS) expect(ROLE_PERMISSIONS.tech_support).not.toContain(p);
  });

  it('tech_support administers neither users nor organizations', () => {
    for (const p of [
      'users.create',
      'users.manage',
      'users.delete',
      'organizations.manage',
      'permissions.manage',
    ] as const) {
      expect(ROLE_PERMISSIONS.tech_support).not.toContain(p);
    }
  });

  it('lab_partner cannot see every organization and only works through organization-scoped permissions', () => {
    expect(ROLE_PERMISSIONS.lab_partner).not.toContain('organizations.view-any');
    for (const p of BILLING_PERMISSIONS) expect(ROLE_PERMISSIONS.lab_partner).not.toContain(p);
    const global = ROLE_PERMISSIONS.lab_partner.filter((p) => !p.startsWith('organization.'));
    expect(global.sort()).toEqual(['customer-requests.complete-assigned', 'users.view']);
  });

  it('doctor, staff_member and organization roles hold no management-only permission', () => {
    const practice = [
      ...ROLE_PERMISSIONS.doctor,
      ...ROLE_PERMISSIONS.staff_member,
      ...Object.values(ORGANIZATION_ROLE_PERMISSIONS).flat(),
    ];
    expect(practice.filter(isManagementOnly)).toEqual([]);
    expect(ROLE_PERMISSIONS.doctor).not.toContain('organizations.view-any');
    expect(ROLE_PERMISSIONS.doctor).not.toContain('patients.manage');
  });

  it('only the organization owner manages payment methods and webhooks', () => {
    expect(ORGANIZATION_ROLE_PERMISSIONS.organization_owner).toContain(
      'organization.f_m_payment_methods.update',
    );
    expect(ORGANIZATION_ROLE_PERMISSIONS.organization_owner).toContain('organization.webhooks.manage');
    expect(ORGANIZATION_ROLE_PERMISSIONS.organization_manager).not.toContain(
      'organization.f_m_payment_methods.update',
    );
    expect(ORGANIZATION_ROLE_PERMISSIONS.organization_member).not.toContain('organization.update');
  });

  it('grants promotion codes to the roles whose sidebar shows them', () => {
    expect(ROLE_PERMISSIONS.supervisor).toContain('promotion-codes.manage');
    expect(ROLE_PERMISSIONS.admin).toContain('promotion-codes.manage');
    expect(ROLE_PERMISSIONS.tech_support).not.toContain('promotion-codes.manage');
  });

  it('custom toggles are declared once', () => {
    const names = CUSTOM_PERMISSIONS.map((c) => c.permission);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('permissionsFor', () => {
  it('a management user gets the role permissions and ignores the pivot', () => {
    const perms = permissionsFor({ roles: ['tech_support'], organizationRole: 'organization_owner' });
    expect(perms.has('patients.complete-setup')).toBe(true);
    expect(perms.has('organization.f_m_payment_methods.update')).toBe(false);
  });

  it('a practice user gets the role plus the current organization pivot', () => {
    const member = permissionsFor({ roles: ['doctor'], organizationRole: 'organization_member' });
    const owner = permissionsFor({ roles: ['doctor'], organizationRole: 'organization_owner' });
    expect(member.has('organization.patients.toggle-hold')).toBe(true);
    expect(member.has('organization.webhooks.manage')).toBe(false);
    expect(owner.has('organization.webhooks.manage')).toBe(true);
  });

  it('without a current organization a practice user has only the role permissions', () => {
    const perms = permissionsFor({ roles: ['doctor'], organizationRole: null });
    expect([...perms].sort()).toEqual([...ROLE_PERMISSIONS.doctor].sort());
  });

  it('adds the custom toggles that apply to the profile and ignores the others', () => {
    const practice = permissionsFor({
      roles: ['doctor'],
      organizationRole: 'organization_member',
      custom: ['users.view-dashboard', 'patients.view-archived', 'contracts.manage', 'nonsense'],
    });
    expect(practice.has('users.view-dashboard')).toBe(true);
    expect(practice.has('patients.view-archived')).toBe(false);
    expect(practice.has('contracts.manage')).toBe(false);

    const tech = permissionsFor({
      roles: ['tech_support'],
      custom: ['patients.view-archived', 'users.view-dashboard'],
    });
    expect(tech.has('patients.view-archived')).toBe(true);
    expect(tech.has('users.view-dashboard')).toBe(false);
  });

  it('lists the toggles by profile', () => {
    expect(customPermissionsFor(['doctor']).map((c) => c.permission)).toContain(
      'organization.rx-forms.authorize-rush-case',
    );
    expect(customPermissionsFor(['admin']).map((c) => c.permission)).not.toContain(
      'organization.rx-forms.authorize-rush-case',
    );
  });
});
