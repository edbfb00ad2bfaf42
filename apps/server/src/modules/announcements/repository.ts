import { sql, type Kysely } from 'kysely';
import type { AnnouncementVisibility } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

export interface AnnouncementRow {
  id: number;
  body: string;
  visibility: string;
  updated_at: Date;
  last_updated_by: string | null;
}

function selectAnnouncements(db: Kysely<DB>) {
  return db
    .selectFrom('announcements as a')
    .leftJoin('users as u', 'u.id', 'a.last_updated_by_user_id')
    .select([
      'a.id',
      'a.body',
      'a.visibility',
      'a.updated_at',
      sql<string | null>`case when u.id is null then null else u.first_name || ' ' || u.last_name end`.as(
        'last_updated_by',
      ),
    ]);
}

/** Announcements of the given visibilities, most recently updated first. */
export async function listByVisibility(
  db: Kysely<DB>,
  visibilities: readonly AnnouncementVisibility[],
): Promise<AnnouncementRow[]> {
  if (visibilities.length === 0) return [];
  return selectAnnouncements(db)
    .where('a.visibility', 'in', visibilities)
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/**
 * Serializes writers of one visibility for the rest of the transaction, so two concurrent saves
 * cannot both insert (there is one announcement per visibility).
 */
export async function lockVisibility(trx: Kysely<DB>, visibility: AnnouncementVisibility): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`announcements:${visibility}`}))`.execute(trx);
}

/** Sets the one announcement of a visibility: updates the current one or inserts it. */
export async function upsert(
  trx: Kysely<DB>,
  input: { visibility: AnnouncementVisibility; body: string; userId: number },
): Promise<AnnouncementRow> {
  const current = await trx
    .selectFrom('announcements')
    .select('id')
    .where('visibility', '=', input.visibility)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  let id: number;
  if (current) {
    id = current.id;
    await trx
      .updateTable('announcements')
      .set({ body: input.body, last_updated_by_user_id: input.userId, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    // Older duplicates (from imports or seeds) would keep showing: one announcement per visibility.
    await trx
      .deleteFrom('announcements')
      .where('visibility', '=', input.visibility)
      .where('id', '!=', id)
      .execute();
  } else {
    const row = await trx
      .insertInto('announcements')
      .values({ body: input.body, visibility: input.visibility, last_updated_by_user_id: input.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  return selectAnnouncements(trx).where('a.id', '=', id).executeTakeFirstOrThrow();
}

/** Removes the announcement of a visibility; returns the ids removed. */
export async function removeVisibility(
  trx: Kysely<DB>,
  visibility: AnnouncementVisibility,
): Promise<number[]> {
  const rows = await trx
    .deleteFrom('announcements')
    .where('visibility', '=', visibility)
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}
