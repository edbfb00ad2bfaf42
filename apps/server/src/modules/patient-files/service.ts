/**
 * Patient files: deleting a file and the relu actions. Also the module's public surface: other
 * modules reach patient files only through the exports of this file.
 */
import {
  PATIENT_FILE_MESSAGES,
  PATIENT_FILE_TYPES,
  canDeleteFileByRole,
  reluFlagAllowed,
  reluReprocessAllowed,
  seesReluDetails,
  type PatientFileTag,
  type PatientFileTypeId,
  type ReluStatus,
} from '@archline/contracts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { reluServiceOf } from './relu.ts';
import * as repo from './repository.ts';
import { loadFile, mayDelete, assertWritable, toPatientFile, audit } from './access.ts';

export { attachUploadsToPatient, type UploadItem } from './store.service.ts';
export { cleanExpiredUploads } from './upload.service.ts';
export { sweepStaleStores } from './store.service.ts';
export {
  verifyStoredFiles,
  hasProblems,
  type FileProblem,
  type IntegrityReport,
  type StoredObjectSource,
} from './integrity.ts';

/* ------------------------------------------------------------------------------------------ */
/* Delete and relu                                                                            */
/* ------------------------------------------------------------------------------------------ */

export async function deletePatientFile(ctx: AppContext, actor: Actor, fileId: number, meta: RequestMeta) {
  const { file, patient } = await loadFile(ctx, actor, fileId);
  if (!mayDelete(actor)) throw forbidden();
  assertWritable(patient);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPatient(trx, patient.id);
    const patientHasIos = await repo.hasIosFile(trx, patient.id);
    const allowed = canDeleteFileByRole({
      roles: actor.roles,
      type: file.patient_file_type_id as PatientFileTypeId,
      tag: (file.tag as PatientFileTag | null) ?? null,
      patientHasIos,
    });
    if (!allowed) throw forbidden(PATIENT_FILE_MESSAGES.deleteNotAllowed);
    await repo.deleteFile(trx, Number(file.id));
    if (file.patient_file_type_id === PATIENT_FILE_TYPES.ios) await repo.refreshIosFile(trx, patient.id);
    await audit(trx, actor, meta, 'patient-files.delete', Number(file.id), patient.organization_id, {
      patient_id: patient.id,
      type: file.patient_file_type_id,
      name: file.name,
      tag: file.tag,
    });
  });
  // The bytes go once the row is gone for good.
  await ctx.storage.delete(file.storage_path);
  return { message: PATIENT_FILE_MESSAGES.deleted };
}

export async function flagReluJob(
  ctx: AppContext,
  actor: Actor,
  fileId: number,
  remarks: string,
  meta: RequestMeta,
) {
  authorize(actor, 'patient-files.relu.flag-job');
  const { file, patient } = await loadFile(ctx, actor, fileId);
  const status = (file.relu_status as ReluStatus | null) ?? null;
  if (!file.relu_job_id || status === null) throw unprocessable(PATIENT_FILE_MESSAGES.reluNoJob);
  if (!reluFlagAllowed({ relu_status: status })) throw unprocessable(PATIENT_FILE_MESSAGES.reluNotAllowed);
  const state = await reluServiceOf(ctx).flagJob({
    jobId: file.relu_job_id,
    fileId: Number(file.id),
    remarks,
  });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateRelu(trx, Number(file.id), {
      relu_job_id: state.jobId,
      relu_status: state.status,
      relu_request: { job_id: state.jobId, status: state.status, message: state.message, remarks },
    });
    await audit(trx, actor, meta, 'patient-files.relu.flag', Number(file.id), patient.organization_id, {
      patient_id: patient.id,
      job_id: state.jobId,
      remarks,
    });
    return updated;
  });
  return {
    message: PATIENT_FILE_MESSAGES.reluFlagged,
    data: toPatientFile(row, seesReluDetails(actor.roles)),
  };
}

export async function reprocessReluJob(ctx: AppContext, actor: Actor, fileId: number, meta: RequestMeta) {
  authorize(actor, 'patient-files.relu.reprocess-job');
  const { file, patient } = await loadFile(ctx, actor, fileId);
  const status = (file.relu_status as ReluStatus | null) ?? null;
  const tag = (file.tag as PatientFileTag | null) ?? null;
  if (tag === 'relu') throw unprocessable(PATIENT_FILE_MESSAGES.reluReprocessTagged);
  if (status === null) throw unprocessable(PATIENT_FILE_MESSAGES.reluNoJob);
  if (!reluReprocessAllowed({ relu_status: status, tag }))
    throw unprocessable(PATIENT_FILE_MESSAGES.reluNotAllowed);
  const state = await reluServiceOf(ctx).reprocessJob({ jobId: file.relu_job_id, fileId: Number(file.id) });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateRelu(trx, Number(file.id), {
      relu_job_id: state.jobId,
      relu_status: state.status,
      relu_request: { job_id: state.jobId, status: state.status, message: state.message },
    });
    await audit(trx, actor, meta, 'patient-files.relu.reprocess', Number(file.id), patient.organization_id, {
      patient_id: patient.id,
      previous_job_id: file.relu_job_id,
      job_id: state.jobId,
    });
    return updated;
  });
  return {
    message: PATIENT_FILE_MESSAGES.reluReprocessed,
    data: toPatientFile(row, seesReluDetails(actor.roles)),
  };
}
