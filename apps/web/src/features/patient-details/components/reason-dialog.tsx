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
import { ArchivePatientRequest, DeletePatientRequest, ToggleHoldRequest } from '@archline/contracts/patients';
import { z } from 'zod';

/** The request each reason dialog sends: its name and reason follow that request's own rules. */
export type ReasonKind = 'hold' | 'archive' | 'delete';

/** The dialog's two fields with the API's schemas for the request behind them (one rule, one message). */
const REASON_SCHEMAS = {
  hold: z.object({
    name: ToggleHoldRequest.shape.name,
    reason: ToggleHoldRequest.shape.reason,
    notify_office: z.boolean(),
  }),
  archive: z.object({
    name: ArchivePatientRequest.shape.archived_by_name,
    reason: ArchivePatientRequest.shape.archived_reason,
    notify_office: z.boolean(),
  }),
  delete: z.object({
    name: DeletePatientRequest.shape.deleted_by_name,
    reason: DeletePatientRequest.shape.deleted_reason,
    notify_office: z.boolean(),
  }),
} as const;
export type ReasonValues = z.infer<(typeof REASON_SCHEMAS)['hold']>;

/**
 * The hold / unhold / archive / delete reason dialog: the action owner's name and a reason, both
 * required. Staff with a name get it filled in and locked; management may tick Notify Office.
 */
export function ReasonDialog({
  kind,
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
  kind: ReasonKind;
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
    resolver: zodResolver(REASON_SCHEMAS[kind]),
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
