/**
 * Who may open which page of the web app: the route table (document 3 section 2.1), the
 * sidebar (document 1 section 2.3, document 3 section 2.3), the account tabs (document 1
 * section 2.4, document 3 section 2.5), the root redirect and the guard messages (document 1
 * section 2.2). Data plus pure functions: the web router and shell use them; the server enforces
 * the same rules through permissions, so hiding here is only a courtesy.
 * Path patterns use the router's syntax (`:id`).
 */
import { STAFF_ROLES, type OrganizationRole, type Profile, type Role } from './roles.ts';

export const GUARD_MESSAGES = {
  page: "You don't have permission to access this page.",
  section: "You don't have permission to access this section.",
  noOrganizationSelected: 'There is no organization selected.',
  noOrganizations: "The user doesn't have organizations.",
} as const;

/** The signed-in user as the route rules see it. */
export interface RouteUser {
  roles: readonly string[];
  profile: Profile;
  organizationRole: OrganizationRole | null;
  hasOrganization: boolean;
  contractSuspended: boolean;
  customBracketSetsEnabled: boolean;
  /** Used to fill `:organizationId` in sidebar links. */
  currentOrganizationId?: number | null;
  /** Effective permissions, for the rules that also accept a permission. */
  permissions?: readonly string[] | ReadonlySet<string>;
}

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  /** One of the roles; `orPermissions` (normal profile) opens it too; refused users go to `redirectTo` (else the not-permitted page). */
  | {
      kind: 'roles';
      roles: readonly Role[];
      orPermissions?: readonly string[];
      redirectTo?: string;
      /** Practice users also need one of these roles in the current organization (as the sidebar). */
      organizationRoles?: readonly OrganizationRole[];
    }
  | { kind: 'organization-role'; organizationRoles: readonly OrganizationRole[]; profile: Profile };

export interface RouteRule {
  pattern: string;
  access: RouteAccess;
  /** Public routes and a few others skip the initial-setup and organization checks. */
  skipsSetupChecks?: boolean;
  /** Rendered without the shell (top bar, sidebar). */
  noLayout?: boolean;
  title?: string;
}

const STAFF: readonly Role[] = STAFF_ROLES;
const STAFF_AND_PARTNER: readonly Role[] = [...STAFF_ROLES, 'lab_partner'];
const DASHBOARD_ROLES: readonly Role[] = STAFF_AND_PARTNER;
const LOCATION_ORGANIZATION_ROLES: readonly OrganizationRole[] = [
  'organization_owner',
  'organization_manager',
];

/** Permissions that open the dashboard for the normal profile. */
export const DASHBOARD_PERMISSIONS = [
  'users.view-dashboard',
  'users.manage',
  'users.manage-limited',
] as const;

const publicRoute = (pattern: string, title?: string): RouteRule => ({
  pattern,
  access: { kind: 'public' },
  skipsSetupChecks: true,
  ...(title ? { title } : {}),
});
const signedIn = (pattern: string): RouteRule => ({ pattern, access: { kind: 'authenticated' } });
const forRoles = (roles: readonly Role[], ...patterns: string[]): RouteRule[] =>
  patterns.map((pattern) => ({ pattern, access: { kind: 'roles', roles } }));

export const ROUTE_RULES: readonly RouteRule[] = [
  publicRoute('/login'),
  publicRoute('/management', 'Sign in to Admin Dashboard'),
  publicRoute('/dibs'),
  publicRoute('/dibs/online'),
  publicRoute('/verify-user'),
  publicRoute('/sign-up'),
  publicRoute('/sign-up-success'),
  publicRoute('/create-user'),
  publicRoute('/forgot-password'),
  publicRoute('/reset-password'),
  publicRoute('/confirm-invitation'),

  signedIn('/'),
  {
    pattern: '/dashboard',
    access: { kind: 'roles', roles: DASHBOARD_ROLES, orPermissions: DASHBOARD_PERMISSIONS, redirectTo: '/' },
  },
  signedIn('/patients'),
  signedIn('/patient-details/:id'),
  signedIn('/account'),
  signedIn('/requests'),
  signedIn('/requests/:id'),
  signedIn('/rx-forms/:id/modify'),
  signedIn('/organizations/:organizationId/rx-forms/add'),
  {
    pattern: '/patient-details/:id/print',
    access: { kind: 'roles', roles: STAFF },
    noLayout: true,
    title: 'Print Patient Summary',
  },
  ...forRoles(
    STAFF,
    '/printing-files',
    '/onboardings',
    '/onboardings/:id',
    '/users',
    '/users/add',
    '/organizations/:organizationId/patients',
    '/batches',
    '/batches/:id',
    '/users/:userId/patients/add',
    '/licenses',
    '/add-license',
    '/edit-license/:id',
    '/promotion-codes',
    '/promotion-codes/add',
    '/promotion-codes/:id',
    '/subscriptions',
    '/subscriptions/:id',
    '/subscriptions/:contract_id/periodic-rules/add',
    '/subscriptions/:contract_id/periodic-rules/:id',
    '/settings',
    '/organizations-users',
  ),
  ...forRoles(
    STAFF_AND_PARTNER,
    '/users/:id',
    '/organizations',
    '/organizations/:id',
    '/patients-page',
    '/patient-workflow/:id',
  ),
  ...forRoles(['super_admin'], '/export-reports'),
  ...forRoles(
    ['super_admin', 'admin', 'lab_partner', 'supervisor'],
    '/organizations/:organizationId/locations',
    '/organizations/:organizationId/locations/add',
    '/organizations/:organizationId/locations/:id',
  ),
  // The practice's locations: owners and managers (the sidebar's rule), and lab partners.
  ...['/locations', '/locations/add', '/locations/:id'].map((pattern): RouteRule => ({
    pattern,
    access: {
      kind: 'roles',
      roles: ['doctor', 'lab_partner'],
      organizationRoles: LOCATION_ORGANIZATION_ROLES,
    },
  })),
  ...forRoles(
    ['doctor', 'lab_partner'],
    '/organizations/:organizationId/brackets',
    '/organizations/:organizationId/custom-bracket-sets',
  ),
  {
    pattern: '/initial-setup',
    access: { kind: 'organization-role', organizationRoles: ['organization_owner'], profile: 'practice' },
    skipsSetupChecks: true,
  },
  signedIn('/empty'),
];

function segmentsOf(path: string): string[] {
  return path.split('?')[0]!.split('#')[0]!.split('/').filter(Boolean);
}

/** The rule of a concrete path ('/patient-details/12' -> '/patient-details/:id'), or undefined (not found). */
export function matchRoute(path: string): RouteRule | undefined {
  const wanted = segmentsOf(path);
  let best: { rule: RouteRule; score: number } | undefined;
  for (const rule of ROUTE_RULES) {
    const parts = segmentsOf(rule.pattern);
    if (parts.length !== wanted.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]!.startsWith(':')) continue;
      if (parts[i] !== wanted[i]) {
        ok = false;
        break;
      }
      score++;
    }
    // Literal segments beat parameters: '/users/add' wins over '/users/:id'.
    if (ok && (!best || score > best.score)) best = { rule, score };
  }
  return best?.rule;
}

function hasAnyRole(user: RouteUser, roles: readonly string[]): boolean {
  return user.roles.some((r) => roles.includes(r));
}

function holds(user: RouteUser, permission: string): boolean {
  const p = user.permissions;
  if (!p) return false;
  return 'has' in p ? p.has(permission) : p.includes(permission);
}

function allows(access: RouteAccess, user: RouteUser | null): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'authenticated':
      return user !== null;
    case 'roles':
      if (!user) return false;
      if (hasAnyRole(user, access.roles)) {
        if (user.profile !== 'practice' || !access.organizationRoles) return true;
        return user.organizationRole !== null && access.organizationRoles.includes(user.organizationRole);
      }
      return user.profile === 'practice' && (access.orPermissions ?? []).some((p) => holds(user, p));
    case 'organization-role':
      return (
        user !== null &&
        user.profile === access.profile &&
        user.organizationRole !== null &&
        access.organizationRoles.includes(user.organizationRole)
      );
  }
}

/**
 * Whether the user (null when signed out) may open the route. `route` is a pattern of the table
 * or a concrete path; an unknown route is the not-found page, which anyone may see.
 */
export function canAccessRoute(route: string, user: RouteUser | null): boolean {
  const rule = ROUTE_RULES.find((r) => r.pattern === route) ?? matchRoute(route);
  if (!rule) return true;
  return allows(rule.access, user);
}

/** Root '/' by profile: management to /patients-page, organization users to /patients, third-party users to /dashboard. */
export function rootRedirect(user: Pick<RouteUser, 'roles' | 'profile'>): string {
  if (user.profile === 'management') {
    const staff = user.roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
    return !staff && user.roles.includes('lab_partner') ? '/dashboard' : '/patients-page';
  }
  return '/patients';
}

/** Where an unauthenticated visitor is sent, keeping the wanted path. */
export function loginRedirect(wantedPath: string, management = false): string {
  return `${management ? '/management' : '/login'}?path=${encodeURIComponent(wantedPath)}`;
}

// ---------------------------------------------------------------- sidebar

export interface SidebarRule {
  key: string;
  label: string;
  path: string;
  profile: Profile | 'both';
  /** The user needs one of these global roles (absent: any). */
  roles?: readonly Role[];
  /** And (practice) one of these roles in the current organization (absent: any). */
  organizationRoles?: readonly OrganizationRole[];
  disabledWhen?: 'contract-suspended' | 'no-organization';
  hiddenUnless?: 'custom-bracket-sets-enabled';
}

export const SIDEBAR_RULES: readonly SidebarRule[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', profile: 'management', roles: DASHBOARD_ROLES },
  { key: 'patients', label: 'Patients', path: '/patients', profile: 'practice' },
  {
    key: 'patients-page',
    label: 'Patients',
    path: '/patients-page',
    profile: 'management',
    roles: DASHBOARD_ROLES,
  },
  { key: 'batches', label: 'Batches', path: '/batches', profile: 'management', roles: STAFF },
  {
    key: 'organizations-users',
    label: 'Organizations & Users',
    path: '/organizations-users',
    profile: 'management',
    roles: STAFF,
  },
  {
    key: 'promotion-codes',
    label: 'Promotion Codes',
    path: '/promotion-codes',
    profile: 'management',
    roles: ['super_admin', 'admin', 'supervisor'],
  },
  {
    key: 'start-case',
    label: 'Start a New Case',
    path: '/organizations/:organizationId/rx-forms/add',
    profile: 'practice',
    disabledWhen: 'contract-suspended',
  },
  {
    key: 'locations',
    label: 'Locations',
    path: '/locations',
    profile: 'practice',
    roles: ['doctor'],
    organizationRoles: LOCATION_ORGANIZATION_ROLES,
  },
  {
    key: 'bracket-inventory',
    label: 'Bracket Inventory',
    path: '/organizations/:organizationId/brackets',
    profile: 'practice',
    roles: ['doctor'],
    organizationRoles: ['organization_owner', 'organization_manager', 'organization_member'],
    disabledWhen: 'no-organization',
  },
  {
    key: 'custom-bracket-sets',
    label: 'Custom Bracket Sets',
    path: '/organizations/:organizationId/custom-bracket-sets',
    profile: 'practice',
    roles: ['doctor'],
    organizationRoles: ['organization_owner', 'organization_manager', 'organization_member'],
    hiddenUnless: 'custom-bracket-sets-enabled',
  },
  {
    key: 'organizations',
    label: 'Organizations',
    path: '/organizations',
    profile: 'management',
    roles: ['lab_partner'],
  },
  { key: 'account', label: 'Account', path: '/account', profile: 'both' },
  {
    key: 'reports',
    label: 'Reports',
    path: '/export-reports',
    profile: 'management',
    roles: ['super_admin'],
  },
  { key: 'settings', label: 'Settings', path: '/settings', profile: 'management', roles: STAFF },
];

export interface SidebarEntry {
  key: string;
  label: string;
  /** With `:organizationId` filled in when the user has a current organization. */
  path: string;
  disabled: boolean;
}

/** The sidebar of a user, in order, with each entry's disabled state. */
export function sidebarEntries(user: RouteUser): SidebarEntry[] {
  const entries: SidebarEntry[] = [];
  for (const rule of SIDEBAR_RULES) {
    if (rule.profile !== 'both' && rule.profile !== user.profile) continue;
    if (rule.roles && !hasAnyRole(user, rule.roles)) continue;
    if (
      rule.organizationRoles &&
      (!user.organizationRole || !rule.organizationRoles.includes(user.organizationRole))
    ) {
      // Bracket Inventory stays listed (disabled) for a doctor without an organization.
      if (!(rule.disabledWhen === 'no-organization' && !user.hasOrganization)) continue;
    }
    if (rule.hiddenUnless === 'custom-bracket-sets-enabled' && !user.customBracketSetsEnabled) continue;
    const disabled =
      (rule.disabledWhen === 'contract-suspended' && user.contractSuspended) ||
      (rule.disabledWhen === 'no-organization' && !user.hasOrganization);
    const organizationId = user.currentOrganizationId;
    const path =
      organizationId !== null && organizationId !== undefined
        ? rule.path.replace(':organizationId', String(organizationId))
        : rule.path;
    entries.push({ key: rule.key, label: rule.label, path, disabled });
  }
  return entries;
}

// ---------------------------------------------------------------- account tabs

export type AccountTabCondition =
  | 'always'
  | 'payment-method-permission-and-organization-enabled'
  | 'license-allows-extra-seats'
  | 'current-order-permission'
  | 'organization-view-permission'
  | 'practice-webhooks';

export interface AccountTabRule {
  key: string;
  label: string;
  /** The value of the `tab` query parameter. */
  number: number;
  condition: AccountTabCondition;
  permission?: string;
}

export const ACCOUNT_TABS: readonly AccountTabRule[] = [
  { key: 'user', label: 'User', number: 0, condition: 'always' },
  {
    key: 'payment',
    label: 'Payment',
    number: 2,
    condition: 'payment-method-permission-and-organization-enabled',
    permission: 'organization.f_m_payment_methods.update',
  },
  { key: 'extra', label: 'Extra', number: 3, condition: 'license-allows-extra-seats' },
  {
    key: 'invoices',
    label: 'Invoices',
    number: 4,
    condition: 'current-order-permission',
    permission: 'organization.get-current-order',
  },
  { key: 'installer', label: 'Installer', number: 5, condition: 'always' },
  {
    key: 'organization',
    label: 'Organization',
    number: 6,
    condition: 'organization-view-permission',
    permission: 'organization.view',
  },
  { key: 'devices', label: 'Devices', number: 7, condition: 'always' },
  {
    key: 'webhooks',
    label: 'Webhooks',
    number: 8,
    condition: 'practice-webhooks',
    permission: 'organization.webhooks.manage',
  },
];

export interface AccountTabsInput {
  profile: Profile;
  permissions: readonly string[] | ReadonlySet<string>;
  /** The current organization's disabled_at is set. */
  organizationDisabled: boolean;
  /** The contract's license type allows buying seats. */
  licenseAllowsExtraSeats: boolean;
  /** The organization's webhooks_enabled (null: webhooks not offered). */
  webhooksEnabled: boolean | null;
}

/** The account page tabs the user sees; management sees only the User tab. */
export function visibleAccountTabs(input: AccountTabsInput): AccountTabRule[] {
  if (input.profile === 'management') return ACCOUNT_TABS.filter((t) => t.number === 0);
  const has = (p?: string) => p !== undefined && holds({ permissions: input.permissions } as RouteUser, p);
  return ACCOUNT_TABS.filter((tab) => {
    switch (tab.condition) {
      case 'always':
        return true;
      case 'payment-method-permission-and-organization-enabled':
        return has(tab.permission) && !input.organizationDisabled;
      case 'license-allows-extra-seats':
        return input.licenseAllowsExtraSeats;
      case 'current-order-permission':
      case 'organization-view-permission':
        return has(tab.permission);
      case 'practice-webhooks':
        return has(tab.permission) && input.webhooksEnabled !== null;
    }
  });
}
