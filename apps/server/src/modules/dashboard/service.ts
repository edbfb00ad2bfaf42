/**
 * The staff dashboard (document 3 sections 2.17, 3, 4, 6, 7).
 *
 * Who sees it and what (the variants):
 * - staff (super_admin, admin, tech_support, supervisor): every case of their organization scope
 *   (the whole lab with organizations.view-any) and the organization and doctor buckets;
 * - lab partner: only its third-party cases (the patient scope of a partner); no buckets;
 * - practice (normal profile) with users.view-dashboard, users.manage or users.manage-limited: the
 *   cases its patient list shows (the current organization); no buckets;
 * - anyone else: 403.
 *
 * Results are reused: a computed answer is kept in this process for DASHBOARD_CACHE_TTL_MS under
 * (variant scope, time filter, its calendar range, time zone, live data, today) and served again
 * for the same key; a custom range is always computed afresh and never kept. Staff with the same
 * scope share an entry.
 */
import {
  DASHBOARD_ACTIVITIES,
  DASHBOARD_ACTIVITY_TITLES,
  DASHBOARD_BUCKET_STATUS,
  DASHBOARD_BUCKETS,
  DASHBOARD_PERMISSIONS,
  STAFF_ROLES,
  activityFilters,
  addDays,
  bucketLink,
  calendarDateIn,
  dashboardBucketTitle,
  dashboardDateRange,
  rangeInstants,
  seriesBuckets,
  startOfDayIn,
  type BucketSet,
  type DashboardData,
  type DashboardParams,
  type DashboardSeriesUnit,
} from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { can, organizationScope } from '../../platform/permissions/index.ts';
import { patientScopeOf, type PatientScope } from '../../platform/permissions/patient-scope.ts';
import { countStatusBuckets } from '../organizations/service.ts';
import * as repo from './repository.ts';

/** How long a computed answer is reused. */
export const DASHBOARD_CACHE_TTL_MS = 60_000;
/** At most this many answers are kept (the oldest goes first). */
const DASHBOARD_CACHE_MAX_ENTRIES = 500;
/** The all_time chart starts here (per month); leading empty months are left out. */
const ALL_TIME_SERIES_START = '2000-01-01';

type Variant = DashboardData['variant'];

interface Access {
  variant: Variant;
  scope: PatientScope;
  /** Organizations for the buckets (staff only); null: no buckets. */
  bucketOrganizations: 'all' | number[] | null;
  /** Pushed into the Rx form scans; undefined: all organizations. */
  organizationIds: number[] | undefined;
  /** What the answer depends on besides the query. */
  key: string;
}

/** The caller's dashboard variant, or 403. */
function accessOf(actor: Actor): Access {
  const staff = actor.roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
  if (actor.profile === 'management' && staff) {
    const scope = patientScopeOf(actor);
    const orgs = organizationScope(actor);
    return {
      variant: orgs === 'all' ? 'all' : 'organizations',
      scope: { ...scope, includeArchived: false },
      bucketOrganizations: orgs,
      organizationIds: orgs === 'all' ? undefined : orgs,
      key: orgs === 'all' ? 'all' : `organizations:${orgs.join(',')}`,
    };
  }
  if (actor.profile === 'management' && actor.roles.includes('lab_partner')) {
    const scope = patientScopeOf(actor);
    const orgs = organizationScope(actor);
    return {
      variant: 'partner',
      scope: { ...scope, includeArchived: false },
      bucketOrganizations: null,
      organizationIds: orgs === 'all' ? undefined : orgs,
      key: `partner:${actor.userId}:${orgs === 'all' ? 'all' : orgs.join(',')}`,
    };
  }
  if (actor.profile === 'practice' && can(actor, ...DASHBOARD_PERMISSIONS)) {
    const scope = patientScopeOf(actor);
    const organizationIds = scope.kind === 'practice' ? [scope.organizationId] : [];
    const own = scope.kind === 'practice' ? scope.ownUserId : null;
    return {
      variant: 'practice',
      scope: { ...scope, includeArchived: false },
      bucketOrganizations: null,
      organizationIds,
      key: `practice:${organizationIds.join(',')}:${own ?? 'all'}`,
    };
  }
  throw forbidden();
}

interface CacheEntry {
  at: number;
  data: Omit<DashboardData, 'cached'>;
}
const cache = new Map<string, CacheEntry>();

/** Forgets every kept answer (tests; an organization archived shows at the latest after the TTL otherwise). */
export function resetDashboardCache(): void {
  cache.clear();
}

function remember(key: string, entry: CacheEntry) {
  if (cache.size >= DASHBOARD_CACHE_MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, entry);
}

function bucketSet(
  kind: 'organization' | 'doctor',
  counts: Awaited<ReturnType<typeof countStatusBuckets>>,
  withLive: boolean,
): BucketSet {
  const of = (status: number) => counts.find((c) => c.kind === kind && c.status === status);
  const entries = DASHBOARD_BUCKETS.map((bucket) => {
    const status = DASHBOARD_BUCKET_STATUS[bucket];
    const c = of(status);
    return [
      bucket,
      {
        title: dashboardBucketTitle(bucket),
        status,
        total: c?.total ?? 0,
        live_data: withLive ? (c?.joined ?? 0) : null,
        link: bucketLink(kind, bucket),
      },
    ] as const;
  });
  const all = counts.filter((c) => c.kind === kind);
  return {
    ...(Object.fromEntries(entries) as Omit<BucketSet, 'total'>),
    total: {
      title: 'Total',
      status: null,
      total: all.reduce((n, c) => n + c.total, 0),
      live_data: withLive ? all.reduce((n, c) => n + c.joined, 0) : null,
      link: bucketLink(kind, 'total'),
    },
  };
}

/** The chart's buckets: the range's own, or for all_time the months since ALL_TIME_SERIES_START. */
function chartBuckets(range: { from: string | null; to: string | null }, today: string) {
  if (range.from && range.to) return { ...seriesBuckets({ from: range.from, to: range.to }), trim: false };
  const b = seriesBuckets({ from: range.from ?? ALL_TIME_SERIES_START, to: range.to ?? today });
  return { unit: 'month' as DashboardSeriesUnit, starts: b.starts, trim: true };
}

async function compute(
  ctx: AppContext,
  access: Access,
  q: DashboardParams,
  now: Date,
): Promise<Omit<DashboardData, 'cached'>> {
  const range = dashboardDateRange(q.timeFilter, now, q.timeZone, {
    from: q.dateFilterFrom,
    to: q.dateFilterTo,
  });
  const today = calendarDateIn(now, q.timeZone);
  const instants = rangeInstants(range, q.timeZone);
  const live = q.withLiveData
    ? { from: startOfDayIn(today, q.timeZone), to: startOfDayIn(addDays(today, 1), q.timeZone) }
    : null;
  const chart = chartBuckets(range, today);
  const lastDay = range.to ?? today;
  const thresholds = [
    ...chart.starts.map((d) => startOfDayIn(d, q.timeZone)),
    startOfDayIn(addDays(lastDay, 1), q.timeZone),
  ];

  const [activity, buckets] = await Promise.all([
    repo.activityCounts(ctx.db, {
      scope: access.scope,
      range: instants,
      live,
      thresholds,
      ...(access.organizationIds ? { organizationIds: access.organizationIds } : {}),
    }),
    access.bucketOrganizations === null
      ? Promise.resolve(null)
      : countStatusBuckets(ctx, access.bucketOrganizations, live?.from ?? now),
  ]);

  let points = chart.starts.map((date, i) => ({
    date,
    submissions: activity.series.find((s) => s.activity === 'submissions' && s.bucket === i)?.count ?? 0,
    completed_cases:
      activity.series.find((s) => s.activity === 'completed_cases' && s.bucket === i)?.count ?? 0,
  }));
  if (chart.trim) {
    const first = points.findIndex((p) => p.submissions > 0 || p.completed_cases > 0);
    points = first < 0 ? points.slice(-1) : points.slice(first);
  }

  return {
    time_filter: q.timeFilter,
    time_zone: q.timeZone,
    date_from: range.from,
    date_to: range.to,
    variant: access.variant,
    statistics: buckets
      ? {
          organizations: bucketSet('organization', buckets, q.withLiveData),
          doctors: bucketSet('doctor', buckets, q.withLiveData),
        }
      : null,
    filtered_statistics: DASHBOARD_ACTIVITIES.map((key) => ({
      key,
      title: DASHBOARD_ACTIVITY_TITLES[key],
      total: activity.totals[key].total,
      live_data: q.withLiveData ? activity.totals[key].live : null,
      filters: activityFilters(key, range),
    })),
    series: { unit: chart.unit, points },
    computed_at: now.toISOString(),
  };
}

/** Links the caller may not open are left out (the archived bucket needs organization.view-archived). */
function forCaller(actor: Actor, data: Omit<DashboardData, 'cached'>, cached: boolean): DashboardData {
  if (!data.statistics || can(actor, 'organization.view-archived')) return { ...data, cached };
  const hideArchived = (set: BucketSet): BucketSet => ({ ...set, archived: { ...set.archived, link: null } });
  return {
    ...data,
    statistics: {
      organizations: hideArchived(data.statistics.organizations),
      doctors: hideArchived(data.statistics.doctors),
    },
    cached,
  };
}

/** GET /dashboard. */
export async function getDashboard(
  ctx: AppContext,
  actor: Actor,
  q: DashboardParams,
): Promise<DashboardData> {
  const access = accessOf(actor);
  const now = new Date();
  if (q.timeFilter === 'custom') return forCaller(actor, await compute(ctx, access, q, now), false);

  const range = dashboardDateRange(q.timeFilter, now, q.timeZone);
  const key = JSON.stringify([
    access.key,
    q.timeFilter,
    range.from,
    range.to,
    q.timeZone,
    q.withLiveData,
    calendarDateIn(now, q.timeZone),
  ]);
  const hit = cache.get(key);
  if (hit && now.getTime() - hit.at < DASHBOARD_CACHE_TTL_MS) return forCaller(actor, hit.data, true);
  const data = await compute(ctx, access, q, now);
  remember(key, { at: now.getTime(), data });
  return forCaller(actor, data, false);
}
