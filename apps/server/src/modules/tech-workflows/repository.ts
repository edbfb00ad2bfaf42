import {
  BATCH_WORKFLOW_STEPS,
  TECH_WORKFLOW_STEPS,
  TECH_WORKFLOW_WORKER_ROLES,
  type TechWorkflowType,
} from '@archline/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the technician workflows: workflows, their processes, the assignees and the case's files. */

type Db = Kysely<DB>;

/** What every workflow has: the shaping and the state changes read only this. */
export interface WorkflowBase {
  id: number;
  created_at: Date;
  updated_at: Date;
}

/** A case's workflow. */
export interface WorkflowRow extends WorkflowBase {
  type: string;
  patient_id: number;
  customer_request_id: number | null;
}

/** A batch's workflow. */
export interface BatchWorkflowRow extends WorkflowBase {
  batch_id: number;
}

export interface ProcessRow {
  id: number;
  tech_workflow_id: number;
  step: number;
  process: string;
  user_id: number | null;
  tech_name: string | null;
  prerequisite_process_id: number | null;
  started_at: Date | null;
  finished_at: Date | null;
}

const workflowColumns = [
  'id',
  'type',
  'patient_id',
  'customer_request_id',
  'created_at',
  'updated_at',
] as const;

function toWorkflow(r: {
  id: number;
  type: string;
  patient_id: number | null;
  customer_request_id: number | null;
  created_at: Date;
  updated_at: Date;
}): WorkflowRow {
  return {
    id: Number(r.id),
    type: r.type,
    patient_id: Number(r.patient_id),
    customer_request_id: r.customer_request_id === null ? null : Number(r.customer_request_id),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** A case's workflow (batches' workflows are not case workflows). */
export async function findWorkflow(db: Db, id: number): Promise<WorkflowRow | undefined> {
  const row = await db
    .selectFrom('tech_workflows')
    .select(workflowColumns)
    .where('id', '=', id)
    .where('type', '!=', 'batch')
    .where('patient_id', 'is not', null)
    .executeTakeFirst();
  return row ? toWorkflow(row) : undefined;
}

/** A batch's workflow (type batch), by the workflow's id and its batch. */
export async function findBatchWorkflow(
  db: Db,
  id: number,
  batchId: number,
): Promise<BatchWorkflowRow | undefined> {
  const row = await db
    .selectFrom('tech_workflows')
    .select(['id', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .where('type', '=', 'batch')
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        created_at: row.created_at,
        updated_at: row.updated_at,
        batch_id: batchId,
      }
    : undefined;
}

/** The id of a batch's workflow, if it has one. */
export async function workflowIdOfBatch(db: Db, batchId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('tech_workflows')
    .select('id')
    .where('type', '=', 'batch')
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function workflowsOfPatient(db: Db, patientId: number): Promise<WorkflowRow[]> {
  const rows = await db
    .selectFrom('tech_workflows')
    .select(workflowColumns)
    .where('patient_id', '=', patientId)
    .where('type', '!=', 'batch')
    .orderBy('created_at')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map(toWorkflow);
}

/** The processes of the workflows, in step order, with the assignee's name. */
export async function processesOf(db: Db, workflowIds: number[]): Promise<ProcessRow[]> {
  if (!workflowIds.length) return [];
  const rows = await db
    .selectFrom('tech_workflow_processes as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.tech_workflow_id',
      'p.step',
      'p.process',
      'p.user_id',
      'p.prerequisite_process_id',
      'p.started_at',
      'p.finished_at',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('tech_name'),
    ])
    .where('p.tech_workflow_id', 'in', workflowIds)
    .orderBy('p.tech_workflow_id')
    .orderBy('p.step')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    tech_workflow_id: Number(r.tech_workflow_id),
    user_id: r.user_id === null ? null : Number(r.user_id),
    prerequisite_process_id: r.prerequisite_process_id === null ? null : Number(r.prerequisite_process_id),
  }));
}

/** The workflow id and patient of a process. */
export async function findProcessOwner(db: Db, processId: number) {
  const row = await db
    .selectFrom('tech_workflow_processes as p')
    .innerJoin('tech_workflows as w', 'w.id', 'p.tech_workflow_id')
    .select(['p.id', 'p.tech_workflow_id', 'p.user_id', 'w.patient_id'])
    .where('p.id', '=', processId)
    .where('w.type', '!=', 'batch')
    .where('w.patient_id', 'is not', null)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        workflowId: Number(row.tech_workflow_id),
        userId: row.user_id === null ? null : Number(row.user_id),
        patientId: Number(row.patient_id),
      }
    : undefined;
}

/**
 * Locks a user's row for the rest of the transaction: every start (and every edit that makes a
 * process someone's pending task) takes this lock first, so two simultaneous starts by one user run
 * one after the other and the second sees the first one's pending task.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await sql`select id from users where id = ${userId} for no key update`.execute(db);
}

/** Locks the processes of a workflow (state changes re-read them under the lock). */
export async function lockWorkflowProcesses(db: Db, workflowId: number): Promise<void> {
  await sql`select id from tech_workflow_processes where tech_workflow_id = ${workflowId} order by id for update`.execute(
    db,
  );
}

/** The user's started, unfinished processes, of a case or a batch (at most one when the rule holds). */
export async function pendingTasksOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('tech_workflow_processes as p')
    .innerJoin('tech_workflows as w', 'w.id', 'p.tech_workflow_id')
    .leftJoin('patients as pt', 'pt.id', 'w.patient_id')
    .leftJoin('batches as b', 'b.id', 'w.batch_id')
    .select([
      'p.id as process_id',
      'p.process',
      'p.tech_workflow_id',
      'w.patient_id',
      'w.batch_id',
      'b.name as batch_name',
      sql<string>`coalesce(concat_ws(' ', pt.first_name, pt.last_name), '')`.as('patient_name'),
    ])
    .where('p.user_id', '=', userId)
    .where('p.started_at', 'is not', null)
    .where('p.finished_at', 'is', null)
    .orderBy('p.started_at')
    .limit(5)
    .execute();
  return rows.map((r) => ({
    process_id: Number(r.process_id),
    process: r.process,
    tech_workflow_id: Number(r.tech_workflow_id),
    patient_id: r.patient_id === null ? null : Number(r.patient_id),
    patient_name: r.patient_name,
    batch_id: r.batch_id === null ? null : Number(r.batch_id),
    batch_name: r.batch_name ?? null,
  }));
}

export async function updateProcess(
  db: Db,
  id: number,
  fields: { user_id?: number | null; started_at?: Date | null; finished_at?: Date | null; status: string },
): Promise<void> {
  await db
    .updateTable('tech_workflow_processes')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Stores each process's status as its timestamps say (NEW / PENDING / IN_PROGRESS / COMPLETED). */
export async function refreshStatuses(
  db: Db,
  workflowId: number,
  statuses: Map<number, string>,
): Promise<void> {
  for (const [id, status] of statuses)
    await db
      .updateTable('tech_workflow_processes')
      .set({ status })
      .where('id', '=', id)
      .where('tech_workflow_id', '=', workflowId)
      .where('status', '!=', status)
      .execute();
}

export async function touchWorkflow(db: Db, workflowId: number): Promise<void> {
  await db
    .updateTable('tech_workflows')
    .set({ updated_at: new Date() })
    .where('id', '=', workflowId)
    .execute();
}

/** Active users who may be assigned a process: tech_support, admin and super_admin. */
export async function assignableUsers(db: Db) {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', sql<string>`trim(concat_ws(' ', u.first_name, u.last_name))`.as('full_name')])
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as r')
          .select('r.user_id')
          .whereRef('r.user_id', '=', 'u.id')
          .where('r.role', 'in', [...TECH_WORKFLOW_WORKER_ROLES]),
      ),
    )
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), full_name: r.full_name }));
}

export async function isAssignable(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select('u.id')
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .where('r.role', 'in', [...TECH_WORKFLOW_WORKER_ROLES])
    .executeTakeFirst();
  return row !== undefined;
}

/** The names of the case's files (the Generate QA rule reads them). */
export async function patientFileNames(db: Db, patientId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('patient_files')
    .select(['name', 'original_name'])
    .where('patient_id', '=', patientId)
    .limit(1000)
    .execute();
  return rows.flatMap((r) => [r.name, r.original_name]);
}

/** The cases of a batch (the Generate QA rule of a batch's workflow reads each one's files). */
export async function patientsOfBatch(db: Db, batchId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('batch_cases')
    .select('patient_id')
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.patient_id));
}

/** The case's IOS file (patients.ios_file_id), if it still exists as an IOS file of the case. */
export async function iosFile(db: Db, patientId: number) {
  const row = await db
    .selectFrom('patients as p')
    .innerJoin('patient_files as f', 'f.id', 'p.ios_file_id')
    .select(['f.id', 'f.original_name', 'f.patient_file_type_id', 'f.patient_id'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!row || Number(row.patient_id) !== patientId || Number(row.patient_file_type_id) !== 1) return null;
  return { id: Number(row.id), name: row.original_name };
}

/** The organization's third-party partner when the case is assigned to the third party. */
export async function authorizedThirdParty(db: Db, patientId: number): Promise<string | null> {
  const row = await db
    .selectFrom('rx_forms as rx')
    .innerJoin('organization_preferences as op', 'op.organization_id', 'rx.organization_id')
    .innerJoin('users as u', 'u.id', 'op.third_party_partner_user_id')
    .select(sql<string>`trim(concat_ws(' ', u.first_name, u.last_name))`.as('name'))
    .where('rx.patient_id', '=', patientId)
    .where((eb) =>
      eb.or([
        eb('rx.initial_setup_assignment', '=', 3),
        eb('rx.print_assignment', '=', 3),
        eb('rx.tray_design_assignment', '=', 3),
        eb('rx.insert_brackets_assignment', '=', 3),
      ]),
    )
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The case's requests but the initial setup's, newest first, with their type and batch. */
export async function requestsOfPatient(db: Db, patientId: number) {
  const rows = await db
    .selectFrom('customer_requests as cr')
    .leftJoin('printing_requests as pr', 'pr.customer_request_id', 'cr.id')
    .leftJoin('tray_design_requests as td', 'td.customer_request_id', 'cr.id')
    .select([
      'cr.id',
      'cr.status_id',
      'cr.created_at',
      'cr.updated_at',
      'pr.id as printing_request_id',
      'pr.batch_id',
      'td.id as tray_design_request_id',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('flawed_trays as ft')
              .select('ft.id')
              .whereRef('ft.customer_request_id', '=', 'cr.id'),
          )
          .as('has_flawed_trays'),
    ])
    .where('cr.patient_id', '=', patientId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('tech_workflows as w')
            .select('w.id')
            .whereRef('w.customer_request_id', '=', 'cr.id')
            .where('w.type', '=', 'initial_case_setup'),
        ),
      ),
    )
    .orderBy('cr.created_at', 'desc')
    .orderBy('cr.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    status_id: Number(r.status_id),
    created_at: r.created_at,
    updated_at: r.updated_at,
    batch_id: r.batch_id === null ? null : Number(r.batch_id),
    type: (r.has_flawed_trays
      ? 'flawed_tray'
      : r.printing_request_id !== null
        ? 'printing_request'
        : r.tray_design_request_id !== null
          ? 'tray_design'
          : 'customer_request') as 'flawed_tray' | 'printing_request' | 'tray_design' | 'customer_request',
  }));
}

/** Overall production time per patient: the finished processes of its case workflows, seconds. */
export async function productionTimes(db: Db, patientIds: number[]): Promise<Map<number, number>> {
  if (!patientIds.length) return new Map();
  const rows = await db
    .selectFrom('tech_workflows as w')
    .innerJoin('tech_workflow_processes as p', 'p.tech_workflow_id', 'w.id')
    .select([
      'w.patient_id',
      sql<string>`coalesce(round(sum(extract(epoch from (p.finished_at - p.started_at)))), 0)`.as('seconds'),
    ])
    .where('w.patient_id', 'in', patientIds)
    .where('w.type', '!=', 'batch')
    .where('p.finished_at', 'is not', null)
    .where('p.started_at', 'is not', null)
    .groupBy('w.patient_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.patient_id), Number(r.seconds)]));
}

/**
 * Creates a workflow of the type with its processes, each waiting for the one before it. Runs in
 * the caller's transaction.
 */
export async function insertWorkflow(
  db: Db,
  input: { type: TechWorkflowType; patientId: number; customerRequestId: number | null },
): Promise<number> {
  const workflow = await db
    .insertInto('tech_workflows')
    .values({ type: input.type, patient_id: input.patientId, customer_request_id: input.customerRequestId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProcesses(db, Number(workflow.id), TECH_WORKFLOW_STEPS[input.type]);
  return Number(workflow.id);
}

async function insertProcesses(db: Db, workflowId: number, steps: readonly string[]): Promise<void> {
  let previous: number | null = null;
  for (const [i, process] of steps.entries()) {
    const row: { id: number } = await db
      .insertInto('tech_workflow_processes')
      .values({
        tech_workflow_id: workflowId,
        step: i + 1,
        process,
        status: i === 0 ? 'PENDING' : 'NEW',
        prerequisite_process_id: previous,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    previous = Number(row.id);
  }
}

/**
 * Creates a batch's workflow with the print steps, each waiting for the one before it, in the
 * caller's transaction; a batch that has one keeps it. Returns the workflow id.
 */
export async function insertBatchWorkflow(db: Db, batchId: number): Promise<number> {
  const existing = await workflowIdOfBatch(db, batchId);
  if (existing !== undefined) return existing;
  const workflow = await db
    .insertInto('tech_workflows')
    .values({ type: 'batch', batch_id: batchId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProcesses(db, Number(workflow.id), BATCH_WORKFLOW_STEPS);
  return Number(workflow.id);
}
