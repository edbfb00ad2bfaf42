import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { onboardingValueSchema, type Onboarding, type OnboardingSubStep } from '@archline/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useProceedOnboarding } from '../api/proceed-onboarding.ts';
import { useUpdateOnboardingMetadata } from '../api/update-onboarding-metadata.ts';

interface Values {
  value: string;
}

/** Who works through the checklist: the practice itself, or staff on its behalf. */
export type ChecklistMode = 'practice' | 'management';

/** The server names an input's field `key` (proceed) or `metadata.key` (saving values). */
function serverFieldError(error: unknown, key: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors[key]?.[0] ?? error.errors[`metadata.${key}`]?.[0];
}

/**
 * Completes the next sub-step: its input first (saved when it changed, with the same rule as the
 * API, '{label} is required.'), then the step itself.
 */
export function OnboardingStepForm({
  onboarding,
  step,
  mode,
}: {
  onboarding: Onboarding;
  step: OnboardingSubStep;
  mode: ChecklistMode;
}) {
  const input = step.input;
  const stored = input ? (onboarding.metadata[input.key] ?? '') : '';
  const schema = useMemo(
    () => z.object({ value: input ? onboardingValueSchema(input) : z.string() }),
    [input],
  );
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { value: stored } });
  const save = useUpdateOnboardingMetadata();
  const proceed = useProceedOnboarding();
  const busy = save.isPending || proceed.isPending || form.formState.isSubmitting;
  const label = mode === 'practice' ? 'Mark as done' : 'Proceed';

  const submit = form.handleSubmit(async ({ value }) => {
    try {
      if (input && value.trim() !== stored) {
        await save.mutateAsync({ id: onboarding.id, metadata: { [input.key]: value } });
      }
      const result = await proceed.mutateAsync(onboarding.id);
      notifySuccess(result.message);
    } catch (error) {
      const fieldMessage = input ? serverFieldError(error, input.key) : undefined;
      if (fieldMessage) form.setError('value', { type: 'server', message: fieldMessage });
      else notifyError(error);
    }
  });

  const error = form.formState.errors.value?.message;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={`Complete step ${step.step}: ${step.title}`}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}
    >
      {input && (
        <TextField
          {...form.register('value')}
          label={input.label}
          type={input.type}
          required={input.required}
          size="small"
          error={Boolean(error)}
          helperText={error}
          disabled={busy}
          slotProps={input.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
          sx={{ minWidth: 240 }}
        />
      )}
      <Button type="submit" variant="contained" disabled={busy}>
        {label}
      </Button>
    </Box>
  );
}
