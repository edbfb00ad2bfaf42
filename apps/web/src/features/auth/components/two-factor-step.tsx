import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LoginInfo, TwoFactorChallenge } from '@archline/contracts/auth';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useLoginTwoFactor } from '../api/login-two-factor.ts';

/**
 * The second sign-in step of an account with two-factor authentication: a code from the
 * authenticator app (or a recovery code) exchanges the challenge for the session.
 */
export function TwoFactorStep(props: {
  challenge: TwoFactorChallenge;
  onSignedIn: (info: LoginInfo) => void;
  onCancel: () => void;
}) {
  const verify = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (!code.trim()) {
      setError('A code is required.');
      return;
    }
    setError(undefined);
    setFailure(undefined);
    try {
      props.onSignedIn(await verify.mutateAsync({ challenge_token: props.challenge.challenge_token, code }));
    } catch (err) {
      if (err instanceof ApiError && err.errors.code?.[0]) setError(err.errors.code[0]);
      else setFailure(errorMessage(err));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Two-factor authentication">
      <Typography sx={{ mb: 1 }}>
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <FormTextField
        name="code"
        value={code}
        onChange={(e: { target: { value: string } }) => setCode(e.target.value)}
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        required
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button onClick={props.onCancel} fullWidth sx={{ mt: 1 }}>
        Back to sign in
      </Button>
    </Box>
  );
}
