import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useSession } from '../../../app/session.tsx';
import { AltchaField, type AltchaFieldHandle } from '../../../components/altcha-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { UNVERIFIED_EMAIL_CODE, useLogin } from '../api/login.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { PasswordField } from '../components/password-field.tsx';
import { LoginForm } from '../schemas.ts';

type LoginValues = z.input<typeof LoginForm>;
type LoginField = 'email' | 'password';
type LoginErrors = Partial<Record<LoginField, string>>;

/** The first message per field of the shared login schema. */
function validate(values: LoginValues): LoginErrors {
  const result = LoginForm.safeParse(values);
  const errors: LoginErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A return path must stay inside the app. */
export function safeReturnPath(path: string | null): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** /login (practice) and /management ('Sign in to Admin Dashboard'). */
export function LoginPage({ management = false }: { management?: boolean }) {
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get('path'));
  const navigate = useNavigate();
  const session = useSession();
  const login = useLogin();
  const resend = useResendVerification();
  const altchaRef = useRef<AltchaFieldHandle>(null);
  const [altcha, setAltcha] = useState('');
  const [altchaError, setAltchaError] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; unverified: boolean; email: string } | null>(
    null,
  );
  // Two fields: plain state with the shared schema keeps the sign-in page's JavaScript small.
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember_me: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Like the other forms: quiet until the first submit, then re-checked as the user types.
    if (submitted) setErrors(validate(next));
  };

  if (session.token && session.user) {
    return <Navigate to={returnPath ?? (management ? '/dashboard' : '/')} replace />;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const invalid = validate(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setFailure(null);
    if (!altcha) {
      setAltchaError('Please complete the verification.');
      return;
    }
    setAltchaError(undefined);
    setSubmitting(true);
    try {
      const result = await login.mutateAsync({
        email: values.email,
        password: values.password,
        remember_me: values.remember_me ?? false,
        management,
        altcha,
      });
      session.signIn(result.access_token, result.user);
      navigate(returnPath ?? (management ? '/dashboard' : '/'), { replace: true });
    } catch (error) {
      altchaRef.current?.reset();
      if (error instanceof ApiError) {
        setErrors({ email: error.errors.email?.[0], password: error.errors.password?.[0] });
        if (error.errors.altcha?.[0]) setAltchaError(error.errors.altcha[0]);
      }
      setFailure({
        message: errorMessage(error),
        unverified: error instanceof ApiError && error.code === UNVERIFIED_EMAIL_CODE,
        email: values.email,
      });
    } finally {
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    if (!failure) return;
    try {
      const result = await resend.mutateAsync({ email: failure.email });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <PublicLayout title={management ? 'Sign in to Admin Dashboard' : 'Sign In'}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={management ? 'Admin sign in' : 'Sign in'}
      >
        {failure && (
          <Alert
            severity="error"
            sx={{ mb: 1 }}
            action={
              failure.unverified ? (
                <Button color="inherit" size="small" onClick={onResend} disabled={resend.isPending}>
                  Resend Email
                </Button>
              ) : undefined
            }
          >
            {failure.message}
          </Alert>
        )}
        <FormTextField
          name="email"
          value={values.email}
          onChange={change('email')}
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          required
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <PasswordField
          name="password"
          value={values.password}
          onChange={change('password')}
          label="Password"
          autoComplete="current-password"
          required
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <FormControlLabel
          control={
            <Checkbox
              name="remember_me"
              checked={values.remember_me ?? false}
              onChange={(event) => setValues({ ...values, remember_me: event.target.checked })}
            />
          }
          label="Remember me"
        />
        <AltchaField ref={altchaRef} onChange={setAltcha} error={altchaError} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
          {!management && (
            <Typography variant="body2" component="span">
              No account yet?{' '}
              <Link component={RouterLink} to="/sign-up">
                Sign up
              </Link>
            </Typography>
          )}
        </Box>
      </Box>
    </PublicLayout>
  );
}

export function ManagementLoginPage() {
  return <LoginPage management />;
}

export default LoginPage;
