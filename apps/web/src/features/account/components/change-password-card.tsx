import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ChangePasswordRequest } from '@archline/contracts/password-change';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useChangePassword } from '../api/change-password.ts';

type Values = z.input<typeof ChangePasswordRequest>;
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' };

/**
 * 'Change Password' on the User tab: the current password and the new one twice, checked with the
 * same schema as PUT /profile/password (the sign-up rules). The other sessions are signed out.
 */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm<Values>({
    resolver: zodResolver(ChangePasswordRequest),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(values);
      form.reset(EMPTY);
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <TextField
      {...form.register(name)}
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
    />
  );

  return (
    <Card component="section" aria-labelledby="change-password-title">
      <CardHeader
        title="Change Password"
        slotProps={{ title: { id: 'change-password-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          8 to 32 characters with an uppercase letter, a lowercase letter and a digit. Your other sessions are
          signed out.
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              {field('current_password', 'Current Password', 'current-password')}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{field('password', 'New Password', 'new-password')}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {field('password_confirmation', 'Confirm New Password', 'new-password')}
            </Grid>
          </Grid>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Changing...' : 'Change Password'}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
