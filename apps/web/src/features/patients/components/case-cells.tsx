import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  requestAgeTone,
  rxFormLabel,
  shipDateTone,
  type PatientListItem,
  type RequestAgeTone,
} from '@archline/contracts';
import dayjs from 'dayjs';

type Request = PatientListItem['requests'][number];

/** The user's time zone (dates are shown and compared in it). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A timestamp in the user's time zone, e.g. 'Nov 21, 2026 3:05 PM'; a dash for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMM D, YYYY h:mm A') : '—';
}

/** A date in the user's time zone (calendar dates as they are); a dash for none. */
export function formatDay(value: string | null | undefined): string {
  // dayjs reads 'YYYY-MM-DD' as that day in the local time zone.
  return value ? dayjs(value).format('MMM D, YYYY') : '—';
}

const RX_LABEL_COLOURS = { CANCELLED: 'error', COMPLETED: 'success', PENDING: 'warning' } as const;

/** Rush, on-hold, archived and Rx form chips of a case. */
export function CaseChips({ patient }: { patient: PatientListItem }) {
  const rx = patient.rx_form;
  const label = rx ? rxFormLabel(rx).label : null;
  const chips = [
    rx?.rush_case && <Chip key="rush" size="small" color="error" label="Rush" />,
    patient.held_at && (
      <Chip
        key="hold"
        size="small"
        color={patient.held_by_group === 2 ? 'primary' : 'default'}
        label="On Hold"
      />
    ),
    patient.deleted_at && (
      <Chip key="archived" size="small" label={patient.deleted_kind === 'deleted' ? 'Deleted' : 'Archived'} />
    ),
    label && (
      <Chip key="rx" size="small" variant="outlined" color={RX_LABEL_COLOURS[label]} label={`Rx: ${label}`} />
    ),
    rx?.saved_for_later && <Chip key="saved" size="small" variant="outlined" label="Saved for later" />,
  ].filter(Boolean);
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {chips}
    </Stack>
  );
}

/** The case's markers (symbol and colour from the Rx form options). */
export function CaseMarkers({ markers }: { markers: PatientListItem['markers'] }) {
  if (markers.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }} aria-label="Markers">
      {markers.map((m, i) => (
        <Box
          key={`${m.symbol}-${i}`}
          component="span"
          data-testid="case-marker"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            px: 0.75,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontSize: '0.8125rem',
          }}
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: m.color }}
          />
          {m.symbol}
        </Box>
      ))}
    </Stack>
  );
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
  ok: 'up to 6 hours old',
  warning: 'up to 12 hours old',
  danger: 'older than 12 hours',
  neutral: 'no open items',
};

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
          <Chip
            key={`${r.type}-${r.id}`}
            size="small"
            color={AGE_COLOURS[tone]}
            label={text}
            data-tone={tone}
            title={r.oldest_open_at ? `Oldest open item ${AGE_TEXT[tone]}` : undefined}
            aria-label={`${text}, ${AGE_TEXT[tone]}`}
          />
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
      {formatDay(date)}
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

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Arch names: 1 Maxillary, 2 Mandibular, 3 Both. */
export const ARCH_LABELS: Record<number, string> = { 1: 'Maxillary', 2: 'Mandibular', 3: 'Both' };
/** Assignments: 1 provider, 2 in-office, 3 third party. */
export const ASSIGNMENT_LABELS: Record<number, string> = { 1: 'Provider', 2: 'In-office', 3: 'Third party' };
