import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { buildCustomerRequest, buildPatient } from '../src/db/seed/factories.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A case completed (setup) `daysAgo` days ago. */
export async function completedCase(
  db: Kysely<DB>,
  o: { organization_id: number; user_id: number; first_name: string; daysAgo: number; deleted?: boolean },
) {
  return buildPatient(db, {
    organization_id: o.organization_id,
    user_id: o.user_id,
    first_name: o.first_name,
    last_name: 'Feedback',
    patient_status_id: 3,
    setup_completed_at: new Date(Date.now() - o.daysAgo * DAY),
    ...(o.deleted ? { deleted_at: new Date(), deleted_kind: 'archived', archived_reason: 'test' } : {}),
  });
}

/** An active case whose printing request shipped `daysAgo` days ago. */
export async function shippedCase(
  db: Kysely<DB>,
  o: { organization_id: number; user_id: number; first_name: string; daysAgo: number },
) {
  const p = await buildPatient(db, {
    organization_id: o.organization_id,
    user_id: o.user_id,
    first_name: o.first_name,
    last_name: 'Feedback',
  });
  const request = await buildCustomerRequest(db, { organization_id: o.organization_id, patient_id: p.id });
  await db
    .insertInto('printing_requests')
    .values({
      customer_request_id: request.id,
      patient_id: p.id,
      printing_request_status_id: 3,
      completed_at: new Date(Date.now() - o.daysAgo * DAY),
    })
    .execute();
  return p;
}
