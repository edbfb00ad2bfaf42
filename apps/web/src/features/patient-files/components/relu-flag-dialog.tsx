import { zodResolver } from '@hookform/resolvers/zod';
import { FlagReluJobRequest, PATIENT_FILE_LIMITS, type PatientFile } from '@archline/contracts/patient-files';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useFlagReluJob } from '../api/relu.ts';

interface FlagValues {
  remarks: string;
}

export interface ReluFlagDialogProps {
  file: PatientFile | null;
  patientId: number;
  onClose: () => void;
}

/** Flags a file's relu job with the reviewer's remarks (3 to 1000 characters). */
export function ReluFlagDialog({ file, patientId, onClose }: ReluFlagDialogProps) {
  const id = useId();
  const flag = useFlagReluJob(patientId);
  const form = useForm<FlagValues>({
    resolver: zodResolver(FlagReluJobRequest),
    defaultValues: { remarks: '' },
    mode: 'onChange',
  });
  const { errors } = form.formState;
  const remarks = form.watch('remarks');

  const submit = form.handleSubmit((values) => {
    if (!file) return;
    flag.mutate(
      { fileId: file.id, body: { remarks: values.remarks.trim() } },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, ['remarks'])) notifyError(error);
        },
      },
    );
  });

  return (
    <Dialog
      open={file !== null}
      onClose={flag.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>Flag Relu Job</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>
            Describe what is wrong with the segmentation of {file?.name}.
          </DialogContentText>
          <TextField
            {...form.register('remarks')}
            label="Remarks"
            required
            multiline
            minRows={3}
            maxRows={10}
            fullWidth
            margin="normal"
            error={Boolean(errors.remarks)}
            helperText={errors.remarks?.message ?? `${remarks.length}/${PATIENT_FILE_LIMITS.remarksMax}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={flag.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={flag.isPending}>
            {flag.isPending ? 'Flagging...' : 'Flag'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
