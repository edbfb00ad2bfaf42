import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientListItem } from '@archline/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ARCH_LABELS, ASSIGNMENT_LABELS, CaseChips, CaseMarkers } from './case-cells.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

/** The patient's details page. */
export function detailsPath(id: number): string {
  return `/patient-details/${id}`;
}

/** The viewer launcher (/dibs) for the case: `q` carries the patient id. */
export function viewerPath(id: number): string {
  return `/dibs?q=${encodeURIComponent(String(id))}`;
}

/** Details (the patient page) and View (the case in the viewer, in a new tab). */
export function CaseActions({ patient }: { patient: PatientListItem }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button
        component={RouterLink}
        to={detailsPath(patient.id)}
        size="small"
        variant="outlined"
        aria-label={`Details of ${patient.full_name}`}
      >
        Details
      </Button>
      <Button
        component="a"
        href={viewerPath(patient.id)}
        target="_blank"
        rel="noopener"
        size="small"
        endIcon={<OpenInNewIcon aria-hidden="true" />}
        aria-label={`View ${patient.full_name} in the viewer (opens in a new tab)`}
      >
        View
      </Button>
    </Stack>
  );
}

/** The row's expand button. */
export function ExpandButton({
  expanded,
  onToggle,
  name,
  controls,
}: {
  expanded: boolean;
  onToggle: () => void;
  name: string;
  controls: string;
}) {
  return (
    <IconButton
      size="small"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
    >
      {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  );
}

/** Name (linking to the details), case number, markers and chips. */
export function CaseDetails({ patient, children }: { patient: PatientListItem; children?: ReactNode }) {
  return (
    <Box>
      <Link component={RouterLink} to={detailsPath(patient.id)} sx={{ fontWeight: 600 }}>
        {patient.formatted_name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        Dr. {patient.user.full_name}
      </Typography>
      {children}
      <CaseMarkers markers={patient.markers} />
      <CaseChips patient={patient} />
    </Box>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** What an expanded row shows. */
export function CaseMore({ patient }: { patient: PatientListItem }) {
  const rx = patient.rx_form;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto 1fr', md: 'auto 1fr auto 1fr auto 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        py: 1,
      }}
    >
      <Item label="Doctor">{patient.user.full_name}</Item>
      <Item label="Organization">
        {patient.organization.name}
        {patient.organization.account_number ? ` (${patient.organization.account_number})` : ''}
      </Item>
      <Item label="Case Number">{patient.case_number_text ?? '—'}</Item>
      <Item label="Arch">{rx?.jaws_id ? (ARCH_LABELS[rx.jaws_id] ?? '—') : '—'}</Item>
      <Item label="Bonding Date">{formatDate(rx?.bonding_date)}</Item>
      <Item label="Setup Completed">{formatDateTime(patient.setup_completed_at)}</Item>
      <Item label="Printing">{rx?.assignments.print ? ASSIGNMENT_LABELS[rx.assignments.print] : '—'}</Item>
      <Item label="Tray Design">
        {rx?.assignments.tray_design ? ASSIGNMENT_LABELS[rx.assignments.tray_design] : '—'}
      </Item>
      <Item label="Case Notes">{patient.notes_availability.case ? 'Yes' : 'None'}</Item>
    </Box>
  );
}
