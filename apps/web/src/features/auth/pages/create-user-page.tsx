import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AltchaField, type AltchaFieldHandle } from '../../../components/altcha-field.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useCreateInvitedUser } from '../api/create-user.ts';
import { NameField } from '../../../components/name-field.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { CreateUserForm } from '../schemas.ts';

type Values = z.input<typeof CreateUserForm>;
type Output = z.output<typeof CreateUserForm>;
const FIELDS = ['first_name', 'last_name', 'password', 'password_confirmation'] as const;

/** /create-user?token=: an invited person creates the account, then signs in. */
export function CreateUserPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const createUser = useCreateInvitedUser();
  const altchaRef = useRef<AltchaFieldHandle>(null);
  const [altcha, setAltcha] = useState('');
  const [altchaError, setAltchaError] = useState<string>();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(CreateUserForm),
    defaultValues: { token, first_name: '', last_name: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!altcha) {
      setAltchaError('Please complete the verification.');
      return;
    }
    setAltchaError(undefined);
    try {
      const result = await createUser.mutateAsync({ ...values, altcha });
      notifySuccess(result.message);
      navigate('/login', { replace: true });
    } catch (error) {
      // A challenge works once: the widget solves a new one for the next attempt.
      altchaRef.current?.reset();
      if (error instanceof ApiError && error.errors.altcha?.[0]) setAltchaError(error.errors.altcha[0]);
      if (!applyServerErrors(error, form.setError, FIELDS)) notifyError(error);
    }
  });

  return (
    <PublicLayout title="Create Your Account">
      {!token && (
        <Alert severity="error">
          The invitation link is incomplete. Please open the link from the e-mail again.
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create your account">
        <NameField
          form={form}
          name="first_name"
          label="First Name"
          autoComplete="given-name"
          autoFocus
          required
        />
        <NameField form={form} name="last_name" label="Last Name" autoComplete="family-name" required />
        <PasswordField
          {...form.register('password')}
          label="Password"
          autoComplete="new-password"
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
        <AltchaField ref={altchaRef} onChange={setAltcha} error={altchaError} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          disabled={isSubmitting || !token}
        >
          Create Account
        </Button>
      </Box>
    </PublicLayout>
  );
}

export default CreateUserPage;
