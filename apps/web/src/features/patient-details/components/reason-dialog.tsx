import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const ReasonSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(255),
  reason: z.string().trim().min(1, 'Required').max(2000),
  notify_office: z.boolean(),
});
export type ReasonValues = z.infer<typeof ReasonSchema>;

/**
 * The hold / unhold / archive / delete reason dialog: the action owner's name and a reason, both
 * required. Staff with a name get it filled in and locked; management may tick Notify Office.
 */
export function ReasonDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  lockedName,
  showNotifyOffice = false,
  color = 'primary',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  /** The signed-in staff member's name: prefilled and not editable. */
  lockedName?: string | null;
  showNotifyOffice?: boolean;
  color?: 'primary' | 'error' | 'warning';
  onConfirm: (values: ReasonValues) => void;
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm<ReasonValues>({
    resolver: zodResolver(ReasonSchema),
    values: { name: lockedName ?? '', reason: '', notify_office: false },
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const submit = form.handleSubmit((values) => onConfirm(values));

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
          <TextField
            {...form.register('name')}
            label="Action Owner Name"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { readOnly: Boolean(lockedName) } }}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField
            {...form.register('reason')}
            label="Reason"
            required
            multiline
            minRows={3}
            error={Boolean(errors.reason)}
            helperText={errors.reason?.message}
          />
          {showNotifyOffice && (
            <FormControlLabel
              control={<Checkbox {...form.register('notify_office')} />}
              label="Notify Office"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color={color} variant="contained" disabled={busy || !isValid}>
            {busy ? 'Please wait...' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
