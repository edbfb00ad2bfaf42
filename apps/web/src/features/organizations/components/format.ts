import dayjs from 'dayjs';

/** A date-time in the user's time zone, or a dash. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY h:mm A') : '—';
}

/** A date in the user's time zone, or a dash. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY') : '—';
}

/** Onboarding statuses (Pending 1, In Progress 5, Completed 10). */
export function onboardingLabel(status: number): string {
  if (status >= 10) return 'Completed';
  if (status >= 5) return 'In Progress';
  return 'Pending';
}

/** 'past_due' -> 'Past Due'. */
export function humanize(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
