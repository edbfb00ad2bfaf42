import dayjs from 'dayjs';

/**
 * How the portal shows dates and money. Dates are shown in the user's (the browser's) time zone;
 * a missing value is shown as an em dash, everywhere. Where a missing value hides its whole line,
 * the caller leaves the line out instead of formatting nothing.
 */
export const EMPTY_VALUE = '—';

/** A timestamp or a calendar date as 'Nov 21, 2026' in the user's time zone; a dash for none. */
export function formatDate(value: string | null | undefined): string {
  // dayjs reads 'YYYY-MM-DD' as that day in the local time zone.
  return value ? dayjs(value).format('MMM D, YYYY') : EMPTY_VALUE;
}

/** A timestamp as 'Nov 21, 2026 3:05 PM' in the user's time zone; a dash for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY h:mm A') : EMPTY_VALUE;
}

/**
 * A timestamp in a given pattern (dayjs tokens, e.g. 'ddd hh:mma DD-MMM-YYYY' gives
 * 'Mon 03:15pm 08-Jan-2024') in the user's time zone; a dash for none.
 */
export function formatTimestamp(value: string | null | undefined, pattern: string): string {
  return value ? dayjs(value).format(pattern) : EMPTY_VALUE;
}

/**
 * The calendar day a value names (its first ten characters, 'YYYY-MM-DD'), whatever the time
 * zone, as 'Nov 21, 2026'; an unreadable value as it is; a dash for none.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const date = dayjs(value.slice(0, 10), 'YYYY-MM-DD');
  return date.isValid() ? date.format('MMM D, YYYY') : value;
}

/** The local calendar day of a timestamp for a date input (YYYY-MM-DD); '' for none. */
export function toDateInput(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}

/** A date input's day as the start of that day in the user's time zone (ISO with offset). */
export function fromDateInput(value: string): string | null {
  return value ? dayjs(value, 'YYYY-MM-DD').format() : null;
}

/** Money with a $ prefix and 2 decimals; discounts show as -$10.00. */
export function formatMoney(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}$${Math.abs(value).toFixed(2)}`;
}

/** Integer cents as money ('$12.50'); a dash for none. */
export function formatCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? EMPTY_VALUE : formatMoney(cents / 100);
}

/** A percentage with 1 or 2 decimals: 5 -> '5.0%', 12.5 -> '12.5%', 7.75 -> '7.75%'. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const twoDecimals = Math.round(value * 100) % 10 !== 0;
  return `${value.toFixed(twoDecimals ? 2 : 1)}%`;
}
