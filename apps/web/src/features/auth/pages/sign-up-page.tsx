import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AltchaField, type AltchaFieldHandle } from '../../../components/altcha-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { useCheckEmail } from '../api/check-email.ts';
import { useRegister } from '../api/register.ts';
import { NameField } from '../../../components/name-field.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { normalizeName } from '@archline/contracts/auth';
import { SignUpForm } from '../schemas.ts';

type Values = z.input<typeof SignUpForm>;
type Output = z.output<typeof SignUpForm>;
const STEP_ONE = ['first_name', 'last_name', 'email'] as const;
const ALL_FIELDS = [...STEP_ONE, 'password', 'password_confirmation'] as const;

/** /sign-up[?lab_partner=]: step 1 names and e-mail (checked by the server), step 2 password. */
export function SignUpPage() {
  const [params] = useSearchParams();
  const labPartnerParam = params.get('lab_partner');
  const labPartner = labPartnerParam !== null && labPartnerParam !== '0' && labPartnerParam !== 'false';
  const navigate = useNavigate();
  const checkEmail = useCheckEmail();
  const register = useRegister();
  const [step, setStep] = useState(0);
  const altchaRef = useRef<AltchaFieldHandle>(null);
  const [altcha, setAltcha] = useState('');
  const [altchaError, setAltchaError] = useState<string>();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(SignUpForm),
    defaultValues: { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onNext = async () => {
    for (const name of ['first_name', 'last_name'] as const) {
      form.setValue(name, normalizeName(form.getValues(name) ?? ''));
    }
    if (!(await form.trigger(STEP_ONE))) return;
    try {
      await checkEmail.mutateAsync(form.getValues('email'));
      setStep(1);
    } catch (error) {
      // The server's message stays on the e-mail field; the user remains on step 1.
      const message =
        error instanceof ApiError ? (error.errors.email?.[0] ?? errorMessage(error)) : errorMessage(error);
      form.setError('email', { type: 'server', message });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!altcha) {
      setAltchaError('Please complete the verification.');
      return;
    }
    setAltchaError(undefined);
    try {
      await register.mutateAsync({
        ...values,
        altcha,
        ...(labPartner ? { lab_partner: true } : {}),
      });
      navigate('/sign-up-success', { replace: true });
    } catch (error) {
      altchaRef.current?.reset();
      if (error instanceof ApiError && error.errors.altcha?.[0]) setAltchaError(error.errors.altcha[0]);
      const applied = applyServerErrors(error, form.setError, ALL_FIELDS);
      if (applied && STEP_ONE.some((f) => error instanceof ApiError && error.errors[f])) setStep(0);
      if (!applied) notifyError(error);
    }
  });

  return (
    <PublicLayout title="Sign Up" width={520}>
      <Stepper activeStep={step} sx={{ mb: 2 }} aria-label="Sign-up steps">
        <Step>
          <StepLabel>Your details</StepLabel>
        </Step>
        <Step>
          <StepLabel>Password</StepLabel>
        </Step>
      </Stepper>
      <Box
        component="form"
        noValidate
        aria-label="Sign up"
        onSubmit={(event) => {
          if (step === 0) {
            event.preventDefault();
            void onNext();
          } else void onSubmit(event);
        }}
      >
        {step === 0 ? (
          <>
            <NameField
              form={form}
              name="first_name"
              label="First Name"
              autoComplete="given-name"
              autoFocus
              required
            />
            <NameField form={form} name="last_name" label="Last Name" autoComplete="family-name" required />
            <FormTextField
              {...form.register('email')}
              label="E-mail"
              type="email"
              autoComplete="email"
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
              disabled={checkEmail.isPending}
            >
              Next
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary">Signing up as {form.getValues('email')}</Typography>
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
            <AltchaField ref={altchaRef} onChange={setAltcha} error={altchaError} />
            <Box sx={{ display: 'flex', gap: 2 }}>
              <Button variant="outlined" size="large" onClick={() => setStep(0)} sx={{ flex: 1 }}>
                Back
              </Button>
              <Button type="submit" variant="contained" size="large" sx={{ flex: 2 }} disabled={isSubmitting}>
                Signup
              </Button>
            </Box>
          </>
        )}
      </Box>
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Typography>
    </PublicLayout>
  );
}

export default SignUpPage;
