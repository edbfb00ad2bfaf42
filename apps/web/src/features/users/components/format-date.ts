import dayjs from 'dayjs';

/** A date in the browser's (the user's) time zone, e.g. 'Nov 21, 2026'; empty text for none. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '';
}

/** The local calendar day of a timestamp for a date input (YYYY-MM-DD). */
export function toDateInput(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}

/** A date input's day as the start of that day in the user's time zone (ISO with offset). */
export function fromDateInput(value: string): string | null {
  return value ? dayjs(value, 'YYYY-MM-DD').format() : null;
}
