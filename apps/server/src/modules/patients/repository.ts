import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  type DashboardActivity,
  type HeldFilter,
  formatPatientName,
  PATIENTS_TOTAL_CAP,
  patientFullName,
  type PatientListItem,
  type PatientListStatus,
  type PatientSort,
  type RequestType,
} from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { patientScopeSql, type PatientScope } from '../../platform/permissions/patient-scope.ts';

export type { PatientScope };

type Cond = RawBuilder<unknown>;

const TRUE: Cond = sql`true`;

function and(conds: Cond[]): Cond {
  if (!conds.length) return TRUE;
  return sql`(${sql.join(conds, sql` and `)})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The scope as a condition on `p` (patients) and `rx` (its Rx form). */
const scopeCondition = (scope: PatientScope): Cond => patientScopeSql(scope, { patient: 'p', rx: 'rx' });

/** The list status as SQL (same rules as patientListStatus in the contracts). */
const LIST_STATUS_SQL = sql<string>`case
  when p.patient_status_id = 3 then 'completed'
  when rx.id is null then 'new'
  when rx.cancelled_at is not null then 'cancelled'
  when rx.completed_at is not null then 'approved'
  when rx.ready_at is not null then 'awaiting_approval'
  when rx.status_id = 2 then 'in_progress'
  else 'new' end`;

/** The condition of one status tab (archived patients excluded elsewhere). */
export function statusCondition(status: PatientListStatus): Cond {
  const open = sql`p.patient_status_id = 1 and rx.cancelled_at is null`;
  switch (status) {
    case 'all':
      return TRUE;
    case 'completed':
      return sql`p.patient_status_id = 3`;
    case 'approved':
      return sql`(${open} and rx.completed_at is not null)`;
    case 'awaiting_approval':
      return sql`(${open} and rx.completed_at is null and rx.ready_at is not null)`;
    case 'in_progress':
      return sql`(${open} and rx.completed_at is null and rx.ready_at is null and rx.status_id = 2)`;
    case 'new':
      return sql`(p.patient_status_id = 1 and (rx.id is null or (rx.cancelled_at is null and rx.completed_at is null and rx.ready_at is null and rx.status_id <> 2)))`;
  }
}

export interface PatientFilters {
  /** Patient name words (each must appear in first name, last name or case number). */
  search?: string;
  doctor?: string;
  organization?: string;
  organizationId?: number;
  userId?: number;
  organizationTypeId?: number;
  locationIds?: number[];
  shipDateFrom?: string;
  shipDateTo?: string;
  /** Held cases: 'exclude' them, 'include' them (default), or 'only' them (then not archived). */
  held?: HeldFilter;
  /** 'only': only archived / deleted; 'include': both; 'exclude' (default): none. */
  archived?: 'only' | 'include' | 'exclude';
  activeOnly?: boolean;
  rushOnly?: boolean;
  caseNotesOnly?: boolean;
  /** Only cases with this event in [activityFrom, activityTo) (the dashboard's filtered statistics). */
  activity?: DashboardActivity;
  activityFrom?: Date | null;
  activityTo?: Date | null;
  /** Only cases with a customer request of this kind and/or status (REQUEST_STATUS ids). */
  requestType?: RequestType;
  requestStatusId?: number;
  /** Only cases whose Rx form assigns the print to 1 the provider, 2 in-office or 3 the third party. */
  printAssignment?: number;
  /** Only the cases of this print batch. */
  batchId?: number;
  /** Only the cases with a printing request of this tracking number (upper case, no spaces). */
  trackingNumber?: string;
  /** The shipping view: only cases with a shipment, ordered by shipment key. */
  shipping?: boolean;
}

/**
 * A case with a customer request of the kind and status: the kind follows from what the request
 * carries, as on the requests list (requestTypeOf: tray design, then flawed trays, then printing,
 * else the initial case setup).
 */
export function requestCondition(type: RequestType | undefined, statusId: number | undefined): Cond {
  const td = sql`exists (select 1 from tray_design_requests td where td.customer_request_id = cr.id)`;
  const ft = sql`exists (select 1 from flawed_trays ft where ft.customer_request_id = cr.id)`;
  const pr = sql`exists (select 1 from printing_requests pr where pr.customer_request_id = cr.id)`;
  const kind: Cond[] = [];
  if (type === 'tray_design') kind.push(td);
  if (type === 'flawed_tray') kind.push(sql`not ${td}`, ft);
  if (type === 'printing') kind.push(sql`not ${td}`, sql`not ${ft}`, pr);
  if (type === 'initial_case_setup') kind.push(sql`not ${td}`, sql`not ${ft}`, sql`not ${pr}`);
  const conds = [sql`cr.patient_id = p.id`, ...(statusId ? [sql`cr.status_id = ${statusId}`] : []), ...kind];
  return sql`exists (select 1 from customer_requests cr where ${and(conds)})`;
}

/**
 * A case with the event in [from, to): the rule of each of the dashboard's filtered statistics
 * (DASHBOARD_ACTIVITIES in contracts; the dashboard's repository counts by the same rules).
 */
export function activityCondition(activity: DashboardActivity, from: Date | null, to: Date | null): Cond {
  const within = (column: string): Cond =>
    and([
      sql`${sql.ref(column)} is not null`,
      ...(from ? [sql`${sql.ref(column)} >= ${from}`] : []),
      ...(to ? [sql`${sql.ref(column)} < ${to}`] : []),
    ]);
  switch (activity) {
    case 'submissions':
      return sql`exists (select 1 from rx_forms a where a.patient_id = p.id and ${within('a.submitted_at')})`;
    case 'initial_setups':
      return sql`exists (select 1 from rx_forms a where a.patient_id = p.id and ${within('a.ready_at')})`;
    case 'completed_cases':
      return sql`(p.patient_status_id = 3 and ${within('p.setup_completed_at')})`;
    case 'shipped':
      return sql`exists (select 1 from printing_requests a where a.patient_id = p.id and a.printing_request_status_id = 3 and ${within('a.completed_at')})`;
    case 'print_requests':
      return sql`exists (select 1 from printing_requests a where a.patient_id = p.id and a.printing_request_status_id <> 4 and ${within('a.created_at')})`;
    case 'insert_brackets':
      return sql`exists (select 1 from printing_requests a join printing_request_items i on i.printing_request_id = a.id
        where a.patient_id = p.id and a.printing_request_status_id <> 4 and i.insert_brackets and ${within('i.created_at')})`;
    case 'flawed_trays':
      return sql`exists (select 1 from flawed_trays a where a.patient_id = p.id and ${within('a.created_at')})`;
  }
}

/** The held-case condition of an on-hold filter (null: held cases and others alike). */
function heldCondition(held: HeldFilter | undefined): Cond | null {
  if (held === 'only') return sql`p.held_at is not null`;
  if (held === 'exclude') return sql`p.held_at is null`;
  return null;
}

function filterConditions(f: PatientFilters): Cond[] {
  const conds: Cond[] = [];
  if (f.search) {
    for (const word of f.search.split(/\s+/).filter(Boolean).slice(0, 8))
      conds.push(sql`p.search_name ilike ${`%${escapeLike(word)}%`}`);
  }
  if (f.doctor) {
    const pattern = `%${escapeLike(f.doctor)}%`;
    conds.push(
      sql`p.user_id in (select u.id from users u where (u.first_name || ' ' || u.last_name) ilike ${pattern})`,
    );
  }
  if (f.organization) {
    const pattern = `%${escapeLike(f.organization)}%`;
    conds.push(
      sql`p.organization_id in (select o2.id from organizations o2 where o2.name ilike ${pattern} or o2.account_number ilike ${pattern})`,
    );
  }
  if (f.organizationId !== undefined) conds.push(sql`p.organization_id = ${f.organizationId}`);
  if (f.userId !== undefined) conds.push(sql`p.user_id = ${f.userId}`);
  if (f.organizationTypeId !== undefined)
    conds.push(
      sql`p.organization_id in (select o3.id from organizations o3 where o3.organization_type_id = ${f.organizationTypeId})`,
    );
  if (f.locationIds?.length) {
    const ids = sql.join(f.locationIds);
    conds.push(sql`(rx.location_id in (${ids}) or rx.shipping_location_id in (${ids}))`);
  }
  if (f.shipDateFrom) conds.push(sql`p.ship_date >= ${f.shipDateFrom}::date`);
  if (f.shipDateTo) conds.push(sql`p.ship_date <= ${f.shipDateTo}::date`);
  const held = heldCondition(f.held);
  if (held) conds.push(held);
  const archived = f.held === 'only' ? 'exclude' : (f.archived ?? 'exclude');
  if (archived === 'only') conds.push(sql`p.deleted_at is not null`);
  if (archived === 'exclude') conds.push(sql`p.deleted_at is null`);
  if (f.activeOnly) conds.push(sql`p.patient_status_id = 1`);
  if (f.rushOnly) conds.push(sql`rx.rush_case`);
  if (f.printAssignment) conds.push(sql`rx.print_assignment = ${f.printAssignment}`);
  if (f.caseNotesOnly) conds.push(sql`exists (select 1 from case_notes cn where cn.patient_id = p.id)`);
  if (f.trackingNumber)
    conds.push(
      sql`p.id in (select t.patient_id from printing_requests t where t.tracking_number is not null and upper(t.tracking_number) = ${f.trackingNumber})`,
    );
  if (f.shipping) conds.push(sql`p.shipment_key is not null`);
  if (f.batchId !== undefined)
    conds.push(
      sql`exists (select 1 from batch_cases bc where bc.patient_id = p.id and bc.batch_id = ${f.batchId})`,
    );
  if (f.activity) conds.push(activityCondition(f.activity, f.activityFrom ?? null, f.activityTo ?? null));
  if (f.requestType || f.requestStatusId) conds.push(requestCondition(f.requestType, f.requestStatusId));
  return conds;
}

function orderBy(sort: PatientSort, shipping = false): Cond {
  // The shipping view: open shipments first, by shipment key; patients_shipment_order_idx.
  if (shipping)
    return sort === 'newest'
      ? sql`p.ship_completed asc, p.shipment_key desc, p.id desc`
      : sql`p.ship_completed asc, p.shipment_key asc, p.id asc`;
  switch (sort) {
    case 'ship_date':
      // Open shipments first (overdue on top), then shipped ones; patients_ship_order_idx.
      return sql`p.ship_completed asc, p.ship_date asc nulls last, p.created_at desc, p.id desc`;
    case 'newest':
      return sql`p.created_at desc, p.id desc`;
    case 'oldest':
      return sql`p.created_at asc, p.id asc`;
  }
}

// ------------------------------------------------------------------------------------------------
// Rows
// ------------------------------------------------------------------------------------------------

/** An instant as the API writes it; a value already in that form (isoText) passes as it is. */
function iso(v: unknown): string {
  if (typeof v === 'string' && v.length === 24 && v.endsWith('Z')) return v;
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}
function isoOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : iso(v);
}
function dateOnly(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}
function numOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

/**
 * The patient's Rx form. Also equating the organization lets the planner read one organization's
 * forms from rx_forms_org_patient_idx (index-only) instead of hashing every form.
 */
const RX_JOIN = sql`rx.patient_id = p.id and rx.organization_id = p.organization_id`;

/**
 * A timestamp column as the API writes it (toISOString's form: UTC, milliseconds, truncated like a
 * Date read by pg): PostgreSQL formats it, so a page's dates are neither parsed into Dates nor
 * formatted again in the server (about a tenth of a list's server time).
 */
const isoText = (column: string): Cond =>
  sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A JSON object of the named values, in this order. row_to_json writes it compactly
 * (json_build_object pads every key and value with spaces: an eighth of a page's bytes).
 */
const jsonObject = (fields: Record<string, Cond>): Cond =>
  sql`(select row_to_json(j) from (select ${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.ref(key)}`),
  )}) j)`;

/** The aggregate of `element` (json) over a query's rows as a JSON array, compact like jsonObject; null for none. */
const jsonAgg = (element: Cond, order: Cond): Cond =>
  sql`('[' || string_agg(${element}::text, ',' order by ${order}) || ']')::json`;

/** A JSON array of `element` over the rows of `from` (jsonAgg as a subquery). */
const jsonArray = (element: Cond, order: Cond, from: Cond): Cond =>
  sql`(select ${jsonAgg(element, order)} from ${from})`;

/** The patient's markers, each a symbol and a colour (text; '' for one that is missing). */
const MARKERS_JSON = sql`case when p.markers is null or p.markers = '[]'::jsonb or jsonb_typeof(p.markers) <> 'array'
  then '[]'::json
  else ${jsonArray(
    jsonObject({
      symbol: sql`coalesce(m.value ->> 'symbol', '')`,
      color: sql`coalesce(m.value ->> 'color', '')`,
    }),
    sql`m.ordinality`,
    sql`jsonb_array_elements(p.markers) with ordinality m`,
  )}
  end`;

/** The case's latest batch and whether its newest open print request is in no batch (staff with batches.manage). */
const BATCH_FIELDS: Record<string, Cond> = {
  batch: sql`(select ${jsonObject({ id: sql`b.id`, name: sql`b.name` })}
    from batch_cases bc join batches b on b.id = bc.batch_id
    where bc.patient_id = p.id order by bc.id desc limit 1)`,
  batchable: sql`coalesce((select x.batch_id is null from printing_requests x
    where x.patient_id = p.id and x.printing_request_status_id in (1, 2)
    order by x.created_at desc, x.id desc limit 1), false)`,
};

/**
 * The case's shipment (staff who ship): patients.ship_request_id with its location, method and
 * bundle, in the shape of PatientShipment.
 */
const SHIPMENT_FIELDS: Record<string, Cond> = {
  shipment: sql`(select ${jsonObject({
    key: sql`p.shipment_key`,
    printing_request_id: sql`sr.id`,
    customer_request_id: sql`sr.customer_request_id`,
    status_id: sql`sr.printing_request_status_id`,
    assigned_to: sql`sr.assigned_to`,
    location: sql`case when sl.id is null then null else ${jsonObject({ id: sql`sl.id`, name: sql`sl.location_name` })} end`,
    shipping_method: sql`sm.name`,
    ship_date: sql`sr.ship_date`,
    shipping_label_printed: sql`coalesce(sr.shipping_label_printed, false)`,
    patient_label_printed: sql`coalesce(sr.patient_label_printed, false)`,
    tracking_number: sql`sr.tracking_number`,
    bundle: sql`case when bs.id is null then null else ${jsonObject({
      id: sql`bs.id`,
      tracking_number: sql`bs.tracking_number`,
      custom_shipping_fee_cents: sql`round(bs.custom_shipping_fee * 100)::bigint`,
      internal_shipping_cost_cents: sql`round(bs.internal_shipping_cost * 100)::bigint`,
      shipping_label_printed: sql`coalesce(bs.shipping_label_printed, false)`,
      completed_at: isoText('bs.completed_at'),
    })} end`,
  })}
   from printing_requests sr
   left join locations sl on sl.id = sr.location_id
   left join shipping_methods sm on sm.id = sr.shipping_method_id
   left join bundled_shipments bs on bs.id = sr.bundled_shipment_id
   where sr.id = p.ship_request_id)`,
};

interface ItemOptions {
  /** Management lists and the details: the organization's type (null otherwise). */
  withOrganizationType: boolean;
  withBatch?: boolean;
  withShipment?: boolean;
}

/**
 * A case as the lists and the details show it (PatientListItem), written by PostgreSQL as JSON text
 * (aliases p, rx, o, ot, d, and req: the patient's row of requestsByPatient, joined by each query for
 * its own set of patients). Every property is named here, so nothing else leaves; the two names the
 * product formats (full_name, formatted_name) are added by withNames from the name columns, and
 * the tests hold every answer to the contract. A page is then one text per row for the server to
 * join, instead of forty columns per row to parse, convert and write again.
 */
const itemJson = (o: ItemOptions) =>
  sql`${jsonObject({
    id: sql`p.id`,
    organization_id: sql`p.organization_id`,
    user_id: sql`p.user_id`,
    first_name: sql`p.first_name`,
    last_name: sql`p.last_name`,
    case_number_text: sql`p.case_number_text`,
    numeric_suffix: sql`p.numeric_suffix`,
    patient_status_id: sql`p.patient_status_id`,
    list_status: LIST_STATUS_SQL,
    setup_completed_at: isoText('p.setup_completed_at'),
    held_at: isoText('p.held_at'),
    held_by_group: sql`p.held_by_group`,
    deleted_at: isoText('p.deleted_at'),
    deleted_kind: sql`p.deleted_kind`,
    markers: MARKERS_JSON,
    organization: jsonObject({
      id: sql`o.id`,
      name: sql`o.name`,
      account_number: sql`o.account_number`,
      organization_type: o.withOrganizationType
        ? sql`case when ot.id is null then null else ${jsonObject({ id: sql`ot.id`, name: sql`ot.name` })} end`
        : sql`null::json`,
    }),
    user: jsonObject({
      id: sql`d.id`,
      first_name: sql`d.first_name`,
      last_name: sql`d.last_name`,
      full_name: sql`d.first_name || ' ' || d.last_name`,
    }),
    rx_form: sql`case when rx.id is null then null else ${jsonObject({
      id: sql`rx.id`,
      status_id: sql`rx.status_id`,
      ready_at: isoText('rx.ready_at'),
      completed_at: isoText('rx.completed_at'),
      cancelled_at: isoText('rx.cancelled_at'),
      saved_for_later: sql`coalesce(rx.saved_for_later, false)`,
      submission_completed_by: sql`rx.submission_completed_by`,
      rush_case: sql`coalesce(rx.rush_case, false)`,
      jaws_id: sql`rx.jaws_id`,
      bonding_date: sql`rx.bonding_date`,
      assignments: jsonObject({
        initial_setup: sql`coalesce(rx.initial_setup_assignment, 0)`,
        print: sql`rx.print_assignment`,
        tray_design: sql`rx.tray_design_assignment`,
        insert_brackets: sql`rx.insert_brackets_assignment`,
      }),
    })} end`,
    notes_availability: jsonObject({
      case: sql`exists (select 1 from case_notes cn where cn.patient_id = p.id)`,
    }),
    requests: sql`coalesce(req.requests, '[]'::json)`,
    ship_date: sql`p.ship_date`,
    ship_completed: sql`coalesce(p.ship_completed, false)`,
    ios_file_id: sql`p.ios_file_id`,
    created_at: isoText('p.created_at'),
    updated_at: isoText('p.updated_at'),
    ...(o.withBatch ? BATCH_FIELDS : {}),
    ...(o.withShipment ? SHIPMENT_FIELDS : {}),
  })}::text`;

function parseJson<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** The item's JSON text and the columns withNames formats the names from. */
const itemColumns = (o: ItemOptions) =>
  sql`p.id, ${itemJson(o)} as item, p.first_name, p.last_name, p.case_number_text, p.numeric_suffix`;

interface ItemRow {
  id: number | string;
  item: string;
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
}

/** The item's JSON text with full_name and formatted_name (formatted by the contracts' rules). */
function withNames(r: ItemRow): string {
  const names = {
    first_name: r.first_name,
    last_name: r.last_name,
    case_number_text: r.case_number_text,
    numeric_suffix: r.numeric_suffix,
  };
  return `{"full_name":${JSON.stringify(patientFullName(names))},"formatted_name":${JSON.stringify(
    formatPatientName(names),
  )},${r.item.slice(1)}`;
}

/**
 * The open requests of a set of patients (`ids`: a subquery or list of patient ids), one row per
 * request: the Rx form's initial case setup, customer requests, printing and tray design requests.
 * Read for a whole page at once (one index range per table) rather than once per row.
 */
const openRequests = (ids: Cond) => sql`
  select rx.patient_id, 'initial_case_setup' as type, rx.id as id, null::bigint as customer_request_id,
         rx.status_id as status_id, rx.status_updated_at as oldest_open_at
  from rx_forms rx
  where rx.patient_id in (${ids}) and rx.cancelled_at is null and rx.completed_at is null
    and not rx.saved_for_later and rx.status_id in (1, 2, 3)
  union all
  select cr.patient_id, 'customer_request', cr.id, cr.id, cr.status_id,
         coalesce((select min(ft.created_at) from flawed_trays ft where ft.customer_request_id = cr.id and ft.status_id = 1), cr.created_at)
  from customer_requests cr where cr.patient_id in (${ids}) and cr.status_id in (1, 2, 3)
  union all
  select pr.patient_id, 'printing_request', pr.id, pr.customer_request_id, pr.printing_request_status_id,
         coalesce((select min(i.created_at) from printing_request_items i where i.printing_request_id = pr.id), pr.created_at)
  from printing_requests pr where pr.patient_id in (${ids}) and pr.printing_request_status_id in (1, 2)
  union all
  select td.patient_id, 'tray_design', td.id, td.customer_request_id, td.status_id, td.created_at
  from tray_design_requests td where td.patient_id in (${ids}) and td.status_id in (1, 2)`;

/** `requests` (json, oldest open first) per patient_id for the patients of `ids`. */
const requestsByPatient = (ids: Cond) => sql`
  select r.patient_id, ${jsonAgg(
    jsonObject({
      type: sql`r.type`,
      id: sql`r.id`,
      customer_request_id: sql`r.customer_request_id`,
      status_id: sql`r.status_id`,
      oldest_open_at: isoText('r.oldest_open_at'),
    }),
    sql`r.oldest_open_at nulls last, r.id, r.type`,
  )} as requests
  from (${openRequests(ids)}) r
  group by r.patient_id`;

const ITEM_JOINS = sql`
  join organizations o on o.id = p.organization_id
  left join organization_types ot on ot.id = o.organization_type_id
  join users d on d.id = p.user_id
  left join rx_forms rx on ${RX_JOIN}`;

export interface ListArgs {
  scope: PatientScope;
  filters: PatientFilters;
  status: PatientListStatus;
  sort: PatientSort;
  page: number;
  perPage: number;
  withOrganizationType: boolean;
  /** Reads the batch columns (staff with batches.manage). */
  withBatch?: boolean;
  /** Reads the shipment column (staff who ship). */
  withShipment?: boolean;
  /** The list's total when already known for this data version: the page then skips its count. */
  knownTotal?: number;
}

/**
 * The patients matching a list's scope, status and filters, as a FROM clause over `p` (and `rx`,
 * the patient's Rx form, only when a condition reads it: a joined table that is not needed keeps
 * the planner from answering the ids out of the patients' indexes alone).
 */
function matching(a: Pick<ListArgs, 'scope' | 'filters' | 'status'>): Cond {
  const where = and([scopeCondition(a.scope), statusCondition(a.status), ...filterConditions(a.filters)]);
  const readsRx =
    a.status !== 'all' ||
    a.scope.kind === 'lab_partner' ||
    Boolean(a.filters.locationIds?.length) ||
    Boolean(a.filters.rushOnly) ||
    Boolean(a.filters.printAssignment);
  return readsRx
    ? sql`patients p left join rx_forms rx on ${RX_JOIN} where ${where}`
    : sql`patients p where ${where}`;
}

/** Counts the matches no further than PATIENTS_TOTAL_CAP + 1. */
const cappedCount = (from: Cond) =>
  sql`select count(*) from (select 1 from ${from} limit ${sql.lit(PATIENTS_TOTAL_CAP + 1)}) matching`;

/**
 * Pages up to this one carry their limit and offset in the statement's text, so each (page size,
 * page) is planned once per connection and its plan reused (a generic plan of `limit $1` cannot
 * know how many rows are wanted, so PostgreSQL would plan the statement afresh every time). Deeper
 * pages, rarer, send them as parameters.
 */
export const LITERAL_PAGES = 20;

function pageWindow(page: number, perPage: number): Cond {
  const offset = (page - 1) * perPage;
  return page <= LITERAL_PAGES
    ? sql`limit ${sql.lit(perPage)} offset ${sql.lit(offset)}`
    : sql`limit ${perPage} offset ${offset}`;
}

/**
 * One page in ONE statement: `page` filters and orders the ids and cuts the page (an index range
 * for the default orders); only the page's rows then get their joins, and their open requests are
 * read for the whole page at once. The total is an uncorrelated subquery of the same statement
 * (computed once, the same for every page), counting no further than PATIENTS_TOTAL_CAP + 1
 * matches. total is -1 when the page is past the end (no row carries it).
 */
export async function listPatients(
  db: Kysely<DB>,
  a: ListArgs,
): Promise<{ rows: { id: number; json: string }[]; total: number }> {
  const from = matching(a);
  const order = orderBy(a.sort, a.filters.shipping);
  const result = await sql<ItemRow & { total_count: number | string | null }>`
    with page as (
      select p.id from ${from}
      order by ${order}
      ${pageWindow(a.page, a.perPage)}
    ),
    req as materialized (${requestsByPatient(sql`select id from page`)})
    select ${itemColumns(a)},
      ${a.knownTotal === undefined ? sql`(${cappedCount(from)})` : sql`null::int`} as total_count
    from page
    join patients p on p.id = page.id
    ${ITEM_JOINS}
    left join req on req.patient_id = p.id
    order by ${order}`.execute(db);
  const rows = result.rows;
  return {
    rows: rows.map((r) => ({ id: Number(r.id), json: withNames(r) })),
    total: !rows.length ? -1 : (a.knownTotal ?? Number(rows[0]!.total_count)),
  };
}

/** The number of matching patients up to PATIENTS_TOTAL_CAP + 1 (only when a page past the end carries no count). */
export async function countPatients(
  db: Kysely<DB>,
  a: Pick<ListArgs, 'scope' | 'filters' | 'status'>,
): Promise<number> {
  const result = await sql<{ count: number }>`${cappedCount(matching(a))}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Counts per status tab, on hold and archived in one statement. The tabs and archived follow the
 * filters' held rule like the list; on_hold counts every held live case, whatever the rule, so the
 * on-hold toggle knows what it would show.
 */
export async function countPerStatus(
  db: Kysely<DB>,
  scope: PatientScope,
  filters: PatientFilters,
): Promise<
  Record<
    'new' | 'in_progress' | 'awaiting_approval' | 'approved' | 'completed' | 'all' | 'on_hold' | 'archived',
    number
  >
> {
  const base = { ...filters, held: 'include' as const, archived: 'include' as const };
  const where = and([scopeCondition(scope), ...filterConditions(base)]);
  const held = heldCondition(filters.held);
  const live = held ? sql`p.deleted_at is null and ${held}` : sql`p.deleted_at is null`;
  const archived = held ? sql`p.deleted_at is not null and ${held}` : sql`p.deleted_at is not null`;
  const result = await sql<Record<string, unknown>>`
    select
      count(*) filter (where ${live} and ${statusCondition('new')}) as new,
      count(*) filter (where ${live} and ${statusCondition('in_progress')}) as in_progress,
      count(*) filter (where ${live} and ${statusCondition('awaiting_approval')}) as awaiting_approval,
      count(*) filter (where ${live} and ${statusCondition('approved')}) as approved,
      count(*) filter (where ${live} and ${statusCondition('completed')}) as completed,
      count(*) filter (where ${live}) as all,
      count(*) filter (where p.deleted_at is null and p.held_at is not null) as on_hold,
      count(*) filter (where ${archived}) as archived
    from patients p
    left join rx_forms rx on ${RX_JOIN}
    where ${where}`.execute(db);
  const r = result.rows[0] ?? {};
  return {
    new: Number(r.new ?? 0),
    in_progress: Number(r.in_progress ?? 0),
    awaiting_approval: Number(r.awaiting_approval ?? 0),
    approved: Number(r.approved ?? 0),
    completed: Number(r.completed ?? 0),
    all: Number(r.all ?? 0),
    on_hold: Number(r.on_hold ?? 0),
    archived: Number(r.archived ?? 0),
  };
}

// ------------------------------------------------------------------------------------------------
// One patient
// ------------------------------------------------------------------------------------------------

export interface PatientRecord {
  item: PatientListItem;
  doctorEmail: string;
  archivedByName: string | null;
  archivedReason: string | null;
  notes: {
    doctor_notes: string | null;
    doctor_internal_notes: string | null;
    internal_notes: string | null;
    physical_tech_notes: string | null;
    management_notes: string | null;
  };
  hasOnHoldNotes: boolean;
  hasIosFile: boolean;
  hasStlFile: boolean;
  hasTechIosBackup: boolean;
  hasPendingFlawedTray: boolean;
  /** A customer request past New (2 In Progress, 3 Pending, 4 Completed). */
  productionStarted: boolean;
  rx: Record<string, unknown> | null;
  teeth: Record<string, number>;
}

/** One patient within the scope (undefined: not found or outside it), in one statement. */
export async function findPatient(
  db: Kysely<DB>,
  id: number,
  scope: PatientScope,
): Promise<PatientRecord | undefined> {
  const result = await sql<ItemRow & Record<string, unknown>>`
    select ${itemColumns({ withOrganizationType: true })}, d.email as doctor_email,
      p.archived_by_name, p.archived_reason,
      p.doctor_notes, p.doctor_internal_notes, p.internal_notes, p.physical_tech_notes, p.management_notes,
      exists (select 1 from on_hold_notes h where h.patient_id = p.id) as has_on_hold_notes,
      exists (select 1 from patient_files f where f.patient_id = p.id and f.patient_file_type_id = 1 and coalesce(f.tag, '') <> 'tech_backup') as has_ios_file,
      exists (select 1 from patient_files f where f.patient_id = p.id and f.patient_file_type_id = 2) as has_stl_file,
      exists (select 1 from patient_files f where f.patient_id = p.id and f.patient_file_type_id = 1 and f.tag = 'tech_backup') as has_tech_ios_backup,
      exists (select 1 from flawed_trays ft where ft.patient_id = p.id and ft.status_id = 1) as has_pending_flawed_tray,
      exists (select 1 from customer_requests cr where cr.patient_id = p.id and cr.status_id in (2, 3, 4)) as production_started,
      case when rx.id is null then null else to_jsonb(rx) end as rx_row,
      (select json_object_agg(t.tooth, t.value) from rx_form_teeth t where t.rx_form_id = rx.id) as teeth
    from patients p
    ${ITEM_JOINS}
    left join (${requestsByPatient(sql`${id}`)}) req on req.patient_id = p.id
    where p.id = ${id} and ${scopeCondition(scope)}`.execute(db);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    item: JSON.parse(withNames(r)) as PatientListItem,
    doctorEmail: String(r.doctor_email),
    archivedByName: (r.archived_by_name as string | null) ?? null,
    archivedReason: (r.archived_reason as string | null) ?? null,
    notes: {
      doctor_notes: (r.doctor_notes as string | null) ?? null,
      doctor_internal_notes: (r.doctor_internal_notes as string | null) ?? null,
      internal_notes: (r.internal_notes as string | null) ?? null,
      physical_tech_notes: (r.physical_tech_notes as string | null) ?? null,
      management_notes: (r.management_notes as string | null) ?? null,
    },
    hasOnHoldNotes: Boolean(r.has_on_hold_notes),
    hasIosFile: Boolean(r.has_ios_file),
    hasStlFile: Boolean(r.has_stl_file),
    hasTechIosBackup: Boolean(r.has_tech_ios_backup),
    hasPendingFlawedTray: Boolean(r.has_pending_flawed_tray),
    productionStarted: Boolean(r.production_started),
    rx: r.rx_row ? parseJson<Record<string, unknown>>(r.rx_row) : null,
    teeth: r.teeth ? parseJson<Record<string, number>>(r.teeth) : {},
  };
}

/**
 * The patient's organization and the data version its details depend on (the counters of that
 * organization and of the shared lookups, as platform/http/conditional.ts sums them), when the
 * scope sees the patient; undefined otherwise. One statement on the primary key.
 */
export async function findPatientVersion(
  db: Kysely<DB>,
  id: number,
  scope: PatientScope,
): Promise<{ organization_id: number; version: string } | undefined> {
  const result = await sql<{ organization_id: number | string; version: string }>`
    select p.organization_id,
      (select coalesce(sum(v.version), 0)::text from data_versions v
        where v.organization_id in (0, p.organization_id)) as version
    from patients p
    left join rx_forms rx on ${RX_JOIN}
    where p.id = ${id} and ${scopeCondition(scope)}`.execute(db);
  const r = result.rows[0];
  return r ? { organization_id: Number(r.organization_id), version: r.version } : undefined;
}

export { iso, isoOrNull, dateOnly, numOrNull };

// ------------------------------------------------------------------------------------------------
// Writes
// ------------------------------------------------------------------------------------------------

export type PatientUpdate = Partial<{
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
  doctor_notes: string | null;
  doctor_internal_notes: string | null;
  internal_notes: string | null;
  physical_tech_notes: string | null;
  management_notes: string | null;
  patient_status_id: number;
  setup_completed_at: Date;
  held_at: Date | null;
  held_by_group: number | null;
  held_by_user_id: number | null;
  deleted_at: Date | null;
  deleted_kind: 'archived' | 'deleted' | null;
  archived_by_name: string | null;
  archived_reason: string | null;
  deleted_by_user_id: number | null;
  ios_file_id: number | null;
}>;

export async function updatePatient(db: Kysely<DB>, id: number, fields: PatientUpdate): Promise<void> {
  await db
    .updateTable('patients')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Locks the patient row for the rest of the transaction (state changes re-check under the lock). */
export async function lockPatient(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('patients')
    .select(['id', 'held_at', 'deleted_at', 'patient_status_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Cancels the Rx form and the patient's open (New) requests: the case reversal. */
export async function cancelCase(db: Kysely<DB>, patientId: number): Promise<{ requests: number }> {
  await db
    .updateTable('rx_forms')
    .set({
      status_id: 5,
      cancelled_at: sql<Date>`now()`,
      status_updated_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('patient_id', '=', patientId)
    .execute();
  const cancelled = await db
    .updateTable('customer_requests')
    .set({
      status_id: 5,
      cancelled_at: sql<Date>`now()`,
      status_updated_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('patient_id', '=', patientId)
    .where('status_id', '=', 1)
    .returning('id')
    .execute();
  await db
    .updateTable('printing_requests')
    .set({ printing_request_status_id: 4, updated_at: sql<Date>`now()` })
    .where('patient_id', '=', patientId)
    .where('printing_request_status_id', '=', 1)
    .execute();
  await db
    .updateTable('tray_design_requests')
    .set({ status_id: 4, updated_at: sql<Date>`now()` })
    .where('patient_id', '=', patientId)
    .where('status_id', '=', 1)
    .execute();
  return { requests: cancelled.length };
}

/** The newest visible tech backup IOS file of the patient. */
export async function findTechBackup(db: Kysely<DB>, patientId: number) {
  return db
    .selectFrom('patient_files')
    .select(['id', 'name', 'original_name', 'patient_file_type_id', 'tag', 'created_at', 'updated_at'])
    .where('patient_id', '=', patientId)
    .where('patient_file_type_id', '=', 1)
    .where('tag', '=', 'tech_backup')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The backup becomes the IOS file; the previous IOS file becomes the backup (so the restore can be undone). */
export async function swapTechBackup(
  db: Kysely<DB>,
  patientId: number,
  backupId: number,
  currentIosId: number | null,
) {
  if (currentIosId !== null && currentIosId !== backupId)
    await db
      .updateTable('patient_files')
      .set({ tag: 'tech_backup', updated_at: sql<Date>`now()` })
      .where('id', '=', currentIosId)
      .where('patient_id', '=', patientId)
      .execute();
  const file = await db
    .updateTable('patient_files')
    .set({
      tag: null,
      hidden: false,
      metadata: sql`metadata || jsonb_build_object('restore_point', now())`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', backupId)
    .returning(['id', 'name', 'original_name', 'patient_file_type_id', 'tag', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('patients')
    .set({ ios_file_id: backupId, updated_at: sql<Date>`now()` })
    .where('id', '=', patientId)
    .execute();
  return file;
}

/** Same first name, last name and case number (case-insensitive) in the organization. */
export async function similarPatients(
  db: Kysely<DB>,
  organizationId: number,
  firstName: string,
  lastName: string,
  caseNumber: string,
): Promise<{ count: number; maxSuffix: number | null; latest: Date | null }> {
  const row = await db
    .selectFrom('patients')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number | null>`max(coalesce(numeric_suffix, 1))`.as('max_suffix'),
      sql<Date | null>`max(created_at)`.as('latest'),
    ])
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(first_name) = lower(${firstName})`)
    .where(sql<boolean>`lower(last_name) = lower(${lastName})`)
    .where(sql<boolean>`lower(coalesce(case_number_text, '')) = lower(${caseNumber})`)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    maxSuffix: row.max_suffix === null ? null : Number(row.max_suffix),
    latest: row.latest === null ? null : new Date(row.latest),
  };
}

export async function isMemberOf(db: Kysely<DB>, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization_user')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
