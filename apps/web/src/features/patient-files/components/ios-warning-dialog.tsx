import { PATIENT_FILE_MESSAGES } from '@archline/contracts/patient-files';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface IosWarningDialogProps {
  open: boolean;
  onNo: () => void;
  onYes: () => void;
}

/** Asked before another IOS file is uploaded for a patient that already has one. */
export function IosWarningDialog({ open, onNo, onYes }: IosWarningDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onNo}
      aria-labelledby="ios-warning-title"
      aria-describedby="ios-warning-text"
    >
      <DialogTitle id="ios-warning-title">{PATIENT_FILE_MESSAGES.iosDuplicateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="ios-warning-text">{PATIENT_FILE_MESSAGES.iosDuplicateBody}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} autoFocus>
          No
        </Button>
        <Button variant="contained" color="warning" onClick={onYes}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
