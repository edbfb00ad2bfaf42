import Chip from '@mui/material/Chip';
import { requestAgeTone, type RequestAgeTone } from '@archline/contracts';

const STATUS_COLORS: Record<number, 'default' | 'primary' | 'warning' | 'success' | 'error'> = {
  1: 'primary',
  2: 'warning',
  3: 'default',
  4: 'success',
  5: 'error',
};

/** The request's status as a chip (New, In Progress, Pending, Completed, Canceled). */
export function RequestStatusChip({ statusId, label }: { statusId: number; label: string }) {
  return <Chip size="small" label={label} color={STATUS_COLORS[statusId] ?? 'default'} variant="outlined" />;
}

const AGE_COLORS: Record<RequestAgeTone, 'success' | 'warning' | 'error' | 'default'> = {
  ok: 'success',
  warning: 'warning',
  danger: 'error',
  neutral: 'default',
};

const AGE_TEXT: Record<RequestAgeTone, string> = {
  ok: 'up to 6 hours old',
  warning: '6 to 12 hours old',
  danger: 'over 12 hours old',
  neutral: 'age unknown',
};

/** How long the oldest item has waited, coloured by the 6 h / 12 h thresholds. */
export function AgeChip({ oldestAt, now }: { oldestAt: string | null; now: Date }) {
  const tone = requestAgeTone(oldestAt, now);
  const hours = oldestAt
    ? Math.max(0, Math.floor((now.getTime() - new Date(oldestAt).getTime()) / 3_600_000))
    : null;
  const label = hours === null ? 'No items' : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
  return (
    <Chip
      size="small"
      label={label}
      color={AGE_COLORS[tone]}
      aria-label={`Oldest item ${label}, ${AGE_TEXT[tone]}`}
      data-tone={tone}
    />
  );
}
