/**
 * Access to one patient, shared by the patients use cases and the modules that keep records on a
 * patient (case notes): the patient scope (404 outside it), the action gates (403), the live-state
 * rule, the row lock of a state change and the patient's audit row.
 */
import { PATIENT_MESSAGES, canPatientAction, type PatientAction } from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { patientScopeOf } from '../../platform/permissions/patient-scope.ts';
import * as repo from './repository.ts';

export type { PatientRecord } from './repository.ts';

export const isManagement = (actor: Actor) => actor.profile === 'management';

/** 403 unless the actor's permissions open the action (PATIENT_ACTION_GATES). */
export function gate(actor: Actor, action: PatientAction): void {
  if (!canPatientAction(actor.permissions, action)) throw forbidden();
}

/** The patient with its details, or 404 when it is outside the actor's patient scope. */
export async function loadPatient(ctx: AppContext, actor: Actor, id: number): Promise<repo.PatientRecord> {
  const record = await repo.findPatient(ctx.db, id, patientScopeOf(actor));
  if (!record) throw notFound();
  return record;
}

/** 422 when the patient is archived or deleted. */
export function assertLive(record: repo.PatientRecord) {
  if (record.item.deleted_at) throw unprocessable(PATIENT_MESSAGES.alreadyArchived);
}

/** Locks the patient row for the rest of the transaction (state changes re-check under the lock). */
export function lockPatient(executor: Kysely<DB>, id: number) {
  return repo.lockPatient(executor, id);
}

interface AuditArgs {
  actor: Actor;
  meta: RequestMeta;
  action: string;
  patient: { id: number; organization_id: number };
  details?: Record<string, unknown>;
}

/** The audit row of a read or a write of the patient's data. */
export function auditPatient(executor: AppContext['db'], a: AuditArgs) {
  return recordAudit(executor, {
    actorUserId: a.actor.userId,
    actorEmail: a.actor.email,
    ip: a.meta.ip,
    requestId: a.meta.requestId,
    action: a.action,
    entityType: 'patient',
    entityId: a.patient.id,
    organizationId: a.patient.organization_id,
    outcome: 'success',
    details: a.details,
  });
}

export const actorName = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim();
