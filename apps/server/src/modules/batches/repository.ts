import type { BatchCase, BatchListItem, BatchStatus, BatchStatusFilter } from '@archline/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the print batches: the list, one batch with its cases, and the cases a batch may take. */

type Db = Kysely<DB>;

const iso = (d: Date | string) => new Date(d).toISOString();

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface BatchRow {
  id: number | string;
  name: string;
  status: string;
  notes: string | null;
  number_of_cases: number | string;
  created_at: Date;
}

function toListItem(r: BatchRow): BatchListItem {
  return {
    id: Number(r.id),
    name: r.name,
    status: r.status as BatchStatus,
    notes: r.notes,
    number_of_cases: Number(r.number_of_cases),
    created_at: iso(r.created_at),
  };
}

function batchQuery(db: Db) {
  return db
    .selectFrom('batches as b')
    .select([
      'b.id',
      'b.name',
      'b.status',
      'b.notes',
      'b.created_at',
      sql<number>`(select count(*) from batch_cases bc where bc.batch_id = b.id)`.as('number_of_cases'),
    ]);
}

export interface ListBatchesFilter {
  search?: string;
  status: BatchStatusFilter;
  orderBy: 'id' | 'name' | 'created_at';
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** One page; the total comes from the same statement (-1 when the page is empty). */
export async function listBatches(db: Db, filter: ListBatchesFilter) {
  let q = batchQuery(db).select(sql<number>`count(*) over ()`.as('total_count'));
  if (filter.status !== 'all') q = q.where('b.status', '=', filter.status);
  if (filter.search) q = q.where('b.name', 'ilike', `%${escapeLike(filter.search)}%`);
  q = q.orderBy(`b.${filter.orderBy}`, filter.order);
  if (filter.orderBy !== 'id') q = q.orderBy('b.id', filter.order);
  const rows = await q
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return {
    rows: rows.map((r) => toListItem(r as BatchRow)),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export async function findBatch(db: Db, id: number) {
  const row = await batchQuery(db)
    .leftJoin('users as u', 'u.id', 'b.created_by_user_id')
    .select(['b.tech_workflow_id', 'b.created_by_user_id', 'u.first_name', 'u.last_name'])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toListItem(row as BatchRow),
    tech_workflow_id: row.tech_workflow_id === null ? null : Number(row.tech_workflow_id),
    created_by:
      row.created_by_user_id === null
        ? null
        : { id: Number(row.created_by_user_id), full_name: `${row.first_name} ${row.last_name}` },
  };
}

/**
 * The cases of a batch in the order they were added, each with the next unfinished process of its
 * printing request's workflow (one statement).
 */
export async function casesOf(db: Db, batchId: number): Promise<BatchCase[]> {
  const rows = await sql<{
    id: number | string;
    first_name: string;
    last_name: string;
    organization_name: string;
    printing_request_id: number | string | null;
    workflow_id: number | string | null;
    next_id: number | string | null;
    next_step: number | null;
    next_process: string | null;
    tech_name: string | null;
    started_at: Date | null;
    finished_at: Date | null;
  }>`
    select p.id, p.first_name, p.last_name, o.name as organization_name,
           bc.printing_request_id, w.id as workflow_id,
           n.id as next_id, n.step as next_step, n.process as next_process, n.tech_name,
           n.started_at, n.finished_at
    from batch_cases bc
    join patients p on p.id = bc.patient_id
    join organizations o on o.id = p.organization_id
    left join printing_requests pr on pr.id = bc.printing_request_id
    left join lateral (
      select tw.id from tech_workflows tw
      where tw.customer_request_id = pr.customer_request_id and tw.type = 'printing_request'
      order by tw.id desc limit 1
    ) w on true
    left join lateral (
      select twp.id, twp.step, twp.process, twp.started_at, twp.finished_at,
             case when u.id is null then null else u.first_name || ' ' || u.last_name end as tech_name
      from tech_workflow_processes twp
      left join users u on u.id = twp.user_id
      where twp.tech_workflow_id = w.id and twp.finished_at is null
      order by twp.step limit 1
    ) n on true
    where bc.batch_id = ${batchId}
    order by bc.id
  `.execute(db);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    name: `${r.first_name} ${r.last_name}`,
    organization_name: r.organization_name,
    printing_request_id: r.printing_request_id === null ? null : Number(r.printing_request_id),
    print_workflow:
      r.workflow_id === null
        ? null
        : {
            next_step:
              r.next_id === null
                ? null
                : {
                    id: Number(r.next_id),
                    step: Number(r.next_step),
                    process: r.next_process ?? '',
                    tech_name: r.tech_name,
                    time_start: r.started_at ? iso(r.started_at) : null,
                    time_end: r.finished_at ? iso(r.finished_at) : null,
                  },
          },
  }));
}

export interface Candidate {
  patientId: number;
  /** The case's newest open printing request, or null. */
  printingRequestId: number | null;
  /** The batch the printing request is already in, or null. */
  batchId: number | null;
  trayGenerationFinished: boolean;
}

/**
 * What creating a batch needs to know of each case (archived or deleted cases are not found):
 * its newest open printing request, whether that is batched already and whether the print
 * workflow's 'Generate Tray' process has finished.
 */
export async function candidates(db: Db, patientIds: number[], trayProcess: string): Promise<Candidate[]> {
  if (!patientIds.length) return [];
  const rows = await sql<{
    patient_id: number | string;
    printing_request_id: number | string | null;
    batch_id: number | string | null;
    tray_finished: boolean | null;
  }>`
    select p.id as patient_id, pr.id as printing_request_id, pr.batch_id,
           exists (
             select 1 from tech_workflows tw
             join tech_workflow_processes twp on twp.tech_workflow_id = tw.id
             where tw.customer_request_id = pr.customer_request_id and tw.type = 'printing_request'
               and twp.process = ${trayProcess} and twp.finished_at is not null
           ) as tray_finished
    from patients p
    left join lateral (
      select x.id, x.batch_id, x.customer_request_id from printing_requests x
      where x.patient_id = p.id and x.printing_request_status_id in (1, 2)
      order by x.created_at desc, x.id desc limit 1
    ) pr on true
    where p.id in (${sql.join(patientIds)}) and p.deleted_at is null
  `.execute(db);
  return rows.rows.map((r) => ({
    patientId: Number(r.patient_id),
    printingRequestId: r.printing_request_id === null ? null : Number(r.printing_request_id),
    batchId: r.batch_id === null ? null : Number(r.batch_id),
    trayGenerationFinished: Boolean(r.tray_finished),
  }));
}

/**
 * Creates the batch with its cases and takes their printing requests into it. Returns undefined,
 * having written nothing the caller's transaction keeps, when a printing request was batched
 * meanwhile (the caller rolls back).
 */
export async function insertBatch(
  db: Db,
  input: { name: string; createdBy: number; cases: { patientId: number; printingRequestId: number }[] },
): Promise<number | undefined> {
  const batch = await db
    .insertInto('batches')
    .values({ name: input.name, created_by_user_id: input.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(batch.id);
  await db
    .insertInto('batch_cases')
    .values(
      input.cases.map((c) => ({
        batch_id: id,
        patient_id: c.patientId,
        printing_request_id: c.printingRequestId,
      })),
    )
    .execute();
  const taken = await db
    .updateTable('printing_requests')
    .set({ batch_id: id, updated_at: sql<Date>`now()` })
    .where(
      'id',
      'in',
      input.cases.map((c) => c.printingRequestId),
    )
    .where('batch_id', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === input.cases.length ? id : undefined;
}

export async function updateBatch(
  db: Db,
  id: number,
  values: { name: string; status: BatchStatus; notes: string | null },
): Promise<void> {
  await db
    .updateTable('batches')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Locks a batch row for a change of its cases; undefined when it does not exist. */
export async function lockBatch(db: Db, id: number) {
  const row = await db
    .selectFrom('batches')
    .select(['id', 'status', 'tech_workflow_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        status: row.status,
        tech_workflow_id: row.tech_workflow_id === null ? null : Number(row.tech_workflow_id),
      }
    : undefined;
}

/** The batch's workflow id (null when it has none yet); undefined when the batch does not exist. */
export async function workflowIdOf(db: Db, id: number): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('batches')
    .select('tech_workflow_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.tech_workflow_id === null ? null : Number(row.tech_workflow_id);
}

export async function setWorkflow(db: Db, id: number, workflowId: number): Promise<void> {
  await db.updateTable('batches').set({ tech_workflow_id: workflowId }).where('id', '=', id).execute();
}

/** Removes a case from a batch (and its printing request from the batch); false when it was not in it. */
export async function removeCase(db: Db, batchId: number, patientId: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('batch_cases')
    .where('batch_id', '=', batchId)
    .where('patient_id', '=', patientId)
    .returning('printing_request_id')
    .executeTakeFirst();
  if (!removed) return false;
  await db
    .updateTable('printing_requests')
    .set({ batch_id: null, updated_at: sql<Date>`now()` })
    .where('batch_id', '=', batchId)
    .where('patient_id', '=', patientId)
    .execute();
  return true;
}

export async function countCases(db: Db, batchId: number): Promise<number> {
  const row = await db
    .selectFrom('batch_cases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteBatch(db: Db, id: number): Promise<void> {
  await db.deleteFrom('batches').where('id', '=', id).execute();
}
