import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  ONBOARDING_INPUTS,
  ONBOARDING_MESSAGES,
  onboardingValueSchema,
  stepOfInput,
  type Onboarding,
} from '@archline/contracts';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useUpdateOnboardingMetadata } from '../api/update-onboarding-metadata.ts';

type Values = Record<string, string>;

const valuesOf = (onboarding: Onboarding): Values =>
  Object.fromEntries(ONBOARDING_INPUTS.map((i) => [i.key, onboarding.metadata[i.key] ?? '']));

/**
 * Management's 'Onboarding Details': every checklist input, saved with PUT metadata. Only changed
 * fields are sent; an input may stay empty until its step comes, but a stored value of a required
 * input cannot be cleared ('{label} is required.').
 */
export function OnboardingDetailsForm({ onboarding }: { onboarding: Onboarding }) {
  const stored = useMemo(() => valuesOf(onboarding), [onboarding]);
  const schema = useMemo(
    () =>
      z
        .object(
          Object.fromEntries(
            ONBOARDING_INPUTS.map((input) => [
              input.key,
              onboardingValueSchema({ ...input, required: false }),
            ]),
          ),
        )
        .superRefine((values, ctx) => {
          for (const input of ONBOARDING_INPUTS) {
            const value = (values as Values)[input.key] ?? '';
            if (input.required && stored[input.key] && value.trim() === '')
              ctx.addIssue({
                code: 'custom',
                path: [input.key],
                message: ONBOARDING_MESSAGES.required(input.label),
              });
          }
        }),
    [stored],
  );
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: stored });
  const save = useUpdateOnboardingMetadata();

  // A change made elsewhere (live) shows up unless the user is editing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(stored);
  }, [stored, form]);

  const submit = form.handleSubmit(async (values) => {
    const changed = Object.fromEntries(
      Object.entries(values)
        .map(([k, v]) => [k, v.trim()] as const)
        .filter(([k, v]) => v !== (stored[k] ?? '') && !(v === '' && !stored[k])),
    );
    if (Object.keys(changed).length === 0) return;
    try {
      const result = await save.mutateAsync({ id: onboarding.id, metadata: changed });
      form.reset(valuesOf(result.onboarding));
      notifySuccess(result.message);
    } catch (error) {
      // The server names a value's field metadata.{key}.
      let applied = false;
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          const key = field.replace(/^metadata\./, '');
          if (ONBOARDING_INPUTS.some((i) => i.key === key) && messages[0]) {
            form.setError(key, { type: 'server', message: messages[0] });
            applied = true;
          }
        }
      }
      if (!applied) notifyError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Onboarding details">
      {ONBOARDING_INPUTS.map((input) => {
        const error = form.formState.errors[input.key]?.message;
        return (
          <TextField
            key={input.key}
            {...form.register(input.key)}
            label={input.label}
            type={input.type}
            error={Boolean(error)}
            helperText={error ?? `Step ${stepOfInput(input.key)}`}
            disabled={save.isPending}
            fullWidth
            margin="normal"
            slotProps={input.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
          />
        );
      })}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending || !form.formState.isDirty}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
