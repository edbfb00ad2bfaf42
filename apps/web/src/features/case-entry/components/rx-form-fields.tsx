import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  ASSIGNMENT,
  ASSIGNMENT_NAMES,
  EXPORT_TYPES,
  JAW_TYPES,
  PATIENT_FILE_TYPES,
  ROOT_INTEGRATION,
  ROOT_INTEGRATION_TYPES,
  RX_FORM_LIMITS,
  RX_FORM_MESSAGES,
  SCANNER_TYPES,
  SCANNER_TYPE_OTHER,
  SCAN_SUBMISSION,
  customControlsSchema,
  hiddenValueFields,
  insertBracketsChoices,
  rushCaseAvailable,
  rxFormFees,
  rxFormIssues,
  rxFormSchema,
  scanSubmissionLocked,
  shippingRequired,
  trayDesignAvailable,
  type AssignmentDefaults,
  type FormLayout,
  type OrganizationLocation,
  type RxFile,
  type RxFormContext,
  type RxFormPricing,
  type RxFormValues,
  type RxFormValuesInput,
} from '@archline/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Controller,
  get,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type ResolverResult,
  type UseFormReturn,
} from 'react-hook-form';
import { RxFormCustomControls } from '../../../components/rx-form-custom-controls.tsx';
import {
  useArchWires,
  useBracketLibraries,
  useCustomBracketSets,
  useDoctors,
  useShippingMethods,
  uploadCaseFile,
} from '../api/case-entry.ts';
import { ArchWiresField } from './arch-wires-field.tsx';
import { BondingDateField } from './bonding-date-field.tsx';
import { CaseFilesField } from './case-files-field.tsx';
import { FormErrorSummary, fieldIssues, focusField, type FieldIssue } from './form-error-summary.tsx';
import { ToothChartInput } from './tooth-chart-input.tsx';

export type RxFormInput = RxFormValuesInput;

export interface RxFormSetup {
  organizationId: number;
  rushCaseEnabled: boolean;
  hiddenFields: readonly string[];
  assignments: { initial_setup: number[]; print: number[]; insert_brackets: number[] };
  /** The assignments a new case starts with (the organization's configurations), when known. */
  assignmentDefaults?: AssignmentDefaults;
  layout: FormLayout;
  doctorSelection: boolean;
  /** The doctor of the case when there is no selector (the caller). */
  defaultDoctorId: number;
  locations: OrganizationLocation[];
  customBracketSetsEnabled: boolean;
  /** Prices for the fee shown with rush and root integration (when known). */
  pricing?: RxFormPricing | null;
  /** Modify: only these fields may change (modification_rules.modifiable_fields). */
  modifiableFields?: ReadonlySet<string>;
  /** Modify: files are managed on the patient, not here. */
  filesManagedElsewhere?: boolean;
}

/**
 * The react-hook-form form of the RxForm with the shared schema of its context (saved for later
 * relaxes the file rules; the resolver always reads the current context).
 */
export function useRxForm(setup: RxFormSetup, defaultValues: RxFormInput, savedForLater: boolean) {
  const context = useMemo<RxFormContext>(
    () => ({
      rushCaseEnabled: setup.rushCaseEnabled,
      hiddenFields: setup.hiddenFields,
      assignments: setup.assignments,
      doctorSelection: setup.doctorSelection,
      customFieldsSchema: customControlsSchema(setup.layout),
      ...(setup.filesManagedElsewhere || savedForLater ? { savedForLater: true } : {}),
    }),
    [setup, savedForLater],
  );
  const schema = useMemo(() => rxFormSchema(context), [context]);
  const current = useRef({ schema, context });
  current.current = { schema, context };
  const resolver = useCallback<Resolver<RxFormInput, unknown, RxFormValues>>(async (values, ctx, options) => {
    const result = await zodResolver(current.current.schema)(values, ctx, options);
    if (Object.keys(result.errors).length === 0) return result as ResolverResult<RxFormInput, RxFormValues>;
    // The rules between fields run only once every field parses: report them meanwhile too.
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const issue of rxFormIssues(values as unknown as RxFormValues, current.current.context))
      setIssue(errors, issue.path, issue.message);
    return { values: {}, errors } as ResolverResult<RxFormInput, RxFormValues>;
  }, []);
  const form = useForm<RxFormInput, unknown, RxFormValues>({ resolver, defaultValues, mode: 'all' });
  return { form, schema };
}

/** Puts a message at a path of react-hook-form's nested errors unless one is there already. */
function setIssue(errors: Record<string, unknown>, path: (string | number)[], message: string) {
  let node: Record<string | number, unknown> = errors;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      if (!node[key]) node[key] = { type: 'custom', message };
      return;
    }
    const next = node[key];
    if (next && typeof next === 'object' && !('message' in next)) {
      node[key] = Array.isArray(next) ? [...(next as unknown[])] : { ...(next as object) };
    } else if (!next) {
      node[key] = typeof path[i + 1] === 'number' ? [] : {};
    } else return;
    node = node[key] as Record<string | number, unknown>;
  }
}

const fieldError = (errors: FieldErrors<RxFormInput>, name: string): string | undefined =>
  (get(errors, name) as { message?: string } | undefined)?.message;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function money(n: number): string {
  return `$${n.toFixed(2)}`;
}

interface Props {
  form: UseFormReturn<RxFormInput, unknown, RxFormValues>;
  setup: RxFormSetup;
  disabled?: boolean;
  /** Problems found outside the schema (the bonding date check), listed with the field messages. */
  extraIssues?: FieldIssue[];
  onBusyChange: (busy: boolean) => void;
  onBondingErrorChange: (message: string | null) => void;
  /** Modify: the patient's names and case number are changed on the patient, not here. */
  hideNames?: boolean;
}

/** Every field of the RxForm values with their dependencies. */
export function RxFormFields({
  form,
  setup,
  disabled,
  onBusyChange,
  onBondingErrorChange,
  hideNames,
  extraIssues = [],
}: Props) {
  const { control, setValue, formState } = form;
  const errors = formState.errors;
  const hidden = useMemo(() => hiddenValueFields(setup.hiddenFields), [setup.hiddenFields]);
  const shows = (f: string) => !hidden.has(f);
  const locked = (f: string) => disabled || (setup.modifiableFields ? !setup.modifiableFields.has(f) : false);
  const v = useWatch({ control }) as RxFormInput;
  const initialSetup = v.initial_setup_assignment ?? ASSIGNMENT.provider;
  const print = v.print_assignment ?? ASSIGNMENT.provider;
  const doctorId = setup.doctorSelection ? (v.user_id ?? null) : setup.defaultDoctorId;

  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const busyOf = useCallback(
    (key: string) => (b: boolean) => setBusy((s) => (s[key] === b ? s : { ...s, [key]: b })),
    [],
  );
  const anyBusy = Object.values(busy).some(Boolean);
  useEffect(() => onBusyChange(anyBusy), [anyBusy, onBusyChange]);

  const doctors = useDoctors(setup.organizationId, setup.doctorSelection);
  const shipping = useShippingMethods(v.shipping_location_id, print);
  const libraries = useBracketLibraries(setup.organizationId, doctorId);
  const archWires = useArchWires(setup.organizationId, doctorId);
  const customSets = useCustomBracketSets(setup.organizationId, doctorId, setup.customBracketSetsEnabled);

  const set = (name: keyof RxFormInput, value: unknown) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: true });

  // The case-submission rules that reset dependent fields.
  useEffect(() => {
    if (initialSetup === ASSIGNMENT.inOffice) {
      if (v.rush_case) set('rush_case', false);
      if (v.scan_submission_type !== SCAN_SUBMISSION.upload)
        set('scan_submission_type', SCAN_SUBMISSION.upload);
    }
  }, [initialSetup]);
  useEffect(() => {
    if (!insertBracketsChoices(print).includes(v.insert_brackets_assignment ?? 1))
      set('insert_brackets_assignment', ASSIGNMENT.inOffice);
    if (
      !trayDesignAvailable({ print_assignment: print, export_type: v.export_type ?? 1 }) &&
      v.tray_design_assignment
    )
      set('tray_design_assignment', null);
  }, [print, v.export_type]);

  const assignmentOptions = (allowed: number[], current: number | undefined) =>
    [...new Set([...allowed, ...(current ? [current] : [])])].sort();

  const fees =
    setup.pricing && (v.rush_case || (v.root_integration_type ?? 0) !== 0)
      ? rxFormFees(
          {
            rush_case: Boolean(v.rush_case),
            jaws_id: v.jaws_id ?? 3,
            root_integration_type: v.root_integration_type ?? 0,
          },
          setup.pricing,
        )
      : null;

  const libraryOptions = libraries.data?.data ?? [];
  const archWireOptions = archWires.data?.data ?? [];
  const setOptions = customSets.data?.data ?? [];
  const trayDesign = trayDesignAvailable({ print_assignment: print, export_type: v.export_type ?? 1 });

  const text = (
    name:
      | 'first_name'
      | 'last_name'
      | 'case_number_text'
      | 'rush_case_authorized_by'
      | 'custom_scanner_type_name',
    label: string,
    opts: { required?: boolean; max?: number; autoComplete?: string } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          required={opts.required}
          fullWidth
          disabled={locked(name)}
          error={Boolean(fieldError(errors, name))}
          helperText={fieldError(errors, name)}
          slotProps={{ htmlInput: { maxLength: opts.max, autoComplete: opts.autoComplete ?? 'off' } }}
        />
      )}
    />
  );

  const assignmentSelect = (
    name:
      | 'initial_setup_assignment'
      | 'print_assignment'
      | 'insert_brackets_assignment'
      | 'tray_design_assignment',
    label: string,
    options: number[],
    nullable = false,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={label}
          required={!nullable}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={locked(name)}
          error={Boolean(fieldError(errors, name))}
          helperText={fieldError(errors, name)}
        >
          {nullable && (
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
          )}
          {options.map((a) => (
            <MenuItem key={a} value={a}>
              {ASSIGNMENT_NAMES[a]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Stack spacing={3}>
      <Section title="Patient">
        <Grid container spacing={2}>
          {setup.doctorSelection && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="user_id"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label="Doctor"
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    disabled={locked('user_id') || doctors.isLoading}
                    error={Boolean(fieldError(errors, 'user_id'))}
                    helperText={
                      fieldError(errors, 'user_id') ??
                      (doctors.isError ? 'The doctors could not be loaded.' : undefined)
                    }
                  >
                    {(doctors.data?.data ?? []).map((d) => (
                      <MenuItem key={d.id} value={d.id}>
                        {d.full_name} ({d.role_label})
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="location_id"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  label="Location"
                  value={field.value ?? ''}
                  onChange={(e) => {
                    const id = Number(e.target.value);
                    field.onChange(id);
                    if (!form.getValues('shipping_location_id')) set('shipping_location_id', id);
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={locked('location_id') || setup.locations.length === 0}
                  error={Boolean(fieldError(errors, 'location_id'))}
                  helperText={fieldError(errors, 'location_id')}
                >
                  {setup.locations.map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {l.location_name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          {!hideNames && (
            <Grid size={{ xs: 12, md: 6 }}>
              {text('first_name', 'First Name', { required: true, max: RX_FORM_LIMITS.nameMax })}
            </Grid>
          )}
          {!hideNames && (
            <Grid size={{ xs: 12, md: 6 }}>
              {text('last_name', 'Last Name', { required: true, max: RX_FORM_LIMITS.nameMax })}
            </Grid>
          )}
          {!hideNames && shows('case_number_text') && (
            <Grid size={{ xs: 12, md: 6 }}>
              {text('case_number_text', 'Case Number', { max: RX_FORM_LIMITS.nameMax })}
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="intraoral_scan_date"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  type="date"
                  label="Intraoral Scan Date"
                  required
                  fullWidth
                  disabled={locked('intraoral_scan_date')}
                  error={Boolean(fieldError(errors, 'intraoral_scan_date'))}
                  helperText={fieldError(errors, 'intraoral_scan_date')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            />
          </Grid>
        </Grid>
      </Section>

      <Section title="Submission">
        <Grid container spacing={2}>
          {shows('submission_completed_by') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="submission_completed_by"
                control={control}
                render={({ field }) => (
                  <FormControl disabled={locked('submission_completed_by')}>
                    <FormLabel id="submission-completed-by">Submission Completed By</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby="submission-completed-by"
                      value={field.value ?? 1}
                      onChange={(e) => field.onChange(Number(e.target.value))}
                    >
                      <FormControlLabel value={1} control={<Radio />} label="Lab" />
                      <FormControlLabel value={2} control={<Radio />} label="Doctor" />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Grid>
          )}
          {shows('rush_case') && (
            <Grid size={{ xs: 12, md: 6 }} data-field="rush_case">
              <Controller
                name="rush_case"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={Boolean(field.value)}
                        onChange={(e) => {
                          field.onChange(e.target.checked);
                          if (!e.target.checked) set('rush_case_authorized_by', null);
                        }}
                        disabled={
                          locked('rush_case') || !rushCaseAvailable(setup.rushCaseEnabled, initialSetup)
                        }
                      />
                    }
                    label="Rush Case"
                  />
                )}
              />
              {!setup.rushCaseEnabled && <FormHelperText>{RX_FORM_MESSAGES.rushNotEnabled}</FormHelperText>}
              {fieldError(errors, 'rush_case') && (
                <FormHelperText error>{fieldError(errors, 'rush_case')}</FormHelperText>
              )}
              {v.rush_case && (
                <Box sx={{ mt: 1 }}>
                  {text('rush_case_authorized_by', 'Rush Authorized By', {
                    required: true,
                    max: RX_FORM_LIMITS.rushAuthorizedByMax,
                  })}
                </Box>
              )}
            </Grid>
          )}
          <Grid size={12} data-field="scan_submission_type">
            <Controller
              name="scan_submission_type"
              control={control}
              render={({ field }) => (
                <FormControl
                  disabled={locked('scan_submission_type') || scanSubmissionLocked(initialSetup)}
                  error={Boolean(fieldError(errors, 'scan_submission_type'))}
                  required
                >
                  <FormLabel id="scan-method">Scan Method</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="scan-method"
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                  >
                    <FormControlLabel value={SCAN_SUBMISSION.upload} control={<Radio />} label="UPLOAD" />
                    <FormControlLabel value={SCAN_SUBMISSION.scanner} control={<Radio />} label="SCANNER" />
                  </RadioGroup>
                  {scanSubmissionLocked(initialSetup) && (
                    <FormHelperText>{RX_FORM_MESSAGES.inOfficeForcesUpload}</FormHelperText>
                  )}
                  {fieldError(errors, 'scan_submission_type') && (
                    <FormHelperText>{fieldError(errors, 'scan_submission_type')}</FormHelperText>
                  )}
                </FormControl>
              )}
            />
          </Grid>
          {v.scan_submission_type === SCAN_SUBMISSION.scanner && (
            <>
              <Grid size={{ xs: 12, md: 6 }}>
                <Controller
                  name="scanner_type"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label="Scanner Type"
                      value={field.value ?? 1}
                      onChange={(e) => {
                        field.onChange(Number(e.target.value));
                        if (Number(e.target.value) !== SCANNER_TYPE_OTHER)
                          set('custom_scanner_type_name', null);
                      }}
                      disabled={locked('scanner_type')}
                    >
                      {SCANNER_TYPES.map((s) => (
                        <MenuItem key={s.id} value={s.id}>
                          {s.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              {v.scanner_type === SCANNER_TYPE_OTHER && (
                <Grid size={{ xs: 12, md: 6 }}>
                  {text('custom_scanner_type_name', 'Scanner Name', {
                    required: true,
                    max: RX_FORM_LIMITS.customScannerNameMax,
                  })}
                </Grid>
              )}
              <Grid size={12}>
                <Alert severity="info">{RX_FORM_MESSAGES.scanNotice}</Alert>
              </Grid>
            </>
          )}
          {!setup.filesManagedElsewhere && v.scan_submission_type === SCAN_SUBMISSION.upload && (
            <Grid size={12} data-field="stl_files">
              <CaseFilesField
                label="STL Files"
                type={PATIENT_FILE_TYPES.stl}
                organizationId={setup.organizationId}
                max={RX_FORM_LIMITS.stlFilesMax}
                tagged
                required
                value={(v.stl_files ?? []) as RxFile[]}
                onChange={(files) => set('stl_files', files)}
                error={fieldError(errors, 'stl_files')}
                tagErrors={(v.stl_files ?? []).map((_, i) => fieldError(errors, `stl_files.${i}.tag`))}
                disabled={disabled}
                onBusyChange={busyOf('stl')}
              />
            </Grid>
          )}
        </Grid>
      </Section>

      <Section title="Case">
        <Grid container spacing={2}>
          {!setup.filesManagedElsewhere && (
            <Grid size={12} data-field="rx_intraoral_photos">
              <CaseFilesField
                label="Intraoral Photos"
                type={PATIENT_FILE_TYPES.photo}
                organizationId={setup.organizationId}
                max={RX_FORM_LIMITS.photosMax}
                required
                value={(v.rx_intraoral_photos ?? []) as RxFile[]}
                onChange={(files) => set('rx_intraoral_photos', files)}
                error={fieldError(errors, 'rx_intraoral_photos')}
                disabled={disabled}
                onBusyChange={busyOf('photos')}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="jaws_id"
              control={control}
              render={({ field }) => (
                <FormControl disabled={locked('jaws_id')}>
                  <FormLabel id="arch">Arch</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="arch"
                    value={field.value ?? 3}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                  >
                    {JAW_TYPES.map((j) => (
                      <FormControlLabel key={j.id} value={j.id} control={<Radio />} label={j.name} />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="export_type"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label="Export Type"
                  value={field.value ?? 1}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  disabled={locked('export_type')}
                >
                  {EXPORT_TYPES.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          {shows('root_integration_type') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="root_integration_type"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label="Root Integration"
                    value={field.value ?? 0}
                    onChange={(e) => {
                      field.onChange(Number(e.target.value));
                      if (Number(e.target.value) !== ROOT_INTEGRATION.dicom) set('dicom_files', []);
                    }}
                    disabled={locked('root_integration_type')}
                  >
                    {ROOT_INTEGRATION_TYPES.map((t) => (
                      <MenuItem key={t.id} value={t.id}>
                        {t.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
          {shows('custom_setup') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="custom_setup"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.target.checked)}
                        disabled={locked('custom_setup')}
                      />
                    }
                    label="Custom Setup"
                  />
                )}
              />
            </Grid>
          )}
          {!setup.filesManagedElsewhere &&
            shows('dicom_files') &&
            v.root_integration_type === ROOT_INTEGRATION.dicom && (
              <Grid size={12} data-field="dicom_files">
                <CaseFilesField
                  label="DICOM File"
                  type={PATIENT_FILE_TYPES.dicom}
                  organizationId={setup.organizationId}
                  max={RX_FORM_LIMITS.dicomFiles}
                  required
                  value={(v.dicom_files ?? []) as RxFile[]}
                  onChange={(files) => set('dicom_files', files)}
                  error={fieldError(errors, 'dicom_files')}
                  disabled={disabled}
                  onBusyChange={busyOf('dicom')}
                />
              </Grid>
            )}
          {fees && (
            <Grid size={12}>
              <Alert severity="info" data-testid="rx-form-fees">
                {fees.rush_case_fee > 0 && <>Rush case fee: {money(fees.rush_case_fee)}. </>}
                {fees.root_integration_fee > 0 && (
                  <>Root integration fee: {money(fees.root_integration_fee)}. </>
                )}
                Total additional fees: {money(fees.total)}
              </Alert>
            </Grid>
          )}
          {shows('teeth') && (
            <Grid size={12}>
              <FormLabel component="div" sx={{ mb: 1 }}>
                Teeth
              </FormLabel>
              <Controller
                name="teeth"
                control={control}
                render={({ field }) => (
                  <ToothChartInput
                    value={(field.value ?? {}) as Record<string, number>}
                    onChange={field.onChange}
                    disabled={locked('teeth')}
                  />
                )}
              />
            </Grid>
          )}
        </Grid>
      </Section>

      <Section title="Brackets">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }} data-field="bracket_libraries">
            <Controller
              name="bracket_libraries"
              control={control}
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={libraryOptions.map((l) => l.id)}
                  getOptionLabel={(id) => libraryOptions.find((l) => l.id === id)?.label ?? `#${id}`}
                  value={(field.value ?? []) as number[]}
                  onChange={(_, ids) => field.onChange(ids)}
                  loading={libraries.isLoading}
                  disabled={locked('bracket_libraries') || !doctorId}
                  noOptionsText="No options available"
                  renderValue={(ids, getItemProps) =>
                    ids.map((id, index) => {
                      const { key, ...rest } = getItemProps({ index });
                      return (
                        <Chip
                          key={key}
                          {...rest}
                          label={libraryOptions.find((l) => l.id === id)?.label ?? `#${id}`}
                        />
                      );
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Bracket Libraries"
                      required={initialSetup !== ASSIGNMENT.inOffice && !v.custom_bracket_set_id}
                      error={Boolean(fieldError(errors, 'bracket_libraries'))}
                      helperText={fieldError(errors, 'bracket_libraries')}
                    />
                  )}
                />
              )}
            />
          </Grid>
          {setup.customBracketSetsEnabled && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="custom_bracket_set_id"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label="Custom Bracket Set"
                    value={field.value ?? ''}
                    onChange={(e) => {
                      field.onChange(e.target.value === '' ? null : Number(e.target.value));
                      void form.trigger('bracket_libraries');
                    }}
                    disabled={locked('custom_bracket_set_id') || !doctorId}
                  >
                    <MenuItem value="">
                      <em>None</em>
                    </MenuItem>
                    {setOptions.map((s) => (
                      <MenuItem key={s.id} value={s.id}>
                        {s.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
          {shows('arch_wires') && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="arch_wires"
                control={control}
                render={({ field }) => (
                  <ArchWiresField
                    options={archWireOptions}
                    value={(field.value ?? []) as number[]}
                    onChange={field.onChange}
                    loading={archWires.isLoading}
                    disabled={locked('arch_wires') || !doctorId}
                    error={fieldError(errors, 'arch_wires')}
                  />
                )}
              />
            </Grid>
          )}
        </Grid>
      </Section>

      <Section title="Production and Shipping">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            {assignmentSelect(
              'initial_setup_assignment',
              'Initial Setup Assignment',
              assignmentOptions(setup.assignments.initial_setup, v.initial_setup_assignment),
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {assignmentSelect(
              'print_assignment',
              'Print Assignment',
              assignmentOptions(setup.assignments.print, v.print_assignment),
            )}
          </Grid>
          {shows('tray_design_assignment') && trayDesign && (
            <Grid size={{ xs: 12, md: 6 }}>
              {assignmentSelect(
                'tray_design_assignment',
                'Tray Design',
                [1, 2, 3].filter((a) => setup.assignments.print.includes(a) || a === 2),
                true,
              )}
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            {assignmentSelect(
              'insert_brackets_assignment',
              'Insert Brackets Assignment',
              assignmentOptions(
                setup.assignments.insert_brackets.filter((a) => insertBracketsChoices(print).includes(a)),
                v.insert_brackets_assignment,
              ),
            )}
          </Grid>
          {shippingRequired(print) && (
            <>
              <Grid size={{ xs: 12, md: 6 }}>
                <Controller
                  name="shipping_location_id"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      required
                      label="Shipping Location"
                      value={field.value ?? ''}
                      onChange={(e) => {
                        field.onChange(Number(e.target.value));
                        set('shipping_method', null);
                      }}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      disabled={locked('shipping_location_id') || setup.locations.length === 0}
                      error={Boolean(fieldError(errors, 'shipping_location_id'))}
                      helperText={fieldError(errors, 'shipping_location_id')}
                    >
                      {setup.locations.map((l) => (
                        <MenuItem key={l.id} value={l.id}>
                          {l.location_name} — {l.full_address}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Controller
                  name="shipping_method"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      required
                      label="Shipping Method"
                      value={field.value ?? ''}
                      onChange={(e) => {
                        field.onChange(Number(e.target.value));
                        if (form.getValues('bonding_date')) set('bonding_date', null);
                      }}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      disabled={locked('shipping_method') || !v.shipping_location_id || shipping.isLoading}
                      error={Boolean(fieldError(errors, 'shipping_method'))}
                      helperText={
                        fieldError(errors, 'shipping_method') ??
                        (shipping.isError ? 'The shipping methods could not be loaded.' : undefined)
                      }
                    >
                      {(shipping.data?.shipping_methods ?? []).map((m) => (
                        <MenuItem key={m.id} value={m.id} disabled={!m.available}>
                          {m.name} (arrives {m.arrival_date})
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
            </>
          )}
          {shows('bonding_date') && (
            <Grid size={{ xs: 12, md: 6 }} data-field="bonding_date">
              <Controller
                name="bonding_date"
                control={control}
                render={({ field }) => (
                  <BondingDateField
                    value={(field.value as string | null | undefined) ?? null}
                    onChange={(d) => field.onChange(d)}
                    shippingMethod={v.shipping_method}
                    disabled={locked('bonding_date')}
                    onErrorChange={onBondingErrorChange}
                  />
                )}
              />
            </Grid>
          )}
        </Grid>
      </Section>

      {shows('special_instructions') && (
        <Section title="Special Instructions">
          <Controller
            name="special_instructions"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                label="Special Instructions"
                multiline
                minRows={3}
                fullWidth
                disabled={locked('special_instructions')}
                error={Boolean(fieldError(errors, 'special_instructions'))}
                helperText={fieldError(errors, 'special_instructions')}
              />
            )}
          />
        </Section>
      )}

      <Section title="Additional Fields">
        <Box data-field="custom_field_values">
          <RxFormCustomControls
            layout={setup.layout}
            control={control}
            disabled={locked('custom_field_values')}
            {...(setup.filesManagedElsewhere
              ? {}
              : {
                  uploadFile: (file: File) =>
                    uploadCaseFile(file, PATIENT_FILE_TYPES.other, setup.organizationId, () => undefined),
                })}
          />
        </Box>
      </Section>

      {formState.submitCount > 0 && (
        <FormErrorSummary
          issues={[...fieldIssues(errors, setup.layout), ...extraIssues]}
          onFocus={(name) => focusField(name, (n) => form.setFocus(n as keyof RxFormInput))}
        />
      )}
    </Stack>
  );
}
