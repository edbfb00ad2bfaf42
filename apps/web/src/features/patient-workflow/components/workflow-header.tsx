import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDuration, type PatientWorkflowHeader } from '@archline/contracts/tech-workflows';
import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EMPTY_VALUE, formatDateTime } from '../../../lib/format.ts';

const CASE_STATUS: Record<PatientWorkflowHeader['list_status'], string> = {
  new: 'New',
  in_progress: 'In Progress',
  awaiting_approval: 'Awaiting Approval',
  approved: 'Approved',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The case at a glance: doctor, patient, organization (and its brackets), dates in the user's time
 * zone, the IOS file, the case status and the authorized third party. The doctor links to their
 * user page only for callers who may see users.
 */
/** How the header names the organization: a link by default; the app adds the staff's quick glance. */
export type OrganizationNameComponent = ComponentType<{ id: number; name: string }>;

function OrganizationLink({ id, name }: { id: number; name: string }) {
  return (
    <Link component={RouterLink} to={`/organizations/${id}`}>
      {name}
    </Link>
  );
}

export function WorkflowHeader({
  patient,
  canViewUsers,
  OrganizationName = OrganizationLink,
}: {
  patient: PatientWorkflowHeader;
  canViewUsers: boolean;
  OrganizationName?: OrganizationNameComponent;
}) {
  const org = patient.organization;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        <Item label="Patient">
          <Link component={RouterLink} to={`/patient-details/${patient.id}`}>
            {patient.formatted_name}
          </Link>
          {patient.rush_case && <Chip size="small" color="error" label="Rush" sx={{ ml: 1 }} />}
        </Item>
        <Item label="Doctor">
          {canViewUsers ? (
            <Link component={RouterLink} to={`/users/${patient.doctor.id}`}>
              {patient.doctor.full_name}
            </Link>
          ) : (
            patient.doctor.full_name
          )}
        </Item>
        <Item label="Organization">
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5 }}>
            <span>
              <OrganizationName id={org.id} name={org.name} />
              {org.account_number ? ` (${org.account_number})` : ''}
            </span>
            <Link
              component={RouterLink}
              to={`/organizations/${org.id}#brackets`}
              aria-label={`Brackets of ${org.name}`}
            >
              Brackets
            </Link>
          </Stack>
        </Item>
        <Item label="Case Status">
          <Chip size="small" label={CASE_STATUS[patient.list_status]} />
        </Item>
        <Item label="Created">{formatDateTime(patient.created_at)}</Item>
        <Item label="Submitted">{formatDateTime(patient.submitted_at)}</Item>
        <Item label="Ready">{formatDateTime(patient.ready_at)}</Item>
        <Item label="Approved">{formatDateTime(patient.completed_at)}</Item>
        <Item label="Modified">{formatDateTime(patient.updated_at)}</Item>
        <Item label="IOS File">{patient.ios_file?.name ?? EMPTY_VALUE}</Item>
        <Item label="Authorized Third Party">{patient.authorized_third_party ?? EMPTY_VALUE}</Item>
        <Item label="Overall Production Time">{formatDuration(patient.overall_production_time)}</Item>
      </Box>
    </Paper>
  );
}
