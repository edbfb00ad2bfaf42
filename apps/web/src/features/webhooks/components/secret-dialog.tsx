import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';

/**
 * The signing secret of an endpoint, shown once after it was added or its secret rotated; the
 * server never answers it again.
 */
export function SecretDialog({
  secret,
  url,
  onClose,
}: {
  secret: string | null;
  url: string;
  onClose: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied(true);
      notifySuccess('Signing secret copied.');
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setCopied(false) } }}
    >
      <DialogTitle id={`${id}-title`}>Signing secret</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            Copy this secret now and store it on your receiver: it is shown only once. Use it to check the
            Archline-Signature header of every delivery.
          </Alert>
          <TextField
            label={`Signing secret for ${url}`}
            value={secret ?? ''}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            }}
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
