import { sql, type Kysely } from 'kysely';
import type { Location } from '@archline/contracts';
import { fullAddress } from '../../db/columns.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Which locations a query may return: every one, those of some organizations, or (practice users)
 * the ones assigned to the user plus, with organization.locations.view-any, all of the current organization.
 */
export type LocationScope =
  | { kind: 'all' }
  | { kind: 'organizations'; ids: number[] }
  | { kind: 'assigned'; ids: number[]; userId: number; viewAnyOrganizationId: number | null };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function baseQuery(db: Kysely<DB>, scope: LocationScope) {
  let q = db
    .selectFrom('locations')
    .select([
      'locations.id',
      'locations.organization_id',
      'locations.location_name',
      'locations.first_name',
      'locations.last_name',
      'locations.email',
      'locations.phone_number',
      'locations.street_address',
      'locations.street_address_line_2',
      'locations.city',
      'locations.state',
      'locations.country',
      'locations.zip_code',
      'locations.created_at',
      sql<
        number[]
      >`coalesce((select array_agg(lu.user_id order by lu.user_id) from location_user lu where lu.location_id = locations.id), '{}')`.as(
        'users',
      ),
      // An open printing request (New or In Progress) shipping to this location.
      sql<boolean>`exists (select 1 from printing_requests pr where pr.location_id = locations.id and pr.printing_request_status_id in (1, 2))`.as(
        'has_incomplete_requests',
      ),
    ])
    .where('locations.deleted_at', 'is', null);
  if (scope.kind === 'organizations') {
    if (!scope.ids.length) return q.where(sql<boolean>`false`);
    q = q.where('locations.organization_id', 'in', scope.ids);
  }
  if (scope.kind === 'assigned') {
    if (!scope.ids.length) return q.where(sql<boolean>`false`);
    const { userId, viewAnyOrganizationId } = scope;
    q = q
      .where('locations.organization_id', 'in', scope.ids)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('location_user')
              .select('location_user.user_id')
              .whereRef('location_user.location_id', '=', 'locations.id')
              .where('location_user.user_id', '=', userId),
          ),
          viewAnyOrganizationId === null
            ? eb.val(false)
            : eb('locations.organization_id', '=', viewAnyOrganizationId),
        ]),
      );
  }
  return q;
}

type Row = Omit<Location, 'created_at' | 'full_address' | 'users'> & {
  created_at: Date;
  users: number[] | null;
};

function toLocation(row: Row): Location {
  return {
    id: row.id,
    organization_id: row.organization_id,
    location_name: row.location_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    street_address: row.street_address,
    street_address_line_2: row.street_address_line_2,
    city: row.city,
    state: row.state,
    country: row.country,
    zip_code: row.zip_code,
    full_address: fullAddress(row),
    users: (row.users ?? []).map(Number),
    has_incomplete_requests: Boolean(row.has_incomplete_requests),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface ListLocationsFilter {
  organizationId?: number;
  search?: string;
  page: number;
  perPage: number;
}

/** One page, newest first; the total comes from the same statement. */
export async function listLocations(
  db: Kysely<DB>,
  scope: LocationScope,
  filter: ListLocationsFilter,
): Promise<{ rows: Location[]; total: number }> {
  let q = baseQuery(db, scope).select(sql<number>`count(*) over ()`.as('total_count'));
  if (filter.organizationId !== undefined)
    q = q.where('locations.organization_id', '=', filter.organizationId);
  if (filter.search) {
    // Same expression as the locations_search_trgm index.
    const pattern = `%${escapeLike(filter.search)}%`;
    q = q.where(
      sql<boolean>`(locations.location_name || ' ' || locations.street_address || ' ' || locations.city || ' ' || locations.zip_code) ilike ${pattern}`,
    );
  }
  const rows = await q
    .orderBy('locations.created_at', 'desc')
    .orderBy('locations.id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return {
    rows: rows.map((r) => toLocation(r as unknown as Row)),
    total: rows.length ? Number(rows[0]!.total_count) : -1,
  };
}

export async function findLocation(
  db: Kysely<DB>,
  id: number,
  scope: LocationScope,
): Promise<Location | undefined> {
  const row = await baseQuery(db, scope).where('locations.id', '=', id).executeTakeFirst();
  return row ? toLocation(row as unknown as Row) : undefined;
}

export interface LocationFields {
  location_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  street_address: string;
  street_address_line_2: string | null;
  city: string;
  state: string;
  country: string;
  zip_code: string;
}

export async function insertLocation(
  db: Kysely<DB>,
  organizationId: number,
  fields: LocationFields,
): Promise<number> {
  const row = await db
    .insertInto('locations')
    .values({ organization_id: organizationId, ...fields })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLocation(db: Kysely<DB>, id: number, fields: LocationFields): Promise<void> {
  await db
    .updateTable('locations')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteLocation(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable('locations')
    .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Replaces the users assigned to a location. */
export async function setLocationUsers(db: Kysely<DB>, locationId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('location_user').where('location_id', '=', locationId).execute();
  if (userIds.length)
    await db
      .insertInto('location_user')
      .values(userIds.map((user_id) => ({ location_id: locationId, user_id })))
      .execute();
}

/** The subset of the ids that are members of the organization. */
export async function membersAmong(
  db: Kysely<DB>,
  organizationId: number,
  userIds: number[],
): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await db
    .selectFrom('organization_user')
    .innerJoin('users', 'users.id', 'organization_user.user_id')
    .select('organization_user.user_id')
    .where('organization_user.organization_id', '=', organizationId)
    .where('organization_user.user_id', 'in', userIds)
    .where('users.removed_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}
