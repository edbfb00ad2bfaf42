/** The SQL of custom bracket sets: named per-tooth bracket choices of an organization. */
import { sql, type Kysely } from 'kysely';
import type { CustomBracketSetItem } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

export interface SetFilter {
  /** Sets assigned to this user. */
  assignedToUserId?: number | null;
  /** Sets created by management (true) or by a practice user (false). */
  createdByManagement?: boolean;
  /** Sets created by this user. */
  createdByUserId?: number;
  id?: number;
}

export interface CustomSetRow extends CustomBracketSetItem {
  created_by_user_id: number | null;
}

interface Page {
  page: number;
  perPage: number;
}

/** The organization's sets (not removed) with their teeth and assigned users, by name. */
export async function listSets(
  db: Db,
  organizationId: number,
  filter: SetFilter,
  page: Page,
): Promise<{ rows: CustomSetRow[]; total: number }> {
  let q = db
    .selectFrom('custom_bracket_sets as s')
    .select([
      's.id',
      's.name',
      's.created_by_management',
      's.created_by_user_id',
      sql<CustomBracketSetItem['teeth'] | string>`coalesce((
        select json_agg(json_build_object(
          'tooth_number', t.tooth_number, 'bracket_library_id', t.bracket_library_id,
          'bracket_library_name', bl.label, 'height', t.height
        ) order by t.tooth_number)
        from custom_bracket_set_teeth t join bracket_libraries bl on bl.id = t.bracket_library_id
        where t.custom_bracket_set_id = s.id), '[]'::json)`.as('teeth'),
      sql<
        (number | string)[]
      >`coalesce((select array_agg(u.user_id order by u.user_id) from custom_bracket_set_user u
        where u.custom_bracket_set_id = s.id), '{}')`.as('assigned_user_ids'),
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .where('s.organization_id', '=', organizationId)
    .where('s.deleted_at', 'is', null);
  if (filter.id !== undefined) q = q.where('s.id', '=', filter.id);
  if (filter.createdByManagement !== undefined)
    q = q.where('s.created_by_management', '=', filter.createdByManagement);
  if (filter.createdByUserId !== undefined) q = q.where('s.created_by_user_id', '=', filter.createdByUserId);
  if (filter.assignedToUserId !== undefined && filter.assignedToUserId !== null)
    q = q.where(
      sql<boolean>`exists (select 1 from custom_bracket_set_user u where u.custom_bracket_set_id = s.id and u.user_id = ${filter.assignedToUserId})`,
    );
  const rows = await q
    .orderBy('s.name')
    .orderBy('s.id')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  const total = rows.length ? Number(rows[0]!.total_count) : -1;
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      created_by_management: r.created_by_management,
      created_by_user_id: r.created_by_user_id === null ? null : Number(r.created_by_user_id),
      teeth: (typeof r.teeth === 'string'
        ? (JSON.parse(r.teeth) as CustomBracketSetItem['teeth'])
        : r.teeth
      ).map((t) => ({
        tooth_number: Number(t.tooth_number),
        bracket_library_id: Number(t.bracket_library_id),
        bracket_library_name: t.bracket_library_name,
        height: t.height === null || t.height === undefined ? null : Number(t.height),
      })),
      assigned_user_ids: (r.assigned_user_ids ?? []).map(Number),
    })),
    total,
  };
}

/** One set of the organization (not removed). */
export async function findSet(db: Db, organizationId: number, id: number): Promise<CustomSetRow | undefined> {
  return (await listSets(db, organizationId, { id }, { page: 1, perPage: 1 })).rows[0];
}

/** Locks a set row (edits and removal of one set queue). */
export async function lockSet(db: Db, organizationId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('custom_bracket_sets')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether custom bracket sets are enabled for the organization. */
export async function customSetsEnabled(db: Db, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('enable_custom_bracket_sets')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return Boolean(row?.enable_custom_bracket_sets);
}

export async function setCustomSetsEnabled(db: Db, organizationId: number, value: boolean): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ enable_custom_bracket_sets: value, updated_at: new Date() })
    .where('id', '=', organizationId)
    .execute();
}

/** Which of these libraries a set may use: the organization's, neither hidden nor removed. */
export async function usableLibraryIds(
  db: Db,
  organizationId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('bracket_libraries')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

export async function insertSet(
  db: Db,
  values: {
    organization_id: number;
    name: string;
    created_by_user_id: number;
    created_by_management: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('custom_bracket_sets')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function renameSet(db: Db, id: number, name: string): Promise<void> {
  await db
    .updateTable('custom_bracket_sets')
    .set({ name, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setTeeth(
  db: Db,
  id: number,
  teeth: readonly { tooth_number: number; bracket_library_id: number; height: number | null }[],
): Promise<void> {
  await db.deleteFrom('custom_bracket_set_teeth').where('custom_bracket_set_id', '=', id).execute();
  if (teeth.length)
    await db
      .insertInto('custom_bracket_set_teeth')
      .values(
        teeth.map((t) => ({
          custom_bracket_set_id: id,
          tooth_number: t.tooth_number,
          bracket_library_id: t.bracket_library_id,
          height: t.height === null ? null : t.height.toFixed(1),
        })),
      )
      .execute();
}

export async function setUsers(db: Db, id: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('custom_bracket_set_user').where('custom_bracket_set_id', '=', id).execute();
  const unique = [...new Set(userIds)];
  if (unique.length)
    await db
      .insertInto('custom_bracket_set_user')
      .values(unique.map((user_id) => ({ custom_bracket_set_id: id, user_id })))
      .execute();
}

/** Marks the set removed: it leaves every list and case entry; Rx forms that chose it keep its name. */
export async function removeSet(db: Db, id: number): Promise<void> {
  await db
    .updateTable('custom_bracket_sets')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
