import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { ReportKey } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

/**
 * The SQL of the reports. Each report is one statement, ordered by its natural date then id, read
 * through a cursor (db/cursor.ts); its columns come out already shaped for the file (names rather
 * than ids, times written in the requested time zone, money with two decimals).
 */

export interface ReportRange {
  /** Calendar dates 'YYYY-MM-DD', both included. */
  dateFrom: string;
  dateTo: string;
  /** IANA time zone the dates and the written times are in. */
  timeZone: string;
}

/** A column of a report: its header and the key of the row field it is written from. */
export interface ReportColumn {
  header: string;
  key: string;
  /** Written as a number (money, counts, minutes): never guarded as a formula. */
  numeric?: boolean;
}

export interface ReportQuery {
  columns: readonly ReportColumn[];
  query: CompiledQuery;
}

type Row = Record<string, unknown>;

/** The instant a calendar date starts in the time zone. */
const startOf = (r: ReportRange) => sql`((${r.dateFrom}::date)::timestamp at time zone ${r.timeZone})`;
/** The instant after the last moment of the last date (exclusive bound). */
const endOf = (r: ReportRange) => sql`((${r.dateTo}::date + 1)::timestamp at time zone ${r.timeZone})`;
/** An instant written as local 'YYYY-MM-DD HH:MM' in the time zone. */
const local = (r: ReportRange, column: RawBuilder<unknown>) =>
  sql`to_char(${column} at time zone ${r.timeZone}, 'YYYY-MM-DD HH24:MI')`;
const money = (column: RawBuilder<unknown>) => sql`to_char(${column}, 'FM999999999990.00')`;
const fullName = (alias: string) =>
  sql`nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;
const ref = (name: string) => sql.ref(name) as RawBuilder<unknown>;

const TECHNICIANS: ReportColumn[] = [
  { header: 'Finished At', key: 'finished_at' },
  { header: 'Technician', key: 'technician' },
  { header: 'Technician Email', key: 'technician_email' },
  { header: 'Process', key: 'process' },
  { header: 'Step', key: 'step', numeric: true },
  { header: 'Workflow', key: 'workflow' },
  { header: 'Patient', key: 'patient' },
  { header: 'Case Number', key: 'case_number' },
  { header: 'Organization', key: 'organization' },
  { header: 'Doctor', key: 'doctor' },
  { header: 'Batch', key: 'batch' },
  { header: 'Started At', key: 'started_at' },
  { header: 'Production Time (min)', key: 'production_minutes', numeric: true },
];

function technicians(db: Kysely<DB>, r: ReportRange): ReportQuery {
  const query = sql<Row>`
    select
      ${local(r, ref('p.finished_at'))} as finished_at,
      ${fullName('u')} as technician,
      u.email::text as technician_email,
      p.process,
      p.step,
      case w.type
        when 'initial_case_setup' then 'Initial Case Setup'
        when 'printing_request' then 'Print Request'
        when 'flawed_tray' then 'Flawed Tray'
        when 'tray_design' then 'Tray Design'
        when 'batch' then 'Batch'
        else w.type end as workflow,
      ${fullName('pt')} as patient,
      pt.case_number_text as case_number,
      o.name as organization,
      ${fullName('d')} as doctor,
      b.name as batch,
      ${local(r, ref('p.started_at'))} as started_at,
      to_char(extract(epoch from (p.finished_at - p.started_at)) / 60.0, 'FM9999999990.0') as production_minutes
    from tech_workflow_processes p
    join tech_workflows w on w.id = p.tech_workflow_id
    left join users u on u.id = p.user_id
    left join patients pt on pt.id = w.patient_id
    left join organizations o on o.id = pt.organization_id
    left join users d on d.id = pt.user_id
    left join batches b on b.id = w.batch_id
    where p.finished_at >= ${startOf(r)} and p.finished_at < ${endOf(r)}
    order by p.finished_at, p.id`.compile(db);
  return { columns: TECHNICIANS, query };
}

const INTERNAL_SHIPPING: ReportColumn[] = [
  { header: 'Ship Date', key: 'ship_date' },
  { header: 'Shipment', key: 'shipment' },
  { header: 'Requests', key: 'requests', numeric: true },
  { header: 'Patients', key: 'patients' },
  { header: 'Organization', key: 'organization' },
  { header: 'Location', key: 'location' },
  { header: 'City', key: 'city' },
  { header: 'State', key: 'state' },
  { header: 'Country', key: 'country' },
  { header: 'Shipping Method', key: 'shipping_method' },
  { header: 'Courier', key: 'courier' },
  { header: 'Tracking Number', key: 'tracking_number' },
  { header: 'Expedited', key: 'expedited' },
  { header: 'Custom Shipping Fee', key: 'custom_shipping_fee', numeric: true },
  { header: 'Internal Shipping Cost', key: 'internal_shipping_cost', numeric: true },
  { header: 'Completed At', key: 'completed_at' },
];

/**
 * One row per shipment: a bundle (several printing requests to one location in one parcel, its
 * costs on the bundle) or a printing request shipped on its own. Ship dates are calendar dates
 * (the lab's), so the range applies to them as they are. Canceled requests are left out.
 */
function internalShipping(db: Kysely<DB>, r: ReportRange): ReportQuery {
  const query = sql<Row>`
    select * from (
      select
        min(pr.ship_date) as ship_date_key,
        0 as kind_key,
        bs.id as id_key,
        to_char(min(pr.ship_date), 'YYYY-MM-DD') as ship_date,
        'Bundle ' || bs.id as shipment,
        count(*)::int as requests,
        string_agg(${fullName('pt')}, '; ' order by pr.id) as patients,
        string_agg(distinct o.name, '; ') as organization,
        l.location_name as location, l.city, l.state, l.country,
        (array_agg(sm.name order by pr.id))[1] as shipping_method,
        (array_agg(pr.courier_name order by pr.id))[1] as courier,
        coalesce(bs.tracking_number, (array_agg(pr.tracking_number order by pr.id))[1]) as tracking_number,
        case when bool_or(pr.expedited_shipping) then 'Yes' else 'No' end as expedited,
        ${money(ref('bs.custom_shipping_fee'))} as custom_shipping_fee,
        ${money(ref('bs.internal_shipping_cost'))} as internal_shipping_cost,
        ${local(r, ref('bs.completed_at'))} as completed_at
      from bundled_shipments bs
      join printing_requests pr on pr.bundled_shipment_id = bs.id and pr.printing_request_status_id <> 4
      join patients pt on pt.id = pr.patient_id
      join organizations o on o.id = pt.organization_id
      left join locations l on l.id = bs.location_id
      left join shipping_methods sm on sm.id = pr.shipping_method_id
      group by bs.id, l.id
      having min(pr.ship_date) between ${r.dateFrom}::date and ${r.dateTo}::date
      union all
      select
        pr.ship_date as ship_date_key,
        1 as kind_key,
        pr.id as id_key,
        to_char(pr.ship_date, 'YYYY-MM-DD') as ship_date,
        'Request ' || pr.customer_request_id as shipment,
        1 as requests,
        ${fullName('pt')} as patients,
        o.name as organization,
        l.location_name as location, l.city, l.state, l.country,
        sm.name as shipping_method,
        pr.courier_name as courier,
        pr.tracking_number,
        case when pr.expedited_shipping then 'Yes' else 'No' end as expedited,
        ${money(ref('pr.custom_shipping_fee'))} as custom_shipping_fee,
        ${money(ref('pr.internal_shipping_cost'))} as internal_shipping_cost,
        ${local(r, ref('pr.completed_at'))} as completed_at
      from printing_requests pr
      join patients pt on pt.id = pr.patient_id
      join organizations o on o.id = pt.organization_id
      left join locations l on l.id = pr.location_id
      left join shipping_methods sm on sm.id = pr.shipping_method_id
      where pr.bundled_shipment_id is null
        and pr.printing_request_status_id <> 4
        and pr.ship_date between ${r.dateFrom}::date and ${r.dateTo}::date
    ) shipments
    order by ship_date_key, kind_key, id_key`.compile(db);
  return { columns: INTERNAL_SHIPPING, query };
}

const FEEDBACKS: ReportColumn[] = [
  { header: 'Submitted At', key: 'submitted_at' },
  { header: 'Rating', key: 'rating' },
  { header: 'Score', key: 'score', numeric: true },
  { header: 'Comments', key: 'comments' },
  { header: 'Stop Asking', key: 'stop_asking' },
  { header: 'Patient', key: 'patient' },
  { header: 'Case Number', key: 'case_number' },
  { header: 'Organization', key: 'organization' },
  { header: 'Account Number', key: 'account_number' },
  { header: 'Doctor', key: 'doctor' },
  { header: 'Submitted By', key: 'submitted_by' },
  { header: 'Submitted By Email', key: 'submitted_by_email' },
];

function feedbacks(db: Kysely<DB>, r: ReportRange): ReportQuery {
  const query = sql<Row>`
    select
      ${local(r, ref('f.created_at'))} as submitted_at,
      case f.rating when 10 then 'Great' when 5 then 'Ok' when 1 then 'Bad' end as rating,
      f.rating as score,
      (select string_agg(e.value, '; ') from jsonb_array_elements_text(
        case when jsonb_typeof(f.options) = 'array' then f.options else '[]'::jsonb end) as e(value)) as comments,
      case when f.disable_future then 'Yes' else 'No' end as stop_asking,
      ${fullName('pt')} as patient,
      pt.case_number_text as case_number,
      o.name as organization,
      o.account_number,
      ${fullName('d')} as doctor,
      ${fullName('su')} as submitted_by,
      su.email::text as submitted_by_email
    from case_feedbacks f
    join patients pt on pt.id = f.patient_id
    join organizations o on o.id = pt.organization_id
    left join users d on d.id = pt.user_id
    left join users su on su.id = f.user_id
    where f.created_at >= ${startOf(r)} and f.created_at < ${endOf(r)}
    order by f.created_at, f.id`.compile(db);
  return { columns: FEEDBACKS, query };
}

const INVOICES: ReportColumn[] = [
  { header: 'Invoice Date', key: 'invoice_date' },
  { header: 'Invoice', key: 'invoice' },
  { header: 'Organization', key: 'organization' },
  { header: 'Account Number', key: 'account_number' },
  { header: 'Type', key: 'type' },
  { header: 'Period Start', key: 'period_start' },
  { header: 'Period End', key: 'period_end' },
  { header: 'Items', key: 'items', numeric: true },
  { header: 'Subtotal', key: 'subtotal', numeric: true },
  { header: 'Credits', key: 'credits', numeric: true },
  { header: 'Tax', key: 'tax', numeric: true },
  { header: 'Credit Card Fee', key: 'credit_card_fee', numeric: true },
  { header: 'Total', key: 'total', numeric: true },
  { header: 'Status', key: 'status' },
  { header: 'Paid At', key: 'paid_at' },
  { header: 'Last Payment Attempt', key: 'attempt_at' },
  { header: 'Attempt Result', key: 'attempt_status' },
  { header: 'Attempt Message', key: 'attempt_message' },
];

/** Invoices are orders with an invoice date (the open order of the current period has none yet). */
function invoices(db: Kysely<DB>, r: ReportRange): ReportQuery {
  const query = sql<Row>`
    select
      to_char(o.invoice_date, 'YYYY-MM-DD') as invoice_date,
      coalesce(o.invoice_label, o.invoice_id, '#' || o.id) as invoice,
      org.name as organization,
      org.account_number,
      case o.kind when 'initial' then 'Initial' else 'Monthly' end as type,
      to_char(o.period_start, 'YYYY-MM-DD') as period_start,
      to_char(o.period_end, 'YYYY-MM-DD') as period_end,
      (select count(*)::int from order_items i where i.order_id = o.id and not i.is_hidden) as items,
      ${money(ref('o.subtotal'))} as subtotal,
      ${money(ref('o.credits'))} as credits,
      ${money(ref('o.tax'))} as tax,
      ${money(ref('o.credit_card_fee'))} as credit_card_fee,
      ${money(ref('o.total'))} as total,
      o.fm_invoice_status as status,
      ${local(r, ref('o.paid_at'))} as paid_at,
      ${local(r, ref('a.created_at'))} as attempt_at,
      case a.status when 'success' then 'Success' when 'failed' then 'Failed' when 'pending' then 'Pending' end
        as attempt_status,
      a.message as attempt_message
    from orders o
    join organizations org on org.id = o.organization_id
    left join lateral (
      select pa.created_at, pa.status, pa.message
      from payment_attempts pa
      where pa.order_id = o.id
      order by pa.created_at desc, pa.id desc
      limit 1
    ) a on true
    where o.invoice_date between ${r.dateFrom}::date and ${r.dateTo}::date
    order by o.invoice_date, o.id`.compile(db);
  return { columns: INVOICES, query };
}

const DELETED_CASES: ReportColumn[] = [
  { header: 'Deleted At', key: 'deleted_at' },
  { header: 'Patient', key: 'patient' },
  { header: 'Case Number', key: 'case_number' },
  { header: 'Organization', key: 'organization' },
  { header: 'Account Number', key: 'account_number' },
  { header: 'Doctor', key: 'doctor' },
  { header: 'Deleted By', key: 'deleted_by' },
  { header: 'Deleted By Email', key: 'deleted_by_email' },
  { header: 'Reason', key: 'reason' },
  { header: 'Created At', key: 'created_at' },
  { header: 'Setup Completed At', key: 'setup_completed_at' },
];

/** Cases deleted (not archived) in the range; a deleted case is kept with deleted_kind 'deleted'. */
function deletedCases(db: Kysely<DB>, r: ReportRange): ReportQuery {
  const query = sql<Row>`
    select
      ${local(r, ref('p.deleted_at'))} as deleted_at,
      ${fullName('p')} as patient,
      p.case_number_text as case_number,
      o.name as organization,
      o.account_number,
      ${fullName('d')} as doctor,
      coalesce(${fullName('du')}, p.archived_by_name) as deleted_by,
      du.email::text as deleted_by_email,
      p.archived_reason as reason,
      ${local(r, ref('p.created_at'))} as created_at,
      ${local(r, ref('p.setup_completed_at'))} as setup_completed_at
    from patients p
    join organizations o on o.id = p.organization_id
    left join users d on d.id = p.user_id
    left join users du on du.id = p.deleted_by_user_id
    where p.deleted_kind = 'deleted'
      and p.deleted_at >= ${startOf(r)} and p.deleted_at < ${endOf(r)}
    order by p.deleted_at, p.id`.compile(db);
  return { columns: DELETED_CASES, query };
}

const BUILDERS: Record<ReportKey, (db: Kysely<DB>, r: ReportRange) => ReportQuery> = {
  technicians,
  'internal-shipping': internalShipping,
  feedbacks,
  invoices,
  'deleted-cases': deletedCases,
};

/** The statement and columns of a report over a range. */
export function reportQuery(db: Kysely<DB>, report: ReportKey, range: ReportRange): ReportQuery {
  return BUILDERS[report](db, range);
}

/** True when PostgreSQL knows the time zone (the same check `at time zone` makes). */
export async function knowsTimeZone(db: Kysely<DB>, timeZone: string): Promise<boolean> {
  try {
    await sql`select now() at time zone ${timeZone}`.execute(db);
    return true;
  } catch {
    return false;
  }
}
