import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { REQUEST_MESSAGES } from '@archline/contracts';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Completes a request. With a print request it asks for the tracking number (required); without
 * one it only asks to confirm. A server refusal of the number shows under the field.
 */
export function CompleteDialog({
  open,
  needsTracking,
  busy,
  onClose,
  onComplete,
}: {
  open: boolean;
  needsTracking: boolean;
  busy: boolean;
  onClose: () => void;
  onComplete: (trackingNumber: string | undefined) => Promise<unknown>;
}) {
  const id = useId();
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setTracking('');
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    if (needsTracking && !tracking.trim()) {
      setError(REQUEST_MESSAGES.trackingNumberRequired);
      return;
    }
    try {
      await onComplete(needsTracking ? tracking.trim() : undefined);
    } catch (err) {
      if (err instanceof ApiError && err.errors.tracking_number?.[0]) setError(err.errors.tracking_number[0]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Complete Request</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {needsTracking
            ? 'Enter the tracking number of the shipment to complete this request.'
            : 'Are you sure you want to complete this request?'}
        </DialogContentText>
        {needsTracking && (
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            required
            label="Tracking Number"
            value={tracking}
            onChange={(e) => {
              setTracking(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit();
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="success" onClick={() => void submit()} disabled={busy}>
          Complete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
