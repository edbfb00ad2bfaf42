import { sql, type Kysely } from 'kysely';
import type { Device, License, LicenseType } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

/** Organizations whose licenses a query may return. */
export type OrganizationScope = 'all' | number[];

const iso = (d: Date | string) => new Date(d).toISOString();

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function licenseQuery(db: Kysely<DB>, scope: OrganizationScope) {
  let q = db
    .selectFrom('licenses')
    .innerJoin('license_types', 'license_types.id', 'licenses.license_type_id')
    .innerJoin('organizations', 'organizations.id', 'licenses.organization_id')
    .leftJoin('users', 'users.id', 'licenses.user_id')
    .select([
      'licenses.id',
      'licenses.organization_id',
      'organizations.name as organization_name',
      'licenses.user_id',
      'users.first_name',
      'users.last_name',
      'licenses.license_type_id',
      'license_types.name as license_type_name',
      'licenses.seats',
      'licenses.active',
      'licenses.activated_at',
      'licenses.expiration_date',
      'licenses.created_at',
      sql<number>`(select count(*) from devices d where d.license_id = licenses.id)`.as('devices_count'),
    ]);
  if (scope !== 'all')
    q = scope.length ? q.where('licenses.organization_id', 'in', scope) : q.where(sql<boolean>`false`);
  return q;
}

interface LicenseRow {
  id: number;
  organization_id: number;
  organization_name: string;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  license_type_id: number;
  license_type_name: string;
  seats: number;
  active: boolean;
  activated_at: Date;
  expiration_date: Date | null;
  created_at: Date;
  devices_count: number;
}

function toLicense(r: LicenseRow): License {
  const devices = Number(r.devices_count);
  return {
    id: r.id,
    organization_id: r.organization_id,
    organization: { id: r.organization_id, name: r.organization_name },
    user: r.user_id === null ? null : { id: r.user_id, full_name: `${r.first_name} ${r.last_name}` },
    license_type: { id: r.license_type_id, name: r.license_type_name },
    seats: r.seats,
    active: r.active,
    activated_at: iso(r.activated_at),
    expiration_date: r.expiration_date ? iso(r.expiration_date) : null,
    devices_count: devices,
    available_seats: Math.max(0, r.seats - devices),
    created_at: iso(r.created_at),
  };
}

export interface ListLicensesFilter {
  search?: string;
  organizationId?: number;
  page: number;
  perPage: number;
}

/** One page, newest first; the total comes from the same statement. */
export async function listLicenses(db: Kysely<DB>, scope: OrganizationScope, filter: ListLicensesFilter) {
  let q = licenseQuery(db, scope).select(sql<number>`count(*) over ()`.as('total_count'));
  if (filter.organizationId !== undefined)
    q = q.where('licenses.organization_id', '=', filter.organizationId);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    q = q.where(
      sql<boolean>`(users.first_name || ' ' || users.last_name || ' ' || users.email) ilike ${pattern}`,
    );
  }
  const rows = await q
    .orderBy('licenses.created_at', 'desc')
    .orderBy('licenses.id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return {
    rows: rows.map((r) => toLicense(r as LicenseRow)),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export async function findLicense(
  db: Kysely<DB>,
  id: number,
  scope: OrganizationScope,
): Promise<License | undefined> {
  const row = await licenseQuery(db, scope).where('licenses.id', '=', id).executeTakeFirst();
  return row ? toLicense(row as LicenseRow) : undefined;
}

/** Every license of an organization, oldest first. */
export async function organizationLicenses(db: Kysely<DB>, organizationId: number): Promise<License[]> {
  const rows = await licenseQuery(db, 'all')
    .where('licenses.organization_id', '=', organizationId)
    .orderBy('licenses.created_at', 'asc')
    .orderBy('licenses.id', 'asc')
    .execute();
  return rows.map((r) => toLicense(r as LicenseRow));
}

function toDevice(r: {
  id: number;
  name: string;
  license_id: number;
  last_login: Date | null;
  created_at: Date;
  details: unknown;
}): Device {
  const details = typeof r.details === 'string' ? (JSON.parse(r.details) as unknown) : r.details;
  return {
    id: r.id,
    name: r.name,
    license_id: r.license_id,
    last_login: r.last_login ? iso(r.last_login) : null,
    created_at: iso(r.created_at),
    details:
      details && typeof details === 'object' && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : {},
  };
}

const DEVICE_COLUMNS = [
  'devices.id',
  'devices.name',
  'devices.license_id',
  'devices.last_login',
  'devices.created_at',
  'devices.details',
] as const;

/** The devices of several licenses in one query. */
export async function devicesOf(db: Kysely<DB>, licenseIds: number[]): Promise<Map<number, Device[]>> {
  const map = new Map<number, Device[]>(licenseIds.map((id) => [id, []]));
  if (!licenseIds.length) return map;
  const rows = await db
    .selectFrom('devices')
    .select(DEVICE_COLUMNS)
    .where('devices.license_id', 'in', licenseIds)
    .orderBy('devices.created_at')
    .orderBy('devices.id')
    .execute();
  for (const r of rows) map.get(r.license_id)?.push(toDevice(r));
  return map;
}

export async function findDevice(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('devices')
    .innerJoin('licenses', 'licenses.id', 'devices.license_id')
    .select([...DEVICE_COLUMNS, 'licenses.organization_id', 'licenses.user_id'])
    .where('devices.id', '=', id)
    .executeTakeFirst();
  return row
    ? { device: toDevice(row), organizationId: row.organization_id, licenseUserId: row.user_id }
    : undefined;
}

export async function renameDevice(db: Kysely<DB>, id: number, name: string): Promise<void> {
  await db
    .updateTable('devices')
    .set({ name, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteDevice(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('devices').where('id', '=', id).execute();
}

export async function listLicenseTypes(db: Kysely<DB>): Promise<LicenseType[]> {
  return db
    .selectFrom('license_types')
    .select(['id', 'name', 'allow_buy_seats', 'default_seats'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function licenseTypeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('license_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** The user's organization for a license: the current one, else the first membership. */
export async function organizationOfUser(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      sql<number | null>`coalesce(
        (select ou.organization_id from organization_user ou where ou.user_id = users.id and ou.organization_id = users.current_organization_id),
        (select min(ou.organization_id) from organization_user ou where ou.user_id = users.id))`.as(
        'organization_id',
      ),
    ])
    .where('users.id', '=', userId)
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
}

export async function isMember(db: Kysely<DB>, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization_user')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewLicense {
  organization_id: number;
  user_id: number | null;
  license_type_id: number;
  seats: number;
  activated_at?: Date;
  expiration_date: Date | null;
}

export async function insertLicense(db: Kysely<DB>, values: NewLicense): Promise<number> {
  const row = await db.insertInto('licenses').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLicense(
  db: Kysely<DB>,
  id: number,
  values: { seats: number; activated_at?: Date; expiration_date?: Date | null },
): Promise<void> {
  await db
    .updateTable('licenses')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setActive(db: Kysely<DB>, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('licenses')
    .set({ active, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
