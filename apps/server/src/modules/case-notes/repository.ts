import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** SQL of the case notes (a conversation per patient) and the on-hold notes (the hold history). */

export async function insertOnHoldNote(
  db: Kysely<DB>,
  v: {
    patient_id: number;
    user_id: number;
    name: string;
    note: string;
    is_on_hold_reason: boolean;
    is_unhold: boolean;
    notify_office: boolean;
  },
): Promise<number> {
  const row = await db.insertInto('on_hold_notes').values(v).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function listOnHoldNotes(db: Kysely<DB>, patientId: number) {
  return db
    .selectFrom('on_hold_notes')
    .select(['id', 'created_at', 'name', 'note', 'is_on_hold_reason', 'is_unhold', 'notify_office'])
    .where('patient_id', '=', patientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listCaseNotes(db: Kysely<DB>, patientId: number) {
  return db
    .selectFrom('case_notes')
    .select(['id', 'author_type', 'author_name', 'author_id', 'created_at', 'message'])
    .where('patient_id', '=', patientId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertCaseNote(
  db: Kysely<DB>,
  v: {
    patient_id: number;
    author_id: number;
    author_type: 'management' | 'doctor';
    author_name: string;
    message: string;
  },
) {
  return db
    .insertInto('case_notes')
    .values(v)
    .returning(['id', 'author_type', 'author_name', 'author_id', 'created_at', 'message'])
    .executeTakeFirstOrThrow();
}
