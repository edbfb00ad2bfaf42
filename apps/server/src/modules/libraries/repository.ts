/** The SQL of bracket libraries, their inventory and arch-wire libraries. */
import { sql, type Kysely } from 'kysely';
import { BRACKET_TEETH, toothCode, toothName, type ToothChange } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;
export type LibraryKind = 'bracket' | 'arch-wire';
const PURPOSE: Record<LibraryKind, 'bracket_library' | 'arch_wire'> = {
  bracket: 'bracket_library',
  'arch-wire': 'arch_wire',
};

export interface LibraryUserRow {
  id: number;
  full_name: string;
}

export interface BracketLibraryRow {
  id: number;
  organization_id: number;
  label: string;
  file_name: string;
  storage_path: string | null;
  format: number;
  shelf: string | null;
  row: string | null;
  column: string | null;
  hidden_at: Date | null;
  low_stock_threshold: number;
  created_at: Date;
  users: LibraryUserRow[];
  has_inventory: boolean;
  low_stock: boolean;
}

const usersJson = (table: 'bracket_library_user' | 'arch_wire_user', column: string, id: string) =>
  sql<
    LibraryUserRow[]
  >`coalesce((select json_agg(json_build_object('id', u.id, 'full_name', u.first_name || ' ' || u.last_name)
      order by u.first_name, u.last_name, u.id)
    from ${sql.table(table)} lu join users u on u.id = lu.user_id
    where ${sql.ref(`lu.${column}`)} = ${sql.ref(id)}), '[]'::json)`;

function bracketSelect(db: Db) {
  return db
    .selectFrom('bracket_libraries as bl')
    .select([
      'bl.id',
      'bl.organization_id',
      'bl.label',
      'bl.file_name',
      'bl.storage_path',
      'bl.format',
      'bl.shelf',
      'bl.row',
      'bl.column',
      'bl.hidden_at',
      'bl.low_stock_threshold',
      'bl.created_at',
      usersJson('bracket_library_user', 'bracket_library_id', 'bl.id').as('users'),
      sql<boolean>`exists (select 1 from bracket_inventory i where i.bracket_library_id = bl.id)`.as(
        'has_inventory',
      ),
      // Teeth without a stored row count as 0.
      sql<boolean>`bl.low_stock_threshold > 0 and (select count(*) from bracket_inventory i
        where i.bracket_library_id = bl.id and i.available > bl.low_stock_threshold) < ${BRACKET_TEETH.length}`.as(
        'low_stock',
      ),
    ])
    .where('bl.deleted_at', 'is', null);
}

const toBracket = (r: Record<string, unknown>): BracketLibraryRow =>
  ({
    ...r,
    id: Number(r.id),
    organization_id: Number(r.organization_id),
    users: (r.users as LibraryUserRow[]).map((u) => ({ id: Number(u.id), full_name: u.full_name })),
  }) as BracketLibraryRow;

/** The organization's libraries (removed ones never), oldest first so colours stay put. */
export async function listBracketLibraries(
  db: Db,
  organizationId: number,
  opts: { includeHidden: boolean; lowStockOnly: boolean },
): Promise<BracketLibraryRow[]> {
  let q = bracketSelect(db).where('bl.organization_id', '=', organizationId);
  if (!opts.includeHidden) q = q.where('bl.hidden_at', 'is', null);
  const rows = await q.orderBy('bl.created_at').orderBy('bl.id').execute();
  const list = rows.map((r) => toBracket(r));
  return opts.lowStockOnly ? list.filter((r) => r.low_stock) : list;
}

export async function findBracketLibrary(
  db: Db,
  organizationId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<BracketLibraryRow | undefined> {
  if (opts.forUpdate)
    await db
      .selectFrom('bracket_libraries')
      .select('id')
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .execute();
  const row = await bracketSelect(db)
    .where('bl.organization_id', '=', organizationId)
    .where('bl.id', '=', id)
    .executeTakeFirst();
  return row ? toBracket(row) : undefined;
}

/** The names (case-insensitive) among these that an existing library already has. */
export async function existingNames(
  db: Db,
  kind: LibraryKind,
  organizationId: number,
  names: readonly string[],
): Promise<string[]> {
  if (!names.length) return [];
  const lower = names.map((n) => n.toLowerCase());
  const table = kind === 'bracket' ? 'bracket_libraries' : 'arch_wires';
  const rows = await db
    .selectFrom(table)
    .select('file_name')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(file_name) = any(${lower}::text[])`)
    .execute();
  return rows.map((r) => r.file_name);
}

/** The organization's members (not archived), for assigning libraries. */
export async function organizationMembers(db: Db, organizationId: number): Promise<LibraryUserRow[]> {
  const rows = await db
    .selectFrom('organization_user as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .select(['u.id', sql<string>`u.first_name || ' ' || u.last_name`.as('full_name')])
    .where('ou.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), full_name: r.full_name }));
}

/** Which of these users are not members of the organization. */
export async function nonMembers(
  db: Db,
  organizationId: number,
  userIds: readonly number[],
): Promise<number[]> {
  if (!userIds.length) return [];
  const members = new Set((await organizationMembers(db, organizationId)).map((m) => m.id));
  return [...new Set(userIds)].filter((id) => !members.has(id));
}

export async function setBracketUsers(db: Db, libraryId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('bracket_library_user').where('bracket_library_id', '=', libraryId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length)
    await db
      .insertInto('bracket_library_user')
      .values(unique.map((user_id) => ({ bracket_library_id: libraryId, user_id })))
      .execute();
}

export async function setArchWireUsers(
  db: Db,
  archWireId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('arch_wire_user').where('arch_wire_id', '=', archWireId).execute();
  const unique = [...new Set(userIds)];
  if (unique.length)
    await db
      .insertInto('arch_wire_user')
      .values(unique.map((user_id) => ({ arch_wire_id: archWireId, user_id })))
      .execute();
}

export async function insertBracketLibrary(
  db: Db,
  values: {
    organization_id: number;
    label: string;
    file_name: string;
    storage_path: string;
    format: number;
    created_by_user_id: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('bracket_libraries')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateBracketLibrary(
  db: Db,
  id: number,
  values: Partial<{
    label: string;
    format: number;
    shelf: string | null;
    row: string | null;
    column: string | null;
    hidden_at: Date | null;
  }>,
): Promise<void> {
  await db
    .updateTable('bracket_libraries')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Marks the library removed: the row stays for the Rx forms that name it. */
export async function removeBracketLibrary(db: Db, id: number): Promise<void> {
  await db
    .updateTable('bracket_libraries')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/* ------------------------------------------------------------------------------------------ */
/* Inventory                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Stored availability by tooth name. */
export async function inventory(db: Db, libraryId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('bracket_inventory')
    .select(['tooth_number', 'available'])
    .where('bracket_library_id', '=', libraryId)
    .execute();
  return new Map(rows.map((r) => [toothName(r.tooth_number), r.available]));
}

/**
 * Adds the increments in one statement: each tooth's new total is computed by the database from
 * its current value, so concurrent saves add up and never overwrite each other. A total below
 * zero violates the table's check and fails the statement (nothing is applied).
 */
export async function applyIncrements(
  db: Db,
  libraryId: number,
  increments: readonly { tooth_number: string; increment: number }[],
): Promise<void> {
  const rows = increments.filter((i) => i.increment !== 0);
  if (!rows.length) return;
  // Teeth never stocked start at 0, then every total moves by its increment in one UPDATE.
  await db
    .insertInto('bracket_inventory')
    .values(
      rows.map((i) => ({
        bracket_library_id: libraryId,
        tooth_number: toothCode(i.tooth_number),
        available: 0,
      })),
    )
    .onConflict((oc) => oc.columns(['bracket_library_id', 'tooth_number']).doNothing())
    .execute();
  const values = sql.join(
    rows.map((i) => sql`(${toothCode(i.tooth_number)}::smallint, ${i.increment}::integer)`),
  );
  await sql`update bracket_inventory b set available = b.available + v.increment, updated_at = now()
    from (values ${values}) as v(tooth_number, increment)
    where b.bracket_library_id = ${libraryId} and b.tooth_number = v.tooth_number`.execute(db);
}

export async function setThreshold(db: Db, libraryId: number, threshold: number): Promise<void> {
  await db
    .updateTable('bracket_libraries')
    .set({ low_stock_threshold: threshold, updated_at: new Date() })
    .where('id', '=', libraryId)
    .execute();
}

export async function insertChangelog(
  db: Db,
  values: { libraryId: number; userId: number; reason: string; changes: ToothChange[] },
): Promise<void> {
  await db
    .insertInto('bracket_inventory_changelog')
    .values({
      bracket_library_id: values.libraryId,
      user_id: values.userId,
      reason: values.reason,
      changes: JSON.stringify(values.changes),
    })
    .execute();
}

export async function changelogPage(
  db: Db,
  libraryId: number,
  page: { page: number; perPage: number },
): Promise<{
  rows: { id: number; created_at: Date; reason: string; user: string | null; changes: ToothChange[] }[];
  total: number;
}> {
  const rows = await db
    .selectFrom('bracket_inventory_changelog as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.created_at',
      'c.reason',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('user'),
      sql<ToothChange[]>`c.changes`.as('changes'),
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .where('c.bracket_library_id', '=', libraryId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      created_at: r.created_at as Date,
      reason: r.reason,
      user: r.user,
      changes: r.changes,
    })),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

/** Owners and managers of the organization (who hear of low stock). */
export async function stockRecipients(db: Db, organizationId: number): Promise<number[]> {
  const setting = await db
    .selectFrom('organization_notification_settings')
    .select(['enabled', 'is_disable_default_recipients'])
    .where('organization_id', '=', organizationId)
    .where('key', '=', 'low_bracket_inventory')
    .executeTakeFirst();
  if (setting && (!setting.enabled || setting.is_disable_default_recipients)) return [];
  const rows = await db
    .selectFrom('organization_user as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .select('u.id')
    .where('ou.organization_id', '=', organizationId)
    .where('ou.role', 'in', ['organization_owner', 'organization_manager'])
    .where('u.deleted_at', 'is', null)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/* ------------------------------------------------------------------------------------------ */
/* Uploads                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export interface LibraryUploadRow {
  id: number;
  storage_path: string;
  user_id: number | null;
  organization_id: number | null;
  original_name: string;
  expires_at: Date;
  completed_at: Date | null;
  sha256: string | null;
  purpose: string;
}

const UPLOAD_COLUMNS = [
  'id',
  'storage_path',
  'user_id',
  'organization_id',
  'original_name',
  'expires_at',
  'completed_at',
  'sha256',
  'purpose',
] as const;

export async function insertUpload(
  db: Db,
  kind: LibraryKind,
  values: {
    storage_path: string;
    user_id: number;
    organization_id: number;
    original_name: string;
    expires_at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('uploads')
    .values({ ...values, purpose: PURPOSE[kind] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A library upload by id (any library kind). */
export async function findUpload(db: Db, id: number): Promise<LibraryUploadRow | undefined> {
  const row = await db
    .selectFrom('uploads')
    .select([...UPLOAD_COLUMNS])
    .where('id', '=', id)
    .where('purpose', 'in', ['bracket_library', 'arch_wire'])
    .executeTakeFirst();
  return row ? ({ ...row, id: Number(row.id) } as LibraryUploadRow) : undefined;
}

/** The caller's uploads of this kind and organization, locked, in id order. */
export async function lockUploads(
  db: Db,
  kind: LibraryKind,
  ids: readonly number[],
): Promise<LibraryUploadRow[]> {
  const rows = await db
    .selectFrom('uploads')
    .select([...UPLOAD_COLUMNS])
    .where('id', 'in', [...new Set(ids)])
    .where('purpose', '=', PURPOSE[kind])
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }) as LibraryUploadRow);
}

export async function setUploadHash(db: Db, id: number, sha256: string): Promise<void> {
  await db.updateTable('uploads').set({ sha256 }).where('id', '=', id).execute();
}

export async function completeUploads(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .updateTable('uploads')
      .set({ completed_at: new Date() })
      .where('id', 'in', [...ids])
      .execute();
}

/** Expired library uploads never stored (oldest first). */
export async function expiredUploads(db: Db, now: Date, limit: number): Promise<LibraryUploadRow[]> {
  const rows = await db
    .selectFrom('uploads')
    .select([...UPLOAD_COLUMNS])
    .where('purpose', 'in', ['bracket_library', 'arch_wire'])
    .where('completed_at', 'is', null)
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }) as LibraryUploadRow);
}

export async function deleteUploads(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .deleteFrom('uploads')
      .where('id', 'in', [...ids])
      .execute();
}

/* ------------------------------------------------------------------------------------------ */
/* Arch wires                                                                                 */
/* ------------------------------------------------------------------------------------------ */

export interface ArchWireRow {
  id: number;
  organization_id: number;
  label: string;
  file_name: string;
  storage_path: string | null;
  created_at: Date;
  users: LibraryUserRow[];
}

function archWireSelect(db: Db) {
  return db
    .selectFrom('arch_wires as aw')
    .select([
      'aw.id',
      'aw.organization_id',
      'aw.label',
      'aw.file_name',
      'aw.storage_path',
      'aw.created_at',
      usersJson('arch_wire_user', 'arch_wire_id', 'aw.id').as('users'),
    ])
    .where('aw.deleted_at', 'is', null);
}

const toArchWire = (r: Record<string, unknown>): ArchWireRow =>
  ({
    ...r,
    id: Number(r.id),
    organization_id: Number(r.organization_id),
    users: (r.users as LibraryUserRow[]).map((u) => ({ id: Number(u.id), full_name: u.full_name })),
  }) as ArchWireRow;

export async function listArchWires(db: Db, organizationId: number): Promise<ArchWireRow[]> {
  const rows = await archWireSelect(db)
    .where('aw.organization_id', '=', organizationId)
    .orderBy('aw.created_at')
    .orderBy('aw.id')
    .execute();
  return rows.map((r) => toArchWire(r));
}

export async function findArchWire(
  db: Db,
  organizationId: number,
  id: number,
): Promise<ArchWireRow | undefined> {
  const row = await archWireSelect(db)
    .where('aw.organization_id', '=', organizationId)
    .where('aw.id', '=', id)
    .executeTakeFirst();
  return row ? toArchWire(row) : undefined;
}

export async function insertArchWire(
  db: Db,
  values: {
    organization_id: number;
    label: string;
    file_name: string;
    storage_path: string;
    created_by_user_id: number;
  },
): Promise<number> {
  const row = await db.insertInto('arch_wires').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateArchWire(db: Db, id: number, values: { label?: string }): Promise<void> {
  await db
    .updateTable('arch_wires')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function removeArchWire(db: Db, id: number): Promise<void> {
  await db
    .updateTable('arch_wires')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A library's file for a signed download (removed libraries never). */
export async function downloadable(
  db: Db,
  kind: LibraryKind,
  id: number,
): Promise<
  { id: number; organization_id: number; file_name: string; storage_path: string | null } | undefined
> {
  const table = kind === 'bracket' ? 'bracket_libraries' : 'arch_wires';
  const row = await db
    .selectFrom(table)
    .select(['id', 'organization_id', 'file_name', 'storage_path'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.organization_id === null) return undefined;
  return { ...row, id: Number(row.id), organization_id: Number(row.organization_id) };
}

// ---- the integrity scan ---------------------------------------------------------------------

/**
 * Every stored library file (bracket libraries and arch-wire libraries, removed ones too: their
 * files stay for the Rx forms that name them) with the SHA-256 recorded when its upload was
 * received, and every key a library upload reserved (finished or not).
 */
export async function storedLibraryObjects(db: Db): Promise<{
  files: { kind: 'bracket_library' | 'arch_wire'; id: number; key: string; sha256: string | null }[];
  uploadKeys: string[];
}> {
  const [brackets, wires, uploads] = await Promise.all([
    db
      .selectFrom('bracket_libraries as bl')
      .leftJoin('uploads as u', (j) =>
        j.onRef('u.storage_path', '=', 'bl.storage_path').on('u.purpose', '=', 'bracket_library'),
      )
      .select(['bl.id', 'bl.storage_path', 'u.sha256'])
      .where('bl.storage_path', 'is not', null)
      .orderBy('bl.id')
      .execute(),
    db
      .selectFrom('arch_wires as aw')
      .leftJoin('uploads as u', (j) =>
        j.onRef('u.storage_path', '=', 'aw.storage_path').on('u.purpose', '=', 'arch_wire'),
      )
      .select(['aw.id', 'aw.storage_path', 'u.sha256'])
      .where('aw.storage_path', 'is not', null)
      .orderBy('aw.id')
      .execute(),
    db
      .selectFrom('uploads')
      .select('storage_path')
      .where('purpose', 'in', ['bracket_library', 'arch_wire'])
      .execute(),
  ]);
  return {
    files: [
      ...brackets.map((r) => ({
        kind: 'bracket_library' as const,
        id: Number(r.id),
        key: r.storage_path!,
        sha256: r.sha256,
      })),
      ...wires.map((r) => ({
        kind: 'arch_wire' as const,
        id: Number(r.id),
        key: r.storage_path!,
        sha256: r.sha256,
      })),
    ],
    uploadKeys: uploads.map((u) => u.storage_path),
  };
}
