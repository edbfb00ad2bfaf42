import { z } from 'zod';

/**
 * The lab's business-day calendar (document 2 sections 5 'Bonding date' and 9).
 *
 * The lab works in Mountain time (America/Denver). Business days are Monday to Friday except the
 * eleven US federal holidays, each on its observed date (a Saturday holiday is observed on the
 * Friday before, a Sunday holiday on the Monday after; New Year's Day on a Saturday is observed on
 * Friday 31 December of the year before):
 * New Year's Day (1 Jan), Martin Luther King Jr. Day (3rd Monday of January), Presidents' Day
 * (3rd Monday of February), Memorial Day (last Monday of May), Juneteenth (19 Jun), Independence
 * Day (4 Jul), Labor Day (1st Monday of September), Columbus Day (2nd Monday of October), Veterans
 * Day (11 Nov), Thanksgiving (4th Thursday of November), Christmas Day (25 Dec).
 * The day after Thanksgiving and Christmas Eve are ordinary business days.
 *
 * Everything works on 'YYYY-MM-DD' strings: day arithmetic is done on UTC midnights, and "today"
 * is read with Intl in the lab's time zone, so the caller's own time zone never leaks in.
 */

export const LAB_TIME_ZONE = 'America/Denver';
/** Bonding date: at most 6 months ahead, at most 30 days after the submission. */
export const BONDING_MAX_MONTHS_AHEAD = 6;
export const BONDING_MAX_DAYS_AFTER_SUBMISSION = 30;

export const BUSINESS_DAY_MESSAGES = {
  invalidBusinessDate: 'Selected date is not a valid business date',
  serverError: 'Server Error',
  invalidDate: 'The date must be a date (YYYY-MM-DD).',
  invalidDatetime: 'The datetime must be a date and time.',
  invalidYearMonth: 'The year month must be in the YYYY-MM format.',
  invalidOffset: 'The offset must be a number of minutes between -840 and 840.',
  firstPickNote:
    'The bonding date is contingent on doctor approval within 24 hours; arrival is no earlier than the end of the business day.',
  within30DaysNote: 'Bonding must be no later than 30 days after submission.',
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH_RE = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function parts(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function fmt(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function toUtcMs(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
}

function fromUtcMs(ms: number): string {
  const dt = new Date(ms);
  return fmt(dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate());
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 Sunday .. 6 Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Same day of month `months` later, clamped to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return fmt(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / DAY_MS);
}

function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = fmt(year, month, 1);
  const shift = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, shift + (n - 1) * 7);
}

function lastWeekday(year: number, month: number, weekday: number): string {
  const last = fmt(year, month, daysInMonth(year, month));
  const shift = (dayOfWeek(last) - weekday + 7) % 7;
  return addDays(last, -shift);
}

function observed(date: string): string {
  const dow = dayOfWeek(date);
  if (dow === 6) return addDays(date, -1);
  if (dow === 0) return addDays(date, 1);
  return date;
}

export interface Holiday {
  /** The day the lab is closed ('YYYY-MM-DD'). */
  date: string;
  name: string;
  /** The holiday's own date when it is observed on another day. */
  actual_date: string;
}

const holidayCache = new Map<number, Holiday[]>();

/** The federal holidays whose observed date falls in `year` (New Year's Day of year+1 may fall on 31 Dec). */
export function holidaysOf(year: number): Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const fixed = (y: number, m: number, d: number, name: string): Holiday => {
    const actual = fmt(y, m, d);
    return { date: observed(actual), name, actual_date: actual };
  };
  const floating = (date: string, name: string): Holiday => ({ date, name, actual_date: date });
  const all: Holiday[] = [
    fixed(year, 1, 1, "New Year's Day"),
    floating(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'),
    floating(nthWeekday(year, 2, 1, 3), "Presidents' Day"),
    floating(lastWeekday(year, 5, 1), 'Memorial Day'),
    fixed(year, 6, 19, 'Juneteenth'),
    fixed(year, 7, 4, 'Independence Day'),
    floating(nthWeekday(year, 9, 1, 1), 'Labor Day'),
    floating(nthWeekday(year, 10, 1, 2), 'Columbus Day'),
    fixed(year, 11, 11, 'Veterans Day'),
    floating(nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'),
    fixed(year, 12, 25, 'Christmas Day'),
    fixed(year + 1, 1, 1, "New Year's Day"),
  ];
  const prefix = `${String(year).padStart(4, '0')}-`;
  const list = all.filter((h) => h.date.startsWith(prefix));
  holidayCache.set(year, list);
  return list;
}

/** The holiday observed on `date`, if any. */
export function holidayOn(date: string): Holiday | null {
  return holidaysOf(parts(date)[0]).find((h) => h.date === date) ?? null;
}

export function isWeekend(date: string): boolean {
  const dow = dayOfWeek(date);
  return dow === 0 || dow === 6;
}

/** Monday to Friday and not an observed federal holiday. */
export function isBusinessDay(date: string): boolean {
  return isIsoDate(date) && !isWeekend(date) && holidayOn(date) === null;
}

/** The first business day strictly after `date`. */
export function nextBusinessDayAfter(date: string): string {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** `date` moved forward by `count` business days (count 0: `date` itself). */
export function addBusinessDays(date: string, count: number): string {
  let d = date;
  for (let i = 0; i < count; i++) d = nextBusinessDayAfter(d);
  return d;
}

/**
 * When "now" is, as an instant. `now` may be a Date, an ISO string with a zone ('Z', '+09:00'), or
 * a local date-time without a zone ('2026-11-26T15:30' / '2026-11-26 15:30:00') read with
 * `offsetMinutes` (minutes east of UTC, e.g. Tokyo 540, Hawaii -600; 0 when absent).
 */
export function instantOf(now: Date | string, offsetMinutes = 0): Date {
  if (now instanceof Date) return now;
  const s = now.trim().replace(' ', 'T');
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(s)) return new Date(s);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(s);
  if (!m) return new Date(Number.NaN);
  const local = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  return new Date(local - offsetMinutes * 60_000);
}

const labDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: LAB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date of an instant in a time zone (default: the lab's), 'YYYY-MM-DD'. */
export function dateInZone(instant: Date, timeZone: string = LAB_TIME_ZONE): string {
  const f =
    timeZone === LAB_TIME_ZONE
      ? labDateFormat
      : new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

export interface BusinessDateOptions {
  /** The caller's UTC offset in minutes east of UTC, used when `now` is a local date-time. */
  offsetMinutes?: number;
  /** The chosen shipping method's transit business days. */
  transitDays?: number;
}

/** Today in the lab (Mountain time) for the caller's "now". */
export function labToday(now: Date | string, opts: BusinessDateOptions = {}): string {
  const instant = instantOf(now, opts.offsetMinutes ?? 0);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid datetime');
  return dateInZone(instant);
}

/**
 * The minimum bonding date: the next business date after today in Mountain time, plus the
 * shipping method's transit business days.
 */
export function nextBusinessDate(now: Date | string, opts: BusinessDateOptions = {}): string {
  return addBusinessDays(nextBusinessDayAfter(labToday(now, opts)), Math.max(0, opts.transitDays ?? 0));
}

/** Min (next business date plus transit) and max (6 months after today, Mountain) of the bonding date. */
export function bondingDateBounds(
  now: Date | string,
  opts: BusinessDateOptions = {},
): { min: string; max: string } {
  const today = labToday(now, opts);
  return {
    min: addBusinessDays(nextBusinessDayAfter(today), Math.max(0, opts.transitDays ?? 0)),
    max: addMonths(today, BONDING_MAX_MONTHS_AHEAD),
  };
}

/** A business day within the bonding bounds. */
export function isValidBusinessDate(
  date: string,
  now: Date | string,
  opts: BusinessDateOptions = {},
): boolean {
  if (!isIsoDate(date) || !isBusinessDay(date)) return false;
  const { min, max } = bondingDateBounds(now, opts);
  return date >= min && date <= max;
}

/** Bonding no later than 30 days after the submission (submission date read in Mountain time). */
export function isWithin30DaysOfSubmission(
  bondingDate: string,
  submittedAt: Date | string,
  opts: { offsetMinutes?: number } = {},
): boolean {
  const submitted = labToday(submittedAt, opts);
  const diff = daysBetween(submitted, bondingDate);
  return diff <= BONDING_MAX_DAYS_AFTER_SUBMISSION;
}

export interface CalendarDay {
  date: string;
  is_business_day: boolean;
}

/** Every day of a month ('YYYY-MM') with whether it is a business day. */
export function calendarDays(yearMonth: string): CalendarDay[] {
  const m = YEAR_MONTH_RE.exec(yearMonth);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new RangeError(`Not a YYYY-MM month: ${yearMonth}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const out: CalendarDay[] = [];
  for (let d = 1; d <= daysInMonth(y, mo); d++) {
    const date = fmt(y, mo, d);
    out.push({ date, is_business_day: isBusinessDay(date) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The /misc calls (document 2 section 7 'Case entry')
// ---------------------------------------------------------------------------------------------

export const IsoDate = z
  .string({ error: BUSINESS_DAY_MESSAGES.invalidDate })
  .refine(isIsoDate, BUSINESS_DAY_MESSAGES.invalidDate);

const Datetime = z
  .string({ error: BUSINESS_DAY_MESSAGES.invalidDatetime })
  .trim()
  .refine((v) => !Number.isNaN(instantOf(v).getTime()), BUSINESS_DAY_MESSAGES.invalidDatetime);

const Offset = z.coerce
  .number({ error: BUSINESS_DAY_MESSAGES.invalidOffset })
  .int(BUSINESS_DAY_MESSAGES.invalidOffset)
  .min(-840, BUSINESS_DAY_MESSAGES.invalidOffset)
  .max(840, BUSINESS_DAY_MESSAGES.invalidOffset);

/**
 * datetime: the caller's local date-time (or an ISO instant); offset: the caller's offset in
 * minutes east of UTC (Tokyo 540); shipping_method: a shipping method's id or id_string (adds its
 * transit days). Without datetime the server's clock is used.
 */
export const NextBusinessDateQuery = z.object({
  datetime: Datetime.optional(),
  offset: Offset.optional(),
  shipping_method: z.string().trim().max(64).optional(),
});
export type NextBusinessDateQuery = z.infer<typeof NextBusinessDateQuery>;

export const NextBusinessDateResponse = z.object({
  next_business_date: z.string(),
  /** The latest bonding date (6 months after today in Mountain time). */
  max_business_date: z.string(),
});
export type NextBusinessDateResponse = z.infer<typeof NextBusinessDateResponse>;

export const CalendarDaysQuery = z.object({
  year_month: z
    .string({ error: BUSINESS_DAY_MESSAGES.invalidYearMonth })
    .refine(
      (v) => YEAR_MONTH_RE.test(v) && Number(v.slice(5)) >= 1 && Number(v.slice(5)) <= 12,
      BUSINESS_DAY_MESSAGES.invalidYearMonth,
    ),
});
export type CalendarDaysQuery = z.infer<typeof CalendarDaysQuery>;

export const CalendarDay = z.object({ date: z.string(), is_business_day: z.boolean() });
export const CalendarDaysResponse = z.object({ data: z.array(CalendarDay) });
export type CalendarDaysResponse = z.infer<typeof CalendarDaysResponse>;

export const IsValidBusinessDateQuery = NextBusinessDateQuery.extend({ business_date: IsoDate });
export type IsValidBusinessDateQuery = z.infer<typeof IsValidBusinessDateQuery>;

export const IsValidBusinessDateResponse = z.object({ is_valid: z.boolean() });
export type IsValidBusinessDateResponse = z.infer<typeof IsValidBusinessDateResponse>;
