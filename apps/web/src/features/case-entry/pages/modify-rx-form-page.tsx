import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSIGNMENT_FIELDS,
  RX_FORM_MESSAGES,
  customControlDefaults,
  defaultTeeth,
  type RxFormResponse,
  type RxFormValues,
  type UpdateRxFormRequest,
} from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import type { MeUser } from '../../../session/me.ts';
import { rxFormQuery, useUpdateRxForm } from '../api/case-entry.ts';
import {
  RxFormFields,
  useRxForm,
  type RxFormInput,
  type RxFormSetup,
} from '../components/rx-form-fields.tsx';
import { useCaseSetup } from '../components/use-case-setup.ts';
import { FORM_FIELDS } from './start-case-page.tsx';

/** /rx-forms/{id}/modify: the Rx form of an existing case within its modification rules. */
export function ModifyRxFormPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const rx = useQuery({ ...rxFormQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (!user) return null;
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h1" component="h1">
          Modify Rx Form
        </Typography>
        {rx.data?.rx_form.patient_id && (
          <Button component={RouterLink} to={`/patient-details/${rx.data.rx_form.patient_id}`}>
            Back to the patient
          </Button>
        )}
      </Stack>
      {rx.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the Rx form" />
        </Box>
      ) : rx.error || !rx.data ? (
        <Alert severity="error">{rx.error ? errorMessage(rx.error) : 'The Rx form was not found.'}</Alert>
      ) : (
        <ModifySetup user={user} data={rx.data} />
      )}
    </Box>
  );
}

function ModifySetup({ user, data }: { user: MeUser; data: RxFormResponse }) {
  const { rx_form: rx, metadata } = data;
  const base = useCaseSetup(user, rx.organization_id);
  const setup = useMemo<RxFormSetup | null>(() => {
    if (!base.setup) return null;
    const rules = metadata.modification_rules;
    const locations = [...base.setup.locations];
    for (const l of [rx.location, rx.shipping_location])
      if (l && !locations.some((x) => x.id === l.id))
        locations.push({
          id: l.id,
          location_name: l.location_name,
          full_address: l.full_address,
          created_at: '',
        });
    const keep = (allowed: number[], current: number | null) =>
      current && !allowed.includes(current) ? [...allowed, current] : allowed;
    return {
      ...base.setup,
      hiddenFields: metadata.hidden_fields,
      rushCaseEnabled: base.setup.rushCaseEnabled || rx.rush_case,
      assignments: {
        initial_setup: keep(base.setup.assignments.initial_setup, rx.initial_setup_assignment),
        print: keep(base.setup.assignments.print, rx.print_assignment),
        insert_brackets: keep(base.setup.assignments.insert_brackets, rx.insert_brackets_assignment),
      },
      layout: (rx.form_builder_data?.form_data as RxFormSetup['layout'] | undefined) ?? base.setup.layout,
      doctorSelection: rules.modifiable_fields.includes('user_id'),
      defaultDoctorId: rx.user_id,
      locations,
      modifiableFields: new Set(rules.modifiable_fields),
      filesManagedElsewhere: true,
    };
  }, [base.setup, metadata, rx]);
  if (base.isLoading)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the case form" />
      </Box>
    );
  if (base.error || !setup) return <Alert severity="error">Failed to fetch organization.</Alert>;
  return <ModifyForm data={data} setup={setup} />;
}

function valuesOf(data: RxFormResponse, setup: RxFormSetup): RxFormInput {
  const rx = data.rx_form;
  return {
    user_id: rx.user_id,
    first_name: '',
    last_name: '',
    case_number_text: null,
    intraoral_scan_date: rx.intraoral_scan_date ?? '',
    submission_completed_by: (rx.submission_completed_by ?? 1) as 1,
    location_id: rx.location_id as number,
    rush_case: rx.rush_case,
    rush_case_authorized_by: rx.rush_case_authorized_by,
    scan_submission_type: (rx.scan_submission_type ?? 1) as 1,
    scanner_type: rx.scanner_type ?? 1,
    custom_scanner_type_name: rx.custom_scanner_type_name,
    stl_files: [],
    rx_intraoral_photos: [],
    dicom_files: [],
    special_instructions: rx.special_instructions,
    jaws_id: (rx.jaws_id ?? 3) as 3,
    export_type: (rx.export_type ?? 1) as 1,
    initial_setup_assignment: rx.initial_setup_assignment as 1,
    print_assignment: (rx.print_assignment ?? 1) as 1,
    tray_design_assignment: rx.tray_design_assignment as 1 | null,
    insert_brackets_assignment: (rx.insert_brackets_assignment ?? 2) as 1,
    shipping_location_id: rx.shipping_location_id,
    shipping_method: rx.shipping_method_id,
    root_integration_type: rx.root_integration_type as 0,
    bracket_libraries: rx.bracket_libraries.map((b) => b.id),
    custom_bracket_set_id: rx.custom_bracket_set_id,
    arch_wires: rx.arch_wires.map((w) => w.id),
    bonding_date: rx.bonding_date,
    teeth: Object.keys(rx.teeth).length === 32 ? (rx.teeth as RxFormInput['teeth']) : defaultTeeth(),
    custom_setup: rx.custom_setup,
    saved_for_later: rx.saved_for_later,
    saved_for_later_info: rx.saved_for_later_info
      ? {
          name: rx.saved_for_later_info.name,
          reason: rx.saved_for_later_info.reason,
          notify_office: rx.saved_for_later_info.notify_office,
        }
      : null,
    form_builder_layout_id: rx.form_builder_layout_id,
    custom_field_values: { ...customControlDefaults(setup.layout), ...rx.custom_field_values },
  };
}

function ModifyForm({ data, setup }: { data: RxFormResponse; setup: RxFormSetup }) {
  const navigate = useNavigate();
  const rx = data.rx_form;
  const rules = data.metadata.modification_rules;
  const update = useUpdateRxForm(rx.id);
  const [busy, setBusy] = useState(false);
  const [bondingError, setBondingError] = useState<string | null>(null);
  const defaults = useMemo(() => valuesOf(data, setup), [data, setup]);
  // The patient's names are not part of the Rx form: the form carries placeholders that pass the rules.
  const withNames = useMemo(() => ({ ...defaults, first_name: 'Patient', last_name: 'Patient' }), [defaults]);
  const { form, schema } = useRxForm(setup, withNames, false);
  const values = useWatch({ control: form.control });
  const valid = useMemo(() => schema.safeParse(values).success, [schema, values]);
  const editable = rules.can_modify || rules.can_change_assignments;
  const canSubmit =
    editable && form.formState.isDirty && valid && !busy && !update.isPending && !bondingError;

  const onSubmit = form.handleSubmit(async (v: RxFormValues) => {
    const dirty = form.formState.dirtyFields as Record<string, unknown>;
    const allowed = new Set(rules.modifiable_fields);
    const body: Record<string, unknown> = {};
    for (const key of Object.keys(dirty)) {
      if (!allowed.has(key)) continue;
      body[key] = v[key as keyof RxFormValues];
    }
    // The normalized values may clear dependent fields (shipping when printing in office, tray design).
    for (const key of [
      'shipping_method',
      'shipping_location_id',
      'tray_design_assignment',
      'rush_case_authorized_by',
      'custom_scanner_type_name',
    ] as const)
      if (allowed.has(key) && v[key] !== defaults[key] && !(key in body)) body[key] = v[key];
    if (!rules.can_change_assignments) for (const f of ASSIGNMENT_FIELDS) delete body[f];
    if (Object.keys(body).length === 0) return;
    try {
      const result = await update.mutateAsync(body as UpdateRxFormRequest);
      notifySuccess(result.message);
      if (rx.patient_id) await navigate(`/patient-details/${rx.patient_id}`);
    } catch (e) {
      applyServerErrors(e, form.setError, FORM_FIELDS);
      notifyError(e);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Modify Rx Form">
      <Stack spacing={3}>
        {rules.show_approved_warning && <Alert severity="warning">{RX_FORM_MESSAGES.approvedWarning}</Alert>}
        {!editable && rules.reason && <Alert severity="info">{rules.reason}</Alert>}
        {editable && !rules.can_change_assignments && (
          <Alert severity="info">{RX_FORM_MESSAGES.assignmentLocked}</Alert>
        )}
        <Typography variant="body1">
          {rx.organization.name} — Doctor: {rx.user.full_name}
        </Typography>
        {rx.fees.total > 0 && (
          <Alert severity="info" data-testid="rx-form-fees">
            {rx.fees.rush_case_fee > 0 && <>Rush case fee: ${rx.fees.rush_case_fee.toFixed(2)}. </>}
            {rx.fees.root_integration_fee > 0 && (
              <>Root integration fee: ${rx.fees.root_integration_fee.toFixed(2)}. </>
            )}
            Total additional fees: ${rx.fees.total.toFixed(2)}
          </Alert>
        )}
        <RxFormFields
          form={form}
          setup={setup}
          disabled={!editable || update.isPending}
          onBusyChange={setBusy}
          onBondingErrorChange={setBondingError}
          hideNames
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          {rx.patient_id && (
            <Button component={RouterLink} to={`/patient-details/${rx.patient_id}`}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
            {update.isPending ? <CircularProgress size={24} aria-label="Saving" /> : 'Save Changes'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
