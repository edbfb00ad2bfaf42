/**
 * SQL of the dashboard: the filtered statistics and their chart in two statements run side by side.
 *
 * Each statistic is driven from its own event table by a range scan of the event's time (the
 * indexes of migrations 20261127000100_dashboard.sql and 20261202000400_dashboard_archived_flag.sql,
 * which hold the live cases' events only), so a month costs the month's events whatever the size
 * of the lab; for a narrower scope the events then join their patient once (primary key), and
 * each statistic counts distinct cases. The rules are those of
 * the patient list's activity filter (patients repository activityCondition; DASHBOARD_ACTIVITIES
 * in contracts), so a card's number is the number of rows the list shows behind it.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DASHBOARD_ACTIVITIES, type DashboardActivity } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import { patientScopeSql, type PatientScope } from '../../platform/permissions/patient-scope.ts';

type Cond = RawBuilder<unknown>;

export interface Window {
  /** null: unbounded. */
  from: Date | null;
  to: Date | null;
}

export interface ActivityCountsInput {
  scope: PatientScope;
  /** The chosen range (half open). */
  range: Window;
  /** Today (half open), for live_data; null without it. */
  live: { from: Date; to: Date } | null;
  /** Bucket bounds of the chart (n + 1 ascending instants for n buckets). */
  thresholds: Date[];
  /**
   * The organizations the scope is limited to, pushed into the Rx form scans (their
   * (organization_id, ...) indexes); undefined: every organization.
   */
  organizationIds?: number[];
}

export interface ActivityCounts {
  totals: Record<DashboardActivity, { total: number; live: number }>;
  /** Per chart bucket (0-based) the submissions and completed cases. */
  series: { activity: 'submissions' | 'completed_cases'; bucket: number; count: number }[];
}

function within(column: string, w: Window): Cond {
  const conds: Cond[] = [sql`${sql.ref(column)} is not null`];
  if (w.from) conds.push(sql`${sql.ref(column)} >= ${w.from}`);
  if (w.to) conds.push(sql`${sql.ref(column)} < ${w.to}`);
  return sql`(${sql.join(conds, sql` and `)})`;
}

/** The union of the range and today: what the event scans read. */
function scanWindow(range: Window, live: ActivityCountsInput['live']): Window {
  if (!live) return range;
  return {
    from: range.from === null ? null : range.from < live.from ? range.from : live.from,
    to: range.to === null ? null : range.to > live.to ? range.to : live.to,
  };
}

/** The events of one statistic in the window, as (pid, at). */
function source(activity: DashboardActivity, w: Window, organizationIds: number[] | undefined): Cond {
  // Rx forms and patients carry their organization: a practice's scans stay in its index range.
  const org =
    organizationIds === undefined
      ? sql`true`
      : organizationIds.length
        ? sql`a.organization_id in (${sql.join(organizationIds)})`
        : sql`false`;
  switch (activity) {
    case 'submissions':
      return sql`select a.patient_id as pid, a.submitted_at as at from rx_forms a
        where a.patient_id is not null and not a.patient_archived and ${org} and ${within('a.submitted_at', w)}`;
    case 'initial_setups':
      return sql`select a.patient_id as pid, a.ready_at as at from rx_forms a
        where a.patient_id is not null and not a.patient_archived and ${org} and ${within('a.ready_at', w)}`;
    case 'completed_cases':
      return sql`select a.id as pid, a.setup_completed_at as at from patients a
        where a.patient_status_id = 3 and a.deleted_at is null and ${org} and ${within('a.setup_completed_at', w)}`;
    case 'shipped':
      return sql`select a.patient_id as pid, a.completed_at as at from printing_requests a
        where a.printing_request_status_id = 3 and not a.patient_archived and ${within('a.completed_at', w)}`;
    case 'print_requests':
      return sql`select a.patient_id as pid, a.created_at as at from printing_requests a
        where a.printing_request_status_id <> 4 and not a.patient_archived and ${within('a.created_at', w)}`;
    case 'insert_brackets':
      return sql`select a.patient_id as pid, i.created_at as at
        from printing_request_items i join printing_requests a on a.id = i.printing_request_id
        where i.insert_brackets and a.printing_request_status_id <> 4 and not a.patient_archived
          and ${within('i.created_at', w)}`;
    case 'flawed_trays':
      return sql`select a.patient_id as pid, a.created_at as at from flawed_trays a where not a.patient_archived and ${within('a.created_at', w)}`;
  }
}

/** Statistics with at most one event per case (one Rx form per patient): counted without DISTINCT. */
const ONE_PER_CASE: readonly DashboardActivity[] = ['submissions', 'initial_setups', 'completed_cases'];
/** The statistics the chart shows: their one scan gives the chart's buckets and the total. */
const CHARTED = ['submissions', 'completed_cases'] as const satisfies readonly DashboardActivity[];
/**
 * The statistics in two statements of about equal work (by the events each scans), sent together
 * on two connections so both cores count: the embedded database runs them one after the other.
 */
const STATEMENTS: readonly (readonly DashboardActivity[])[] = [
  ['submissions', 'completed_cases', 'shipped', 'insert_brackets', 'flawed_trays'],
  ['initial_setups', 'print_requests'],
];

interface CountRow {
  k: DashboardActivity;
  bucket: number | null;
  total: number;
  live: number;
}

/**
 * The filtered statistics, today's figures and the chart's buckets: per statistic, its events in
 * the range (and today) within the caller's scope, counted per case. A charted statistic is read
 * once, grouped by chart bucket (width_bucket: 0 before the first bound, n + 1 from the last on);
 * its total is the sum of its buckets.
 */
export async function activityCounts(db: Kysely<DB>, input: ActivityCountsInput): Promise<ActivityCounts> {
  const { range, live } = input;
  const w = scanWindow(range, live);
  const inRange = within('s.at', range);
  const inLive = live ? within('s.at', live) : sql`false`;
  // Every source leaves archived cases out by itself (the events carry their case's archived
  // flag; migration 20261202000400), so the whole lab reads its events without joining a patient.
  const scoped = (activity: DashboardActivity): Cond =>
    input.scope.kind === 'all'
      ? source(activity, w, input.organizationIds)
      : sql`select ev.pid, ev.at from (${source(activity, w, input.organizationIds)}) ev
          join patients p on p.id = ev.pid
          where p.deleted_at is null and ${patientScopeSql(input.scope, { patient: 'p' })}`;
  const part = (k: DashboardActivity): Cond =>
    (CHARTED as readonly DashboardActivity[]).includes(k)
      ? sql`select ${k}::text as k, width_bucket(s.at, ${input.thresholds}::timestamptz[]) as bucket,
          count(*) filter (where ${inRange})::int as total, count(*) filter (where ${inLive})::int as live
          from (${scoped(k)}) s group by 2`
      : ONE_PER_CASE.includes(k)
        ? sql`select ${k}::text as k, null::int as bucket,
            count(*) filter (where ${inRange})::int as total, count(*) filter (where ${inLive})::int as live
            from (${scoped(k)}) s`
        : // A case with several events counts once: group by case, then count.
          sql`select ${k}::text as k, null::int as bucket, count(*) filter (where x.r)::int as total,
            count(*) filter (where x.l)::int as live
            from (select s.pid, bool_or(${inRange}) as r, bool_or(${inLive}) as l from (${scoped(k)}) s group by s.pid) x`;
  const results = await Promise.all(
    STATEMENTS.map((ks) => sql<CountRow>`${sql.join(ks.map(part), sql` union all `)}`.execute(db)),
  );

  const counts = Object.fromEntries(DASHBOARD_ACTIVITIES.map((k) => [k, { total: 0, live: 0 }])) as Record<
    DashboardActivity,
    { total: number; live: number }
  >;
  const series: ActivityCounts['series'] = [];
  const buckets = input.thresholds.length - 1;
  for (const r of results.flatMap((result) => result.rows)) {
    counts[r.k].total += Number(r.total);
    counts[r.k].live += Number(r.live);
    if (r.bucket === null) continue;
    const bucket = Number(r.bucket) - 1;
    if (bucket >= 0 && bucket < buckets && (r.k === 'submissions' || r.k === 'completed_cases'))
      series.push({ activity: r.k, bucket, count: Number(r.total) });
  }
  return { totals: counts, series };
}
