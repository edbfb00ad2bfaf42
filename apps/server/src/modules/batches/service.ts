import {
  BATCH_MESSAGES,
  BATCH_MIN_CASES,
  BATCH_UNFINISHED_CODE,
  TECH_WORKFLOW_STEPS,
  type Batch,
  type CreateBatchRequest,
  type ListBatchesQuery,
  type UpdateBatchRequest,
  type UpdateTechWorkflowProcessRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit/index.ts';
import { AppError, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { paginate } from '../../platform/http/paginate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize, organizationScope } from '../../platform/permissions/index.ts';
import {
  createBatchWorkflow,
  finishBatchProcess,
  getBatchWorkflow,
  startBatchProcess,
  updateBatchProcess,
  type BatchWorkflowRef,
} from '../tech-workflows/index.ts';
import * as repo from './repository.ts';

/**
 * Print batches. Batches mix cases of many practices, so only staff who see every organization
 * and hold batches.manage work with them (the batch routes are staff-only). Each batch has its
 * technician workflow (type batch, the print steps), created with it; a batch made before that
 * gets its workflow the first time the workflow is read.
 */

type CreateInput = z.output<typeof CreateBatchRequest>;
type UpdateInput = z.output<typeof UpdateBatchRequest>;
type ProcessEdit = z.output<typeof UpdateTechWorkflowProcessRequest>;

/** The print workflow's process that generates the trays (its finish is "tray generation finished"). */
const TRAY_GENERATION_PROCESS = TECH_WORKFLOW_STEPS.printing_request[0]!;

function requireBatchAccess(actor: Actor): void {
  authorize(actor, 'batches.manage');
  if (organizationScope(actor) !== 'all') throw forbidden();
}

function audit(
  executor: AppContext['db'],
  actor: Actor,
  meta: RequestMeta,
  entry: Pick<AuditEntry, 'action' | 'entityId' | 'details'>,
) {
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    entityType: 'batch',
    organizationId: null,
    ...entry,
  });
}

async function loadBatch(db: AppContext['db'], id: number): Promise<Batch> {
  const batch = await repo.findBatch(db, id);
  if (!batch) throw notFound();
  return { ...batch, cases: await repo.casesOf(db, id) };
}

export async function listBatches(ctx: AppContext, actor: Actor, query: ListBatchesQuery) {
  requireBatchAccess(actor);
  const filter = {
    search: query.searchByName || undefined,
    status: query.status,
    orderBy: query.orderBy,
    order: query.order,
  };
  const page = await paginate({ page: query.page, perPage: query.perPage }, (p) =>
    repo.listBatches(ctx.db, { ...filter, ...p }),
  );
  return { data: page.data, total: page.meta.total, meta: page.meta };
}

export async function getBatch(ctx: AppContext, actor: Actor, id: number): Promise<Batch> {
  requireBatchAccess(actor);
  return loadBatch(ctx.db, id);
}

export async function updateBatch(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  requireBatchAccess(actor);
  const data = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.lockBatch(trx, id);
    if (!before) throw notFound();
    const notes = input.notes?.trim() ? input.notes : null;
    await repo.updateBatch(trx, id, { name: input.name, status: input.status, notes });
    await audit(trx, actor, meta, {
      action: 'batch.updated',
      entityId: id,
      details: { name: input.name, status: input.status, previous_status: before.status },
    });
    return loadBatch(trx, id);
  });
  return { message: BATCH_MESSAGES.updated, data };
}

export async function createBatch(ctx: AppContext, actor: Actor, input: CreateInput, meta: RequestMeta) {
  requireBatchAccess(actor);
  const patientIds = [...new Set(input.patients)];
  if (patientIds.length < BATCH_MIN_CASES) throw fieldError('patients', BATCH_MESSAGES.minCases);
  const id = await ctx.db.transaction().execute(async (trx) => {
    // In the order the caller chose the cases (the batch lists them so).
    const found = (await repo.candidates(trx, patientIds, TRAY_GENERATION_PROCESS)).sort(
      (a, b) => patientIds.indexOf(a.patientId) - patientIds.indexOf(b.patientId),
    );
    // An archived, deleted or unknown case answers like a case without a print request.
    if (found.length !== patientIds.length || found.some((c) => c.printingRequestId === null))
      throw fieldError('patients', BATCH_MESSAGES.noPrintRequest);
    if (found.some((c) => c.batchId !== null)) throw fieldError('patients', BATCH_MESSAGES.alreadyBatched);
    if (!input.proceed && found.some((c) => !c.trayGenerationFinished))
      throw new AppError(409, BATCH_MESSAGES.unfinishedTrayGeneration, undefined, BATCH_UNFINISHED_CODE);
    const created = await repo.insertBatch(trx, {
      name: input.name,
      createdBy: actor.userId,
      cases: found.map((c) => ({ patientId: c.patientId, printingRequestId: c.printingRequestId! })),
    });
    if (created === undefined) throw fieldError('patients', BATCH_MESSAGES.alreadyBatched);
    await repo.setWorkflow(trx, created, await createBatchWorkflow(trx, created));
    await audit(trx, actor, meta, {
      action: 'batch.created',
      entityId: created,
      details: { name: input.name, patients: patientIds },
    });
    return created;
  });
  return { message: BATCH_MESSAGES.created, data: { id } };
}

/** Removes a case; removing the last one removes the batch. */
export async function removeCase(
  ctx: AppContext,
  actor: Actor,
  batchId: number,
  patientId: number,
  meta: RequestMeta,
) {
  requireBatchAccess(actor);
  return ctx.db.transaction().execute(async (trx) => {
    const batch = await repo.lockBatch(trx, batchId);
    if (!batch) throw notFound();
    if (batch.status === 'completed') throw unprocessable(BATCH_MESSAGES.completedBatch);
    if (!(await repo.removeCase(trx, batchId, patientId))) throw notFound();
    const left = await repo.countCases(trx, batchId);
    if (left === 0) await repo.deleteBatch(trx, batchId);
    await audit(trx, actor, meta, {
      action: left === 0 ? 'batch.removed' : 'batch.case_removed',
      entityId: batchId,
      details: { patient_id: patientId },
    });
    return left === 0
      ? { message: BATCH_MESSAGES.batchRemoved, batch_removed: true }
      : { message: BATCH_MESSAGES.caseRemoved, batch_removed: false };
  });
}

// ------------------------------------------------------------------------------------------------
// The batch's workflow (the workflow card); the rules are the technician workflows' own
// ------------------------------------------------------------------------------------------------

/** The batch's workflow, created under the batch's lock when the batch has none yet; 404 for an unknown batch. */
async function workflowOf(ctx: AppContext, batchId: number): Promise<BatchWorkflowRef> {
  const known = await repo.workflowIdOf(ctx.db, batchId);
  if (known === undefined) throw notFound();
  if (known !== null) return { batchId, workflowId: known };
  return ctx.db.transaction().execute(async (trx) => {
    const batch = await repo.lockBatch(trx, batchId);
    if (!batch) throw notFound();
    if (batch.tech_workflow_id !== null) return { batchId, workflowId: batch.tech_workflow_id };
    const workflowId = await createBatchWorkflow(trx, batchId);
    await repo.setWorkflow(trx, batchId, workflowId);
    return { batchId, workflowId };
  });
}

export async function getWorkflow(ctx: AppContext, actor: Actor, batchId: number) {
  requireBatchAccess(actor);
  return getBatchWorkflow(ctx, actor, await workflowOf(ctx, batchId));
}

export async function startProcess(
  ctx: AppContext,
  actor: Actor,
  batchId: number,
  processId: number,
  meta: RequestMeta,
) {
  requireBatchAccess(actor);
  return startBatchProcess(ctx, actor, await workflowOf(ctx, batchId), processId, meta);
}

export async function finishProcess(
  ctx: AppContext,
  actor: Actor,
  batchId: number,
  processId: number,
  meta: RequestMeta,
) {
  requireBatchAccess(actor);
  return finishBatchProcess(ctx, actor, await workflowOf(ctx, batchId), processId, meta);
}

export async function updateProcess(
  ctx: AppContext,
  actor: Actor,
  batchId: number,
  processId: number,
  input: ProcessEdit,
  meta: RequestMeta,
) {
  requireBatchAccess(actor);
  return updateBatchProcess(ctx, actor, await workflowOf(ctx, batchId), processId, input, meta);
}
