import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';
import { addDays, dateInZone } from './business-days.ts';
import { DASHBOARD_ACTIVITIES, isTimeZone, type DashboardActivity } from './case-activity.ts';
import { ORGANIZATION_STATUSES, type OrganizationStatus } from './organizations.ts';

/**
 * The staff dashboard (/dashboard). Spec: document 3 sections 2.17, 3 (Dashboard data), 4 (status
 * buckets), 5 (filter values), 6 (gates), 7 (GET dashboard).
 *
 * Endpoint (base /services/api/v2, bearer token):
 * - GET /dashboard  DashboardQuery → DashboardResponse
 *
 * Errors: 401 without a session; 403 'This action is unauthorized.' for a role or profile without
 * the dashboard (management: super_admin, admin, tech_support, supervisor, lab_partner; practice:
 * users.view-dashboard, users.manage or users.manage-limited); 400 with { message, errors } for
 * an invalid query.
 */

// ------------------------------------------------------------------------------------------------
// Time filter
// ------------------------------------------------------------------------------------------------

export const DASHBOARD_TIME_FILTERS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'day_to_month',
  'all_time',
  'custom',
] as const;
export type DashboardTimeFilter = (typeof DASHBOARD_TIME_FILTERS)[number];
export const DASHBOARD_DEFAULT_TIME_FILTER: DashboardTimeFilter = 'this_month';

export const DASHBOARD_TIME_FILTER_LABELS: Record<DashboardTimeFilter, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  day_to_month: 'Last month to today',
  all_time: 'All time',
  custom: 'Custom range',
};

/** Custom dates are limited to these years (a chart bucket per month stays under 1,200 bars). */
export const DASHBOARD_MIN_DATE = '2000-01-01';
export const DASHBOARD_MAX_DATE = '2099-12-31';

export const DASHBOARD_MESSAGES = {
  required: REQUIRED_MESSAGE,
  invalidDate: 'Must be a date (YYYY-MM-DD).',
  dateOutOfRange: `Must be a date between ${DASHBOARD_MIN_DATE} and ${DASHBOARD_MAX_DATE}.`,
  endBeforeStart: 'The end date must not be before the start date.',
  invalidTimeFilter: 'The selected time filter is invalid.',
  invalidTimeZone: 'The time zone is invalid.',
  invalidInvoiceType: 'The selected invoice type is invalid.',
  /** The page's empty state. */
  noData: 'No Data',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Day of the week of a calendar date, 0 Sunday .. 6 Saturday. */
function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month `months` away from the month of `date`. */
function firstOfMonthAfter(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

function monthEnd(date: string): string {
  return addDays(firstOfMonthAfter(date, 1), -1);
}

/** Weeks run Sunday to Saturday, as the product's calendars show them. */
export function weekStart(date: string): string {
  return addDays(date, -weekday(date));
}

/** Inclusive calendar dates; null on a side: no bound (all_time). */
export interface DashboardDateRange {
  from: string | null;
  to: string | null;
}

/**
 * The calendar days a time filter covers, in the user's time zone (the range runs from the start
 * of `from` to the end of `to` there):
 * - today, yesterday;
 * - this_week / last_week: Sunday to Saturday;
 * - this_month / last_month: the first to the last day of the month;
 * - day_to_month: from the same day of the previous month (the month's last day when it is
 *   shorter) up to today;
 * - all_time: no bounds; custom: the two dates given.
 */
export function dashboardDateRange(
  filter: DashboardTimeFilter,
  now: Date,
  timeZone: string,
  custom?: { from?: string | null | undefined; to?: string | null | undefined },
): DashboardDateRange {
  const today = dateInZone(now, timeZone);
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'this_week': {
      const start = weekStart(today);
      return { from: start, to: addDays(start, 6) };
    }
    case 'last_week': {
      const start = addDays(weekStart(today), -7);
      return { from: start, to: addDays(start, 6) };
    }
    case 'this_month':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'last_month': {
      const start = firstOfMonthAfter(today, -1);
      return { from: start, to: monthEnd(start) };
    }
    case 'day_to_month': {
      const previous = firstOfMonthAfter(today, -1);
      const last = monthEnd(previous);
      const day = `${previous.slice(0, 8)}${today.slice(8)}`;
      return { from: day > last ? last : day, to: today };
    }
    case 'all_time':
      return { from: null, to: null };
    case 'custom':
      return { from: custom?.from ?? null, to: custom?.to ?? null };
  }
}

/** Minutes east of UTC of the time zone at an instant. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a calendar day starts in the time zone (midnight, or the first moment after a DST gap). */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  const again = wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  if (again !== guess) guess = Math.min(guess, again);
  // A day that starts inside a DST gap: step to the first existing moment of that day.
  while (dateInZone(new Date(guess), timeZone) < date) guess += 15 * 60_000;
  return new Date(guess);
}

/** Half-open instants [from, to) of a calendar range in the time zone (null: unbounded side). */
export function rangeInstants(
  range: DashboardDateRange,
  timeZone: string,
): { from: Date | null; to: Date | null } {
  return {
    from: range.from ? startOfDayIn(range.from, timeZone) : null,
    to: range.to ? startOfDayIn(addDays(range.to, 1), timeZone) : null,
  };
}

export type DashboardSeriesUnit = 'day' | 'week' | 'month';

/** Days up to this many are charted per day, up to DASHBOARD_WEEKLY_MAX_DAYS per week, longer per month. */
export const DASHBOARD_DAILY_MAX_DAYS = 62;
export const DASHBOARD_WEEKLY_MAX_DAYS = 371;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The chart's buckets over a finite range: their first days (in order) and the unit. Weeks start on
 * Sunday, months on the 1st; the first bucket starts at the range's first day.
 */
export function seriesBuckets(range: { from: string; to: string }): {
  unit: DashboardSeriesUnit;
  starts: string[];
} {
  const days = daysBetween(range.from, range.to);
  const unit: DashboardSeriesUnit =
    days <= DASHBOARD_DAILY_MAX_DAYS ? 'day' : days <= DASHBOARD_WEEKLY_MAX_DAYS ? 'week' : 'month';
  const starts = [range.from];
  let next =
    unit === 'day'
      ? addDays(range.from, 1)
      : unit === 'week'
        ? addDays(weekStart(range.from), 7)
        : firstOfMonthAfter(range.from, 1);
  while (next <= range.to) {
    starts.push(next);
    next =
      unit === 'day' ? addDays(next, 1) : unit === 'week' ? addDays(next, 7) : firstOfMonthAfter(next, 1);
  }
  return { unit, starts };
}

// ------------------------------------------------------------------------------------------------
// Statistics
// ------------------------------------------------------------------------------------------------

/** Circle statistics: the organization status buckets 1..6 and their total. */
export const DASHBOARD_BUCKETS = [
  'registering',
  'onboarding',
  'new',
  'active',
  'inactive',
  'archived',
] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];
export const DASHBOARD_BUCKET_STATUS: Record<DashboardBucket, OrganizationStatus> = {
  registering: 1,
  onboarding: 2,
  new: 3,
  active: 4,
  inactive: 5,
  archived: 6,
};
/** The bucket's name as the hub shows it (Leads, Onboarding, New, Active, Passive, Archived). */
export const dashboardBucketTitle = (bucket: DashboardBucket): string =>
  ORGANIZATION_STATUSES[DASHBOARD_BUCKET_STATUS[bucket]];

/** The hub search that lists a bucket's members (/organizations-users). */
export function bucketLink(kind: 'organization' | 'doctor', bucket: DashboardBucket | 'total'): string {
  const params = new URLSearchParams({ 'filter[roles]': kind });
  if (bucket !== 'total') params.set('filter[status]', String(DASHBOARD_BUCKET_STATUS[bucket]));
  return `/organizations-users?${params.toString()}`;
}

/**
 * The /patients-page query of a filtered statistic: `filter[activity]` and, for a bounded range,
 * `filter[activity_date]=from,to` (inclusive calendar days in the user's time zone).
 */
export function activityFilters(activity: DashboardActivity, range: DashboardDateRange): string {
  const params = new URLSearchParams({ 'filter[activity]': activity });
  if (range.from || range.to) params.set('filter[activity_date]', `${range.from ?? ''},${range.to ?? ''}`);
  return params.toString();
}

// ------------------------------------------------------------------------------------------------
// Request and response
// ------------------------------------------------------------------------------------------------

const dateParam = z
  .string()
  .regex(DATE_ONLY, DASHBOARD_MESSAGES.invalidDate)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, DASHBOARD_MESSAGES.invalidDate)
  .refine((v) => v >= DASHBOARD_MIN_DATE && v <= DASHBOARD_MAX_DATE, DASHBOARD_MESSAGES.dateOutOfRange);

const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1');

/**
 * GET /dashboard query. timeFilter defaults to this_month; custom needs dateFilterFrom and
 * dateFilterTo (other filters ignore them). timeZone: the user's IANA time zone (the browser's),
 * default UTC. invoiceType (new | old) belongs to the financial figures and does not change these
 * statistics. withLiveData adds each statistic's figure for today.
 */
export const DashboardQuery = z
  .object({
    timeFilter: z
      .enum(DASHBOARD_TIME_FILTERS, { error: DASHBOARD_MESSAGES.invalidTimeFilter })
      .default(DASHBOARD_DEFAULT_TIME_FILTER),
    dateFilterFrom: dateParam.optional(),
    dateFilterTo: dateParam.optional(),
    timeZone: z
      .string()
      .max(64, DASHBOARD_MESSAGES.invalidTimeZone)
      .refine(isTimeZone, DASHBOARD_MESSAGES.invalidTimeZone)
      .default('UTC'),
    invoiceType: z.enum(['new', 'old'], { error: DASHBOARD_MESSAGES.invalidInvoiceType }).optional(),
    withLiveData: queryBool.default(false),
  })
  .superRefine((q, ctx) => {
    if (q.timeFilter !== 'custom') return;
    if (!q.dateFilterFrom)
      ctx.addIssue({ code: 'custom', path: ['dateFilterFrom'], message: DASHBOARD_MESSAGES.required });
    if (!q.dateFilterTo)
      ctx.addIssue({ code: 'custom', path: ['dateFilterTo'], message: DASHBOARD_MESSAGES.required });
    if (q.dateFilterFrom && q.dateFilterTo && q.dateFilterTo < q.dateFilterFrom)
      ctx.addIssue({ code: 'custom', path: ['dateFilterTo'], message: DASHBOARD_MESSAGES.endBeforeStart });
  });
export type DashboardQuery = z.input<typeof DashboardQuery>;
export type DashboardParams = z.output<typeof DashboardQuery>;

/** One circle: how many are in the bucket now; live_data: of those, how many joined today. */
export const BucketStatistic = z.object({
  title: z.string(),
  status: z.number().int().nullable(),
  total: z.number().int(),
  live_data: z.number().int().nullable(),
  /** The hub search listing them; null when the caller may not open it (archived without organization.view-archived). */
  link: z.string().nullable(),
});
export type BucketStatistic = z.infer<typeof BucketStatistic>;

const BucketSet = z.object({
  registering: BucketStatistic,
  onboarding: BucketStatistic,
  new: BucketStatistic,
  active: BucketStatistic,
  inactive: BucketStatistic,
  archived: BucketStatistic,
  total: BucketStatistic,
});
export type BucketSet = z.infer<typeof BucketSet>;

export const FilteredStatistic = z.object({
  key: z.enum(DASHBOARD_ACTIVITIES),
  title: z.string(),
  /** Cases with the event in the range. */
  total: z.number().int(),
  /** Cases with the event today (withLiveData), else null. */
  live_data: z.number().int().nullable(),
  /** Query string of /patients-page listing exactly these cases. */
  filters: z.string(),
});
export type FilteredStatistic = z.infer<typeof FilteredStatistic>;

export const DashboardSeriesPoint = z.object({
  /** First day of the bucket (YYYY-MM-DD, the user's time zone). */
  date: z.string(),
  submissions: z.number().int(),
  completed_cases: z.number().int(),
});
export type DashboardSeriesPoint = z.infer<typeof DashboardSeriesPoint>;

export const DashboardResponse = z.object({
  data: z.object({
    time_filter: z.enum(DASHBOARD_TIME_FILTERS),
    time_zone: z.string(),
    /** Inclusive calendar days (null: unbounded). */
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
    /** 'all' for the whole lab; 'partner': a lab partner's third-party cases; 'practice': one organization. */
    variant: z.enum(['all', 'organizations', 'partner', 'practice']),
    /** Organization and doctor buckets; null for a lab partner (its variant has cases only). */
    statistics: z.object({ organizations: BucketSet, doctors: BucketSet }).nullable(),
    filtered_statistics: z.array(FilteredStatistic),
    /** Submissions and completed cases per bucket of the range (day, week or month). */
    series: z.object({ unit: z.enum(['day', 'week', 'month']), points: z.array(DashboardSeriesPoint) }),
    /** When the figures were computed (a reused result keeps its time). */
    computed_at: z.string(),
    /** True when this answer reused a result computed earlier. */
    cached: z.boolean(),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
export type DashboardData = DashboardResponse['data'];
