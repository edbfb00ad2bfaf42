import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import {
  applyNameCorrection,
  CaseNumberSchema,
  findRestrictedCharacters,
  NumericSuffixSchema,
  PATIENT_MESSAGES,
  PATIENT_STATUS,
  PatientNameSchema,
  type NameCorrection,
  type PatientDetails,
  type UpdatePatientRequest,
} from '@archline/contracts/patients';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** The editable part of the patient (document 1 section 5, patient name fields). */
const PatientFormSchema = z.object({
  first_name: PatientNameSchema,
  last_name: PatientNameSchema,
  case_number_text: CaseNumberSchema,
  numeric_suffix: NumericSuffixSchema,
});
type FormInput = z.input<typeof PatientFormSchema>;
type FormOutput = z.output<typeof PatientFormSchema>;
const FIELDS = ['first_name', 'last_name', 'case_number_text', 'numeric_suffix'] as const;

function defaults(patient: PatientDetails): FormInput {
  return {
    first_name: patient.first_name,
    last_name: patient.last_name,
    case_number_text: patient.case_number_text ?? '',
    numeric_suffix: patient.numeric_suffix,
  };
}

/** A name field with the restricted-character warning; on blur the characters are replaced. */
function CorrectedField({
  form,
  name,
  label,
  required,
  disabled,
  correction,
}: {
  form: UseFormReturn<FormInput, unknown, FormOutput>;
  name: Path<FormInput> & ('first_name' | 'last_name' | 'case_number_text');
  label: string;
  required?: boolean;
  disabled: boolean;
  correction: NameCorrection | undefined;
}) {
  const { ref, ...registration } = form.register(name);
  const value = (form.watch(name) as string | null) ?? '';
  const restricted = correction ? findRestrictedCharacters(value, correction).length > 0 : false;
  const error = form.formState.errors[name]?.message;
  const helper = [
    error,
    restricted ? `${PATIENT_MESSAGES.restrictedCharacters} ${applyNameCorrection(value, correction)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <TextField
      {...registration}
      inputRef={ref}
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(error)}
      helperText={helper || undefined}
      slotProps={{ formHelperText: { sx: restricted && !error ? { color: 'warning.main' } : undefined } }}
      onBlur={(event) => {
        if (correction && findRestrictedCharacters(event.target.value, correction).length > 0) {
          form.setValue(name, applyNameCorrection(event.target.value, correction), {
            shouldDirty: true,
            shouldValidate: true,
          });
        }
        return registration.onBlur(event);
      }}
    />
  );
}

/**
 * The patient form: first and last name, case number and suffix (editable while the patient is
 * not archived or deleted and the caller may update), status and the creation, modification and
 * deletion dates. Only the changed fields are sent; Update is disabled while pristine or invalid.
 */
export function PatientForm({
  patient,
  readOnly,
  correction,
  onSave,
}: {
  patient: PatientDetails;
  readOnly: boolean;
  correction: NameCorrection | undefined;
  onSave: (changes: UpdatePatientRequest) => Promise<void>;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PatientFormSchema),
    defaultValues: defaults(patient),
    mode: 'onChange',
  });
  const { errors, isDirty, isValid, isSubmitting, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes: UpdatePatientRequest = {};
    if (dirtyFields.first_name) changes.first_name = values.first_name;
    if (dirtyFields.last_name) changes.last_name = values.last_name;
    if (dirtyFields.case_number_text) changes.case_number_text = values.case_number_text;
    if (dirtyFields.numeric_suffix) changes.numeric_suffix = values.numeric_suffix;
    try {
      await onSave(changes);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  const status = patient.patient_status_id === PATIENT_STATUS.complete ? 'Complete' : 'Active';
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Patient Information">
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <CorrectedField
            form={form}
            name="first_name"
            label="First Name"
            required
            disabled={readOnly}
            correction={correction}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CorrectedField
            form={form}
            name="last_name"
            label="Last Name"
            required
            disabled={readOnly}
            correction={correction}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CorrectedField
            form={form}
            name="case_number_text"
            label="Case Number"
            disabled={readOnly}
            correction={correction}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...form.register('numeric_suffix', {
              setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
            })}
            label="Suffix"
            type="number"
            disabled={readOnly}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            error={Boolean(errors.numeric_suffix)}
            helperText={errors.numeric_suffix?.message}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Status"
            value={status}
            slotProps={{ htmlInput: { readOnly: true } }}
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Creation Date"
            value={formatDateTime(patient.created_at)}
            slotProps={{ htmlInput: { readOnly: true } }}
            disabled={readOnly}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Modification Date"
            value={formatDateTime(patient.updated_at)}
            slotProps={{ htmlInput: { readOnly: true } }}
            disabled={readOnly}
          />
        </Grid>
        {patient.deleted_at && (
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Deletion Date"
              value={formatDateTime(patient.deleted_at)}
              slotProps={{ htmlInput: { readOnly: true } }}
              disabled={readOnly}
            />
          </Grid>
        )}
      </Grid>
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
