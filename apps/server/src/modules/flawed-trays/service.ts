/**
 * Tray correction: Request Tray Correction on a case and the lab's work on its flawed trays.
 *
 * Rules:
 * - visibility: the case and its requests are scoped like patients (patient scope); the
 *   organization of the path must be visible and hold the patient; anything else answers 404;
 * - gates: request under organization.add-arch or organizations.manage; correct and Remove File
 *   under flawed-trays.correct or .manage; update (print) under flawed-trays.update or .manage
 *   (403 'This action is unauthorized.');
 * - the request is refused with 422 and the first failing condition of trayCorrectionRefusal
 *   (contracts), checked again under the patient's row lock so two requests cannot both pass;
 * - it creates, in one transaction, the flawed tray customer request, one flawed tray per arch
 *   (the IOS file, the arch's STL file) and the request's technician workflow (CFT, QA);
 * - a flawed tray changes only while its request is New or In Progress (409 otherwise); correct
 *   moves it from 1 open to 2 corrected, Remove File deletes the corrected file and moves it back;
 *   the request's flawed_trays_status_id follows (2 when every tray is corrected);
 * - an uploaded corrected file becomes a patient file in the same transaction as the tray's
 *   change (the bytes are put back if it does not commit);
 * - the doctor is told (notification settings flawed_tray_correction_request and
 *   flawed_tray_corrected) unless they made the change; REQUEST_UPDATED_EVENT goes out on the
 *   patient's channel after each commit.
 */
import {
  FLAWED_TRAY_STATUS,
  PATIENT_FILE_TYPES,
  REQUEST_STATUS_LABELS,
  REQUEST_UPDATED_EVENT,
  TRAY_CORRECTION_MESSAGES as M,
  canPatientAction,
  flawedTrayGroupLabel,
  flawedTrayGroupStatusId,
  isRequestOpen,
  patientChannel,
  trayCorrectionRefusal,
  type CorrectFlawedTrayBody,
  type FlawedTrayMessageResponse,
  type Permission,
  type RequestStatusId,
  type RequestTrayCorrectionBody,
  type RequestUpdatedEvent,
  type TrayCorrectionRequestSummary,
  type TrayCorrectionState,
  type TrayCorrectionStatusResponse,
  type UpdateFlawedTrayBody,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { can } from '../../platform/permissions/index.ts';
import { requireVisibleOrganization } from '../../platform/permissions/organization-scope.ts';
import { seesPatient } from '../../platform/permissions/patient-scope.ts';
import { notifyUser } from '../notifications/service.ts';
import { syncFlawedTrayPrint } from '../customer-requests/service.ts';
import { attachUploadsToPatient } from '../patient-files/service.ts';
import { auditPatient, loadPatient, lockPatient } from '../patients/index.ts';
import { createTechWorkflow } from '../tech-workflows/index.ts';
import { notificationEnabled } from '../users/service.ts';
import * as repo from './repository.ts';

const GATES = {
  correct: ['flawed-trays.correct', 'flawed-trays.manage'],
  update: ['flawed-trays.update', 'flawed-trays.manage'],
} as const satisfies Record<string, readonly Permission[]>;

function callerOf(actor: Actor): TrayCorrectionState['caller'] {
  if (actor.roles.includes('lab_partner')) return 'lab_partner';
  if (actor.profile === 'management') return 'staff';
  if (actor.roles.includes('doctor')) return 'doctor';
  return 'practice';
}

function refusalOf(actor: Actor, state: repo.CaseState): string | null {
  return trayCorrectionRefusal({
    ...state,
    ios_file_count: state.ios_file_ids.length,
    caller: callerOf(actor),
  });
}

function summary(r: repo.RequestSummaryRow): TrayCorrectionRequestSummary {
  return {
    id: r.id,
    status_id: r.status_id,
    status: REQUEST_STATUS_LABELS[r.status_id as RequestStatusId] ?? 'Unknown',
    flawed_trays_status: flawedTrayGroupLabel(r.trays),
    arches: r.trays.map((t) => t.arch),
    created_at: r.created_at,
  };
}

async function publish(ctx: AppContext, patientId: number, requestId: number, statusId: number) {
  const payload: RequestUpdatedEvent = { customer_request_id: requestId, status_id: statusId };
  try {
    await ctx.realtime.publish(patientChannel(patientId), REQUEST_UPDATED_EVENT, payload);
  } catch (err) {
    ctx.log.warn({ err, customerRequestId: requestId }, 'could not publish a flawed tray event');
  }
}

type DoctorNotice = 'flawed_tray_correction_request' | 'flawed_tray_corrected' | 'print_tray_request';

/**
 * Whether the doctor is to be told: not when they made the change themselves or turned the notice
 * off. Read before the transaction (the settings are not part of what it changes).
 */
async function doctorWantsNotice(
  ctx: AppContext,
  actor: Actor,
  doctorId: number | null,
  setting: DoctorNotice,
): Promise<boolean> {
  if (doctorId === null || doctorId === actor.userId) return false;
  return notificationEnabled(ctx, doctorId, setting);
}

/** The doctor's notification, inside the transaction of the change it reports. */
async function tellDoctor(
  ctx: AppContext,
  trx: Kysely<DB>,
  n: {
    doctorId: number | null;
    /** The notification key (the organization's Email and Text Notifications follow it). */
    type: DoctorNotice;
    message: string;
    requestId: number;
    patientId: number;
    organizationId: number;
  },
) {
  if (n.doctorId === null) return;
  await notifyUser(ctx, trx, {
    userId: n.doctorId,
    message: n.message,
    type: n.type,
    link: `/requests/${n.requestId}`,
    patientId: n.patientId,
    organizationId: n.organizationId,
  });
}

// ------------------------------------------------------------------------------ the request

/** GET /patients/{id}/tray-correction: whether the action is offered, why not, and the requests. */
export async function trayCorrectionStatus(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
): Promise<TrayCorrectionStatusResponse> {
  const record = await loadPatient(ctx, actor, patientId);
  const state = await repo.caseState(ctx.db, patientId);
  if (!state) throw notFound();
  const permitted = canPatientAction(actor.permissions, 'request_tray_correction');
  const reason = permitted ? refusalOf(actor, state) : null;
  const requests = await repo.flawedTrayRequestsOfPatient(ctx.db, patientId);
  return {
    tray_correction: {
      permitted,
      available: permitted && reason === null,
      reason,
      ios_file_id: state.ios_file_ids.length === 1 ? state.ios_file_ids[0]! : null,
      organization_id: record.item.organization_id,
      requests: requests.map(summary),
    },
  };
}

type RequestInput = z.output<typeof RequestTrayCorrectionBody>;

/** POST /organizations/{id}/arch: the flawed tray request of the ticked arches. */
export async function requestTrayCorrection(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  body: RequestInput,
  meta: RequestMeta,
) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  const record = await loadPatient(ctx, actor, body.patient_id);
  if (record.item.organization_id !== organizationId) throw notFound();
  if (!canPatientAction(actor.permissions, 'request_tray_correction')) throw forbidden();
  const patient = record.item;
  const notify = await doctorWantsNotice(ctx, actor, patient.user_id, 'flawed_tray_correction_request');

  const created = await ctx.db.transaction().execute(async (trx) => {
    await lockPatient(trx, patient.id);
    const state = await repo.caseState(trx, patient.id);
    if (!state) throw notFound();
    const refused = refusalOf(actor, state);
    if (refused) throw unprocessable(refused);
    const iosFileId = state.ios_file_ids[0]!;
    body.arches.forEach((arch, i) => {
      if (arch.ios_file_id !== iosFileId) throw fieldError(`arches.${i}.ios_file_id`, M.invalidIosFile);
    });
    const requestId = await repo.insertFlawedTrayRequest(trx, {
      organization_id: organizationId,
      patient_id: patient.id,
      created_by_user_id: actor.userId,
    });
    const trays = [];
    for (const arch of body.arches)
      trays.push({
        customer_request_id: requestId,
        patient_id: patient.id,
        arch: arch.jaw_type_id,
        // The corrected tray is printed in office: the lab prints only when asked to (update).
        print: false,
        file_id: iosFileId,
        stl_file_id: await repo.stlFileOfArch(trx, patient.id, arch.jaw_type_id),
      });
    await repo.insertFlawedTrays(trx, trays);
    await createTechWorkflow(trx, {
      type: 'flawed_tray',
      patientId: patient.id,
      customerRequestId: requestId,
    });
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.request-tray-correction',
      patient,
      details: { customer_request_id: requestId, arches: body.arches.map((a) => a.jaw_type_id) },
    });
    if (notify)
      await tellDoctor(ctx, trx, {
        doctorId: patient.user_id,
        type: 'flawed_tray_correction_request',
        message: `A tray correction has been requested for ${patient.full_name}.`,
        requestId,
        patientId: patient.id,
        organizationId,
      });
    const rows = await repo.flawedTrayRequestsOfPatient(trx, patient.id);
    return rows.find((r) => r.id === requestId)!;
  });
  await publish(ctx, patient.id, created.id, created.status_id);
  return { message: M.requested, customer_request: summary(created) };
}

// ------------------------------------------------------------------------------ flawed trays

/** The tray within the caller's patient scope (404 outside it), then the gate (403). */
async function loadTray(ctx: AppContext, actor: Actor, id: number, gate: readonly Permission[]) {
  const tray = await repo.findTray(ctx.db, id);
  if (!tray || !(await seesPatient(ctx.db, actor, tray.patient_id))) throw notFound();
  if (!can(actor, ...gate)) throw forbidden();
  return tray;
}

/**
 * The tray's place on the request's printing request (the requests module keeps it): printed trays
 * have an item on their corrected file, or their STL file until corrected.
 */
function keepPrint(
  trx: Kysely<DB>,
  request: { id: number; organization_id: number; patient_id: number },
  tray: repo.TrayRow,
) {
  return syncFlawedTrayPrint(trx, {
    customerRequestId: request.id,
    organizationId: request.organization_id,
    patientId: request.patient_id,
    trayId: tray.id,
    arch: tray.arch,
    print: tray.print,
    fileId: tray.corrected_file_id ?? tray.stl_file_id,
  });
}

/** The request locked and open, the tray locked: the state every operation starts from. */
async function lockOpen(trx: Kysely<DB>, trayId: number) {
  const tray = await repo.findTray(trx, trayId);
  if (!tray) throw notFound();
  const request = await repo.lockRequest(trx, tray.customer_request_id);
  if (!request) throw notFound();
  const locked = (await repo.findTray(trx, trayId, { lock: true }))!;
  if (!isRequestOpen(request.status_id)) throw conflict(M.requestClosed);
  return { tray: locked, request };
}

function audit(
  trx: Kysely<DB>,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  request: { id: number; organization_id: number; patient_id: number },
  details: Record<string, unknown>,
) {
  return recordAudit(trx, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: 'customer_request',
    entityId: request.id,
    organizationId: request.organization_id,
    outcome: 'success',
    details: { patient_id: request.patient_id, ...details },
  });
}

/** Recomputes the group status; says whether this change completed the group. */
async function settleGroup(trx: Kysely<DB>, requestId: number, before: number | null) {
  const trays = await repo.traysOfRequest(trx, requestId);
  const statusId = flawedTrayGroupStatusId(trays);
  await repo.setGroupStatus(trx, requestId, statusId);
  return {
    label: flawedTrayGroupLabel(trays),
    completedNow: statusId === FLAWED_TRAY_STATUS.corrected && before !== FLAWED_TRAY_STATUS.corrected,
  };
}

function answer(
  message: string,
  tray: repo.TrayRow,
  label: 'PENDING' | 'COMPLETED',
): FlawedTrayMessageResponse {
  const { patient_id: _patientId, ...flawed_tray } = tray;
  return { message, flawed_tray, flawed_trays_status: label };
}

type CorrectInput = z.output<typeof CorrectFlawedTrayBody>;

/** POST /flawed_trays/{id}/correct: the corrected file, status 1 → 2. */
export async function correctFlawedTray(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CorrectInput,
  meta: RequestMeta,
): Promise<FlawedTrayMessageResponse> {
  const before = await loadTray(ctx, actor, id, GATES.correct);
  const doctorId = (await repo.doctorOfPatient(ctx.db, before.patient_id)) ?? null;
  const notifyCorrected = await doctorWantsNotice(ctx, actor, doctorId, 'flawed_tray_corrected');
  const attached = { undo: async () => {}, finish: async () => {} };
  let result: {
    tray: repo.TrayRow;
    label: 'PENDING' | 'COMPLETED';
    request: { id: number; status_id: number; patient_id: number };
  };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const { tray, request } = await lockOpen(trx, id);
      if (tray.status_id !== FLAWED_TRAY_STATUS.open) throw conflict(M.alreadyCorrected);
      let fileId: number;
      if (body.corrected_file_id !== undefined) {
        if (!(await repo.stlFileOfPatient(trx, tray.patient_id, body.corrected_file_id)))
          throw fieldError('corrected_file_id', M.correctedFileNotStl);
        fileId = body.corrected_file_id;
      } else {
        const stored = await attachUploadsToPatient(trx, ctx, {
          uploads: [{ file_path: body.file_path!, name: body.name!, type: PATIENT_FILE_TYPES.stl }],
          patient: { id: tray.patient_id, organization_id: request.organization_id },
          actor,
          meta,
        });
        Object.assign(attached, { undo: stored.undo, finish: stored.finish });
        const file = stored.files[0];
        if (!file) throw fieldError('file_path', M.correctedFileRequired);
        fileId = file.id;
      }
      await repo.setCorrected(trx, tray.id, fileId);
      if (tray.print) await keepPrint(trx, request, { ...tray, corrected_file_id: fileId });
      const group = await settleGroup(trx, request.id, request.flawed_trays_status_id);
      await audit(trx, actor, meta, 'flawed_tray.correct', request, {
        flawed_tray_id: tray.id,
        corrected_file_id: fileId,
      });
      if (group.completedNow && notifyCorrected)
        await tellDoctor(ctx, trx, {
          doctorId: request.doctor_id,
          type: 'flawed_tray_corrected',
          message: `The flawed trays of ${request.patient_name} have been corrected.`,
          requestId: request.id,
          patientId: request.patient_id,
          organizationId: request.organization_id,
        });
      return { tray: (await repo.findTray(trx, tray.id))!, label: group.label, request };
    });
  } catch (err) {
    await attached.undo();
    throw err;
  }
  await attached.finish();
  await publish(ctx, result.request.patient_id, result.request.id, result.request.status_id);
  return answer(M.corrected, result.tray, result.label);
}

/** DELETE /flawed_trays/{id}/corrected_file: Remove File, status 2 → 1. */
export async function removeCorrectedFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<FlawedTrayMessageResponse> {
  await loadTray(ctx, actor, id, GATES.correct);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const { tray, request } = await lockOpen(trx, id);
    if (tray.status_id !== FLAWED_TRAY_STATUS.corrected) throw conflict(M.notCorrected);
    await repo.clearCorrected(trx, tray.id);
    if (tray.print) await keepPrint(trx, request, { ...tray, corrected_file_id: null });
    const storagePath =
      tray.corrected_file_id !== null ? await repo.deleteFileRow(trx, tray.corrected_file_id) : null;
    const group = await settleGroup(trx, request.id, request.flawed_trays_status_id);
    await audit(trx, actor, meta, 'flawed_tray.remove_file', request, {
      flawed_tray_id: tray.id,
      corrected_file_id: tray.corrected_file_id,
    });
    return { tray: (await repo.findTray(trx, tray.id))!, label: group.label, request, storagePath };
  });
  // The bytes go once the row is gone for good.
  if (result.storagePath)
    await ctx.storage.delete(result.storagePath).catch((err: unknown) => {
      ctx.log.warn({ err, flawedTrayId: id }, 'could not delete the bytes of a removed corrected file');
    });
  await publish(ctx, result.request.patient_id, result.request.id, result.request.status_id);
  return answer(M.fileRemoved, result.tray, result.label);
}

type UpdateInput = z.output<typeof UpdateFlawedTrayBody>;

/** PUT /flawed_trays/{id}: whether the lab prints the corrected tray. */
export async function updateFlawedTray(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdateInput,
  meta: RequestMeta,
): Promise<FlawedTrayMessageResponse> {
  const before = await loadTray(ctx, actor, id, GATES.update);
  const doctorId = (await repo.doctorOfPatient(ctx.db, before.patient_id)) ?? null;
  const notifyPrint = await doctorWantsNotice(ctx, actor, doctorId, 'print_tray_request');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const { tray, request } = await lockOpen(trx, id);
    await repo.setPrint(trx, tray.id, body.print);
    const { created } = await keepPrint(trx, request, { ...tray, print: body.print });
    const group = await settleGroup(trx, request.id, request.flawed_trays_status_id);
    await audit(trx, actor, meta, 'flawed_tray.update', request, {
      flawed_tray_id: tray.id,
      print: body.print,
    });
    if (created && notifyPrint)
      await tellDoctor(ctx, trx, {
        doctorId: request.doctor_id,
        type: 'print_tray_request',
        message: `The corrected trays of ${request.patient_name} will be printed.`,
        requestId: request.id,
        patientId: request.patient_id,
        organizationId: request.organization_id,
      });
    return { tray: (await repo.findTray(trx, tray.id))!, label: group.label, request };
  });
  await publish(ctx, result.request.patient_id, result.request.id, result.request.status_id);
  return answer(M.updated, result.tray, result.label);
}
