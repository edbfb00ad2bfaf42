import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { UpdateDeviceRequest, type Device } from '@archline/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useRenameDevice } from '../api/rename-device.ts';

type Values = z.input<typeof UpdateDeviceRequest>;
type Output = z.output<typeof UpdateDeviceRequest>;

/** Renames a registered device. Mounted per device, so the form starts from its name. */
export function RenameDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const rename = useRenameDevice();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(UpdateDeviceRequest),
    defaultValues: { name: device.name },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await rename.mutateAsync({ id: device.id, name: values.name });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) notifyError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="rename-device-title">
      <DialogTitle id="rename-device-title">Edit Device</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="rename-device-title">
        <DialogContent>
          <TextField
            {...form.register('name')}
            label="Device Name"
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
