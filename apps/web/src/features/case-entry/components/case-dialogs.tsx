import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RX_FORM_LIMITS, type SavedForLaterInfo } from '@archline/contracts';
import { useEffect, useId, useState } from 'react';

/**
 * Save for later asks first who saves the case and why (both required). Staff get their name
 * filled in and locked; management may also notify the office.
 */
export function SavedForLaterDialog({
  open,
  lockedName,
  showNotifyOffice,
  busy,
  onContinue,
  onClose,
}: {
  open: boolean;
  lockedName: string | null;
  showNotifyOffice: boolean;
  busy: boolean;
  onContinue: (info: SavedForLaterInfo) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(lockedName ?? '');
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(false);
  useEffect(() => {
    if (open) {
      setName(lockedName ?? '');
      setReason('');
      setNotify(false);
    }
  }, [open, lockedName]);
  const ready = name.trim() !== '' && reason.trim() !== '';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Extra Information</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The case will be saved for later. Please tell us who is saving it and why.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={lockedName !== null}
            slotProps={{ htmlInput: { maxLength: RX_FORM_LIMITS.savedForLaterNameMax } }}
          />
          <TextField
            label="Reason"
            required
            multiline
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: RX_FORM_LIMITS.savedForLaterReasonMax } }}
          />
          {showNotifyOffice && (
            <FormControlLabel
              control={<Checkbox checked={notify} onChange={(e) => setNotify(e.target.checked)} />}
              label="Notify Office"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!ready || busy}
          onClick={() => onContinue({ name: name.trim(), reason: reason.trim(), notify_office: notify })}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before a case whose patient name already exists: it is added with a numeric suffix. */
export function SimilarPatientDialog({
  open,
  text,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Similar Patient</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
