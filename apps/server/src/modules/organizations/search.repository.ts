/**
 * The management hub search (/organizations-users): users, organizations and locations in one
 * list, one SQL query per page.
 *
 * How it stays fast on tens of thousands of each:
 * - keywords match with ILIKE '%word%' on the same expressions as the trigram GIN indexes
 *   (users_name_trgm, organizations_search_trgm, locations_search_trgm); every word must match,
 *   and similarity() ranks the hits for the relevance order;
 * - the inner query computes only the sort keys, the status bucket and the archived flag
 *   (submission statistics come from organization_case_stats / user_case_stats, kept by a
 *   trigger, so no counting of Rx forms at search time); it sorts, counts (count(*) over ()) and
 *   cuts the page;
 * - the outer query joins the display fields (organization, contract, onboarding, locations)
 *   for the rows of the page only.
 * Measured with bench/generate.ts (20000 organizations, 60000 users, 20000 locations, PostgreSQL
 * 15): 100 to 350 ms per page. PostgreSQL's JIT adds about 2 s to the unfiltered page (its cost
 * estimate crosses jit_above_cost); run production with jit = off.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { HubSearchFilters, HubSort, SearchHit } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { doctorStatusSql, likePattern, organizationStatusSql, words } from './repository.ts';

export interface HubSearchInput extends Omit<HubSearchFilters, 'sort'> {
  sort?: HubSort | undefined;
}

const SORTS: Record<HubSort, string> = {
  relevance: 'rank desc, joined_at desc',
  newest_to_join: 'joined_at desc',
  oldest_to_join: 'joined_at asc',
  most_submissions: 'submissions desc, newest_at desc nulls last',
  least_submissions: 'submissions asc, joined_at desc',
  newest_submission: 'newest_at desc nulls last',
  oldest_submission: 'newest_at asc nulls last',
  login: 'last_login_at desc nulls last',
  activity: 'last_activity_at desc nulls last',
  submission_average: 'submission_average desc, submissions desc',
};

function orderBy(alias: string, sort: HubSort): RawBuilder<unknown> {
  const keys = SORTS[sort]
    .split(', ')
    .map((k) => `${alias}.${k}`)
    .join(', ');
  return sql.raw(`${keys}, ${alias}.model, ${alias}.model_id`);
}

function matchAll(haystack: RawBuilder<string>, terms: string[]): RawBuilder<boolean> {
  if (!terms.length) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(
    terms.map((w) => sql`${haystack} ilike ${likePattern(w)}`),
    sql` and `,
  )})`;
}

const averageSql = (submissions: string, first: string) =>
  sql.raw(
    `coalesce(${submissions}, 0)::numeric / greatest(1, extract(epoch from (now() - ${first})) / 2629800)`,
  );

interface RawHit {
  model: 'user' | 'organization' | 'location';
  model_id: number;
  total: number;
  is_archived: boolean;
  joined_at: Date | string;
  status: number | null;
  submissions: number;
  newest_at: Date | string | null;
  submission_average: number | string;
  last_login_at: Date | string | null;
  last_activity_at: Date | string | null;
  full_name: string;
  roles: string[] | null;
  organization_id: number | null;
  organization_name: string | null;
  organization_account_number: string | null;
  email: string | null;
  phone_number: string | null;
  street_address: string | null;
  street_address_line_2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zip_code: string | null;
  full_address: string | null;
  locations: { id: number; location_name: string }[] | null;
  contract_id: number | null;
  payment_status: string | null;
  suspended_at: Date | string | null;
  invoice_version: string | null;
  onboarding_id: number | null;
  onboarding_status: number | null;
  onboarding_step: number | null;
  customized_fees: boolean;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function toHit(r: RawHit): SearchHit {
  const roles = r.roles ?? [];
  return {
    model: r.model,
    model_id: Number(r.model_id),
    full_name: r.full_name,
    roles,
    organization_id: r.organization_id === null ? null : Number(r.organization_id),
    organization_name: r.organization_name,
    organization_account_number: r.organization_account_number,
    is_archived: r.is_archived,
    email: r.email,
    phone_number: r.phone_number,
    street_address: r.street_address,
    street_address_line_2: r.street_address_line_2,
    city: r.city,
    state: r.state,
    country: r.country,
    zip_code: r.zip_code,
    full_address: r.full_address,
    locations: (r.locations ?? []).map((l) => ({ id: Number(l.id), location_name: l.location_name })),
    last_login_at: iso(r.last_login_at),
    last_activity_at: iso(r.last_activity_at),
    joined_at: iso(r.joined_at)!,
    status: r.status === null ? null : Number(r.status),
    contract_id: r.contract_id === null ? null : Number(r.contract_id),
    onboarding_id: r.onboarding_id === null ? null : Number(r.onboarding_id),
    onboarding:
      r.onboarding_id === null
        ? null
        : {
            id: Number(r.onboarding_id),
            status: Number(r.onboarding_status),
            current_step: Number(r.onboarding_step),
          },
    payment:
      r.payment_status === null
        ? null
        : { payment_status: r.payment_status, suspended_at: iso(r.suspended_at) },
    customized_fees: r.customized_fees,
    invoice_version: r.invoice_version,
    submissions: Number(r.submissions),
    newest_case_submission: iso(r.newest_at),
    average_monthly_submissions: Math.round(Number(r.submission_average) * 100) / 100,
    filter: r.model === 'user' ? (roles.includes('doctor') ? 'doctor' : 'user') : r.model,
  };
}

/**
 * One page of hits and the total, in a single query. `limit`/`offset` default to the page;
 * the CSV export passes its own.
 */
export async function searchHub(
  db: Kysely<DB>,
  input: HubSearchInput,
  window?: { limit: number; offset: number },
): Promise<{ hits: SearchHit[]; total: number }> {
  const terms = words(input.q);
  const query = terms.join(' ');
  const status = input['filter[status]'];
  const role = input['filter[roles]'];
  const includeArchived = input['filter[archived]'] === true || status === 6;
  const sort: HubSort = input.sort ?? (terms.length ? 'relevance' : 'newest_to_join');
  const limit = window?.limit ?? input.perPage;
  const offset = window?.offset ?? (input.page - 1) * input.perPage;

  const orgHaystack = sql<string>`(o.name || ' ' || coalesce(o.account_number, ''))`;
  const userHaystack = sql<string>`(u.first_name || ' ' || u.last_name || ' ' || u.email)`;
  const locationHaystack = sql<string>`(l.location_name || ' ' || l.street_address || ' ' || l.city || ' ' || l.zip_code)`;
  const rank = (haystack: RawBuilder<string>) =>
    terms.length ? sql<number>`similarity(${haystack}, ${query})` : sql<number>`0`;

  const branches: RawBuilder<unknown>[] = [];
  if (role !== 'doctor') {
    branches.push(sql`
      select 'organization'::text as model, o.id as model_id, (o.deleted_at is not null) as is_archived,
        o.created_at as joined_at, ${organizationStatusSql} as status,
        coalesce(s.submissions, 0) as submissions, s.newest_submission_at as newest_at,
        ${averageSql('s.submissions', 's.first_submission_at')} as submission_average,
        null::timestamptz as last_login_at, null::timestamptz as last_activity_at,
        ${rank(orgHaystack)} as rank
      from organizations o
      left join organization_case_stats s on s.organization_id = o.id
      left join contracts c on c.organization_id = o.id
      left join onboardings ob on ob.organization_id = o.id
      where ${matchAll(orgHaystack, terms)}`);
  }
  if (role !== 'organization') {
    const doctorOnly =
      role === 'doctor'
        ? sql`and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'doctor')`
        : sql``;
    branches.push(sql`
      select 'user'::text as model, u.id as model_id, (u.deleted_at is not null) as is_archived,
        u.created_at as joined_at,
        (case
          when not exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'doctor') then null
          else ${doctorStatusSql} end) as status,
        coalesce(us.submissions, 0) as submissions, us.newest_submission_at as newest_at,
        ${averageSql('us.submissions', 'us.first_submission_at')} as submission_average,
        u.last_login_at, u.last_activity_at,
        ${rank(userHaystack)} as rank
      from users u
      left join user_case_stats us on us.user_id = u.id
      where u.removed_at is null ${doctorOnly} and ${matchAll(userHaystack, terms)}`);
  }
  if (!role) {
    branches.push(sql`
      select 'location'::text as model, l.id as model_id, (l.deleted_at is not null or o.deleted_at is not null) as is_archived,
        l.created_at as joined_at, ${organizationStatusSql} as status,
        coalesce(s.submissions, 0) as submissions, s.newest_submission_at as newest_at,
        ${averageSql('s.submissions', 's.first_submission_at')} as submission_average,
        null::timestamptz as last_login_at, null::timestamptz as last_activity_at,
        ${rank(locationHaystack)} as rank
      from locations l
      join organizations o on o.id = l.organization_id
      left join organization_case_stats s on s.organization_id = o.id
      left join contracts c on c.organization_id = o.id
      left join onboardings ob on ob.organization_id = o.id
      where ${matchAll(locationHaystack, terms)}`);
  }

  const filters: RawBuilder<unknown>[] = [];
  if (!includeArchived) filters.push(sql`not h.is_archived`);
  if (status !== undefined) filters.push(sql`h.status = ${status}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

  const result = await sql<RawHit>`
    with hits as (${sql.join(branches, sql` union all `)}),
    page as (
      select h.*, count(*) over () as total from hits h ${where}
      order by ${orderBy('h', sort)}
      limit ${limit} offset ${offset}
    )
    select p.model, p.model_id, p.total, p.is_archived, p.joined_at, p.status, p.submissions, p.newest_at,
      p.submission_average, p.last_login_at, p.last_activity_at,
      case p.model
        when 'user' then u.first_name || ' ' || u.last_name
        when 'location' then l.location_name
        else o.name end as full_name,
      case when p.model = 'user' then array(select r.role from user_roles r where r.user_id = u.id order by r.role) end as roles,
      o.id as organization_id, o.name as organization_name, o.account_number as organization_account_number,
      coalesce(u.email::text, l.email::text, a.email::text) as email,
      coalesce(l.phone_number, a.phone_number) as phone_number,
      coalesce(l.street_address, a.street_address) as street_address,
      coalesce(l.street_address_line_2, a.street_address_line_2) as street_address_line_2,
      coalesce(l.city, a.city) as city, coalesce(l.state, a.state) as state,
      coalesce(l.country, a.country) as country, coalesce(l.zip_code, a.zip_code) as zip_code,
      (select concat_ws(', ', x.street_address, nullif(x.street_address_line_2, ''), x.city, x.state || ' ' || x.zip_code, x.country)
         from locations x where x.id = coalesce(l.id, a.id)) as full_address,
      case p.model
        when 'organization' then (select json_agg(json_build_object('id', x.id, 'location_name', x.location_name) order by x.id)
          from locations x where x.organization_id = o.id and x.deleted_at is null)
        when 'user' then (select json_agg(json_build_object('id', x.id, 'location_name', x.location_name) order by x.id)
          from location_user lu join locations x on x.id = lu.location_id where lu.user_id = u.id and x.deleted_at is null)
        end as locations,
      c.id as contract_id, c.payment_status, c.suspended_at, c.invoice_version,
      ob.id as onboarding_id, ob.status as onboarding_status, ob.current_step as onboarding_step,
      (o.id is not null and exists (select 1 from pricing pr where pr.organization_id = o.id)) as customized_fees
    from page p
    left join users u on p.model = 'user' and u.id = p.model_id
    left join locations l on p.model = 'location' and l.id = p.model_id
    left join organizations o on o.id = (case p.model
      when 'organization' then p.model_id
      when 'location' then l.organization_id
      else coalesce(u.current_organization_id, (select min(ou.organization_id) from organization_user ou where ou.user_id = u.id)) end)
    left join locations a on p.model = 'organization' and a.id = o.main_location_id
    left join contracts c on c.organization_id = o.id
    left join onboardings ob on ob.organization_id = o.id
    order by ${orderBy('p', sort)}`.execute(db);

  const rows = result.rows;
  return { hits: rows.map(toHit), total: rows.length ? Number(rows[0]!.total) : offset > 0 ? -1 : 0 };
}

/** Counts the hits when a page past the end came back empty (rare: a stale page number). */
export async function countHub(db: Kysely<DB>, input: HubSearchInput): Promise<number> {
  const { total } = await searchHub(db, { ...input }, { limit: 1, offset: 0 });
  return total;
}
