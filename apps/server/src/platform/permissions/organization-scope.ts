/**
 * Tenant isolation by organization, one rule for every area: which organizations' records an
 * actor sees (everything else answers 404, never 403), and who may pick the doctor of a case.
 */
import { doctorSelectionApplies } from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';
import { notFound } from '../http/errors.ts';
import { organizationScope, type AccessSubject } from './index.ts';

/**
 * Whether the records of the organization are visible to the actor: management by scope
 * (organizations.view-any: all; otherwise its organizations; a lab partner also those it serves),
 * practice users the organizations they belong to.
 */
export function seesOrganization(actor: AccessSubject, organizationId: number | null | undefined): boolean {
  if (organizationId === null || organizationId === undefined) return false;
  const scope = organizationScope(actor);
  return scope === 'all' || scope.includes(Number(organizationId));
}

/** Whether an organization row exists (deleted ones included: they keep their records). */
export async function organizationExists(db: Kysely<DB>, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws 404 unless the organization exists and its records are visible to the actor. */
export async function requireVisibleOrganization(
  db: Kysely<DB>,
  actor: AccessSubject,
  organizationId: number,
): Promise<void> {
  if (!seesOrganization(actor, organizationId) || !(await organizationExists(db, organizationId)))
    throw notFound();
}

/**
 * Doctor selection on the case form: rx-forms.select-doctor (management, any organization in
 * scope) or organization.rx-forms.select-doctor (practice: in the current organization).
 */
export function canSelectDoctor(
  actor: Pick<Actor, 'profile' | 'permissions' | 'currentOrganizationId'>,
  organizationId: number,
): boolean {
  return doctorSelectionApplies(
    {
      profile: actor.profile,
      permissions: actor.permissions,
      current_organization_id: actor.currentOrganizationId,
    },
    organizationId,
  );
}
