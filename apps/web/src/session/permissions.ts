// Subpath imports keep the first screen's bundle to the contracts it needs.
import { isManagementOnly, type Permission } from '@archline/contracts/permissions';
import { profileOf } from '@archline/contracts/roles';
import { useMemo } from 'react';
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
