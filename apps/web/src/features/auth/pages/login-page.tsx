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
import { useSession } from '../../../session/session.tsx';
import { signInLandingFor } from '../../../session/access.ts';
import { AltchaField, type AltchaFieldHandle } from '../../../components/altcha-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { PublicLayout } from '../../../components/public-layout.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { UNVERIFIED_EMAIL_CODE, useLogin } from '../api/login.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { PasswordField } from '../components/password-field.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import type { LoginInfo, TwoFactorChallenge } from '@archline/contracts/auth';
import type { LoginForm } from '../schemas.ts';
import { AUTH_MESSAGES } from '@archline/contracts/auth-messages';

type LoginValues = z.input<typeof LoginForm>;
type LoginField = 'email' | 'password';
type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The shared login schema, loaded once the user starts typing (or submits): zod is not part of
 * what the sign-in page needs to show itself.
 */
let loginForm: typeof LoginForm | null = null;
async function loadLoginForm(): Promise<typeof LoginForm> {
  loginForm ??= (await import('../schemas.ts')).LoginForm;
  return loginForm;
}

/** The first message per field of the shared login schema. */
function validate(values: LoginValues, form: typeof LoginForm): LoginErrors {
  const result = form.safeParse(values);
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

/**
 * A sign-in failure; the wrong sign-in page links to the right one ('Admin Dashboard' to
 * /management, 'regular sign in' to /login), keeping the wanted path.
 */
function FailureMessage({ message, returnPath }: { message: string; returnPath: string | null }) {
  const query = returnPath ? `?path=${encodeURIComponent(returnPath)}` : '';
  const linked = (words: string, to: string) => {
    const [before, after] = message.split(words) as [string, string];
    return (
      <>
        {before}
        <Link component={RouterLink} to={`${to}${query}`} color="inherit" sx={{ fontWeight: 600 }}>
          {words}
        </Link>
        {after}
      </>
    );
  };
  if (message === AUTH_MESSAGES.practiceOnly && message.includes('Admin Dashboard'))
    return linked('Admin Dashboard', '/management');
  if (message === AUTH_MESSAGES.managementOnly && message.includes('regular sign in'))
    return linked('regular sign in', '/login');
  return <>{message}</>;
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
  // Two-factor sign-in: the password was right, a code finishes the sign in.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    void loadLoginForm();
    // Like the other forms: quiet until the first submit, then re-checked as the user types.
    if (submitted && loginForm) setErrors(validate(next, loginForm));
  };

  // Also the moment the sign-in below succeeds: the session may render this page once more before
  // the navigation, so both must send to the same place.
  if (session.token && session.user) {
    return <Navigate to={returnPath ?? signInLandingFor(session.user)} replace />;
  }

  const signedIn = (info: LoginInfo) => {
    session.signIn(info.access_token, info.user);
    // Staff land on the dashboard; the root sends everyone else to their home page (RootRedirect).
    navigate(returnPath ?? signInLandingFor(info.user), { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const invalid = validate(values, await loadLoginForm());
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
      if ('two_factor_required' in result) {
        setChallenge(result);
        return;
      }
      signedIn(result);
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
      {challenge ? (
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={signedIn}
          onCancel={() => {
            setChallenge(null);
            altchaRef.current?.reset();
          }}
        />
      ) : (
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
              <FailureMessage message={failure.message} returnPath={returnPath} />
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
      )}
    </PublicLayout>
  );
}

export function ManagementLoginPage() {
  return <LoginPage management />;
}

export default LoginPage;
