import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a location is deleted. */
export function ConfirmDeleteDialog({ open, name, pending, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="delete-location-title"
      aria-describedby="delete-location-text"
    >
      <DialogTitle id="delete-location-title">Delete Location</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-location-text">
          Are you sure you want to delete the location {name}?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
