import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The installers and their settings (auto-update, machine learning file), per scope. */

export interface InstallerRow {
  id: number;
  organization_id: number | null;
  v1: number;
  v2: number;
  v3: number;
  file_name: string;
  file_size: number | null;
  storage_path: string | null;
  release_notes: string;
  unstable: boolean;
  created_at: Date;
  updated_at: Date;
}

const columns = [
  'id',
  'organization_id',
  'v1',
  'v2',
  'v3',
  'file_name',
  'file_size',
  'storage_path',
  'release_notes',
  'unstable',
  'created_at',
  'updated_at',
] as const;

const toRow = (r: Record<string, unknown>): InstallerRow => ({
  ...(r as unknown as InstallerRow),
  id: Number(r.id),
  organization_id: r.organization_id === null ? null : Number(r.organization_id),
  file_size: r.file_size === null ? null : Number(r.file_size),
});

/** A page of one scope's installers (organization null: those for everyone), newest version first. */
export async function listInstallers(
  db: Kysely<DB>,
  organizationId: number | null,
  page: { page: number; perPage: number },
): Promise<{ rows: InstallerRow[]; total: number }> {
  let q = db
    .selectFrom('installers')
    .select(columns)
    .select(sql<number>`count(*) over ()`.as('total'));
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  const rows = await q
    .orderBy('v1', 'desc')
    .orderBy('v2', 'desc')
    .orderBy('v3', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return { rows: rows.map(toRow), total: rows.length ? Number(rows[0]!.total) : -1 };
}

export async function countInstallers(db: Kysely<DB>, organizationId: number | null): Promise<number> {
  let q = db.selectFrom('installers').select(sql<number>`count(*)`.as('n'));
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * The stable installers a practice sees: those for everyone and its own organizations', newest
 * version first.
 */
export async function listAvailable(
  db: Kysely<DB>,
  organizationIds: number[],
  page: { page: number; perPage: number },
): Promise<{ rows: InstallerRow[]; total: number }> {
  const rows = await db
    .selectFrom('installers')
    .select(columns)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('unstable', '=', false)
    .where((eb) =>
      organizationIds.length
        ? eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', organizationIds)])
        : eb('organization_id', 'is', null),
    )
    .orderBy('v1', 'desc')
    .orderBy('v2', 'desc')
    .orderBy('v3', 'desc')
    .orderBy('id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  return { rows: rows.map(toRow), total: rows.length ? Number(rows[0]!.total) : -1 };
}

export async function countAvailable(db: Kysely<DB>, organizationIds: number[]): Promise<number> {
  const row = await db
    .selectFrom('installers')
    .select(sql<number>`count(*)`.as('n'))
    .where('unstable', '=', false)
    .where((eb) =>
      organizationIds.length
        ? eb.or([eb('organization_id', 'is', null), eb('organization_id', 'in', organizationIds)])
        : eb('organization_id', 'is', null),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findInstaller(db: Kysely<DB>, id: number): Promise<InstallerRow | null> {
  const row = await db.selectFrom('installers').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function versionExists(
  db: Kysely<DB>,
  organizationId: number | null,
  v: { v1: number; v2: number; v3: number },
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('installers')
    .select('id')
    .where('v1', '=', v.v1)
    .where('v2', '=', v.v2)
    .where('v3', '=', v.v3);
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertInstaller(
  db: Kysely<DB>,
  values: {
    organization_id: number | null;
    v1: number;
    v2: number;
    v3: number;
    file_name: string;
    file_size: number;
    storage_path: string;
    release_notes: string;
    uploaded_by_user_id: number;
  },
): Promise<InstallerRow> {
  const row = await db.insertInto('installers').values(values).returning(columns).executeTakeFirstOrThrow();
  return toRow(row);
}

export async function updateInstaller(
  db: Kysely<DB>,
  id: number,
  values: Partial<{ release_notes: string; unstable: boolean; v1: number; v2: number; v3: number }>,
): Promise<InstallerRow> {
  const row = await db
    .updateTable('installers')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function deleteInstaller(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('installers').where('id', '=', id).execute();
}

/** The newest stable installer for an organization (its own or those for everyone). */
export async function latestStable(db: Kysely<DB>, organizationId: number): Promise<InstallerRow | null> {
  const { rows } = await listAvailable(db, [organizationId], { page: 1, perPage: 1 });
  return rows[0] ?? null;
}

/**
 * Whether a device on one of the organization's licenses last reported a DIBS version that is
 * marked unstable (for everyone or for this organization).
 */
export async function unstableVersionInUse(db: Kysely<DB>, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('devices as d')
    .innerJoin('licenses as l', 'l.id', 'd.license_id')
    .innerJoin('installers as i', (join) =>
      join
        .on('i.unstable', '=', true)
        .on(sql<boolean>`(i.v1 || '.' || i.v2 || '.' || i.v3) = d.details ->> 'software_version'`),
    )
    .select('d.id')
    .where('l.organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('i.organization_id', 'is', null), eb('i.organization_id', '=', organizationId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/* Settings per scope ------------------------------------------------------------------------ */

export interface SettingsRow {
  auto_update: boolean;
  ml_file_name: string | null;
  ml_storage_path: string | null;
  ml_file_size: number | null;
  ml_uploaded_at: Date | null;
}

export async function findSettings(
  db: Kysely<DB>,
  organizationId: number | null,
): Promise<SettingsRow | null> {
  let q = db
    .selectFrom('installer_settings')
    .select(['auto_update', 'ml_file_name', 'ml_storage_path', 'ml_file_size', 'ml_uploaded_at']);
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  const row = await q.executeTakeFirst();
  return row ? { ...row, ml_file_size: row.ml_file_size === null ? null : Number(row.ml_file_size) } : null;
}

/** Writes one scope's settings (creating its row), returning the previous machine learning file. */
export async function saveSettings(
  db: Kysely<DB>,
  organizationId: number | null,
  userId: number,
  values: Partial<Omit<SettingsRow, never>>,
): Promise<{ previousMlPath: string | null }> {
  const previous = await findSettings(db, organizationId);
  if (!previous) {
    await db
      .insertInto('installer_settings')
      .values({ organization_id: organizationId, updated_by_user_id: userId, ...values })
      .execute();
    return { previousMlPath: null };
  }
  let q = db
    .updateTable('installer_settings')
    .set({ ...values, updated_by_user_id: userId, updated_at: new Date() });
  q =
    organizationId === null
      ? q.where('organization_id', 'is', null)
      : q.where('organization_id', '=', organizationId);
  await q.execute();
  return { previousMlPath: previous.ml_storage_path };
}

/** Serializes writes to one scope's settings row (the insert race of two first writers). */
export async function lockScope(db: Kysely<DB>, organizationId: number | null): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`installer_settings:${organizationId ?? 0}`}))`.execute(
    db,
  );
}

export async function allowedDibsOptions(db: Kysely<DB>, organizationId: number): Promise<number[]> {
  const row = await db
    .selectFrom('organization_preferences')
    .select('allowed_dibs_options')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return (row?.allowed_dibs_options as number[] | undefined) ?? [1];
}

/** Every stored installer and machine learning file (for the integrity scan; no checksum is kept). */
export async function storedInstallerObjects(
  db: Kysely<DB>,
): Promise<{ kind: 'installer' | 'machine_learning_file'; id: number; key: string }[]> {
  const [installers, settings] = await Promise.all([
    db
      .selectFrom('installers')
      .select(['id', 'storage_path'])
      .where('storage_path', 'is not', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('installer_settings')
      .select(['id', 'ml_storage_path'])
      .where('ml_storage_path', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  return [
    ...installers.map((r) => ({ kind: 'installer' as const, id: Number(r.id), key: r.storage_path! })),
    ...settings.map((r) => ({
      kind: 'machine_learning_file' as const,
      id: Number(r.id),
      key: r.ml_storage_path!,
    })),
  ];
}
