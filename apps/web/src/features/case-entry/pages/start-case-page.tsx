import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  onboardingBlocksCaseEntry,
  RX_FORM_MESSAGES,
  customControlDefaults,
  defaultTeeth,
  type OrganizationSummary,
  type RxFormValues,
  type SavedForLaterInfo,
} from '@archline/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toRouteUser } from '../../../session/access.ts';
import { useSession } from '../../../session/session.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import type { MeUser } from '../../../session/me.ts';
import { userCan } from '../../../session/permissions.ts';
import {
  checkSimilarPatient,
  useCreateRxForm,
  useDoctors,
  useOrganizationSearch,
} from '../api/case-entry.ts';
import { useCreatePatient } from '../api/create-patient.ts';
import { SavedForLaterDialog, SimilarPatientDialog } from '../components/case-dialogs.tsx';
import {
  RxFormFields,
  useRxForm,
  type RxFormInput,
  type RxFormSetup,
} from '../components/rx-form-fields.tsx';
import { useCaseSetup } from '../components/use-case-setup.ts';

export const FORM_FIELDS = [
  'user_id',
  'first_name',
  'last_name',
  'case_number_text',
  'intraoral_scan_date',
  'location_id',
  'rush_case',
  'rush_case_authorized_by',
  'scan_submission_type',
  'custom_scanner_type_name',
  'stl_files',
  'rx_intraoral_photos',
  'dicom_files',
  'shipping_location_id',
  'shipping_method',
  'bracket_libraries',
  'initial_setup_assignment',
  'print_assignment',
  'insert_brackets_assignment',
  'tray_design_assignment',
  'bonding_date',
] as const;

/** /organizations/{organizationId}/rx-forms/add: Start a Case. */
export function StartCasePage() {
  const { user } = useSession();
  const params = useParams();
  const organizationId = Number(params.organizationId);
  if (!user) return null;
  const routeUser = toRouteUser(user);
  const management = routeUser.profile === 'management';
  if (management && !userCan(user, 'rx-forms.manage')) return <Navigate to="/patients-page" replace />;
  if (!management && !user.organizations.some((o) => o.id === organizationId))
    return <Navigate to="/patients" replace />;
  const membership = user.organizations.find((o) => o.id === organizationId);

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" component="h1">
          Start a Case
        </Typography>
        {management && <OrganizationChooser organizationId={organizationId} />}
      </Stack>
      {!management && onboardingBlocksCaseEntry(membership?.onboarding) ? (
        <Alert severity="info">{RX_FORM_MESSAGES.onboarding}</Alert>
      ) : !management && membership?.contract?.suspended_at ? (
        <Alert severity="warning">{RX_FORM_MESSAGES.contractSuspended}</Alert>
      ) : Number.isInteger(organizationId) && organizationId > 0 ? (
        <StartCaseForm key={organizationId} user={user} organizationId={organizationId} />
      ) : (
        <Alert severity="info">Choose the organization of the case.</Alert>
      )}
    </Box>
  );
}

function OrganizationChooser({ organizationId }: { organizationId: number }) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [selected, setSelected] = useState<OrganizationSummary | null>(null);
  const organizations = useOrganizationSearch(input, true);
  const options = organizations.data ?? [];
  const current = selected ?? options.find((o) => o.id === organizationId) ?? null;
  return (
    <Autocomplete
      sx={{ width: 360 }}
      options={options}
      value={current}
      getOptionLabel={(o) => (o.account_number ? `${o.name} (${o.account_number})` : o.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={organizations.isLoading}
      onInputChange={(_, value, reason) => {
        if (reason === 'input') setInput(value);
      }}
      onChange={(_, o) => {
        setSelected(o);
        if (o) void navigate(`/organizations/${o.id}/rx-forms/add`);
      }}
      renderInput={(p) => <TextField {...p} label="Organization" />}
    />
  );
}

/** The doctor a case is started for (/users/{userId}/patients/add): fixed, no selector. */
export interface CaseDoctor {
  id: number;
  full_name: string;
}

/**
 * The case form of an organization. Without `doctor` it is Start a Case (POST /rx-forms, the
 * doctor chosen or the caller); with `doctor` the case is that doctor's (POST /patients with
 * user_id), as staff start it from the user page.
 */
export function StartCaseForm({
  user,
  organizationId,
  doctor,
}: {
  user: MeUser;
  organizationId: number;
  doctor?: CaseDoctor;
}) {
  const { setup: organizationSetup, isLoading, error } = useCaseSetup(user, organizationId);
  // A fixed doctor replaces the selector: the doctor's libraries, wires and sets are offered.
  const setup = useMemo(
    () =>
      organizationSetup && doctor
        ? { ...organizationSetup, doctorSelection: false, defaultDoctorId: doctor.id }
        : organizationSetup,
    [organizationSetup, doctor],
  );
  if (isLoading)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the case form" />
      </Box>
    );
  if (error || !setup) return <Alert severity="error">Failed to fetch organization.</Alert>;
  return <CaseEntry user={user} setup={setup} doctor={doctor} />;
}

function defaultsFor(setup: RxFormSetup): RxFormInput {
  const only = setup.locations.length === 1 ? setup.locations[0]!.id : undefined;
  return {
    user_id: null,
    first_name: '',
    last_name: '',
    case_number_text: '',
    intraoral_scan_date: '',
    submission_completed_by: 1,
    location_id: only as unknown as number,
    rush_case: false,
    rush_case_authorized_by: null,
    scan_submission_type: undefined as unknown as 1,
    scanner_type: 1,
    custom_scanner_type_name: null,
    stl_files: [],
    rx_intraoral_photos: [],
    dicom_files: [],
    special_instructions: '',
    jaws_id: 3,
    export_type: 1,
    // The organization's configured defaults (initial setup and print request configurations).
    initial_setup_assignment: (setup.assignmentDefaults?.initial_setup_assignment ??
      setup.assignments.initial_setup[0] ??
      1) as 1,
    print_assignment: (setup.assignmentDefaults?.print_assignment ?? setup.assignments.print[0] ?? 1) as 1,
    tray_design_assignment: null,
    insert_brackets_assignment: (setup.assignmentDefaults?.insert_brackets_assignment ??
      setup.assignments.insert_brackets[0] ??
      1) as 1,
    shipping_location_id: only ?? null,
    shipping_method: null,
    root_integration_type: 0,
    bracket_libraries: [],
    custom_bracket_set_id: null,
    arch_wires: [],
    bonding_date: null,
    teeth: defaultTeeth(),
    custom_setup: false,
    saved_for_later: false,
    saved_for_later_info: null,
    form_builder_layout_id: null,
    custom_field_values: customControlDefaults(setup.layout),
  };
}

function CaseEntry({ user, setup, doctor }: { user: MeUser; setup: RxFormSetup; doctor?: CaseDoctor }) {
  const navigate = useNavigate();
  const createRxForm = useCreateRxForm();
  const createPatient = useCreatePatient();
  const create = doctor ? createPatient : createRxForm;
  const [savedForLater, setSavedForLater] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bondingError, setBondingError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [askInfo, setAskInfo] = useState<RxFormValues | null>(null);
  const [similar, setSimilar] = useState<{ values: RxFormValues; text: string } | null>(null);
  // The server's refusal to start a case here (onboarding incomplete, contract suspended).
  const [refusal, setRefusal] = useState<string | null>(null);
  const defaults = useMemo(() => defaultsFor(setup), [setup]);
  const { form } = useRxForm(setup, defaults, savedForLater);
  const management = toRouteUser(user).profile === 'management';
  const working = create.isPending || checking;
  // Submitting is always possible except while files upload: an attempt marks what is missing.
  const canSubmit = !busy && !working;

  // The signed-in user is the doctor of the case when they are one of the organization's doctors.
  const doctors = useDoctors(setup.organizationId, setup.doctorSelection);
  useEffect(() => {
    if (!setup.doctorSelection || form.getValues('user_id')) return;
    if (doctors.data?.data.some((d) => d.id === user.id))
      form.resetField('user_id', { defaultValue: user.id });
  }, [doctors.data, setup.doctorSelection, user.id, form]);

  const post = async (v: RxFormValues, confirmed: boolean) => {
    try {
      const body = { ...v, organization_id: setup.organizationId, confirmed_similar_patient: confirmed };
      const result = doctor
        ? await createPatient.mutateAsync({ ...body, user_id: doctor.id, rx_form_id: null })
        : await createRxForm.mutateAsync(body);
      notifySuccess(result.message);
      await navigate(`/patient-details/${result.patient.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) {
        setRefusal(e.message);
        return;
      }
      applyServerErrors(e, form.setError, FORM_FIELDS);
      notifyError(e);
    }
  };

  const proceed = async (v: RxFormValues) => {
    setChecking(true);
    let answer;
    try {
      answer = await checkSimilarPatient({
        first_name: v.first_name,
        last_name: v.last_name,
        case_number_text: v.case_number_text ?? undefined,
        organization_id: setup.organizationId,
        user_id: doctor ? doctor.id : setup.doctorSelection ? (v.user_id ?? undefined) : undefined,
      });
    } catch {
      notifyError(new Error('Failed to fetch similar patient data'));
      return;
    } finally {
      setChecking(false);
    }
    if (answer.has_similar_patient) {
      const suffix =
        answer.numeric_suffix !== null
          ? ` The new patient will be ${v.first_name} ${v.last_name} ${answer.numeric_suffix}.`
          : '';
      setSimilar({ values: v, text: `${RX_FORM_MESSAGES.similarPatient}${suffix}` });
      return;
    }
    await post(v, false);
  };

  const onSubmit = form.handleSubmit(async (v) => {
    if (bondingError) return;
    if (savedForLater) {
      setAskInfo(v);
      return;
    }
    await proceed(v);
  });

  if (refusal) return <Alert severity="warning">{refusal}</Alert>;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Start a Case">
      <Stack spacing={3}>
        {doctor && (
          <TextField
            label="Doctor"
            value={doctor.full_name}
            slotProps={{ input: { readOnly: true } }}
            helperText="The case is started for this doctor."
            sx={{ maxWidth: 360 }}
          />
        )}
        {setup.locations.length === 0 && <Alert severity="warning">{RX_FORM_MESSAGES.noLocations}</Alert>}
        <RxFormFields
          form={form}
          setup={setup}
          disabled={working}
          onBusyChange={setBusy}
          onBondingErrorChange={setBondingError}
          extraIssues={
            bondingError ? [{ name: 'bonding_date', label: 'Bonding Date', message: bondingError }] : []
          }
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <FormControlLabel
            control={
              <Checkbox checked={savedForLater} onChange={(e) => setSavedForLater(e.target.checked)} />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                Save for later <Chip label="beta" size="small" variant="outlined" />
              </Box>
            }
          />
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
            {working ? (
              <CircularProgress size={24} aria-label="Submitting" />
            ) : savedForLater ? (
              'Save for later'
            ) : (
              'Submit'
            )}
          </Button>
        </Stack>
      </Stack>
      <SavedForLaterDialog
        open={askInfo !== null}
        lockedName={management ? user.full_name : null}
        showNotifyOffice={management}
        busy={working}
        onClose={() => setAskInfo(null)}
        onContinue={(info: SavedForLaterInfo) => {
          const v = askInfo;
          setAskInfo(null);
          if (v) void proceed({ ...v, saved_for_later: true, saved_for_later_info: info });
        }}
      />
      <SimilarPatientDialog
        open={similar !== null}
        text={similar?.text ?? ''}
        busy={working}
        onClose={() => setSimilar(null)}
        onConfirm={() => {
          const s = similar;
          setSimilar(null);
          if (s) void post(s.values, true);
        }}
      />
    </Box>
  );
}
