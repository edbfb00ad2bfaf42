import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetupResponse } from '@archline/contracts/two-factor';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor.ts';

const fieldError = (error: unknown) =>
  error instanceof ApiError ? (error.errors.code?.[0] ?? error.message) : errorMessage(error);

/** A code form: one labelled field and a button. */
function CodeForm(props: {
  id: string;
  label: string;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  helper?: string;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(code);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        id={props.id}
        label={props.label}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'text', maxLength: 64 } }}
        error={Boolean(props.error)}
        helperText={props.error ?? props.helper}
        sx={{ flex: '1 1 200px', maxWidth: 320 }}
      />
      <Button type="submit" variant="contained" disabled={props.busy} sx={{ mt: 1 }}>
        {props.submitLabel}
      </Button>
    </Box>
  );
}

/**
 * 'Two-factor authentication' on the User tab: set it up with an authenticator app (QR code or
 * the secret as text), confirm with a first code, keep the ten recovery codes shown once; turn it
 * off with a current code. Once on, every sign in asks for a code.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const onStart = async () => {
    const result = await start.mutateAsync();
    setSetup(result);
  };
  const onConfirm = async (code: string) => {
    const result = await confirm.mutateAsync(code).catch(() => null);
    if (!result) return;
    setSetup(null);
    setRecoveryCodes(result.recovery_codes);
    notifySuccess(result.message);
  };
  const onDisable = async (code: string) => {
    const result = await disable.mutateAsync(code).catch(() => null);
    if (result) notifySuccess(result.message);
  };

  const enabled = status.data?.enabled ?? false;
  return (
    <Card component="section" aria-labelledby="two-factor-title">
      <CardHeader
        title="Two-factor authentication"
        slotProps={{ title: { id: 'two-factor-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Stack spacing={2}>
          {status.isPending ? (
            <Typography color="text.secondary">Loading…</Typography>
          ) : recoveryCodes ? (
            <>
              <Alert severity="success">
                Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs you in
                once if you lose your phone. They are shown only now.
              </Alert>
              <Box
                component="ul"
                aria-label="Recovery codes"
                sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3, fontSize: '1rem' }}
              >
                {recoveryCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
              <Box>
                <Button variant="outlined" onClick={() => setRecoveryCodes(null)}>
                  I have saved my codes
                </Button>
              </Box>
            </>
          ) : enabled ? (
            <>
              <Typography>
                <strong>On</strong> since {formatDateTime(status.data?.enabled_at)}. Every sign in asks for a
                code from your authenticator app. Recovery codes left: {status.data?.recovery_codes_left}.
              </Typography>
              <Typography variant="body2" color="text.secondary">
                To turn it off, enter a current code from your app (or a recovery code).
              </Typography>
              <CodeForm
                id="two-factor-disable-code"
                label="Code"
                submitLabel="Turn off"
                busy={disable.isPending}
                error={disable.error ? fieldError(disable.error) : undefined}
                onSubmit={(code) => void onDisable(code)}
              />
            </>
          ) : setup ? (
            <>
              <Typography>
                Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
                1Password…), or type the key, then enter the 6-digit code it shows.
              </Typography>
              <Box
                component="img"
                src={setup.qr_code}
                alt="QR code for your authenticator app"
                sx={{ width: 200, height: 200, maxWidth: '100%', bgcolor: '#fff' }}
              />
              <Typography variant="body2">
                Key:{' '}
                <Box
                  component="code"
                  data-testid="two-factor-secret"
                  sx={{ wordBreak: 'break-all', fontSize: '0.95rem' }}
                >
                  {setup.secret}
                </Box>
              </Typography>
              <CodeForm
                id="two-factor-confirm-code"
                label="6-digit code"
                submitLabel="Turn on"
                busy={confirm.isPending}
                error={confirm.error ? fieldError(confirm.error) : undefined}
                onSubmit={(code) => void onConfirm(code)}
              />
            </>
          ) : (
            <>
              <Typography>
                Protect your account with a second step at sign in: a code from an authenticator app on your
                phone. Once on, every sign in asks for it.
              </Typography>
              {start.error && <Alert severity="error">{errorMessage(start.error)}</Alert>}
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void onStart().catch(() => undefined)}
                  disabled={start.isPending}
                >
                  Set up two-factor authentication
                </Button>
              </Box>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
