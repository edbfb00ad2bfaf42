import { profileOf } from '@archline/contracts';
import { useParams } from 'react-router';
import { roleNames, type MeUser } from '../../session/me.ts';
import { permissionsOf } from '../../session/permissions.ts';

export type LocationAction = 'create' | 'update' | 'delete';

/**
 * What the user may do with locations: management users with locations.manage or the action's
 * permission, or anybody with the organization.locations.* variant (for practice users granted by
 * their role in the current organization).
 */
export function canLocation(user: MeUser, action: LocationAction): boolean {
  const permissions = permissionsOf(user);
  const profile = profileOf(roleNames(user));
  if (
    profile === 'management' &&
    (permissions.has('locations.manage') || permissions.has(`locations.${action}`))
  )
    return true;
  return permissions.has(`organization.locations.${action}`);
}

/** Only management users with locations.manage or locations.update change the address of a location with open requests. */
export function canChangeLockedAddress(user: MeUser): boolean {
  const permissions = permissionsOf(user);
  return (
    profileOf(roleNames(user)) === 'management' &&
    (permissions.has('locations.manage') || permissions.has('locations.update'))
  );
}

export interface LocationsScope {
  /** The organization of the /organizations/{organizationId}/locations variant; null on /locations. */
  organizationId: number | null;
  /** The list page of this variant: every page returns here after a save or delete. */
  basePath: string;
}

/** /locations or /organizations/{organizationId}/locations, by the route. */
export function useLocationsScope(): LocationsScope {
  const { organizationId } = useParams();
  const id = organizationId === undefined ? NaN : Number(organizationId);
  if (Number.isInteger(id) && id > 0)
    return { organizationId: id, basePath: `/organizations/${id}/locations` };
  return { organizationId: null, basePath: '/locations' };
}
