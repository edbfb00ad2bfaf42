import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A notification row as the API shows it (patient_name joined from the patient). */
export interface NotificationRow {
  id: number;
  message: string;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
  type: string;
  patient_id: number | null;
  patient_name: string | null;
}

function selectNotifications(db: Kysely<DB>) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('patients as p', 'p.id', 'n.patient_id')
    .select([
      'n.id',
      'n.message',
      'n.link',
      'n.read_at',
      'n.created_at',
      'n.type',
      'n.patient_id',
      sql<string | null>`case when p.id is null then null else p.first_name || ' ' || p.last_name end`.as(
        'patient_name',
      ),
    ]);
}

export interface InsertNotification {
  userId: number;
  message: string;
  link: string | null;
  type: string;
  patientId: number | null;
  organizationId: number | null;
}

export async function insertNotification(
  db: Kysely<DB>,
  input: InsertNotification,
): Promise<NotificationRow> {
  const { id } = await db
    .insertInto('notifications')
    .values((eb) => ({
      user_id: input.userId,
      message: input.message,
      link: input.link,
      type: input.type,
      patient_id: input.patientId,
      // The organization of the patient when none is given: lets an organization's notifications be found.
      organization_id:
        input.organizationId ??
        (input.patientId === null
          ? null
          : eb.selectFrom('patients').select('organization_id').where('id', '=', input.patientId)),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return selectNotifications(db).where('n.id', '=', id).executeTakeFirstOrThrow();
}

/**
 * One page of a user's notifications, newest first by created_at (id breaks ties). `beforeId` is
 * the last id of the previous page: the page continues strictly after it in that order.
 * Fetches limit + 1 rows to know whether another page exists.
 */
export async function listForUser(
  db: Kysely<DB>,
  userId: number,
  opts: { limit: number; beforeId?: number },
): Promise<{ rows: NotificationRow[]; hasMore: boolean }> {
  let query = selectNotifications(db).where('n.user_id', '=', userId);
  if (opts.beforeId !== undefined) {
    const beforeId = opts.beforeId;
    query = query.where(({ eb, selectFrom, refTuple }) =>
      eb(
        refTuple('n.created_at', 'n.id'),
        '<',
        selectFrom('notifications as c')
          .select(['c.created_at', 'c.id'])
          .where('c.id', '=', beforeId)
          .where('c.user_id', '=', userId)
          .$asTuple('created_at', 'id'),
      ),
    );
  }
  const rows = await query
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  return { rows: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

export async function countUnread(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read (keeps the first read time). Null when not the user's. */
export async function markRead(db: Kysely<DB>, userId: number, id: number): Promise<NotificationRow | null> {
  const updated = await db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return null;
  return selectNotifications(db).where('n.id', '=', id).executeTakeFirstOrThrow();
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllRead(db: Kysely<DB>, userId: number): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
