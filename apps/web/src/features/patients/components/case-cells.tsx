import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { rxFormLabel, type PatientListItem } from '@archline/contracts';

export {
  REQUEST_TYPE_LABELS,
  RequestChips,
  ShipDate,
  requestStatusLabel,
  userTimeZone,
} from '../../../components/case-progress.tsx';

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

/** Arch names: 1 Maxillary, 2 Mandibular, 3 Both. */
export const ARCH_LABELS: Record<number, string> = { 1: 'Maxillary', 2: 'Mandibular', 3: 'Both' };
/** Assignments: 1 provider, 2 in-office, 3 third party. */
export const ASSIGNMENT_LABELS: Record<number, string> = { 1: 'Provider', 2: 'In-office', 3: 'Third party' };
