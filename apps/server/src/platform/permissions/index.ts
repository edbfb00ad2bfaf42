/**
 * Server-side permission checks. The names and the role matrix live in @archline/contracts;
 * this module loads what a signed-in user holds and answers "may the actor do this / see that".
 * Use cases call `authorize` (403) for capabilities; tenant isolation (404 for records outside
 * the scope) is `organization-scope.ts` and `patient-scope.ts`.
 */
import {
  ORGANIZATION_ROLES,
  permissionsFor,
  profileOf,
  type OrganizationRole,
  type Permission,
  type Profile,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../auth/actor.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../http/errors.ts';

export interface ActorAccess {
  permissions: Set<string>;
  /** The user's role in the current organization, or null when not a member of it. */
  organizationRole: OrganizationRole | null;
  /** Every organization the user is a member of (a lab partner: also those it is the third-party partner of). */
  organizationIds: number[];
}

export interface LoadActorAccessInput {
  userId: number;
  roles: readonly string[];
  currentOrganizationId: number | null;
}

/** What a user's access is computed from (see accessFrom). */
export interface AccessRows {
  memberships: { organization_id: number | string; role: string }[];
  custom: string[];
  /** Organizations whose RxForm preference names the user the third-party partner (lab partners). */
  served: (number | string)[];
}

/**
 * Effective access of a user from its rows: role permissions, plus (practice profile) the pivot
 * permissions of the current organization, plus the custom toggles; the organizations are the
 * memberships and, for a lab partner, those it serves.
 */
export function accessFrom(
  input: Pick<LoadActorAccessInput, 'roles' | 'currentOrganizationId'>,
  rows: AccessRows,
): ActorAccess {
  const partner = input.roles.includes('lab_partner');
  const organizationIds = [
    ...new Set([
      ...rows.memberships.map((m) => Number(m.organization_id)),
      ...(partner ? rows.served.map(Number) : []),
    ]),
  ].sort((a, b) => a - b);
  const current =
    input.currentOrganizationId === null
      ? undefined
      : rows.memberships.find((m) => Number(m.organization_id) === input.currentOrganizationId);
  const organizationRole =
    current && (ORGANIZATION_ROLES as readonly string[]).includes(current.role)
      ? (current.role as OrganizationRole)
      : null;
  const permissions: Set<string> = permissionsFor({
    roles: input.roles,
    organizationRole,
    custom: rows.custom,
  });
  return { permissions, organizationRole, organizationIds };
}

/** Effective access of a user (see accessFrom); the queries run together. */
export async function loadActorAccess(db: Kysely<DB>, input: LoadActorAccessInput): Promise<ActorAccess> {
  const partner = input.roles.includes('lab_partner');
  const [memberships, custom, served] = await Promise.all([
    db
      .selectFrom('organization_user')
      .select(['organization_id', 'role'])
      .where('user_id', '=', input.userId)
      .orderBy('organization_id')
      .execute(),
    db
      .selectFrom('user_custom_permissions')
      .select('permission')
      .where('user_id', '=', input.userId)
      .execute(),
    // A lab partner also works for the organizations that name it their third-party partner.
    partner
      ? db
          .selectFrom('organization_preferences')
          .select('organization_id')
          .where('third_party_partner_user_id', '=', input.userId)
          .execute()
      : Promise.resolve([]),
  ]);
  return accessFrom(input, {
    memberships,
    custom: custom.map((c) => c.permission),
    served: served.map((o) => o.organization_id),
  });
}

/** The part of an Actor the checks below need (so services and tests can pass a plain object). */
export type AccessSubject = Pick<Actor, 'permissions' | 'organizationIds'> & {
  roles: readonly string[];
  profile?: Profile;
};

/** True when the actor holds at least one of the permissions. */
export function can(actor: Pick<Actor, 'permissions'>, ...anyOf: Permission[]): boolean {
  return anyOf.some((p) => actor.permissions.has(p));
}

/** Throws 403 'This action is unauthorized.' unless the actor holds one of the permissions. */
export function authorize(actor: Pick<Actor, 'permissions'>, ...anyOf: Permission[]): void {
  if (!can(actor, ...anyOf)) throw forbidden();
}

function profileOfSubject(actor: AccessSubject): Profile {
  return actor.profile ?? profileOf(actor.roles);
}

/**
 * The organizations whose records the actor may see: 'all' for management users holding
 * organizations.view-any; otherwise the ids of their organizations. A lab partner sees its
 * memberships and the organizations whose preference names it the third-party partner.
 */
export function organizationScope(actor: AccessSubject): 'all' | number[] {
  if (profileOfSubject(actor) === 'management' && actor.permissions.has('organizations.view-any'))
    return 'all';
  return [...actor.organizationIds];
}
