import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Device } from '@archline/contracts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useDeleteDevice } from '../api/delete-device.ts';

/** Asks before a device is removed from its license (its seat becomes available). */
export function DeleteDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const remove = useDeleteDevice();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="delete-device-title"
      aria-describedby="delete-device-text"
    >
      <DialogTitle id="delete-device-title">Delete Device</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-device-text">
          Are you sure you want to delete the device {device.name}? Its seat becomes available.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(device.id, {
              onSuccess: (result) => {
                notifySuccess(result.message);
                onClose();
              },
            })
          }
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
