/**
 * What the parts of the patient-files module share: access to a patient and to a file, the
 * gates, the file's presentation and its audit row.
 */
import {
  PATIENT_FILE_MESSAGES,
  PATIENT_FILE_SECTION_NAMES,
  seesRestrictedFiles,
  type PatientFile,
  type PatientFileTag,
  type PatientFileTypeId,
  type ReluStatus,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { can } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import * as repo from './repository.ts';
import { patientScopeOf } from '../../platform/permissions/patient-scope.ts';

export const API_BASE = '/services/api/v2';
export type Executor = Kysely<DB>;

/* ------------------------------------------------------------------------------------------ */
/* Access                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export async function loadPatient(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  executor: Executor = ctx.db,
): Promise<repo.PatientRef> {
  const patient = await repo.findPatient(executor, patientId, patientScopeOf(actor));
  if (!patient) throw notFound();
  return patient;
}

/** A file the actor may see, with its patient (404 otherwise, also for restricted files). */
export async function loadFile(
  ctx: AppContext,
  actor: Actor,
  fileId: number,
): Promise<{ file: repo.FileRow; patient: repo.PatientRef }> {
  const file = await repo.findFile(ctx.db, fileId);
  if (!file) throw notFound();
  if (!seesRestrictedFiles(actor.roles) && (file.hidden || file.tag === 'tech_backup')) throw notFound();
  const patient = await loadPatient(ctx, actor, Number(file.patient_id));
  return { file, patient };
}

/** File management gates (document 1 section 6): global for management, organization.* within scope. */
export function mayCreate(actor: Actor): boolean {
  return can(actor, 'patient-files.manage', 'patient-files.create', 'organization.patient-files.create');
}
export function mayDelete(actor: Actor): boolean {
  return can(actor, 'patient-files.manage', 'patient-files.delete', 'organization.patient-files.delete');
}

export function assertWritable(patient: repo.PatientRef): void {
  if (patient.deleted_at) throw unprocessable(PATIENT_FILE_MESSAGES.patientArchived);
}

/** Case entry before the patient exists: the organization must be visible and writable. */
export function assertOrganizationWritable(actor: Actor, organizationId: number): void {
  const visible =
    actor.profile === 'management'
      ? seesOrganization(actor, organizationId)
      : actor.currentOrganizationId === organizationId;
  if (!visible) throw notFound();
}

/* ------------------------------------------------------------------------------------------ */
/* Presentation                                                                               */
/* ------------------------------------------------------------------------------------------ */

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

interface FileMetadata {
  restore_point?: boolean;
  relu_request?: {
    job_id: string | null;
    status: ReluStatus | null;
    message: string | null;
    remarks?: string | null;
  };
}

export function toPatientFile(row: repo.FileRow, seesRelu: boolean): PatientFile {
  const type = row.patient_file_type_id as PatientFileTypeId;
  const metadata = (row.metadata ?? {}) as FileMetadata;
  const file: PatientFile = {
    id: Number(row.id),
    patient_id: Number(row.patient_id),
    patient_file_type_id: type,
    section: PATIENT_FILE_SECTION_NAMES[type] ?? '',
    name: row.name,
    original_name: row.original_name,
    tag: (row.tag as PatientFileTag | null) ?? null,
    hidden: row.hidden,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    mime_type: row.mime_type,
    file_modification_date: iso(row.file_modification_date),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    restore_point: metadata.restore_point === true,
  };
  if (seesRelu) {
    file.relu_status = (row.relu_status as ReluStatus | null) ?? null;
    file.relu_request =
      metadata.relu_request ??
      (row.relu_job_id || row.relu_status
        ? { job_id: row.relu_job_id, status: (row.relu_status as ReluStatus | null) ?? null, message: null }
        : null);
  }
  return file;
}

export async function audit(
  executor: Executor,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  entityId: number,
  organizationId: number | null,
  details: Record<string, unknown>,
  entityType: 'patient_file' | 'patient' = 'patient_file',
): Promise<void> {
  await recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType,
    entityId,
    organizationId,
    outcome: 'success',
    details,
  });
}
