import { MANAGEMENT_ROLES, profileOf, STAFF_ROLES } from '@archline/contracts';
import type { MeUser } from '../features/auth/api/me.ts';
import { roleNames } from '../features/auth/api/me.ts';

// Interim rules until the route access table lands in @archline/contracts (route-access.ts).

export const GUARD_MESSAGES = {
  page: "You don't have permission to access this page.",
  section: "You don't have permission to access this section.",
  noOrganizationSelected: 'There is no organization selected.',
  noOrganizations: "The user doesn't have organizations.",
} as const;

const MANAGEMENT_PREFIXES = ['/dashboard', '/patients-page', '/batches', '/organizations-users', '/settings', '/users', '/promotion-codes', '/subscriptions', '/licenses', '/onboardings', '/printing-files', '/export-reports', '/patient-workflow'];

/** Paths only management roles may open: the sign-in page for them is /management. */
export function isManagementPath(path: string): boolean {
  return MANAGEMENT_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

export function homePathFor(user: MeUser): string {
  const roles = roleNames(user);
  if (profileOf(roles) === 'practice') return '/patients';
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r)) ? '/patients-page' : '/dashboard';
}

export function canAccessPath(user: MeUser, path: string): boolean {
  const management = roleNames(user).some((r) => (MANAGEMENT_ROLES as readonly string[]).includes(r));
  return management || !isManagementPath(path);
}

/** The organization check of practice users: null when fine, else a message or a redirect. */
export function organizationCheck(user: MeUser): { redirect?: string; message?: string } | null {
  if (profileOf(roleNames(user)) === 'management') return null;
  if (user.organizations.length === 0) return { message: GUARD_MESSAGES.noOrganizations };
  if (user.current_organization_id === null) return { message: GUARD_MESSAGES.noOrganizationSelected };
  return null;
}
