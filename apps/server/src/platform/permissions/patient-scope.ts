import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';
import { can, organizationScope } from './index.ts';
import { seesOrganization } from './organization-scope.ts';

/**
 * Which patients (and so which Rx forms, files, notes) a caller sees — one rule for every area:
 * - all: management holding organizations.view-any;
 * - organizations: other management users: their organizations;
 * - lab_partner: a lab partner without organizations.view-any: the cases of the organizations it
 *   serves (membership, or the organization's RxForm preference naming it the third-party
 *   partner) whose Rx form has a third-party assignment (setup, print, tray design or brackets = 3);
 * - practice: the current organization; without organization.patients.view-any only the caller's
 *   own cases (the doctor of the case, or who created it);
 * - none: a practice caller without a current organization of theirs.
 * `includeArchived` (patients.view-archived) lets archived / deleted patients through.
 * Anything outside the scope answers 404.
 */
export type PatientScope = (
  | { kind: 'all' }
  | { kind: 'organizations'; ids: number[] }
  | { kind: 'lab_partner'; partnerUserId: number; organizationIds: number[] }
  | { kind: 'practice'; organizationId: number; ownUserId: number | null }
  | { kind: 'none' }
) & { includeArchived: boolean };

/** The patients the actor may see (see PatientScope). */
export function patientScopeOf(actor: Actor): PatientScope {
  const includeArchived = can(actor, 'patients.view-archived');
  if (actor.profile === 'management') {
    const scope = organizationScope(actor);
    if (scope === 'all') return { kind: 'all', includeArchived };
    if (actor.roles.includes('lab_partner'))
      return { kind: 'lab_partner', partnerUserId: actor.userId, organizationIds: scope, includeArchived };
    return { kind: 'organizations', ids: scope, includeArchived };
  }
  const current = actor.currentOrganizationId;
  if (current === null || !actor.organizationIds.includes(current)) return { kind: 'none', includeArchived };
  return {
    kind: 'practice',
    organizationId: current,
    ownUserId: can(actor, 'organization.patients.view-any') ? null : actor.userId,
    includeArchived,
  };
}

/**
 * Whether the actor's patient scope reaches the organization's patients (lists and counts of one
 * organization): management by organization scope (a lab partner: the organizations it serves),
 * practice users only their current organization.
 */
export function patientScopeReaches(actor: Actor, organizationId: number): boolean {
  if (actor.profile === 'management') return seesOrganization(actor, organizationId);
  return actor.currentOrganizationId === organizationId && actor.organizationIds.includes(organizationId);
}

/** A third-party assignment on the Rx form aliased `rx`. */
const thirdPartyAssigned = (rx: string) =>
  sql<SqlBool>`(${sql.ref(`${rx}.initial_setup_assignment`)} = 3 or ${sql.ref(`${rx}.print_assignment`)} = 3 or ${sql.ref(`${rx}.tray_design_assignment`)} = 3 or ${sql.ref(`${rx}.insert_brackets_assignment`)} = 3)`;

/**
 * The scope as one SQL condition on the patients row aliased `patient`. `rx` names the patient's
 * Rx form when the query already joins it; otherwise the lab-partner rule reads it in a subquery.
 */
export function patientScopeSql(
  scope: PatientScope,
  aliases: { patient: string; rx?: string },
): RawBuilder<SqlBool> {
  const p = (column: string) => sql.ref(`${aliases.patient}.${column}`);
  const conds: RawBuilder<SqlBool>[] = [];
  switch (scope.kind) {
    case 'all':
      break;
    case 'none':
      return sql<SqlBool>`false`;
    case 'organizations':
      if (!scope.ids.length) return sql<SqlBool>`false`;
      conds.push(sql<SqlBool>`${p('organization_id')} in (${sql.join(scope.ids)})`);
      break;
    case 'lab_partner':
      if (!scope.organizationIds.length) return sql<SqlBool>`false`;
      conds.push(sql<SqlBool>`${p('organization_id')} in (${sql.join(scope.organizationIds)})`);
      conds.push(
        aliases.rx
          ? thirdPartyAssigned(aliases.rx)
          : sql<SqlBool>`exists (select 1 from rx_forms scope_rx where scope_rx.patient_id = ${p('id')} and ${thirdPartyAssigned('scope_rx')})`,
      );
      break;
    case 'practice':
      conds.push(sql<SqlBool>`${p('organization_id')} = ${scope.organizationId}`);
      if (scope.ownUserId !== null)
        conds.push(
          sql<SqlBool>`(${p('user_id')} = ${scope.ownUserId} or ${p('created_by_user_id')} = ${scope.ownUserId})`,
        );
      break;
  }
  if (!scope.includeArchived) conds.push(sql<SqlBool>`${p('deleted_at')} is null`);
  if (!conds.length) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(conds, sql` and `)})`;
}

/**
 * Whether the actor sees the patient, by the same rule as the API (PatientScope): what answers
 * 404 there is refused everywhere else too (real-time channel joins).
 */
export async function seesPatient(db: Kysely<DB>, actor: Actor, patientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('patients as p')
    .select('p.id')
    .where('p.id', '=', patientId)
    .where(patientScopeSql(patientScopeOf(actor), { patient: 'p' }))
    .executeTakeFirst();
  return row !== undefined;
}
