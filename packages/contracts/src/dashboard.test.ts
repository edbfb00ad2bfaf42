import { describe, expect, it } from 'vitest';
import {
  DashboardQuery,
  activityFilters,
  bucketLink,
  dashboardDateRange,
  rangeInstants,
  seriesBuckets,
  startOfDayIn,
  weekStart,
} from './dashboard.ts';

const DENVER = 'America/Denver';
// Wednesday 25 November 2026, 03:00 UTC: still Tuesday the 24th, 20:00, in Denver.
const now = new Date('2026-11-25T03:00:00Z');

describe('dashboardDateRange', () => {
  it("reads today in the user's time zone", () => {
    expect(dashboardDateRange('today', now, 'UTC')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(dashboardDateRange('today', now, DENVER)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(dashboardDateRange('yesterday', now, DENVER)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('runs weeks from Sunday to Saturday', () => {
    expect(dashboardDateRange('this_week', now, DENVER)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(dashboardDateRange('last_week', now, DENVER)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-28')).toBe('2026-11-22');
  });

  it('runs months from the first to the last day, across years', () => {
    expect(dashboardDateRange('this_month', now, DENVER)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(dashboardDateRange('last_month', now, DENVER)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const january = new Date('2027-01-10T12:00:00Z');
    expect(dashboardDateRange('last_month', january, 'UTC')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('day_to_month runs from the same day of the previous month (or its last day) to today', () => {
    expect(dashboardDateRange('day_to_month', now, DENVER)).toEqual({ from: '2026-10-24', to: '2026-11-24' });
    const march31 = new Date('2027-03-31T12:00:00Z');
    expect(dashboardDateRange('day_to_month', march31, 'UTC')).toEqual({
      from: '2027-02-28',
      to: '2027-03-31',
    });
  });

  it('all_time has no bounds; custom keeps the given dates', () => {
    expect(dashboardDateRange('all_time', now, DENVER)).toEqual({ from: null, to: null });
    expect(dashboardDateRange('custom', now, DENVER, { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});

describe('day boundaries', () => {
  it('starts a day at local midnight, summer and winter', () => {
    expect(startOfDayIn('2026-11-24', DENVER).toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(startOfDayIn('2026-07-01', DENVER).toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(startOfDayIn('2026-03-08', DENVER).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(startOfDayIn('2026-03-09', DENVER).toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(startOfDayIn('2026-11-24', 'Asia/Kolkata').toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });

  it('a day that starts inside a summer-time gap starts at its first moment', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026.
    const start = startOfDayIn('2026-09-06', 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('turns a calendar range into half-open instants', () => {
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-30' }, DENVER)).toEqual({
      from: new Date('2026-11-01T06:00:00.000Z'),
      to: new Date('2026-12-01T07:00:00.000Z'),
    });
    expect(rangeInstants({ from: null, to: null }, DENVER)).toEqual({ from: null, to: null });
  });
});

describe('seriesBuckets', () => {
  it('days up to 62, weeks (from Sunday) up to 371, months beyond', () => {
    expect(seriesBuckets({ from: '2026-11-01', to: '2026-11-30' })).toMatchObject({ unit: 'day' });
    expect(seriesBuckets({ from: '2026-11-01', to: '2026-11-30' }).starts).toHaveLength(30);
    const weeks = seriesBuckets({ from: '2026-01-01', to: '2026-06-30' });
    expect(weeks.unit).toBe('week');
    expect(weeks.starts.slice(0, 3)).toEqual(['2026-01-01', '2026-01-04', '2026-01-11']);
    const months = seriesBuckets({ from: '2024-01-15', to: '2026-11-30' });
    expect(months.unit).toBe('month');
    expect(months.starts.slice(0, 2)).toEqual(['2024-01-15', '2024-02-01']);
    expect(months.starts.at(-1)).toBe('2026-11-01');
  });
});

describe('links and the query', () => {
  it('builds the patient list and hub links', () => {
    expect(activityFilters('shipped', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      'filter%5Bactivity%5D=shipped&filter%5Bactivity_date%5D=2026-11-01%2C2026-11-30',
    );
    expect(activityFilters('shipped', { from: null, to: null })).toBe('filter%5Bactivity%5D=shipped');
    expect(bucketLink('doctor', 'active')).toBe(
      '/organizations-users?filter%5Broles%5D=doctor&filter%5Bstatus%5D=4',
    );
    expect(bucketLink('organization', 'total')).toBe('/organizations-users?filter%5Broles%5D=organization');
  });

  it('defaults to this month in UTC and needs both dates for custom', () => {
    expect(DashboardQuery.parse({})).toEqual({
      timeFilter: 'this_month',
      timeZone: 'UTC',
      withLiveData: false,
    });
    const r = DashboardQuery.safeParse({ timeFilter: 'custom', dateFilterFrom: '2026-01-01' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dateFilterTo', 'Required']]);
  });
});
