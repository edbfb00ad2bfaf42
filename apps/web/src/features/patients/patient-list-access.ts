import { canPatientAction, type PatientAction } from '@archline/contracts';
import type { MeUser } from '../../session/me.ts';
import { permissionsOf } from '../../session/permissions.ts';

export function canOnList(user: MeUser, action: PatientAction): boolean {
  return canPatientAction(permissionsOf(user), action);
}
