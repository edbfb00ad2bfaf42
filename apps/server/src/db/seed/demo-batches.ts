/**
 * Demo print batches, after the workflows: open print requests of several practices grouped as
 * the lab would batch them (one in progress, one new and one completed), so /batches and a
 * batch's page have something to show on a fresh portal. Each batch has its technician workflow
 * (the print steps): the completed one finished, the one in progress with its first two steps
 * done, the new one untouched — no demo user is left with a pending task.
 */
import { BATCH_WORKFLOW_STEPS } from '@archline/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

const DEMO_BATCHES = [
  {
    name: 'Morning print run',
    status: 'in_progress',
    cases: 4,
    notes: 'Resin lot 2611-A, printer 2.',
    stepsDone: 2,
  },
  { name: 'Afternoon print run', status: 'new', cases: 3, notes: null, stepsDone: 0 },
  {
    name: 'Rush cases',
    status: 'completed',
    cases: 2,
    notes: 'Shipped with the noon pickup.',
    stepsDone: BATCH_WORKFLOW_STEPS.length,
  },
] as const;

/** The batch's workflow with the print steps, the first `stepsDone` of them finished by the technician. */
async function seedWorkflow(
  db: Kysely<DB>,
  batchId: number,
  o: { created: Date; stepsDone: number; technicianId: number | null },
): Promise<void> {
  const workflow = await db
    .insertInto('tech_workflows')
    .values({ type: 'batch', batch_id: batchId, created_at: o.created, updated_at: o.created })
    .returning('id')
    .executeTakeFirstOrThrow();
  let previous: number | null = null;
  for (const [i, process] of BATCH_WORKFLOW_STEPS.entries()) {
    const done = i < o.stepsDone && o.technicianId !== null;
    const started = new Date(o.created.getTime() + (i * 50 + 10) * 60_000);
    const finished = new Date(started.getTime() + 35 * 60_000);
    const row: { id: number } = await db
      .insertInto('tech_workflow_processes')
      .values({
        tech_workflow_id: workflow.id,
        step: i + 1,
        process,
        status: done ? 'COMPLETED' : i === o.stepsDone ? 'PENDING' : 'NEW',
        prerequisite_process_id: previous,
        user_id: done ? o.technicianId : null,
        started_at: done ? started : null,
        finished_at: done ? finished : null,
        created_at: o.created,
        updated_at: done ? finished : o.created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    previous = Number(row.id);
  }
  await db.updateTable('batches').set({ tech_workflow_id: workflow.id }).where('id', '=', batchId).execute();
}

export async function seedDemoBatches(db: Kysely<DB>, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const creator = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirst();
  const technician = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'tech@example.com')
    .executeTakeFirst();
  // Open print requests with a workflow, newest case first, one per case.
  const open = await sql<{ id: number | string; patient_id: number | string }>`
    select distinct on (pr.patient_id) pr.id, pr.patient_id
    from printing_requests pr
    join patients p on p.id = pr.patient_id and p.deleted_at is null
    where pr.printing_request_status_id in (1, 2) and pr.batch_id is null
      and exists (select 1 from tech_workflows w where w.customer_request_id = pr.customer_request_id)
    order by pr.patient_id desc, pr.created_at desc, pr.id desc
    limit 9`.execute(db);
  let next = 0;
  for (const [i, b] of DEMO_BATCHES.entries()) {
    const picked = open.rows.slice(next, next + b.cases);
    if (picked.length < 2) return;
    next += picked.length;
    const created = new Date(now.getTime() - (DEMO_BATCHES.length - i) * 26 * 3_600_000);
    const batch = await db
      .insertInto('batches')
      .values({
        name: b.name,
        status: b.status,
        notes: b.notes,
        created_by_user_id: creator?.id ?? null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('batch_cases')
      .values(
        picked.map((r) => ({
          batch_id: batch.id,
          patient_id: Number(r.patient_id),
          printing_request_id: Number(r.id),
          created_at: created,
        })),
      )
      .execute();
    await db
      .updateTable('printing_requests')
      .set({ batch_id: batch.id })
      .where(
        'id',
        'in',
        picked.map((r) => Number(r.id)),
      )
      .execute();
    await seedWorkflow(db, Number(batch.id), {
      created,
      stepsDone: b.stepsDone,
      technicianId: technician ? Number(technician.id) : null,
    });
  }
}
