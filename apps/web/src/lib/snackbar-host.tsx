import { styled, ThemeProvider } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from './theme.ts';

/** Snackbar colours dark enough for white text (WCAG AA contrast), unlike the library defaults. */
const Snack = styled(MaterialDesignContent)(({ theme: t }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.info.dark },
  '&.notistack-MuiContent-default': { backgroundColor: t.palette.grey[900] },
}));
const SNACK_COMPONENTS = { default: Snack, success: Snack, error: Snack, warning: Snack, info: Snack };

export interface SnackbarApi {
  enqueueSnackbar: typeof enqueueSnackbar;
  closeSnackbar: typeof closeSnackbar;
}

function Host({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={6000}
      Components={SNACK_COMPONENTS}
    />
  );
}

/**
 * The snackbar stack lives in its own small React root, mounted the first time the app shows a
 * message, so the first page does not load the snackbar library.
 */
export const snackbars: Promise<SnackbarApi> = new Promise((resolve) => {
  const container = document.createElement('div');
  container.dataset.snackbarHost = '';
  document.body.appendChild(container);
  createRoot(container).render(
    <ThemeProvider theme={theme}>
      <Host onReady={() => resolve({ enqueueSnackbar, closeSnackbar })} />
    </ThemeProvider>,
  );
});
