import dayjs from 'dayjs';

/** A timestamp in the user's (the browser's) time zone, e.g. 'Nov 21, 2026 3:05 PM'; '' for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY h:mm A') : '';
}

/** A calendar date (YYYY-MM-DD) as 'Nov 21, 2026'; '' for none. */
export function formatDay(value: string | null | undefined): string {
  return value ? dayjs(value.slice(0, 10), 'YYYY-MM-DD').format('MMM D, YYYY') : '';
}
