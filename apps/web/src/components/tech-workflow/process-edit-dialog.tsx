import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  GENERATE_QA_PROCESS,
  TECH_WORKFLOW_MESSAGES,
  type TechAssignableUser,
  type TechWorkflowProcess,
} from '@archline/contracts/tech-workflows';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';

const toLocalInput = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DDTHH:mm') : '');
const fromLocalInput = (value: string) => (value ? dayjs(value).toISOString() : null);

type Body = { user_id?: number | null; started_at?: string | null; finished_at?: string | null };

/**
 * An admin's edit of one process: the technician (tech_support, admin and super admin users) and
 * the start and finish times in the user's time zone. Only the changed fields are sent; a Generate
 * QA finish asks to confirm the tray STL files.
 */
export function ProcessEditDialog({
  process,
  assignableUsers,
  onClose,
  onSave,
}: {
  process: TechWorkflowProcess;
  assignableUsers: TechAssignableUser[];
  onClose: () => void;
  onSave: (body: Body) => Promise<void>;
}) {
  const [userId, setUserId] = useState<string>(process.user_id === null ? '' : String(process.user_id));
  const [startedAt, setStartedAt] = useState(toLocalInput(process.started_at));
  const [finishedAt, setFinishedAt] = useState(toLocalInput(process.finished_at));
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const options =
    assignableUsers.some((u) => u.id === process.user_id) || process.user_id === null
      ? assignableUsers
      : [
          ...assignableUsers,
          { id: process.user_id, full_name: process.tech_name ?? `User ${process.user_id}` },
        ];
  const finishing = process.process === GENERATE_QA_PROCESS && !process.finished_at && finishedAt !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Body = {};
    const nextUser = userId === '' ? null : Number(userId);
    if (nextUser !== process.user_id) body.user_id = nextUser;
    if (startedAt !== toLocalInput(process.started_at)) body.started_at = fromLocalInput(startedAt);
    if (finishedAt !== toLocalInput(process.finished_at)) body.finished_at = fromLocalInput(finishedAt);
    if (!Object.keys(body).length) return onClose();
    setBusy(true);
    setError(null);
    try {
      await onSave(body);
    } catch (err) {
      setError({ message: errorMessage(err), fields: err instanceof ApiError ? err.errors : {} });
      setBusy(false);
    }
  };

  const fieldError = (field: string) => error?.fields[field]?.[0];
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="process-edit-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="process-edit-title">Edit {process.process}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error.message}</Alert>}
            <TextField
              select
              label="Technician"
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              error={Boolean(fieldError('user_id'))}
              helperText={fieldError('user_id')}
            >
              <MenuItem value="">
                <em>Unassigned</em>
              </MenuItem>
              {options.map((u) => (
                <MenuItem key={u.id} value={String(u.id)}>
                  {u.full_name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="datetime-local"
              label="Started"
              value={startedAt}
              onChange={(e) => setStartedAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(fieldError('started_at'))}
              helperText={fieldError('started_at')}
            />
            <TextField
              type="datetime-local"
              label="Finished"
              value={finishedAt}
              onChange={(e) => setFinishedAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(fieldError('finished_at'))}
              helperText={fieldError('finished_at')}
            />
            {finishing && (
              <FormControlLabel
                control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
                label={TECH_WORKFLOW_MESSAGES.confirmTraySTL}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || (finishing && !confirmed)}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
