/**
 * Technician workflows: the processes a case step goes through at the lab (document 2 sections 4,
 * 5, 6, 7) and the patient workflow page.
 *
 * Rules:
 * - who: management users see the workflows of the cases in their patient scope (a lab partner
 *   its third-party cases; any other case answers 404); practice users get 403. tech_support,
 *   admin and super_admin start and finish; only admin and super_admin edit the table (assignee,
 *   times); a technician may only assign themselves.
 * - start: not started, prerequisite finished, not someone else's (tech_support may start any);
 *   the starter becomes the assignee. One pending task per user: a start while the user has a
 *   started, unfinished process answers 409 'User has another pending task.'. The user's row is
 *   locked first, so two simultaneous starts by one user run one after the other.
 * - finish: started, not finished, by the assignee (tech_support may finish any). Generate QA
 *   needs an individual tray STL file (name ending UL, UR, UC, LL, LR, LC, UW or LW) and the
 *   case's IOS file.
 * - after each change `tech-workflow-updated` goes out on `patient.{id}`.
 * - a batch's workflow (type batch, the print steps) is created with its batch and worked through
 *   the batches endpoints, which gate it (batches.manage, staff who see every organization); the
 *   same start, finish and edit rules apply, its Generate QA needs the files of every case of the
 *   batch, and its audit rows name the batch. The case-workflow endpoints never reach it.
 */
import {
  EVENTS,
  type BatchTechWorkflow,
  type BatchWorkflowResponse,
  GENERATE_QA_PROCESS,
  TECH_WORKFLOW_MESSAGES as M,
  TECH_WORKFLOW_TYPES,
  editsTechWorkflows,
  finishRefusal,
  isIndividualTraySTL,
  lagSeconds,
  patientChannel,
  productionSeconds,
  startRefusal,
  techProcessStatus,
  worksTechWorkflows,
  type PatientWorkflowResponse,
  type ProcessRefusal,
  type TechWorkflow,
  type TechWorkflowProcess,
  type TechWorkflowType,
  type UpdateTechWorkflowProcessRequest,
  type UpdateTechWorkflowRequest,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { auditPatient, isManagement, loadPatient, type PatientRecord } from '../patients/index.ts';
import * as repo from './repository.ts';

type ProcessEdit = z.output<typeof UpdateTechWorkflowProcessRequest>;
type WorkflowEdit = z.output<typeof UpdateTechWorkflowRequest>;
type Executor = Kysely<DB>;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

// ------------------------------------------------------------------------------------------------
// Other modules
// ------------------------------------------------------------------------------------------------

/**
 * Creates the workflow of a new request (printing request, flawed tray, tray design) or case
 * setup, with its processes in order, inside the caller's transaction. Returns the workflow id.
 */
export function createTechWorkflow(
  executor: Executor,
  input: { type: TechWorkflowType; patientId: number; customerRequestId: number | null },
): Promise<number> {
  if (!TECH_WORKFLOW_TYPES.includes(input.type)) throw new Error(`Unknown workflow type ${input.type}`);
  return repo.insertWorkflow(executor, input);
}

/**
 * Creates the workflow of a new batch (the print steps) inside the caller's transaction; a batch
 * that has one keeps it. Returns the workflow id.
 */
export function createBatchWorkflow(executor: Executor, batchId: number): Promise<number> {
  return repo.insertBatchWorkflow(executor, batchId);
}

/** The case list's overall production time per patient (seconds of finished processes). */
export function overallProductionTimes(ctx: AppContext, patientIds: number[]): Promise<Map<number, number>> {
  return repo.productionTimes(ctx.db, patientIds);
}

// ------------------------------------------------------------------------------------------------
// Shaping
// ------------------------------------------------------------------------------------------------

interface ProcessView {
  row: repo.ProcessRow;
  prerequisiteFinished: boolean;
  readySince: Date | null;
}

/** Each process with its prerequisite (its own link, else the step before it) resolved. */
function resolve(workflow: repo.WorkflowBase, processes: repo.ProcessRow[]): ProcessView[] {
  const byId = new Map(processes.map((p) => [p.id, p]));
  return processes.map((row, i) => {
    const prerequisite =
      (row.prerequisite_process_id !== null ? byId.get(row.prerequisite_process_id) : undefined) ??
      (i > 0 ? processes[i - 1] : undefined);
    return {
      row,
      prerequisiteFinished: prerequisite ? prerequisite.finished_at !== null : true,
      readySince: prerequisite ? prerequisite.finished_at : workflow.created_at,
    };
  });
}

const stateOf = (v: ProcessView) => ({
  started_at: v.row.started_at,
  finished_at: v.row.finished_at,
  user_id: v.row.user_id,
  is_prerequisite_finished: v.prerequisiteFinished,
});

function toProcess(actor: Actor, v: ProcessView, nextStepId: number | null): TechWorkflowProcess {
  const works = worksTechWorkflows(actor.roles);
  const user = { id: actor.userId, roles: actor.roles };
  const p = v.row;
  return {
    id: p.id,
    tech_workflow_id: p.tech_workflow_id,
    step: p.step,
    process: p.process,
    status: techProcessStatus(stateOf(v)),
    tech_name: p.user_id === null ? null : p.tech_name,
    user_id: p.user_id,
    started_at: isoOrNull(p.started_at),
    finished_at: isoOrNull(p.finished_at),
    production_time: productionSeconds(p),
    lag_time: lagSeconds({ started_at: p.started_at, ready_since: v.readySince }),
    has_started: p.started_at !== null,
    has_finished: p.finished_at !== null,
    is_prerequisite_finished: v.prerequisiteFinished,
    next_step: p.id === nextStepId,
    can_start: works && startRefusal(stateOf(v), user) === null,
    can_finish: works && finishRefusal(stateOf(v), user) === null,
  };
}

/** What every workflow answers: its times, production time, whether it finished, its processes. */
function shape(actor: Actor, workflow: repo.WorkflowBase, processes: repo.ProcessRow[]) {
  const views = resolve(workflow, processes);
  const next = processes.find((p) => p.finished_at === null);
  const rows = views.map((v) => toProcess(actor, v, next?.id ?? null));
  return {
    id: workflow.id,
    created_at: iso(workflow.created_at),
    updated_at: iso(workflow.updated_at),
    production_time: rows.reduce((sum, p) => sum + (p.production_time ?? 0), 0),
    finished: processes.length > 0 && !next,
    processes: rows,
  };
}

function toWorkflow(actor: Actor, workflow: repo.WorkflowRow, processes: repo.ProcessRow[]): TechWorkflow {
  return {
    ...shape(actor, workflow, processes),
    type: workflow.type as TechWorkflowType,
    patient_id: workflow.patient_id,
    customer_request_id: workflow.customer_request_id,
  };
}

function toBatchWorkflow(
  actor: Actor,
  workflow: repo.BatchWorkflowRow,
  processes: repo.ProcessRow[],
): BatchTechWorkflow {
  return { ...shape(actor, workflow, processes), type: 'batch', batch_id: workflow.batch_id };
}

async function assignableFor(ctx: AppContext, actor: Actor) {
  if (editsTechWorkflows(actor.roles)) return repo.assignableUsers(ctx.db);
  if (worksTechWorkflows(actor.roles))
    return [{ id: actor.userId, full_name: `${actor.firstName} ${actor.lastName}`.trim() }];
  return [];
}

const abilitiesOf = (actor: Actor) => ({
  work: worksTechWorkflows(actor.roles),
  edit: editsTechWorkflows(actor.roles),
});

// ------------------------------------------------------------------------------------------------
// Access
// ------------------------------------------------------------------------------------------------

/** 403 for practice users: the workflows are the lab's. */
function gateView(actor: Actor) {
  if (!isManagement(actor)) throw forbidden();
}

/** The workflow and its case, or 404 when the case is outside the actor's patient scope. */
async function loadWorkflow(ctx: AppContext, actor: Actor, id: number) {
  gateView(actor);
  const workflow = await repo.findWorkflow(ctx.db, id);
  if (!workflow) throw notFound();
  const patient = await loadPatient(ctx, actor, workflow.patient_id);
  return { workflow, patient };
}

async function loadProcess(ctx: AppContext, actor: Actor, id: number) {
  gateView(actor);
  const owner = await repo.findProcessOwner(ctx.db, id);
  if (!owner) throw notFound();
  const patient = await loadPatient(ctx, actor, owner.patientId);
  return { owner, patient };
}

const REFUSALS: Record<ProcessRefusal, () => Error> = {
  alreadyStarted: () => conflict(M.alreadyStarted),
  prerequisiteNotFinished: () => conflict(M.prerequisiteNotFinished),
  notStarted: () => conflict(M.notStarted),
  alreadyFinished: () => conflict(M.alreadyFinished),
  notAssignee: () => forbidden(M.notAssignee),
};

/**
 * Generate QA: the individual tray STL files and a valid IOS file (document 2 section 5), of the
 * workflow's case or of every case of the batch.
 */
async function assertGenerateQaFiles(db: Executor, patientIds: number[]) {
  for (const patientId of patientIds) {
    const names = await repo.patientFileNames(db, patientId);
    if (!names.some(isIndividualTraySTL)) throw unprocessable(M.traySTLMissing);
  }
  for (const patientId of patientIds)
    if (!(await repo.iosFile(db, patientId))) throw unprocessable(M.invalidIos);
}

async function publish(ctx: AppContext, patientId: number, workflowId: number) {
  try {
    await ctx.realtime.publish(patientChannel(patientId), EVENTS.techWorkflowUpdated, {
      patient_id: patientId,
      tech_workflow_id: workflowId,
    });
  } catch (err) {
    ctx.log.warn({ err, patientId }, 'could not publish a technician workflow event');
  }
}

/** Re-reads the workflow's processes (under the caller's lock) and stores their statuses. */
async function reread(db: Executor, workflow: repo.WorkflowBase) {
  const processes = await repo.processesOf(db, [workflow.id]);
  const views = resolve(workflow, processes);
  return { processes, views };
}

async function storeStatuses(db: Executor, workflow: repo.WorkflowBase) {
  const { views } = await reread(db, workflow);
  await repo.refreshStatuses(
    db,
    workflow.id,
    new Map(views.map((v) => [v.row.id, techProcessStatus(stateOf(v))])),
  );
  await repo.touchWorkflow(db, workflow.id);
}

async function processAnswer(ctx: AppContext, actor: Actor, workflow: repo.WorkflowBase, processId: number) {
  const shaped = shape(actor, workflow, await repo.processesOf(ctx.db, [workflow.id]));
  return shaped.processes.find((p) => p.id === processId)!;
}

type ChangeKind = 'start' | 'finish' | 'update';

/** The workflow a change works on, and what differs between a case's and a batch's. */
interface Target {
  workflow: repo.WorkflowBase;
  /** The cases whose files Generate QA needs: the workflow's case, or every case of the batch. */
  qaPatients: (db: Executor) => Promise<number[]>;
  /** The change's audit row, in its transaction. */
  audit: (trx: Executor, kind: ChangeKind, details: Record<string, unknown>) => Promise<void>;
  /** After the commit. */
  announce: () => Promise<void>;
}

function caseTarget(
  ctx: AppContext,
  actor: Actor,
  meta: RequestMeta,
  workflow: repo.WorkflowRow,
  patient: PatientRecord,
): Target {
  return {
    workflow,
    qaPatients: async () => [workflow.patient_id],
    audit: (trx, kind, details) =>
      auditPatient(trx, {
        actor,
        meta,
        action: `tech-workflows.process.${kind}`,
        patient: patient.item,
        details: { tech_workflow_id: workflow.id, ...details },
      }),
    announce: () => publish(ctx, workflow.patient_id, workflow.id),
  };
}

/** Starts a process of the target's workflow (the caller has found it there). */
async function start(ctx: AppContext, actor: Actor, target: Target, id: number) {
  if (!worksTechWorkflows(actor.roles)) throw forbidden();
  const { workflow } = target;
  await ctx.db.transaction().execute(async (trx) => {
    // The user's lock first (one pending task per user), then the workflow's rows.
    await repo.lockUser(trx, actor.userId);
    await repo.lockWorkflowProcesses(trx, workflow.id);
    if ((await repo.pendingTasksOf(trx, actor.userId)).length) throw conflict(M.pendingTask);
    const { views } = await reread(trx, workflow);
    const view = views.find((v) => v.row.id === id);
    if (!view) throw notFound();
    const refusal = startRefusal(stateOf(view), { id: actor.userId, roles: actor.roles });
    if (refusal) throw REFUSALS[refusal]();
    await repo.updateProcess(trx, id, {
      user_id: actor.userId,
      started_at: new Date(),
      status: 'IN_PROGRESS',
    });
    await storeStatuses(trx, workflow);
    await target.audit(trx, 'start', { process_id: id, process: view.row.process });
  });
  await target.announce();
  return { process: await processAnswer(ctx, actor, workflow, id), message: M.started };
}

/** Finishes a process of the target's workflow. */
async function finish(ctx: AppContext, actor: Actor, target: Target, id: number) {
  if (!worksTechWorkflows(actor.roles)) throw forbidden();
  const { workflow } = target;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockWorkflowProcesses(trx, workflow.id);
    const { views } = await reread(trx, workflow);
    const view = views.find((v) => v.row.id === id);
    if (!view) throw notFound();
    const refusal = finishRefusal(stateOf(view), { id: actor.userId, roles: actor.roles });
    if (refusal) throw REFUSALS[refusal]();
    if (view.row.process === GENERATE_QA_PROCESS)
      await assertGenerateQaFiles(trx, await target.qaPatients(trx));
    await repo.updateProcess(trx, id, { finished_at: new Date(), status: 'COMPLETED' });
    await storeStatuses(trx, workflow);
    await target.audit(trx, 'finish', { process_id: id, process: view.row.process });
  });
  await target.announce();
  return { process: await processAnswer(ctx, actor, workflow, id), message: M.finished };
}

/** Edits one process of the target's workflow (admins; a technician only assigns themselves). */
async function edit(ctx: AppContext, actor: Actor, target: Target, id: number, input: ProcessEdit) {
  gateEdit(actor, input);
  const { workflow } = target;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.processesOf(trx, [workflow.id]);
    if (!before.some((p) => p.id === id)) throw notFound();
    await applyEdits(trx, target, [{ ...input, id }], before);
    await target.audit(trx, 'update', { process_id: id, changes: input });
  });
  await target.announce();
  return { process: await processAnswer(ctx, actor, workflow, id), message: M.updated };
}

// ------------------------------------------------------------------------------------------------
// Reads
// ------------------------------------------------------------------------------------------------

export async function getWorkflow(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const { workflow, patient } = await loadWorkflow(ctx, actor, id);
  const [processes, assignable] = await Promise.all([
    repo.processesOf(ctx.db, [id]),
    assignableFor(ctx, actor),
  ]);
  await auditPatient(ctx.db, {
    actor,
    meta,
    action: 'tech-workflows.read',
    patient: patient.item,
    details: { tech_workflow_id: id },
  });
  return {
    tech_workflow: toWorkflow(actor, workflow, processes),
    assignable_users: assignable,
    abilities: abilitiesOf(actor),
  };
}

/** The patient workflow page: the case's header, its initial setup, its requests and the caller's pending task. */
export async function getPatientWorkflow(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  meta: RequestMeta,
): Promise<PatientWorkflowResponse> {
  gateView(actor);
  const record: PatientRecord = await loadPatient(ctx, actor, patientId);
  const p = record.item;
  const [workflows, requests, ios, thirdParty, pending, assignable] = await Promise.all([
    repo.workflowsOfPatient(ctx.db, patientId),
    repo.requestsOfPatient(ctx.db, patientId),
    repo.iosFile(ctx.db, patientId),
    repo.authorizedThirdParty(ctx.db, patientId),
    repo.pendingTasksOf(ctx.db, actor.userId),
    assignableFor(ctx, actor),
  ]);
  const processes = await repo.processesOf(
    ctx.db,
    workflows.map((w) => w.id),
  );
  const shaped = workflows.map((w) =>
    toWorkflow(
      actor,
      w,
      processes.filter((x) => x.tech_workflow_id === w.id),
    ),
  );
  const initial = shaped.find((w) => w.type === 'initial_case_setup') ?? null;
  const byRequest = new Map(
    shaped
      .filter((w) => w.customer_request_id !== null && w !== initial)
      .map((w) => [w.customer_request_id!, w]),
  );
  const rx = record.rx;
  await auditPatient(ctx.db, { actor, meta, action: 'tech-workflows.patient.read', patient: p });
  return {
    patient: {
      id: p.id,
      full_name: p.full_name,
      formatted_name: p.formatted_name,
      organization: {
        id: p.organization.id,
        name: p.organization.name,
        account_number: p.organization.account_number ?? null,
      },
      doctor: { id: p.user.id, full_name: p.user.full_name },
      list_status: p.list_status,
      created_at: p.created_at,
      updated_at: p.updated_at,
      submitted_at: rx?.submitted_at ? iso(rx.submitted_at as Date) : null,
      ready_at: p.rx_form?.ready_at ?? null,
      completed_at: p.rx_form?.completed_at ?? null,
      cancelled_at: p.rx_form?.cancelled_at ?? null,
      setup_completed_at: p.setup_completed_at,
      rush_case: p.rx_form?.rush_case ?? false,
      ios_file: ios,
      authorized_third_party: thirdParty,
      overall_production_time: shaped.reduce((sum, w) => sum + w.production_time, 0),
    },
    initial_setup: initial,
    requests: requests.map((r) => ({
      id: r.id,
      type: r.type,
      status_id: r.status_id,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      batch_id: r.batch_id,
      workflow: byRequest.get(r.id) ?? null,
    })),
    pending_task: pending[0] ?? null,
    assignable_users: assignable,
    abilities: abilitiesOf(actor),
  };
}

// ------------------------------------------------------------------------------------------------
// Start and finish
// ------------------------------------------------------------------------------------------------

/** PATCH /tech-workflow-processes/{id}/start */
export async function startProcess(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const { owner, patient } = await loadProcess(ctx, actor, id);
  const workflow = (await repo.findWorkflow(ctx.db, owner.workflowId))!;
  return start(ctx, actor, caseTarget(ctx, actor, meta, workflow, patient), id);
}

/** PATCH /tech-workflow-processes/{id}/finish */
export async function finishProcess(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const { owner, patient } = await loadProcess(ctx, actor, id);
  const workflow = (await repo.findWorkflow(ctx.db, owner.workflowId))!;
  return finish(ctx, actor, caseTarget(ctx, actor, meta, workflow, patient), id);
}

// ------------------------------------------------------------------------------------------------
// Table edits
// ------------------------------------------------------------------------------------------------

type Edit = { user_id?: number | null; started_at?: string | null; finished_at?: string | null };

/** Who may make this edit: admins anything; a technician only assigns themselves. */
function gateEdit(actor: Actor, edit: Edit) {
  if (editsTechWorkflows(actor.roles)) return;
  if (!worksTechWorkflows(actor.roles)) throw forbidden();
  if (edit.started_at !== undefined || edit.finished_at !== undefined) throw forbidden();
  if (edit.user_id !== actor.userId) throw fieldError('user_id', M.ownAssignee);
}

/**
 * Applies the edits of one workflow's processes in the caller's transaction: the assignees' rows
 * are locked first (in id order), then the workflow's; afterwards no assignee may hold two pending
 * tasks.
 */
async function applyEdits(
  trx: Executor,
  target: Target,
  edits: (Edit & { id: number })[],
  before: repo.ProcessRow[],
) {
  const { workflow } = target;
  const assignees = new Set<number>();
  for (const e of edits) {
    const current = before.find((p) => p.id === e.id);
    if (!current) throw fieldError('processes', M.unknownProcess);
    const target = e.user_id !== undefined ? e.user_id : current.user_id;
    if (target !== null) assignees.add(target);
  }
  for (const userId of [...assignees].sort((a, b) => a - b)) await repo.lockUser(trx, userId);
  await repo.lockWorkflowProcesses(trx, workflow.id);
  const { processes } = await reread(trx, workflow);
  for (const e of edits) {
    if (e.user_id !== undefined && e.user_id !== null && !(await repo.isAssignable(trx, e.user_id)))
      throw fieldError('user_id', M.assigneeRole);
    const current = processes.find((p) => p.id === e.id)!;
    const started =
      e.started_at !== undefined
        ? e.started_at === null
          ? null
          : new Date(e.started_at)
        : current.started_at;
    const finished =
      e.finished_at !== undefined
        ? e.finished_at === null
          ? null
          : new Date(e.finished_at)
        : current.finished_at;
    if (finished && !started) throw fieldError('finished_at', M.finishedWithoutStart);
    if (finished && started && finished < started) throw fieldError('finished_at', M.finishedBeforeStarted);
    if (finished && !current.finished_at && current.process === GENERATE_QA_PROCESS)
      await assertGenerateQaFiles(trx, await target.qaPatients(trx));
    await repo.updateProcess(trx, e.id, {
      ...(e.user_id !== undefined ? { user_id: e.user_id } : {}),
      started_at: started,
      finished_at: finished,
      status: finished ? 'COMPLETED' : started ? 'IN_PROGRESS' : 'NEW',
    });
  }
  for (const userId of assignees)
    if ((await repo.pendingTasksOf(trx, userId)).length > 1) throw conflict(M.pendingTask);
  await storeStatuses(trx, workflow);
}

/** PUT /tech-workflow-processes/{id}: the assignee and the times of one process. */
export async function updateProcess(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: ProcessEdit,
  meta: RequestMeta,
) {
  const { owner, patient } = await loadProcess(ctx, actor, id);
  const workflow = (await repo.findWorkflow(ctx.db, owner.workflowId))!;
  return edit(ctx, actor, caseTarget(ctx, actor, meta, workflow, patient), id, input);
}

/** PUT /tech-workflows/{id}: several rows of the table at once (admins). */
export async function updateWorkflow(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: WorkflowEdit,
  meta: RequestMeta,
) {
  const { workflow, patient } = await loadWorkflow(ctx, actor, id);
  if (!editsTechWorkflows(actor.roles)) throw forbidden();
  const ids = input.processes.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw fieldError('processes', M.unknownProcess);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.processesOf(trx, [id]);
    await applyEdits(trx, caseTarget(ctx, actor, meta, workflow, patient), input.processes, before);
    await auditPatient(trx, {
      actor,
      meta,
      action: 'tech-workflows.update',
      patient: patient.item,
      details: { tech_workflow_id: id, changes: input.processes },
    });
  });
  await publish(ctx, workflow.patient_id, id);
  const fresh = (await repo.findWorkflow(ctx.db, id))!;
  return {
    processes: toWorkflow(actor, fresh, await repo.processesOf(ctx.db, [id])).processes,
    message: M.workflowUpdated,
  };
}

// ------------------------------------------------------------------------------------------------
// A batch's workflow (the batches module gates the batch and finds its workflow)
// ------------------------------------------------------------------------------------------------

/** A batch and its workflow, as the batches module found them. */
export interface BatchWorkflowRef {
  batchId: number;
  workflowId: number;
}

async function batchTarget(ctx: AppContext, actor: Actor, meta: RequestMeta, ref: BatchWorkflowRef) {
  const workflow = await repo.findBatchWorkflow(ctx.db, ref.workflowId, ref.batchId);
  if (!workflow) throw notFound();
  const target: Target = {
    workflow,
    qaPatients: (db) => repo.patientsOfBatch(db, ref.batchId),
    audit: (trx, kind, details) =>
      recordAudit(trx, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        ip: meta.ip,
        requestId: meta.requestId,
        outcome: 'success',
        action: `batch.workflow.process.${kind}`,
        entityType: 'batch',
        entityId: ref.batchId,
        organizationId: null,
        details: { tech_workflow_id: workflow.id, ...details },
      }),
    announce: async () => undefined,
  };
  return target;
}

/** The batch's workflow card: its processes, the user picker, what the caller may do and their pending task. */
export async function getBatchWorkflow(
  ctx: AppContext,
  actor: Actor,
  ref: BatchWorkflowRef,
): Promise<BatchWorkflowResponse> {
  const workflow = await repo.findBatchWorkflow(ctx.db, ref.workflowId, ref.batchId);
  if (!workflow) throw notFound();
  const [processes, assignable, pending] = await Promise.all([
    repo.processesOf(ctx.db, [workflow.id]),
    assignableFor(ctx, actor),
    repo.pendingTasksOf(ctx.db, actor.userId),
  ]);
  return {
    tech_workflow: toBatchWorkflow(actor, workflow, processes),
    assignable_users: assignable,
    abilities: abilitiesOf(actor),
    pending_task: pending[0] ?? null,
  };
}

/** Starts a process of a batch's workflow (the case rules: worker roles, one pending task per user). */
export async function startBatchProcess(
  ctx: AppContext,
  actor: Actor,
  ref: BatchWorkflowRef,
  processId: number,
  meta: RequestMeta,
) {
  return start(ctx, actor, await batchTarget(ctx, actor, meta, ref), processId);
}

/** Finishes a process of a batch's workflow (by its assignee or tech_support). */
export async function finishBatchProcess(
  ctx: AppContext,
  actor: Actor,
  ref: BatchWorkflowRef,
  processId: number,
  meta: RequestMeta,
) {
  return finish(ctx, actor, await batchTarget(ctx, actor, meta, ref), processId);
}

/** Edits the assignee and times of a process of a batch's workflow (admins; a technician only assigns themselves). */
export async function updateBatchProcess(
  ctx: AppContext,
  actor: Actor,
  ref: BatchWorkflowRef,
  processId: number,
  input: ProcessEdit,
  meta: RequestMeta,
) {
  return edit(ctx, actor, await batchTarget(ctx, actor, meta, ref), processId, input);
}
