/**
 * Demo technician workflows, after the cases and their requests: every request without a workflow
 * gets the one of its type (printing request, flawed tray, tray design) at a step that follows its
 * status (new: nothing done; in progress: each step in turn; completed: all done), and the
 * one-pending-task rule holds: each user keeps only their latest started, unfinished process (the
 * demo technician's is on an in-progress case setup), the others wait to be started again.
 */
import { TECH_WORKFLOW_STEPS, type TechWorkflowType } from '@archline/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

const MINUTE = 60_000;

export async function seedDemoWorkflows(db: Kysely<DB>, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();

  // One pending task per user: the latest started process stays, older ones are not started yet.
  await sql`
    with ranked as (
      select id, row_number() over (partition by user_id order by started_at desc, id desc) as n
      from tech_workflow_processes
      where user_id is not null and started_at is not null and finished_at is null
    )
    update tech_workflow_processes p
    set started_at = null, user_id = null, status = 'PENDING', updated_at = ${now}
    from ranked r
    where r.id = p.id and r.n > 1`.execute(db);

  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [
      String(u.email),
      Number(u.id),
    ]),
  );
  const workers = ['tech@example.com', 'admin@example.com', 'superadmin@example.com']
    .map((e) => users.get(e))
    .filter((id): id is number => id !== undefined);
  if (!workers.length) return;

  // Requests without a workflow, with the type their rows say and a status 1 new .. 5 canceled.
  const requests = await sql<{
    id: number;
    patient_id: number;
    status_id: number;
    created_at: Date;
    type: TechWorkflowType;
  }>`
    select cr.id, cr.patient_id, cr.status_id, cr.created_at,
      case
        when exists (select 1 from flawed_trays ft where ft.customer_request_id = cr.id) then 'flawed_tray'
        when exists (select 1 from printing_requests pr where pr.customer_request_id = cr.id) then 'printing_request'
        else 'tray_design'
      end as type
    from customer_requests cr
    where not exists (select 1 from tech_workflows w where w.customer_request_id = cr.id)
      and (exists (select 1 from flawed_trays ft where ft.customer_request_id = cr.id)
        or exists (select 1 from printing_requests pr where pr.customer_request_id = cr.id)
        or exists (select 1 from tray_design_requests td where td.customer_request_id = cr.id))
    order by cr.id`.execute(db);
  if (!requests.rows.length) return;

  const workflowIds: number[] = [];
  for (let i = 0; i < requests.rows.length; i += 500) {
    const part = requests.rows.slice(i, i + 500);
    const rows = await db
      .insertInto('tech_workflows')
      .values(
        part.map((r) => ({
          type: r.type,
          patient_id: r.patient_id,
          customer_request_id: r.id,
          created_at: r.created_at,
          updated_at: r.created_at,
        })),
      )
      .returning('id')
      .execute();
    workflowIds.push(...rows.map((r) => Number(r.id)));
  }

  let inProgress = 0;
  const processRows = requests.rows.flatMap((r, i) => {
    const steps = TECH_WORKFLOW_STEPS[r.type];
    const status = Number(r.status_id);
    // Completed: all done; in progress: 1, 2, ... steps done in turn; new and canceled: none.
    const done =
      status === 4 ? steps.length : status === 2 || status === 3 ? (inProgress++ % steps.length) + 1 : 0;
    const createdAt = new Date(r.created_at).getTime();
    const span = Math.max(
      Math.min(now.getTime() - createdAt, 2 * 24 * 60 * MINUTE),
      steps.length * 2 * MINUTE,
    );
    return steps.map((process, k) => {
      const finished = k < done;
      const startedAt = new Date(createdAt + (span * k) / steps.length + MINUTE);
      const finishedAt = new Date(createdAt + (span * (k + 1)) / steps.length);
      return {
        tech_workflow_id: workflowIds[i]!,
        step: k + 1,
        process,
        status: finished ? 'COMPLETED' : k === done && status !== 5 ? 'PENDING' : 'NEW',
        user_id: finished ? workers[(i + k) % workers.length]! : null,
        started_at: finished ? startedAt : null,
        finished_at: finished ? finishedAt : null,
        created_at: r.created_at,
        updated_at: finished ? finishedAt : r.created_at,
      };
    });
  });
  for (let i = 0; i < processRows.length; i += 2000)
    await db
      .insertInto('tech_workflow_processes')
      .values(processRows.slice(i, i + 2000))
      .execute();

  // Each step waits for the one before it.
  await sql`
    update tech_workflow_processes p
    set prerequisite_process_id = prev.id
    from tech_workflow_processes prev
    where prev.tech_workflow_id = p.tech_workflow_id and prev.step = p.step - 1
      and p.prerequisite_process_id is null
      and p.tech_workflow_id in (${sql.join(workflowIds)})`.execute(db);
}
