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
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSIGNMENT_IN_OFFICE,
  ASSIGNMENT_LABELS,
  DIBS_OPTION_LABELS,
  DIBS_OPTIONS,
  RxFormPreferenceForm,
  assignmentOptions,
  type RxFormPreferenceResponse,
} from '@archline/contracts/form-builder';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useRxFormPreference, useUpdateRxFormPreference } from '../api/rx-form-preference.ts';
import { FormSwitch } from '../../../components/form-switch.tsx';

type Values = z.input<typeof RxFormPreferenceForm>;
type FieldName = keyof Values;

function CheckboxGroup<V extends string | number>({
  control,
  name,
  label,
  options,
  disabled,
  isOptionDisabled,
  onChanged,
}: {
  control: Control<Values>;
  name: FieldName;
  label: string;
  options: { value: V; label: string }[];
  disabled: boolean;
  isOptionDisabled?: (value: V) => boolean;
  /** Called after a change (to re-check a field whose rule depends on this one). */
  onChanged?: () => void;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const chosen = (field.value as V[] | undefined) ?? [];
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup>
              {options.map((o) => (
                <FormControlLabel
                  key={String(o.value)}
                  label={o.label}
                  control={
                    <Checkbox
                      checked={chosen.includes(o.value)}
                      disabled={
                        disabled || (isOptionDisabled?.(o.value) === true && !chosen.includes(o.value))
                      }
                      onBlur={field.onBlur}
                      onChange={(e) => {
                        field.onChange(
                          e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value),
                        );
                        onChanged?.();
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

function PreferenceForm({
  organizationId,
  preference,
  canEdit,
}: {
  organizationId: number;
  preference: RxFormPreferenceResponse;
  canEdit: boolean;
}) {
  const update = useUpdateRxFormPreference(organizationId);
  const { data, metadata } = preference;
  const partner = metadata.third_party_partner;
  const form = useForm<Values>({
    resolver: zodResolver(RxFormPreferenceForm),
    mode: 'onChange',
    defaultValues: {
      initial_setup_assignments: data.initial_setup_assignments as Values['initial_setup_assignments'],
      print_assignments: data.print_assignments as Values['print_assignments'],
      insert_brackets_assignments: data.insert_brackets_assignments as Values['insert_brackets_assignments'],
      allowed_dibs_options: data.allowed_dibs_options as Values['allowed_dibs_options'],
      hidden_fields: data.hidden_fields,
      rush_case_enabled: data.rush_case_enabled,
    },
  });
  const print = (useWatch({ control: form.control, name: 'print_assignments' }) ?? []) as number[];
  const assignments = assignmentOptions(partner !== null).map((value) => ({
    value,
    label: ASSIGNMENT_LABELS[value],
  }));
  const disabled = !canEdit || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      notifySuccess(result.message);
      form.reset(values);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        for (const [field, messages] of Object.entries(error.errors)) {
          const name = field.split('.')[0] as FieldName;
          form.setError(name, { type: 'server', message: messages[0] });
        }
      } else notifyError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="rx-form-preference-title">
      <Typography sx={{ mb: 2 }}>
        {partner ? `Third party partner: ${partner.name}` : 'This organization has no third party partner.'}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CheckboxGroup
            control={form.control}
            name="initial_setup_assignments"
            label="Initial Case Setup Assignment"
            options={assignments}
            disabled={disabled}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CheckboxGroup
            control={form.control}
            name="print_assignments"
            label="Print Assignment"
            options={assignments}
            disabled={disabled}
            onChanged={() => void form.trigger('insert_brackets_assignments')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CheckboxGroup
            control={form.control}
            name="insert_brackets_assignments"
            label="Insert Brackets Assignment"
            options={assignments}
            disabled={disabled}
            isOptionDisabled={(value) => value !== ASSIGNMENT_IN_OFFICE && !print.includes(value)}
          />
          <FormHelperText>In-office or one of the print assignment options.</FormHelperText>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CheckboxGroup
            control={form.control}
            name="allowed_dibs_options"
            label="Allowed DIBS Options"
            options={DIBS_OPTIONS.map((value) => ({ value, label: DIBS_OPTION_LABELS[value] }))}
            disabled={disabled}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CheckboxGroup
            control={form.control}
            name="hidden_fields"
            label="Hidden Fields"
            options={metadata.hidden_fields.map((f) => ({ value: f.name, label: f.label }))}
            disabled={disabled}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormSwitch
            control={form.control}
            name="rush_case_enabled"
            label="Rush Case Enabled"
            disabled={disabled}
          />
        </Grid>
      </Grid>
      {canEdit && (
        <Stack direction="row" sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={!form.formState.isDirty || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** RxForm Preference of an organization: assignment options, DIBS options, hidden fields, rush cases. */
export function RxFormPreferenceCard({
  organizationId,
  canEdit,
}: {
  organizationId: number;
  canEdit: boolean;
}) {
  const query = useRxFormPreference(organizationId);
  return (
    <Card component="section" aria-labelledby="rx-form-preference-title">
      <CardHeader
        title="RxForm Preference"
        slotProps={{ title: { id: 'rx-form-preference-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {query.isPending && <CircularProgress size={24} aria-label="Loading the RxForm preference" />}
        {query.isError && <Alert severity="error">The RxForm preference could not be loaded.</Alert>}
        {query.data && (
          <PreferenceForm
            key={query.data.data.updated_at ?? 'new'}
            organizationId={organizationId}
            preference={query.data}
            canEdit={canEdit}
          />
        )}
      </CardContent>
    </Card>
  );
}
