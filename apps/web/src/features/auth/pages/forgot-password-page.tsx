import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { useRequestReset } from '../api/request-reset.ts';
import { ForgotPasswordForm } from '../schemas.ts';

type Values = z.input<typeof ForgotPasswordForm>;

/** /forgot-password: sends a reset link to the e-mail. */
export function ForgotPasswordPage() {
  const requestReset = useRequestReset();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(ForgotPasswordForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await requestReset.mutateAsync({ email: values.email });
      setSent(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email'])) notifyError(error);
    }
  });

  return (
    <PublicLayout title="Forgot Password">
      {sent ? (
        <Alert severity="success">{sent}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Request a password reset">
          <Typography color="text.secondary">
            Enter the e-mail of your account and we will send you a link to reset your password.
          </Typography>
          <FormTextField
            {...form.register('email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 2 }}
            disabled={isSubmitting}
          >
            Send Reset Link
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          Back to Login
        </Link>
      </Box>
    </PublicLayout>
  );
}

export default ForgotPasswordPage;
