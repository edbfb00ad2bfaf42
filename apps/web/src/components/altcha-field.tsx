import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { API_BASE } from '../lib/api-client.ts';

export const ALTCHA_CHALLENGE_URL = `${API_BASE}/altcha/challenge`;

export interface AltchaFieldHandle {
  /** A challenge is single-use: after each submit the widget solves a fresh one. */
  reset: () => void;
}

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

/**
 * The ALTCHA proof-of-work widget. Its script is imported only when a page renders this field
 * (login, sign-up), so other screens never download it. Reports the payload once verified.
 */
export const AltchaField = forwardRef<
  AltchaFieldHandle,
  { onChange: (payload: string) => void; error?: string }
>(function AltchaField({ onChange, error }, ref) {
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let alive = true;
    void import('altcha').then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = widgetRef.current;
    if (!ready || !el) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    el.addEventListener('statechange', listener);
    return () => el.removeEventListener('statechange', listener);
  }, [ready]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      const el = widgetRef.current;
      onChangeRef.current('');
      if (!el) return;
      el.reset();
      void el.verify();
    },
  }));

  return (
    <Box sx={{ my: 2 }}>
      {ready && (
        <altcha-widget
          ref={widgetRef as React.Ref<HTMLElement>}
          challenge={ALTCHA_CHALLENGE_URL}
          auto="onload"
          name="altcha"
          style={{ '--altcha-max-width': '100%' }}
        />
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
});
