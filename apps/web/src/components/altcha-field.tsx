import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { API_BASE } from '../lib/api-client.ts';

export const ALTCHA_CHALLENGE_URL = `${API_BASE}/altcha/challenge`;

export const ALTCHA_TEXTS = {
  solving: 'Checking that you are not a robot…',
  verified: 'You are not a robot',
  failed: 'The check could not be completed.',
  retry: 'Try again',
} as const;

export interface AltchaFieldHandle {
  /** A challenge is single-use: after each submit the field solves a fresh one. */
  reset: () => void;
}

type State = 'solving' | 'verified' | 'failed';

/**
 * The bot check of login, sign-up and payment forms: ALTCHA proof of work, solved in the browser
 * as soon as the form shows. The solver (altcha-lib, with the browser's own WebCrypto) is
 * imported only when a page renders this field. Reports the base64 payload the server verifies,
 * and '' while there is none.
 */
export const AltchaField = forwardRef<
  AltchaFieldHandle,
  { onChange: (payload: string) => void; error?: string }
>(function AltchaField({ onChange, error }, ref) {
  const [state, setState] = useState<State>('solving');
  const [payload, setPayload] = useState('');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const run = useRef<AbortController | null>(null);

  const solve = useCallback(() => {
    run.current?.abort();
    const controller = new AbortController();
    run.current = controller;
    setState('solving');
    setPayload('');
    onChangeRef.current('');
    void import('./altcha-solver.ts')
      .then(({ solveAltcha }) => solveAltcha(ALTCHA_CHALLENGE_URL, controller))
      .then(
        (solved) => {
          if (controller.signal.aborted) return;
          if (!solved) return setState('failed');
          setPayload(solved);
          setState('verified');
          onChangeRef.current(solved);
        },
        () => {
          if (!controller.signal.aborted) setState('failed');
        },
      );
  }, []);

  useEffect(() => {
    solve();
    return () => run.current?.abort();
  }, [solve]);

  useImperativeHandle(ref, () => ({ reset: solve }), [solve]);

  return (
    <Box sx={{ my: 2 }} data-testid="altcha" data-state={state}>
      <input type="hidden" name="altcha" value={payload} />
      <Box
        role="status"
        aria-live="polite"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          minHeight: 48,
          px: 2,
          py: 1,
          border: 1,
          borderRadius: 1,
          borderColor: error && state !== 'verified' ? 'error.main' : 'divider',
        }}
      >
        {state === 'solving' && <CircularProgress size={20} aria-hidden />}
        {state === 'verified' && <CheckCircleIcon color="success" aria-hidden />}
        {state === 'failed' && <ErrorOutlineIcon color="error" aria-hidden />}
        <Typography variant="body2" sx={{ flex: 1 }}>
          {ALTCHA_TEXTS[state]}
        </Typography>
        {state === 'failed' && (
          <Button size="small" onClick={solve}>
            {ALTCHA_TEXTS.retry}
          </Button>
        )}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
});
