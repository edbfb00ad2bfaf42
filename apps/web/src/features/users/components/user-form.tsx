import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLE_LABELS, ROLES, UserFormSchema, type UserDetail } from '@archline/contracts';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { NameField } from '../../../components/name-field.tsx';

export type UserFormValues = z.input<typeof UserFormSchema>;
export type UserFormOutput = z.output<typeof UserFormSchema>;
const FIELDS = ['first_name', 'last_name', 'email', 'role', 'account_number'] as const;

export function userFormDefaults(user: UserDetail | undefined): UserFormValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    role: user?.roles[0]?.name ?? '',
    account_number: user?.account_number ?? '',
  };
}

/**
 * The user form (first and last name, e-mail, role, account number) with the contracts' rules.
 * `onSave` throws the server's error; field errors land on their fields.
 */
export function UserForm({
  user,
  readOnly,
  hideRole,
  submitLabel,
  onSave,
}: {
  user?: UserDetail;
  readOnly: boolean;
  hideRole: boolean;
  submitLabel: string;
  onSave: (values: UserFormOutput) => Promise<UserDetail | void>;
}) {
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(UserFormSchema),
    defaultValues: userFormDefaults(user),
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await onSave({ ...values, account_number: values.account_number || null });
      if (saved) form.reset(userFormDefaults(saved));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="User Information">
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <NameField form={form} name="first_name" label="First Name" required disabled={readOnly} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <NameField form={form} name="last_name" label="Last Name" required disabled={readOnly} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...form.register('email')}
              label="Email"
              type="email"
              required
              margin="normal"
              disabled={readOnly}
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              {...form.register('account_number')}
              label="Account Number"
              margin="normal"
              disabled={readOnly}
              error={Boolean(errors.account_number)}
              helperText={errors.account_number?.message}
            />
          </Grid>
          {!hideRole && (
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                control={form.control}
                name="role"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Role"
                    required
                    margin="normal"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={readOnly}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
          )}
        </Grid>
      </fieldset>
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={(user !== undefined && !isDirty) || isSubmitting}
          >
            {isSubmitting ? 'Saving...' : submitLabel}
          </Button>
        </Box>
      )}
    </Box>
  );
}
