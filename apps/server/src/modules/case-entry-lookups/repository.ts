import { sql, type Kysely } from 'kysely';
import type { ArchWireItem, BracketLibraryItem, DoctorListItem } from '@archline/contracts';
import { DOCTOR_ROLE_SHORT_LABELS } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

export interface ShippingMethodRow {
  id: number;
  id_string: string;
  name: string;
  available: boolean;
  transit_days: number;
  international: boolean;
  fee_key: string | null;
}

const shippingColumns = [
  'id',
  'id_string',
  'name',
  'available',
  'transit_days',
  'international',
  'fee_key',
] as const;

/** A shipping method by id (digits) or id_string. */
export async function findShippingMethod(
  db: Kysely<DB>,
  idOrKey: string | number,
): Promise<ShippingMethodRow | undefined> {
  const key = String(idOrKey).trim();
  const q = db.selectFrom('shipping_methods').select(shippingColumns);
  const row = /^\d+$/.test(key)
    ? await q.where('id', '=', Number(key)).executeTakeFirst()
    : await q.where('id_string', '=', key.toLowerCase()).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** The shipping methods (a short reference list), in their sort order. */
export async function listShippingMethods(
  db: Kysely<DB>,
  filter: { availableOnly: boolean; international: boolean | null },
): Promise<ShippingMethodRow[]> {
  let q = db.selectFrom('shipping_methods').select(shippingColumns).orderBy('sort_order').orderBy('id');
  if (filter.availableOnly) q = q.where('available', '=', true);
  if (filter.international !== null) q = q.where('international', '=', filter.international);
  const rows = await q.limit(200).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The country of a location (visibility is checked by the caller). */
export async function locationCountry(db: Kysely<DB>, locationId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('locations')
    .select('country')
    .where('id', '=', locationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.country;
}

/** Whether the user is an active member of the organization. */
export async function isMember(db: Kysely<DB>, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization_user')
    .innerJoin('users', 'users.id', 'organization_user.user_id')
    .select('users.id')
    .where('organization_user.organization_id', '=', organizationId)
    .where('organization_user.user_id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

export interface Page {
  page: number;
  perPage: number;
}

type Counted<T> = T & { total_count: string | number };

function paged<T>(rows: Counted<T>[]): { rows: T[]; total: number } {
  const total = rows.length ? Number(rows[0]!.total_count) : -1;
  return { rows: rows.map(({ total_count: _t, ...r }) => r as unknown as T), total };
}

/** Active members of the organization holding the doctor role, by name: one query per page. */
export async function listDoctors(
  db: Kysely<DB>,
  organizationId: number,
  page: Page,
): Promise<{ rows: DoctorListItem[]; total: number }> {
  const rows = await db
    .selectFrom('organization_user')
    .innerJoin('users', 'users.id', 'organization_user.user_id')
    .select([
      'users.id',
      sql<string>`users.first_name || ' ' || users.last_name`.as('full_name'),
      'organization_user.role',
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .where('organization_user.organization_id', '=', organizationId)
    .where('users.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', '=', 'doctor'),
      ),
    )
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  const { rows: list, total } = paged(rows);
  return {
    rows: list.map((r) => ({
      id: Number(r.id),
      full_name: r.full_name,
      role: r.role,
      role_label: DOCTOR_ROLE_SHORT_LABELS[r.role] ?? r.role,
    })),
    total,
  };
}

/** The organization's visible bracket libraries assigned to the user or to nobody. */
export async function listBracketLibraries(
  db: Kysely<DB>,
  organizationId: number,
  userId: number,
  page: Page,
): Promise<{ rows: BracketLibraryItem[]; total: number }> {
  const rows = await db
    .selectFrom('bracket_libraries as bl')
    .select([
      'bl.id',
      'bl.label',
      'bl.file_name',
      'bl.format',
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .where('bl.organization_id', '=', organizationId)
    .where('bl.deleted_at', 'is', null)
    .where('bl.hidden_at', 'is', null)
    .where(
      sql<boolean>`(exists (select 1 from bracket_library_user u where u.bracket_library_id = bl.id and u.user_id = ${userId})
        or not exists (select 1 from bracket_library_user u where u.bracket_library_id = bl.id))`,
    )
    .orderBy('bl.label')
    .orderBy('bl.id')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  const { rows: list, total } = paged(rows);
  return { rows: list.map((r) => ({ ...r, id: Number(r.id) })), total };
}

/** The organization's arch wires and the built-in ones, assigned to the user or to nobody. */
export async function listArchWires(
  db: Kysely<DB>,
  organizationId: number,
  userId: number,
  page: Page,
): Promise<{ rows: ArchWireItem[]; total: number }> {
  const rows = await db
    .selectFrom('arch_wires as aw')
    .select([
      'aw.id',
      'aw.label',
      'aw.file_name',
      sql<boolean>`aw.organization_id is not null`.as('uploaded'),
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .where((eb) =>
      eb.or([eb('aw.organization_id', '=', organizationId), eb('aw.organization_id', 'is', null)]),
    )
    .where('aw.deleted_at', 'is', null)
    .where(
      sql<boolean>`(exists (select 1 from arch_wire_user u where u.arch_wire_id = aw.id and u.user_id = ${userId})
        or not exists (select 1 from arch_wire_user u where u.arch_wire_id = aw.id))`,
    )
    .orderBy('aw.label')
    .orderBy('aw.id')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
  const { rows: list, total } = paged(rows);
  return { rows: list.map((r) => ({ ...r, id: Number(r.id) })), total };
}
