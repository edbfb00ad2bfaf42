import Button from '@mui/material/Button';
import { errorMessage, isCancelled } from './api-client.ts';

export const UNDO_HIDE_MS = 15_000;

/** The snackbar stack, loaded and mounted on the first message. */
const snackbars = () => import('./snackbar-host.tsx').then((m) => m.snackbars);

/** Error snackbar with the server's message; cancelled requests stay silent. */
export function notifyError(error: unknown): void {
  if (isCancelled(error)) return;
  const message = errorMessage(error);
  void snackbars().then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant: 'error' }));
}

/** Success snackbar with the server's message (or the given text). */
export function notifySuccess(message: string): void {
  void snackbars().then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant: 'success' }));
}

/** A snackbar with an Undo button, hidden after 15 seconds. */
export function notifyUndo(message: string, onUndo: () => void): void {
  void snackbars().then(({ enqueueSnackbar, closeSnackbar }) =>
    enqueueSnackbar(message, {
      variant: 'default',
      autoHideDuration: UNDO_HIDE_MS,
      action: (key) => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            closeSnackbar(key);
            onUndo();
          }}
        >
          Undo
        </Button>
      ),
    }),
  );
}
