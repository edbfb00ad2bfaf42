import Button from '@mui/material/Button';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import { errorMessage, isCancelled } from './api-client.ts';

export const UNDO_HIDE_MS = 15_000;

/** Error snackbar with the server's message; cancelled requests stay silent. */
export function notifyError(error: unknown): void {
  if (isCancelled(error)) return;
  enqueueSnackbar(errorMessage(error), { variant: 'error' });
}

/** Success snackbar with the server's message (or the given text). */
export function notifySuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}

/** A snackbar with an Undo button, hidden after 15 seconds. */
export function notifyUndo(message: string, onUndo: () => void): SnackbarKey {
  return enqueueSnackbar(message, {
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
  });
}
