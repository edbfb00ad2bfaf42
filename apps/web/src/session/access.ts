// Subpath imports keep the first screen's bundle to the contracts it needs.
import { MANAGEMENT_ROLES, profileOf, type OrganizationRole } from '@archline/contracts/roles';
import {
  canAccessRoute,
  GUARD_MESSAGES,
  loginRedirect,
  matchRoute,
  rootRedirect,
  type RouteUser,
} from '@archline/contracts/route-access';
import { isBuiltPath } from '../lib/built-routes.ts';
import { currentOrganizationOf, roleNames, type MeUser } from './me.ts';
import { permissionsOf } from './permissions.ts';

/**
 * The web side of the route access table in @archline/contracts (route-access.ts): turns the
 * current user into the table's RouteUser and answers the router's questions.
 */
export { GUARD_MESSAGES };

export function toRouteUser(user: MeUser): RouteUser {
  const roles = roleNames(user);
  const organization = currentOrganizationOf(user) ?? null;
  return {
    roles,
    profile: profileOf(roles),
    organizationRole: (organization?.pivot.role as OrganizationRole | undefined) ?? null,
    hasOrganization: organization !== null,
    contractSuspended: Boolean(organization?.contract?.suspended_at),
    customBracketSetsEnabled: organization?.enable_custom_bracket_sets === true,
    currentOrganizationId: user.current_organization_id,
    permissions: permissionsOf(user),
  };
}

/** Paths whose rule admits only management roles: their sign-in page is /management. */
export function isManagementPath(path: string): boolean {
  const access = matchRoute(path)?.access;
  return (
    access?.kind === 'roles' && access.roles.every((r) => (MANAGEMENT_ROLES as readonly string[]).includes(r))
  );
}

/** True when the table knows the path and it needs a signed-in user. */
export function requiresSignIn(path: string): boolean {
  const rule = matchRoute(path);
  return rule !== undefined && rule.access.kind !== 'public';
}

/** The sign-in page for a wanted path, carrying it as ?path= (none for the root). */
export function loginRedirectFor(pathname: string, search = ''): string {
  const management = isManagementPath(pathname);
  const wanted = `${pathname}${search}`;
  if (wanted === '/') return management ? '/management' : '/login';
  return loginRedirect(wanted, management);
}

/**
 * Where `/` sends the user: the profile's home (rootRedirect) when `isBuilt` says it has a page,
 * else the nearest built page of the profile (the management patient list while /dashboard is not
 * built).
 */
export function homePathFor(user: MeUser, isBuilt: (path: string) => boolean = isBuiltPath): string {
  const routeUser = toRouteUser(user);
  const home = rootRedirect(routeUser);
  const fallbacks =
    routeUser.profile === 'management' ? ['/patients-page', '/account'] : ['/patients', '/account'];
  return [home, ...fallbacks].find((path) => isBuilt(path) && canAccessRoute(path, routeUser)) ?? '/account';
}

/**
 * Where a sign-in without a wanted path lands: staff on the dashboard (when built and theirs),
 * everyone else where the root sends them.
 */
export function signInLandingFor(user: MeUser, isBuilt: (path: string) => boolean = isBuiltPath): string {
  const routeUser = toRouteUser(user);
  if (routeUser.profile === 'management' && isBuilt('/dashboard') && canAccessRoute('/dashboard', routeUser)) {
    return '/dashboard';
  }
  return '/';
}

export type AccessDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'message'; message: string };

/** True when the current organization still needs the account setup wizard (GET /me). */
export function needsInitialSetup(user: MeUser): boolean {
  return user.initial_setup_required === true;
}

/**
 * Organization and initial-setup checks of practice users, then the access table. While the
 * current organization needs its account setup, every page but the public ones (and the wizard
 * itself) redirects to /initial-setup; /initial-setup once set up redirects to /patients.
 */
export function decideAccess(
  user: MeUser,
  path: string,
  options: { hasRoute: (path: string) => boolean },
): AccessDecision {
  const routeUser = toRouteUser(user);
  const rule = matchRoute(path);
  const setupRequired = needsInitialSetup(user);
  if (routeUser.profile === 'practice' && !rule?.skipsSetupChecks) {
    if (setupRequired && options.hasRoute('/initial-setup'))
      return { kind: 'redirect', to: '/initial-setup' };
    if (user.organizations.length === 0) return { kind: 'message', message: GUARD_MESSAGES.noOrganizations };
    if (user.current_organization_id === null)
      return { kind: 'message', message: GUARD_MESSAGES.noOrganizationSelected };
  }
  if (path === '/initial-setup' && routeUser.profile === 'practice' && routeUser.hasOrganization) {
    if (!setupRequired) return { kind: 'redirect', to: '/patients' };
  }
  if (!canAccessRoute(path, routeUser)) {
    const access = rule?.access;
    if (access?.kind === 'roles' && access.redirectTo) return { kind: 'redirect', to: access.redirectTo };
    return { kind: 'message', message: GUARD_MESSAGES.page };
  }
  return { kind: 'allow' };
}
