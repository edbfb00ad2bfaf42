// Subpath imports keep the first screen's bundle to the contracts it needs.
import { isManagementOnly, type Permission } from '@archline/contracts/permissions';
import type { CurrentUserPermissionsResponse } from '@archline/contracts/assignment-configurations';
import { profileOf } from '@archline/contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../lib/api-client.ts';
import { currentOrganizationOf, roleNames, type MeUser } from './me.ts';
import { useSession } from './session.tsx';

/**
 * The user's effective permissions, built as the server builds an actor's: GET /me's
 * `all_permissions` (role matrix and custom toggles) plus, for a practice user, the permissions
 * their role grants in the CURRENT organization (its `pivot`), never a management-only one.
 * The web hides what the server would refuse with exactly this set.
 */
export function permissionsOf(user: MeUser): ReadonlySet<string> {
  const permissions = new Set<string>(user.all_permissions);
  if (profileOf(roleNames(user)) === 'practice') {
    for (const p of currentOrganizationOf(user)?.pivot.all_permissions ?? [])
      if (!isManagementOnly(p)) permissions.add(p);
  }
  return permissions;
}

/** True when the user holds at least one of the permissions (the server's `can(actor, ...anyOf)`). */
export function userCan(user: MeUser, ...anyOf: Permission[]): boolean {
  const permissions = permissionsOf(user);
  return anyOf.some((p) => permissions.has(p));
}

export interface Permissions {
  /** The effective set (empty while signed out or loading). */
  permissions: ReadonlySet<string>;
  /** True when the signed-in user holds at least one of the permissions. */
  can: (...anyOf: Permission[]) => boolean;
}

/** The signed-in user's effective permissions and `can(permission)`. */
export function usePermissions(): Permissions {
  const { user } = useSession();
  return useMemo(() => {
    const permissions: ReadonlySet<string> = user ? permissionsOf(user) : new Set<string>();
    return { permissions, can: (...anyOf: Permission[]) => anyOf.some((p) => permissions.has(p)) };
  }, [user]);
}

/** GET /organizations/{id}/current_user_permissions: what the caller holds inside that organization. */
export const organizationPermissionsQuery = (organizationId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'current-user-permissions'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<CurrentUserPermissionsResponse>(
          `/organizations/${organizationId}/current_user_permissions`,
          { signal },
        )
      ).data,
    enabled,
    staleTime: 60_000,
    meta: { silentError: true },
  });

/**
 * The permissions while working inside one organization (document 3 section 6: the user's
 * permissions combined with the organization's pivot permissions or, for management, the
 * per-organization list). A practice user: the floor above (their current organization's pivot).
 * A management user: the floor plus the organization's list from GET
 * /organizations/{id}/current_user_permissions; until it answers, or if it fails, the floor alone.
 */
export function useOrganizationPermissions(organizationId: number): Permissions {
  const { user } = useSession();
  const management = user ? profileOf(roleNames(user)) === 'management' : false;
  const valid = Number.isInteger(organizationId) && organizationId > 0;
  const list = useQuery(organizationPermissionsQuery(organizationId, management && valid));
  return useMemo(() => {
    const permissions = new Set<string>(user ? permissionsOf(user) : []);
    if (management) for (const p of list.data?.permissions ?? []) permissions.add(p);
    return { permissions, can: (...anyOf: Permission[]) => anyOf.some((p) => permissions.has(p)) };
  }, [user, management, list.data]);
}
