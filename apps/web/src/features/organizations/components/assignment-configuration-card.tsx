import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ASSIGNMENT_CONFIGURATION_UPDATE_PERMISSIONS,
  ASSIGNMENT_IN_OFFICE,
  ASSIGNMENT_LABELS,
  InitialSetupConfigurationForm,
  PrintRequestConfigurationForm,
  type AssignmentConfigurationMetadata,
  type AssignmentValue,
  type InitialSetupConfigurationResponse,
  type PrintRequestConfigurationResponse,
} from '@archline/contracts';
import { Controller, useForm, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useOrganizationPermissions } from '../../../session/permissions.ts';
import {
  useInitialSetupConfiguration,
  usePrintRequestConfiguration,
} from '../api/get-assignment-configurations.ts';
import {
  useUpdateInitialSetupConfiguration,
  useUpdatePrintRequestConfiguration,
} from '../api/update-assignment-configurations.ts';

const labelOf = (a: number) => ASSIGNMENT_LABELS[a as AssignmentValue] ?? String(a);

/** A labelled group of assignment checkboxes (a fieldset with its legend). */
function OptionsField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
  isOptionDisabled,
  onChanged,
  helper,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: number[];
  disabled: boolean;
  isOptionDisabled?: (value: number) => boolean;
  onChanged?: () => void;
  helper?: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const chosen = (field.value as number[] | undefined) ?? [];
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup>
              {options.map((value) => (
                <FormControlLabel
                  key={value}
                  label={labelOf(value)}
                  control={
                    <Checkbox
                      checked={chosen.includes(value)}
                      disabled={disabled || (isOptionDisabled?.(value) === true && !chosen.includes(value))}
                      onBlur={field.onBlur}
                      onChange={(e) => {
                        field.onChange(
                          e.target.checked
                            ? [...chosen, value].sort((a, b) => a - b)
                            : chosen.filter((v) => v !== value),
                        );
                        onChanged?.();
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{fieldState.error?.message ?? helper ?? ' '}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/** A labelled select of one assignment. */
function DefaultField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: number[];
  disabled: boolean;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
        >
          {options.map((value) => (
            <MenuItem key={value} value={value}>
              {labelOf(value)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function SaveButton({ show, enabled, pending }: { show: boolean; enabled: boolean; pending: boolean }) {
  if (!show) return null;
  return (
    <Stack direction="row" sx={{ mt: 1 }}>
      <Button type="submit" variant="contained" disabled={!enabled || pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </Stack>
  );
}

type InitialValues = InitialSetupConfigurationForm;

function InitialSetupForm({
  organizationId,
  configuration,
  canEdit,
}: {
  organizationId: number;
  configuration: InitialSetupConfigurationResponse;
  canEdit: boolean;
}) {
  const update = useUpdateInitialSetupConfiguration(organizationId);
  const { data, metadata } = configuration;
  const form = useForm<InitialValues>({
    resolver: zodResolver(InitialSetupConfigurationForm),
    mode: 'onChange',
    defaultValues: {
      assignments: data.assignments as InitialValues['assignments'],
      default_assignment: data.default_assignment as InitialValues['default_assignment'],
    },
  });
  const disabled = !canEdit || update.isPending;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      notifySuccess(result.message);
      form.reset({
        assignments: result.data.assignments as InitialValues['assignments'],
        default_assignment: result.data.default_assignment as InitialValues['default_assignment'],
      });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['assignments', 'default_assignment'])) notifyError(error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="initial-setup-configuration-title">
      <Typography id="initial-setup-configuration-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Initial Setup Configuration
      </Typography>
      <Stack spacing={1}>
        <OptionsField
          control={form.control}
          name="assignments"
          label="Initial Setup Assignment Options"
          options={metadata.options}
          disabled={disabled}
          onChanged={() => void form.trigger('default_assignment')}
        />
        <DefaultField
          control={form.control}
          name="default_assignment"
          label="Default Initial Setup Assignment"
          options={metadata.options}
          disabled={disabled}
        />
      </Stack>
      <SaveButton
        show={canEdit}
        enabled={form.formState.isDirty && form.formState.isValid}
        pending={update.isPending}
      />
    </Box>
  );
}

type PrintValues = PrintRequestConfigurationForm;

function PrintRequestForm({
  organizationId,
  configuration,
  canEdit,
}: {
  organizationId: number;
  configuration: PrintRequestConfigurationResponse;
  canEdit: boolean;
}) {
  const update = useUpdatePrintRequestConfiguration(organizationId);
  const { data, metadata } = configuration;
  const valuesOf = (d: PrintRequestConfigurationResponse['data']): PrintValues => ({
    print_assignments: d.print_assignments as PrintValues['print_assignments'],
    insert_brackets_assignments: d.insert_brackets_assignments as PrintValues['insert_brackets_assignments'],
    default_print_assignment: d.default_print_assignment as PrintValues['default_print_assignment'],
    default_insert_brackets_assignment:
      d.default_insert_brackets_assignment as PrintValues['default_insert_brackets_assignment'],
  });
  const form = useForm<PrintValues>({
    resolver: zodResolver(PrintRequestConfigurationForm),
    mode: 'onChange',
    defaultValues: valuesOf(data),
  });
  const print = (useWatch({ control: form.control, name: 'print_assignments' }) ?? []) as number[];
  const disabled = !canEdit || update.isPending;
  // The rules tie the fields together: re-check the others after a change.
  const recheck = () =>
    void form.trigger([
      'insert_brackets_assignments',
      'default_print_assignment',
      'default_insert_brackets_assignment',
    ]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      notifySuccess(result.message);
      form.reset(valuesOf(result.data));
    } catch (error) {
      if (
        !applyServerErrors(error, form.setError, [
          'print_assignments',
          'insert_brackets_assignments',
          'default_print_assignment',
          'default_insert_brackets_assignment',
        ])
      )
        notifyError(error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="print-request-configuration-title">
      <Typography id="print-request-configuration-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Print Request Configuration
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <OptionsField
            control={form.control}
            name="print_assignments"
            label="Print Assignment Options"
            options={metadata.options}
            disabled={disabled}
            onChanged={recheck}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <OptionsField
            control={form.control}
            name="insert_brackets_assignments"
            label="Insert Brackets Assignment Options"
            options={metadata.options}
            disabled={disabled}
            isOptionDisabled={(value) => value !== ASSIGNMENT_IN_OFFICE && !print.includes(value)}
            onChanged={recheck}
            helper="In-office or one of the print assignment options."
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DefaultField
            control={form.control}
            name="default_print_assignment"
            label="Default Print Assignment"
            options={metadata.options}
            disabled={disabled}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DefaultField
            control={form.control}
            name="default_insert_brackets_assignment"
            label="Default Insert Brackets Assignment"
            options={metadata.options}
            disabled={disabled}
          />
        </Grid>
      </Grid>
      <SaveButton
        show={canEdit}
        enabled={form.formState.isDirty && form.formState.isValid}
        pending={update.isPending}
      />
    </Box>
  );
}

function PartnerNote({ metadata }: { metadata: AssignmentConfigurationMetadata }) {
  const partner = metadata.third_party_partner;
  return (
    <Typography sx={{ mb: 2 }}>
      {partner
        ? `Third party partner: ${partner.name}`
        : 'This organization has no third party partner, so the Third Party option is not offered.'}
    </Typography>
  );
}

/**
 * Assignment Configuration on the organization page (organization.rx-form-preference.update):
 * the initial setup and print request configurations, i.e. the assignment options of a case and
 * the ones a new case starts with. Read-only while the organization is archived or disabled.
 */
export function AssignmentConfigurationCard({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { can } = useOrganizationPermissions(organizationId);
  const allowed = can(...ASSIGNMENT_CONFIGURATION_UPDATE_PERMISSIONS);
  const initialSetup = useInitialSetupConfiguration(organizationId, allowed);
  const printRequest = usePrintRequestConfiguration(organizationId, allowed);
  if (!allowed) return null;
  const canEdit = !readOnly;
  const loading = initialSetup.isPending || printRequest.isPending;
  const failed = initialSetup.isError || printRequest.isError;
  return (
    <Card component="section" aria-labelledby="assignment-configuration-title">
      <CardHeader
        title="Assignment Configuration"
        subheader="The assignment options of a case and the ones a new case starts with."
        slotProps={{ title: { id: 'assignment-configuration-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {failed ? (
          <Alert severity="error">The assignment configuration could not be loaded.</Alert>
        ) : loading ? (
          <CircularProgress size={24} aria-label="Loading the assignment configuration" />
        ) : (
          <>
            <PartnerNote metadata={initialSetup.data!.metadata} />
            <Grid container spacing={4}>
              <Grid size={{ xs: 12, md: 4 }}>
                <InitialSetupForm
                  key={`${initialSetup.data!.data.updated_at ?? 'new'}|${readOnly}`}
                  organizationId={organizationId}
                  configuration={initialSetup.data!}
                  canEdit={canEdit}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>
                <PrintRequestForm
                  key={`${printRequest.data!.data.updated_at ?? 'new'}|${readOnly}`}
                  organizationId={organizationId}
                  configuration={printRequest.data!}
                  canEdit={canEdit}
                />
              </Grid>
            </Grid>
          </>
        )}
      </CardContent>
    </Card>
  );
}
