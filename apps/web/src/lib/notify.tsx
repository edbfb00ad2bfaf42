import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';
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

/** How long a snackbar with a link stays (the batch creation's 'Visit Batch'). */
export const LINK_HIDE_MS = 5_000;

/** A link shown in a snackbar; `navigate` opens it inside the app (the page's useNavigate). */
export interface SnackbarLink {
  label: string;
  href: string;
  navigate: (href: string) => void;
}

/**
 * A success snackbar with a link (e.g. 'Visit Batch'), hidden after 5 seconds. The snackbar stack
 * lives outside the router, so a plain click hands the address to `navigate`; a modified click
 * (new tab, new window) is left to the browser.
 */
export function notifySuccessWithLink(message: string, link: SnackbarLink, autoHideMs = LINK_HIDE_MS): void {
  void snackbars().then(({ enqueueSnackbar, closeSnackbar }) =>
    enqueueSnackbar(message, {
      variant: 'success',
      autoHideDuration: autoHideMs,
      action: (key) => (
        <Button
          component="a"
          href={link.href}
          color="inherit"
          size="small"
          onClick={(e: MouseEvent<HTMLAnchorElement>) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            closeSnackbar(key);
            link.navigate(link.href);
          }}
        >
          {link.label}
        </Button>
      ),
    }),
  );
}
