import { canPatientAction, type PatientAction } from '@archline/contracts';
import { toRouteUser } from '../../app/access.ts';
import type { MeUser } from '../auth/api/me.ts';

/** The user's permissions: their own plus their role's in the current organization. */
export function permissionsOf(user: MeUser): ReadonlySet<string> {
  return new Set(toRouteUser(user).permissions ?? []);
}

export function canOnList(user: MeUser, action: PatientAction): boolean {
  return canPatientAction(permissionsOf(user), action);
}
