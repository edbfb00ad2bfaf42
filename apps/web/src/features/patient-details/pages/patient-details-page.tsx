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
import { isStaff, profileOf } from '@archline/contracts/roles';
import { useEffect, useMemo, type ComponentType } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { homePathFor } from '../../../session/access.ts';
import { useCanOpen } from '../../../session/can-open.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { useSession } from '../../../session/session.tsx';
import { useSettings } from '../../../session/settings.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { roleNames, type MeUser } from '../../../session/me.ts';
import { permissionsOf, usePermissions } from '../../../session/permissions.ts';
import { usePatient } from '../api/get-patient.ts';
import { useUpdatePatient } from '../api/update-patient.ts';
import { AccessHistoryPanel } from '../components/access-history-panel.tsx';
import { CaseNotesPanel } from '../components/case-notes-panel.tsx';
import { CaseProgressSummary } from '../components/case-progress-summary.tsx';
import { EasyRxPanel } from '../components/easy-rx-panel.tsx';
import { OnHoldNotesPanel } from '../components/on-hold-notes-panel.tsx';
import { PatientActions, type ActionsUser } from '../components/patient-actions.tsx';
import { PatientForm } from '../components/patient-form.tsx';
import { RxFormCard } from '../components/rx-form-card.tsx';
import { TextNotePanel } from '../components/text-note-panel.tsx';
import { TrayCorrectionCard } from '../components/tray-correction-card.tsx';
import { usePatientChannel } from '../components/use-patient-channel.ts';

/** The caller as the patient actions see them, with the effective permissions the server checks. */
function actionsUser(user: MeUser): ActionsUser {
  const roles = roleNames(user);
  return {
    full_name: user.full_name,
    roles,
    profile: profileOf(roles),
    permissions: permissionsOf(user),
    homePath: homePathFor(user),
  };
}

function Header({ patient, actor }: { patient: PatientDetails; actor: ActionsUser }) {
  const management = actor.profile === 'management';
  const organizationLink = management ? `/organizations/${patient.organization.id}` : '/account?tab=6';
  const workflowLink = `/patient-workflow/${patient.id}`;
  const canOpen = useCanOpen();
  const showWorkflowLink = isStaff(actor.roles) && canOpen(workflowLink);
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
          {showWorkflowLink && (
            <Link component={RouterLink} to={workflowLink}>
              Patient Workflow
            </Link>
          )}
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
        <CaseProgressSummary patient={patient} />
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
          subtitle="Physical technician notes"
          editable={!deleted && access('physical_tech_notes').write}
        />
      )}
      {access('management_notes').read && (
        <TextNotePanel
          patient={patient}
          field="management_notes"
          title="Bits"
          subtitle="Internal notes"
          editable={!deleted && access('management_notes').write}
        />
      )}
    </Stack>
  );
}

/** The files section the patient-files feature owns; app/ composes it into the page. */
export interface PatientDetailsPageSections {
  FilesSection: ComponentType<{ patient: PatientDetails }>;
}

/**
 * Scrolls the element into view, and keeps it there while the cards above it finish loading (they
 * grow the page for a moment after the patient shows): for up to five seconds, or until the person
 * scrolls, types or touches the page themselves.
 */
function keepInView(elementId: string) {
  const scroll = () => document.getElementById(elementId)?.scrollIntoView({ block: 'start' });
  scroll();
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(scroll);
  observer.observe(document.body);
  const content = document.querySelector('main')?.firstElementChild;
  if (content) observer.observe(content);
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const e of events) window.removeEventListener(e, stop);
  };
  const timer = window.setTimeout(stop, 5000);
  for (const e of events) window.addEventListener(e, stop, { passive: true });
}

/**
 * /patient-details/{id}: the patient form, the Rx form summary, the actions, the note panels and
 * the files. `?open-ios-file` brings the files section (IOS Files first) into view once loaded.
 */
export function PatientDetailsPage({ FilesSection }: PatientDetailsPageSections) {
  const id = Number(useParams().id);
  const { user } = useSession();
  const query = usePatient(id);
  const settings = useSettings();
  const canViewAccessHistory = usePermissions().can('patients.view-access-history');
  const update = useUpdatePatient(id, { silentError: true });
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  usePatientChannel(id);

  const patient = query.data;
  const actor = useMemo(() => (user && patient ? actionsUser(user) : null), [user, patient]);
  const openIos = searchParams.has('open-ios-file');

  useEffect(() => {
    if (!openIos || !patient) return;
    keepInView('patient-files-title');
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
          <Stack spacing={3}>
            <RxFormCard summary={patient.rx_form} />
            <TrayCorrectionCard patientId={patient.id} />
          </Stack>
        </Grid>
        <Grid size={12}>
          <NotesPanels patient={patient} actor={actor} />
        </Grid>
        <Grid size={12}>
          <FilesSection patient={patient} />
        </Grid>
        {canViewAccessHistory && (
          <Grid size={12}>
            <AccessHistoryPanel patientId={patient.id} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
