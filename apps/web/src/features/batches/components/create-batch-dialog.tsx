import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  BATCH_MESSAGES,
  BATCH_MIN_CASES,
  BATCH_UNFINISHED_CODE,
  CreateBatchRequest,
} from '@archline/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccessWithLink } from '../../../lib/notify.tsx';
import { useCreateBatch } from '../api/create-batch.ts';

const NameForm = CreateBatchRequest.pick({ name: true });
type NameInput = z.input<typeof NameForm>;
type NameOutput = z.output<typeof NameForm>;

/** The 409 that asks whether to go on with cases whose tray generation has not finished. */
function needsConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === BATCH_UNFINISHED_CODE;
}

/**
 * Creates a batch of the chosen cases (at least two) under a name. When some case has not
 * finished its tray generation the server asks first: the dialog shows the warning, and Proceed
 * sends the batch again with `proceed: true`. Success shows a snackbar with a 'Visit Batch' link
 * for five seconds and calls `onCreated` with the new batch's id.
 */
export function CreateBatchDialog({
  open,
  patientIds,
  onClose,
  onCreated,
}: {
  open: boolean;
  patientIds: number[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateBatch();
  const [confirming, setConfirming] = useState(false);
  // The validated name the warning is about; Proceed sends it again.
  const [pendingName, setPendingName] = useState('');
  const form = useForm<NameInput, unknown, NameOutput>({
    resolver: zodResolver(NameForm),
    defaultValues: { name: '' },
  });
  const { errors } = form.formState;
  const tooFew = patientIds.length < BATCH_MIN_CASES;
  const busy = create.isPending;

  // Each opening starts afresh.
  useEffect(() => {
    if (open) {
      form.reset({ name: '' });
      setConfirming(false);
    }
  }, [open, form]);

  const send = (name: string, proceed: boolean) =>
    create.mutate(
      { name, patients: patientIds, ...(proceed ? { proceed: true } : {}) },
      {
        onSuccess: (result) => {
          setConfirming(false);
          notifySuccessWithLink(result.message, {
            label: BATCH_MESSAGES.visitBatch,
            href: `/batches/${result.data.id}`,
            navigate: (href) => void navigate(href),
          });
          onCreated(result.data.id);
        },
        onError: (error) => {
          if (!proceed && needsConfirmation(error)) {
            setPendingName(name);
            setConfirming(true);
          } else {
            setConfirming(false);
            if (!applyServerErrors(error, form.setError, ['name'])) notifyError(error);
          }
        },
      },
    );

  const submit = form.handleSubmit((values) => send(values.name, false));

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Create Batch</DialogTitle>
      {confirming ? (
        <>
          <DialogContent>
            <Alert severity="warning" id={`${id}-text`}>
              {BATCH_MESSAGES.unfinishedTrayGeneration}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => send(pendingName, true)} disabled={busy} autoFocus>
              {busy ? 'Please wait...' : 'Proceed'}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
          <DialogContent>
            <DialogContentText id={`${id}-text`}>
              {patientIds.length === 1 ? '1 case selected.' : `${patientIds.length} cases selected.`}
            </DialogContentText>
            {tooFew && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {BATCH_MESSAGES.minCases}
              </Alert>
            )}
            <TextField
              {...form.register('name')}
              label="Name"
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
              disabled={busy}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy || tooFew}>
              {busy ? 'Please wait...' : 'Create'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
