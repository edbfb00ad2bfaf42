import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of case feedback: the case to ask about, a patient to rate, the rating itself. */

type Db = Kysely<DB>;

/** A case is finished once its setup is completed (status 3) or a printing request of it shipped. */
const finished = (p: string) =>
  sql<SqlBool>`(${sql.ref(`${p}.patient_status_id`)} = 3 or exists (select 1 from printing_requests fpr where fpr.patient_id = ${sql.ref(`${p}.id`)} and fpr.printing_request_status_id = 3))`;

/** What the user said before: whether they rated any case, and whether they asked not to be asked. */
export async function feedbackHistory(db: Db, userId: number) {
  const row = await sql<{ rated: boolean; disabled: boolean }>`
    select exists (select 1 from case_feedbacks where user_id = ${userId}) as rated,
      exists (select 1 from case_feedbacks where user_id = ${userId} and disable_future) as disabled`.execute(
    db,
  );
  return row.rows[0] ?? { rated: false, disabled: false };
}

/**
 * The organization's most recently finished case in the caller's scope that the user has not
 * rated: by the later of its setup completion and its last shipment.
 */
export async function suggestedPatient(
  db: Db,
  organizationId: number,
  userId: number,
  scope: RawBuilder<SqlBool>,
) {
  const { rows } = await sql<{ id: string | number; first_name: string; last_name: string }>`
    select p.id, p.first_name, p.last_name
    from patients p
    where p.organization_id = ${organizationId}
      and p.deleted_at is null
      and ${scope}
      and ${finished('p')}
      and not exists (select 1 from case_feedbacks f where f.patient_id = p.id and f.user_id = ${userId})
    order by greatest(
        p.setup_completed_at,
        (select max(spr.completed_at) from printing_requests spr
          where spr.patient_id = p.id and spr.printing_request_status_id = 3)
      ) desc nulls last, p.id desc
    limit 1`.execute(db);
  const r = rows[0];
  return r ? { id: Number(r.id), name: `${r.first_name} ${r.last_name}` } : undefined;
}

/** The patient if the caller's scope reaches it, with whether it is finished. */
export async function findPatient(db: Db, patientId: number, scope: RawBuilder<SqlBool>) {
  const { rows } = await sql<{
    id: string | number;
    organization_id: string | number;
    first_name: string;
    last_name: string;
    finished: boolean;
  }>`
    select p.id, p.organization_id, p.first_name, p.last_name, ${finished('p')} as finished
    from patients p
    where p.id = ${patientId} and ${scope}`.execute(db);
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        organizationId: Number(r.organization_id),
        name: `${r.first_name} ${r.last_name}`,
        finished: r.finished,
      }
    : undefined;
}

/** One rating per patient and user: a second submission replaces the first. */
export async function saveFeedback(
  db: Db,
  v: { patientId: number; userId: number; rating: number; disableFuture: boolean },
) {
  const row = await db
    .insertInto('case_feedbacks')
    .values({
      patient_id: v.patientId,
      user_id: v.userId,
      rating: v.rating,
      disable_future: v.disableFuture,
    })
    .onConflict((oc) =>
      oc.columns(['patient_id', 'user_id']).doUpdateSet({
        rating: v.rating,
        disable_future: v.disableFuture,
        created_at: sql<Date>`now()`,
      }),
    )
    .returning(['id', 'rating', 'disable_future'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), rating: Number(row.rating), disabled: row.disable_future };
}
