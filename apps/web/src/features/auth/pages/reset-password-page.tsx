import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MANAGEMENT_ROLES } from '@archline/contracts/roles';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordField } from '../components/password-field.tsx';
import { ResetPasswordForm } from '../schemas.ts';

type Values = z.input<typeof ResetPasswordForm>;
type Output = z.output<typeof ResetPasswordForm>;

/** /reset-password?token=&userRole=&mode=: sets (mode=initial) or resets a password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const userRole = params.get('userRole') ?? '';
  const initial = params.get('mode') === 'initial';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { token: token ?? '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) return <Navigate to="/not-found" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await reset.mutateAsync(values);
      notifySuccess(result.message);
      const management = (MANAGEMENT_ROLES as readonly string[]).includes(userRole);
      navigate(management ? '/management' : '/login', { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password', 'password_confirmation'])) notifyError(error);
    }
  });

  return (
    <PublicLayout title={initial ? 'Set Your Password' : 'Reset Your Password'}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={initial ? 'Set your password' : 'Reset your password'}
      >
        <PasswordField
          {...form.register('password')}
          label="Password"
          autoComplete="new-password"
          autoFocus
          required
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <PasswordField
          {...form.register('password_confirmation')}
          label="Confirm Password"
          autoComplete="new-password"
          required
          error={Boolean(errors.password_confirmation)}
          helperText={errors.password_confirmation?.message}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          disabled={isSubmitting}
        >
          {initial ? 'Set Password' : 'Reset Password'}
        </Button>
      </Box>
    </PublicLayout>
  );
}

export default ResetPasswordPage;
