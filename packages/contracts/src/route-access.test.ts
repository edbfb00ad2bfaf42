import { describe, expect, it } from 'vitest';
import {
  GUARD_MESSAGES,
  ROUTE_RULES,
  canAccessRoute,
  loginRedirect,
  matchRoute,
  rootRedirect,
  sidebarEntries,
  visibleAccountTabs,
  type RouteUser,
} from './route-access.ts';
import { permissionsFor } from './role-matrix.ts';
import { profileOf, type OrganizationRole } from './roles.ts';

function user(roles: string[], extra: Partial<RouteUser> = {}): RouteUser {
  return {
    roles,
    profile: profileOf(roles),
    organizationRole: null,
    hasOrganization: false,
    contractSuspended: false,
    customBracketSetsEnabled: false,
    ...extra,
  };
}

function practice(
  orgRole: OrganizationRole | null,
  extra: Partial<RouteUser> = {},
  roles = ['doctor'],
): RouteUser {
  return user(roles, {
    organizationRole: orgRole,
    hasOrganization: orgRole !== null,
    currentOrganizationId: orgRole ? 7 : null,
    permissions: permissionsFor({ roles, organizationRole: orgRole }),
    ...extra,
  });
}

const superAdmin = user(['super_admin']);
const admin = user(['admin']);
const tech = user(['tech_support']);
const supervisor = user(['supervisor']);
const partner = user(['lab_partner']);

describe('guard messages', () => {
  it('are the four texts of the spec', () => {
    expect(Object.values(GUARD_MESSAGES)).toEqual([
      "You don't have permission to access this page.",
      "You don't have permission to access this section.",
      'There is no organization selected.',
      "The user doesn't have organizations.",
    ]);
  });
});

describe('route table', () => {
  it('declares each pattern once', () => {
    const patterns = ROUTE_RULES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('public routes are open to everyone and skip the setup checks', () => {
    for (const p of [
      '/login',
      '/management',
      '/dibs',
      '/verify-user',
      '/sign-up',
      '/sign-up-success',
      '/create-user',
      '/forgot-password',
      '/reset-password',
      '/confirm-invitation',
    ]) {
      expect(canAccessRoute(p, null), p).toBe(true);
      expect(matchRoute(p)?.skipsSetupChecks, p).toBe(true);
    }
    expect(matchRoute('/management')?.title).toBe('Sign in to Admin Dashboard');
  });

  it('signed-in routes refuse visitors and accept any signed-in user', () => {
    for (const p of [
      '/patients',
      '/patient-details/5',
      '/account',
      '/requests',
      '/requests/3',
      '/rx-forms/9/modify',
      '/organizations/2/rx-forms/add',
    ]) {
      expect(canAccessRoute(p, null), p).toBe(false);
      expect(canAccessRoute(p, practice('organization_member')), p).toBe(true);
      expect(canAccessRoute(p, tech), p).toBe(true);
    }
  });

  it('dashboard: management roles, or a practice user with a dashboard permission; others go to /', () => {
    for (const u of [superAdmin, admin, tech, supervisor, partner])
      expect(canAccessRoute('/dashboard', u)).toBe(true);
    expect(canAccessRoute('/dashboard', practice('organization_owner'))).toBe(false);
    expect(
      canAccessRoute('/dashboard', practice('organization_owner', { permissions: ['users.view-dashboard'] })),
    ).toBe(true);
    const rule = matchRoute('/dashboard')!;
    expect(rule.access.kind === 'roles' && rule.access.redirectTo).toBe('/');
  });

  it('staff-only routes refuse lab partners and practice users', () => {
    for (const p of [
      '/batches',
      '/batches/12',
      '/users',
      '/users/add',
      '/settings',
      '/organizations-users',
      '/subscriptions/4/periodic-rules/add',
      '/patient-details/3/print',
    ]) {
      for (const u of [superAdmin, admin, tech, supervisor])
        expect(canAccessRoute(p, u), `${p} ${u.roles[0]}`).toBe(true);
      expect(canAccessRoute(p, partner), p).toBe(false);
      expect(canAccessRoute(p, practice('organization_owner')), p).toBe(false);
    }
  });

  it('the print page has no layout and its title', () => {
    expect(matchRoute('/patient-details/3/print')).toMatchObject({
      noLayout: true,
      title: 'Print Patient Summary',
    });
  });

  it('literal segments win over parameters', () => {
    expect(matchRoute('/users/add')?.pattern).toBe('/users/add');
    expect(matchRoute('/users/15')?.pattern).toBe('/users/:id');
    expect(canAccessRoute('/users/15', partner)).toBe(true);
    expect(canAccessRoute('/users/add', partner)).toBe(false);
  });

  it('staff plus lab partner routes', () => {
    for (const p of ['/organizations', '/organizations/4', '/patients-page', '/patient-workflow/8']) {
      expect(canAccessRoute(p, partner), p).toBe(true);
      expect(canAccessRoute(p, tech), p).toBe(true);
      expect(canAccessRoute(p, practice('organization_owner')), p).toBe(false);
    }
  });

  it('reports are for super_admin only', () => {
    expect(canAccessRoute('/export-reports', superAdmin)).toBe(true);
    expect(canAccessRoute('/export-reports', admin)).toBe(false);
  });

  it('location and bracket routes', () => {
    expect(canAccessRoute('/organizations/3/locations', supervisor)).toBe(true);
    expect(canAccessRoute('/organizations/3/locations', tech)).toBe(false);
    expect(canAccessRoute('/organizations/3/locations/add', partner)).toBe(true);
    // The address bar follows the sidebar: a member does not open the practice's locations.
    expect(canAccessRoute('/locations', practice('organization_member'))).toBe(false);
    expect(canAccessRoute('/locations/add', practice('organization_member'))).toBe(false);
    expect(canAccessRoute('/locations', practice('organization_owner'))).toBe(true);
    expect(canAccessRoute('/locations/7', practice('organization_manager'))).toBe(true);
    expect(canAccessRoute('/locations', practice('organization_member', {}, []))).toBe(false);
    expect(canAccessRoute('/locations', admin)).toBe(false);
    expect(canAccessRoute('/organizations/3/brackets', partner)).toBe(true);
    expect(canAccessRoute('/organizations/3/custom-bracket-sets', tech)).toBe(false);
  });

  it('initial setup is for the organization owner in the normal profile', () => {
    expect(canAccessRoute('/initial-setup', practice('organization_owner'))).toBe(true);
    expect(canAccessRoute('/initial-setup', practice('organization_manager'))).toBe(false);
    expect(
      canAccessRoute('/initial-setup', user(['admin'], { organizationRole: 'organization_owner' })),
    ).toBe(false);
  });

  it('an unknown path is the not-found page, open to all', () => {
    expect(matchRoute('/nowhere/at/all')).toBeUndefined();
    expect(canAccessRoute('/nowhere/at/all', null)).toBe(true);
  });
});

describe('redirects', () => {
  it('root: staff to /patients-page, organization users to /patients, lab partners to /dashboard', () => {
    expect(rootRedirect(admin)).toBe('/patients-page');
    expect(rootRedirect(tech)).toBe('/patients-page');
    expect(rootRedirect(partner)).toBe('/dashboard');
    expect(rootRedirect(practice('organization_member'))).toBe('/patients');
  });

  it('login keeps the wanted path', () => {
    expect(loginRedirect('/patients?x=1')).toBe('/login?path=%2Fpatients%3Fx%3D1');
    expect(loginRedirect('/batches', true)).toBe('/management?path=%2Fbatches');
  });
});

describe('sidebar', () => {
  const labels = (u: RouteUser) =>
    sidebarEntries(u).map((e) => `${e.label}${e.path === '/patients-page' ? '*' : ''}`);

  it('super admin sees every management entry', () => {
    expect(labels(superAdmin)).toEqual([
      'Dashboard',
      'Patients*',
      'Batches',
      'Organizations & Users',
      'Promotion Codes',
      'Account',
      'Reports',
      'Settings',
    ]);
  });

  it('technician: no promotion codes, no reports', () => {
    expect(labels(tech)).toEqual([
      'Dashboard',
      'Patients*',
      'Batches',
      'Organizations & Users',
      'Account',
      'Settings',
    ]);
  });

  it('lab partner: dashboard, patients, organizations, account', () => {
    expect(labels(partner)).toEqual(['Dashboard', 'Patients*', 'Organizations', 'Account']);
  });

  it('doctor owner: practice entries with organization links', () => {
    const entries = sidebarEntries(practice('organization_owner'));
    expect(entries.map((e) => e.label)).toEqual([
      'Patients',
      'Start a New Case',
      'Locations',
      'Bracket Inventory',
      'Account',
    ]);
    expect(entries.find((e) => e.key === 'start-case')).toEqual({
      key: 'start-case',
      label: 'Start a New Case',
      path: '/organizations/7/rx-forms/add',
      disabled: false,
    });
  });

  it('doctor member: no locations; custom bracket sets only when enabled', () => {
    expect(labels(practice('organization_member'))).toEqual([
      'Patients',
      'Start a New Case',
      'Bracket Inventory',
      'Account',
    ]);
    expect(labels(practice('organization_member', { customBracketSetsEnabled: true }))).toContain(
      'Custom Bracket Sets',
    );
  });

  it('a member without the doctor role sees neither brackets nor locations', () => {
    expect(labels(practice('organization_manager', {}, []))).toEqual([
      'Patients',
      'Start a New Case',
      'Account',
    ]);
  });

  it('start a new case is disabled when the contract is suspended', () => {
    const entry = sidebarEntries(practice('organization_member', { contractSuspended: true })).find(
      (e) => e.key === 'start-case',
    );
    expect(entry?.disabled).toBe(true);
  });

  it('bracket inventory is disabled without an organization', () => {
    const entry = sidebarEntries(practice(null)).find((e) => e.key === 'bracket-inventory');
    expect(entry).toMatchObject({ disabled: true });
  });
});

describe('account tabs', () => {
  const base = { organizationDisabled: false, licenseAllowsExtraSeats: false, webhooksEnabled: null };

  it('management sees only the User tab', () => {
    const tabs = visibleAccountTabs({
      ...base,
      profile: 'management',
      permissions: permissionsFor({ roles: ['super_admin'] }),
    });
    expect(tabs.map((t) => t.number)).toEqual([0]);
  });

  it('an owner sees payment, invoices and organization; webhooks only when offered', () => {
    const permissions = permissionsFor({ roles: ['doctor'], organizationRole: 'organization_owner' });
    expect(visibleAccountTabs({ ...base, profile: 'practice', permissions }).map((t) => t.label)).toEqual([
      'User',
      'Payment',
      'Invoices',
      'Installer',
      'Organization',
      'Devices',
    ]);
    expect(
      visibleAccountTabs({ ...base, profile: 'practice', permissions, webhooksEnabled: false }).map(
        (t) => t.number,
      ),
    ).toContain(8);
    expect(
      visibleAccountTabs({
        ...base,
        profile: 'practice',
        permissions,
        organizationDisabled: true,
        licenseAllowsExtraSeats: true,
      }).map((t) => t.number),
    ).toEqual([0, 3, 4, 5, 6, 7]);
  });

  it('a member sees the always-on tabs and the organization', () => {
    const permissions = permissionsFor({ roles: ['doctor'], organizationRole: 'organization_member' });
    expect(visibleAccountTabs({ ...base, profile: 'practice', permissions }).map((t) => t.number)).toEqual([
      0, 5, 6, 7,
    ]);
  });
});
