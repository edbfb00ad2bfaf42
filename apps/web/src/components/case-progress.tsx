import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  REQUEST_AGE_OK_HOURS,
  REQUEST_AGE_WARNING_HOURS,
  requestAgeTone,
  shipDateTone,
  type PatientListItem,
  type RequestAgeTone,
} from '@archline/contracts';
import { formatDate } from '../lib/format.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

type Request = PatientListItem['requests'][number];

/** The user's time zone (dates are shown and compared in it). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The request names of the Requests column. */
export const REQUEST_TYPE_LABELS: Record<Request['type'], string> = {
  initial_case_setup: 'Initial Case Setup',
  customer_request: 'Request',
  printing_request: 'Printing',
  tray_design: 'Tray Design',
};

/** Initial case setup (and customer requests): 1 New, 2 In Progress, 3 Pending, 4 Completed, 5 Canceled. */
const SETUP_STATUSES: Record<number, string> = {
  1: 'New',
  2: 'In Progress',
  3: 'Pending',
  4: 'Completed',
  5: 'Canceled',
};
/** Printing and tray design: 1 New, 2 In Progress, 3 Completed, 4 Canceled. */
const WORK_STATUSES: Record<number, string> = { 1: 'New', 2: 'In Progress', 3: 'Completed', 4: 'Canceled' };

export function requestStatusLabel(request: Request): string {
  const set =
    request.type === 'printing_request' || request.type === 'tray_design' ? WORK_STATUSES : SETUP_STATUSES;
  return set[request.status_id] ?? `Status ${request.status_id}`;
}

const AGE_COLOURS: Record<RequestAgeTone, 'success' | 'warning' | 'error' | 'default'> = {
  ok: 'success',
  warning: 'warning',
  danger: 'error',
  neutral: 'default',
};
const AGE_TEXT: Record<RequestAgeTone, string> = {
  ok: `up to ${REQUEST_AGE_OK_HOURS} hours old`,
  warning: `up to ${REQUEST_AGE_WARNING_HOURS} hours old`,
  danger: `older than ${REQUEST_AGE_WARNING_HOURS} hours`,
  neutral: 'no open items',
};

/** What a request chip's colour means, and where this one stands. */
export function requestAgeExplanation(tone: RequestAgeTone): string {
  const rule =
    `The colour is the age of the oldest open item: green up to ${REQUEST_AGE_OK_HOURS} h, ` +
    `amber up to ${REQUEST_AGE_WARNING_HOURS} h, red beyond.`;
  return tone === 'neutral' ? `${rule} No open item has a time yet.` : `${rule} Oldest open item ${AGE_TEXT[tone]}.`;
}

/** Open requests as chips coloured by the age of their oldest open item. */
export function RequestChips({ requests, now }: { requests: PatientListItem['requests']; now: Date }) {
  if (requests.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No open requests
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {requests.map((r) => {
        const tone = requestAgeTone(r.oldest_open_at, now);
        const text = `${REQUEST_TYPE_LABELS[r.type]}: ${requestStatusLabel(r)}`;
        return (
          <Tooltip key={`${r.type}-${r.id}`} title={requestAgeExplanation(tone)}>
            <Chip
              size="small"
              color={AGE_COLOURS[tone]}
              label={text}
              data-tone={tone}
              tabIndex={0}
              aria-label={`${text}, ${AGE_TEXT[tone]}`}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
}

/** The ship date: red bold when past and not completed, green bold when today. */
export function ShipDate({ date, completed, now }: { date: string | null; completed: boolean; now: Date }) {
  if (!date) return <Typography variant="body2">—</Typography>;
  const tone = shipDateTone(date, completed, now, userTimeZone());
  return (
    <Typography
      variant="body2"
      component="span"
      data-tone={tone}
      sx={{
        fontWeight: tone === 'normal' ? undefined : 700,
        color: tone === 'overdue' ? 'error.main' : tone === 'today' ? 'success.main' : undefined,
      }}
    >
      {formatDate(date)}
      {tone === 'overdue' && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (overdue)
        </Box>
      )}
      {tone === 'today' && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (today)
        </Box>
      )}
    </Typography>
  );
}
