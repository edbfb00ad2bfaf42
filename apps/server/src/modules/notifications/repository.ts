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
 * The active users among `userIds` and the organization's members in `roles`, except
 * `exceptUserId`, whose own notification setting `name` is on (a setting never toggled is on).
 */
export async function usersToNotify(
  db: Kysely<DB>,
  input: { organizationId: number; roles: string[]; userIds: number[]; name: string; exceptUserId: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.deleted_at', 'is', null)
    .where('u.removed_at', 'is', null)
    .where('u.id', '<>', input.exceptUserId)
    .where((eb) =>
      eb.or([
        ...(input.userIds.length ? [eb('u.id', 'in', input.userIds)] : []),
        eb.exists(
          eb
            .selectFrom('organization_user as ou')
            .select('ou.user_id')
            .whereRef('ou.user_id', '=', 'u.id')
            .where('ou.organization_id', '=', input.organizationId)
            .where('ou.role', 'in', input.roles.length ? input.roles : ['']),
        ),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_notification_settings as s')
            .select('s.user_id')
            .whereRef('s.user_id', '=', 'u.id')
            .where('s.name', '=', input.name)
            .where('s.enabled', '=', false),
        ),
      ),
    )
    .orderBy('u.id')
    .execute();
  return rows.map((r) => Number(r.id));
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

/* ------------------------------------------------------------------------------------------ */
/* Email and Text Notifications of an organization                                            */
/* ------------------------------------------------------------------------------------------ */

export interface NotificationSettingRow {
  key: string;
  enabled: boolean;
  additional_emails: string[];
  is_disable_default_recipients: boolean;
  phone_numbers: string[];
}

function selectSettings(db: Kysely<DB>) {
  return db.selectFrom('organization_notification_settings').select([
    'key',
    'enabled',
    // citext[] has no parser in node-postgres: read it as text[].
    sql<string[]>`additional_emails::text[]`.as('additional_emails'),
    'is_disable_default_recipients',
    'phone_numbers',
  ]);
}

/** The saved settings of an organization (keys never saved are absent). */
export async function organizationSettings(
  db: Kysely<DB>,
  organizationId: number,
): Promise<NotificationSettingRow[]> {
  return selectSettings(db).where('organization_id', '=', organizationId).orderBy('key').execute();
}

/** The saved setting of one key, or undefined. */
export async function organizationSetting(
  db: Kysely<DB>,
  organizationId: number,
  key: string,
): Promise<NotificationSettingRow | undefined> {
  return selectSettings(db)
    .where('organization_id', '=', organizationId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function upsertOrganizationSetting(
  db: Kysely<DB>,
  organizationId: number,
  row: NotificationSettingRow,
): Promise<void> {
  const values = {
    enabled: row.enabled,
    additional_emails: sql<string[]>`${row.additional_emails}::citext[]`,
    is_disable_default_recipients: row.is_disable_default_recipients,
    phone_numbers: sql<string[]>`${row.phone_numbers}::text[]`,
  };
  await db
    .insertInto('organization_notification_settings')
    .values({ organization_id: organizationId, key: row.key, ...values })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'key']).doUpdateSet({ ...values, updated_at: sql`now()` }),
    )
    .execute();
}

/** Locks the organization row for the rest of the transaction (one save of its settings at a time). */
export async function lockOrganization(db: Kysely<DB>, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The e-mails of the organization's active members, offered as additional emails. */
export async function memberEmails(db: Kysely<DB>, organizationId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_user as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .select(sql<string>`u.email::text`.as('email'))
    .where('ou.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.email')
    .execute();
  return rows.map((r) => r.email);
}

/** The organization of a patient (a notification about a patient belongs to it). */
export async function organizationOfPatient(db: Kysely<DB>, patientId: number): Promise<number | null> {
  const row = await db
    .selectFrom('patients')
    .select('organization_id')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row?.organization_id == null ? null : Number(row.organization_id);
}

/** The e-mail of an active (not deleted) user, or null. */
export async function activeUserEmail(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`email::text`.as('email'))
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.email ?? null;
}
