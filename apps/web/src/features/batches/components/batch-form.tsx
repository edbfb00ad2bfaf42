import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { BATCH_STATUS_LABELS, UpdateBatchRequest, type Batch } from '@archline/contracts';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';

type FormInput = z.input<typeof UpdateBatchRequest>;
type FormOutput = z.output<typeof UpdateBatchRequest>;

const FIELDS = ['name', 'notes'] as const;

const valuesOf = (batch: Batch): FormInput => ({
  name: batch.name,
  status: batch.status,
  notes: batch.notes ?? '',
});

/**
 * The batch form: Name (required), Status (read-only: the status changes elsewhere) and Notes.
 * Update is enabled once the form is valid and changed. `onSave` resolves with the stored batch,
 * which the form then shows; a failure leaves the form as typed (the caller shows the message).
 */
export function BatchForm({
  batch,
  onSave,
}: {
  batch: Batch;
  onSave: (values: UpdateBatchRequest) => Promise<Batch>;
}) {
  const stored = useMemo(() => valuesOf(batch), [batch]);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(UpdateBatchRequest),
    defaultValues: stored,
    mode: 'all',
  });
  const { errors, isDirty, isValid, isSubmitting } = form.formState;

  // A batch read again (a case removed) shows up unless the user is editing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(stored);
  }, [stored, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      // The status is read-only here: the batch's current one goes back unchanged.
      const saved = await onSave({ name: values.name, status: batch.status, notes: values.notes || null });
      form.reset(valuesOf(saved));
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Batch">
      <TextField
        {...form.register('name')}
        label="Name"
        required
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        disabled={isSubmitting}
      />
      <TextField
        label="Status"
        value={BATCH_STATUS_LABELS[batch.status]}
        helperText="The status cannot be changed here."
        slotProps={{ input: { readOnly: true } }}
      />
      <TextField
        {...form.register('notes')}
        label="Notes"
        multiline
        rows={4}
        error={Boolean(errors.notes)}
        helperText={errors.notes?.message}
        disabled={isSubmitting}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
          {isSubmitting ? 'Please wait...' : 'Update'}
        </Button>
      </Box>
    </Box>
  );
}
