import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { canPatientAction, formatPatientName, type PatientDetails } from '@archline/contracts/patients';
import { profileOf } from '@archline/contracts/roles';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { homePathFor } from '../../../app/access.ts';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { useSession } from '../../../app/session.tsx';
import { useSettings } from '../../../app/shell/api/get-settings.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { roleNames, type MeUser } from '../../auth/api/me.ts';
import { PatientFilesSection } from '../../patient-files/components/patient-files-section.tsx';
import { usePatient } from '../api/get-patient.ts';
import { useUpdatePatient } from '../api/update-patient.ts';
import { CaseNotesPanel } from '../components/case-notes-panel.tsx';
import { EasyRxPanel } from '../components/easy-rx-panel.tsx';
import { OnHoldNotesPanel } from '../components/on-hold-notes-panel.tsx';
import { PatientActions, type ActionsUser } from '../components/patient-actions.tsx';
import { PatientForm } from '../components/patient-form.tsx';
import { RxFormCard } from '../components/rx-form-card.tsx';
import { TextNotePanel } from '../components/text-note-panel.tsx';
import { usePatientChannel } from '../components/use-patient-channel.ts';

/** The caller's permissions for this patient: their own plus those of the patient's organization. */
function actionsUser(user: MeUser, patient: PatientDetails): ActionsUser {
  const roles = roleNames(user);
  const organization = user.organizations.find((o) => o.id === patient.organization_id);
  return {
    full_name: user.full_name,
    roles,
    profile: profileOf(roles),
    permissions: new Set([...user.all_permissions, ...(organization?.pivot.all_permissions ?? [])]),
    homePath: homePathFor(user),
  };
}

function Header({ patient, actor }: { patient: PatientDetails; actor: ActionsUser }) {
  const management = actor.profile === 'management';
  const organizationLink = management ? `/organizations/${patient.organization.id}` : '/account?tab=6';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Box>
        <Typography variant="h1" component="h1">
          {management ? 'Patient' : 'Patient Details'}
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {formatPatientName(patient)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Link component={RouterLink} to={organizationLink}>
            {patient.organization.name}
            {patient.organization.account_number ? ` (${patient.organization.account_number})` : ''}
          </Link>
          {patient.deleted_at && (
            <Tooltip title={patient.archived_reason ?? ''} describeChild>
              <Chip
                tabIndex={0}
                color="warning"
                size="small"
                label={`${patient.deleted_kind === 'deleted' ? 'Deleted' : 'Archived'} by ${patient.archived_by_name ?? ''}`}
              />
            </Tooltip>
          )}
          {patient.is_on_hold && (
            <Chip size="small" label="On Hold" color={patient.held_by_group === 2 ? 'primary' : 'default'} />
          )}
        </Stack>
      </Box>
      <PatientActions patient={patient} user={actor} />
    </Box>
  );
}

function NotesPanels({ patient, actor }: { patient: PatientDetails; actor: ActionsUser }) {
  const management = actor.profile === 'management';
  const deleted = patient.deleted_at !== null;
  const access = (field: keyof typeof patient.notes_access) =>
    patient.notes_access[field] ?? { read: false, write: false };
  const prescription = patient.rx_form?.easy_rx_prescription_id ?? null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="notes-title">
      <Typography id="notes-title" variant="h2" component="h2">
        Notes
      </Typography>
      <CaseNotesPanel patientId={patient.id} hasNotes={patient.notes_availability.case} readOnly={deleted} />
      {access('doctor_internal_notes').read && (
        <TextNotePanel
          patient={patient}
          field="doctor_internal_notes"
          title={management ? 'Internal Notes (Doctor)' : 'Internal Notes'}
          editable={!deleted && access('doctor_internal_notes').write}
        />
      )}
      <OnHoldNotesPanel
        patientId={patient.id}
        hasNotes={patient.notes_availability.onhold}
        canAdd={!deleted && patient.is_on_hold && canPatientAction(actor.permissions, 'hold')}
        authorName={actor.full_name}
      />
      {prescription && <EasyRxPanel prescriptionId={prescription} />}
      {access('internal_notes').read && (
        <TextNotePanel
          patient={patient}
          field="internal_notes"
          title="Digital Technician Notes"
          editable={!deleted && access('internal_notes').write}
        />
      )}
      {access('physical_tech_notes').read && (
        <TextNotePanel
          patient={patient}
          field="physical_tech_notes"
          title="Atoms"
          editable={!deleted && access('physical_tech_notes').write}
        />
      )}
      {access('management_notes').read && (
        <TextNotePanel
          patient={patient}
          field="management_notes"
          title="Bits"
          editable={!deleted && access('management_notes').write}
        />
      )}
    </Stack>
  );
}

/**
 * /patient-details/{id}: the patient form, the Rx form summary, the actions, the note panels and
 * the files. `?open-ios-file` brings the files section (IOS Files first) into view once loaded.
 */
export function PatientDetailsPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const query = usePatient(id);
  const settings = useSettings();
  const update = useUpdatePatient(id, { silentError: true });
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  usePatientChannel(id);

  const patient = query.data;
  const actor = useMemo(() => (user && patient ? actionsUser(user, patient) : null), [user, patient]);
  const openIos = searchParams.has('open-ios-file');

  useEffect(() => {
    if (!openIos || !patient) return;
    document.getElementById('patient-files-title')?.scrollIntoView({ block: 'start' });
    const next = new URLSearchParams(searchParams);
    next.delete('open-ios-file');
    setSearchParams(next, { replace: true, state: location.state as unknown });
  }, [openIos, patient, searchParams, setSearchParams, location.state]);

  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  if (query.isPending) return <PageLoader label="Loading patient..." />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  }
  if (!patient || !actor) return null;

  const deleted = patient.deleted_at !== null;
  const readOnly = deleted || !patient.abilities.update;
  const from = (location.state as { from?: unknown } | null)?.from;
  const goBack = () => {
    if (typeof from === 'string' && from.startsWith('/')) void navigate(from);
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) void navigate(-1);
    else void navigate(actor.homePath);
  };

  return (
    <Box>
      <Header patient={patient} actor={actor} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card component="section" aria-labelledby="patient-information-title">
            <CardHeader
              title="Patient Information"
              slotProps={{ title: { id: 'patient-information-title', component: 'h2', variant: 'h6' } }}
            />
            <CardContent>
              <PatientForm
                key={`${patient.id}-${patient.updated_at}-${patient.deleted_at ?? ''}`}
                patient={patient}
                readOnly={readOnly}
                correction={settings.data?.name_correction}
                onSave={async (changes) => {
                  const result = await update.mutateAsync(changes);
                  notifySuccess(result.message);
                  goBack();
                }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RxFormCard summary={patient.rx_form} />
        </Grid>
        <Grid size={12}>
          <NotesPanels patient={patient} actor={actor} />
        </Grid>
        <Grid size={12}>
          <PatientFilesSection patient={patient} />
        </Grid>
      </Grid>
    </Box>
  );
}
