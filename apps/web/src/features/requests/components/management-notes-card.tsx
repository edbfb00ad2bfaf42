import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/** The longest note the server keeps (a management data value). */
export const MANAGEMENT_NOTE_MAX = 2000;
export const MANAGEMENT_NOTE_TOO_LONG = `The note may hold at most ${MANAGEMENT_NOTE_MAX} characters.`;

/** The staff's note on the request (`management_data.note`); the other management data is kept as it is. */
export function noteOf(data: Record<string, unknown>): string {
  return typeof data.note === 'string' ? data.note : '';
}

/**
 * Management Notes: the lab's own note on a request, never shown to the practice. Staff with
 * customer-requests.update-management-data (or .manage) edit it in place; an empty note clears it.
 */
export function ManagementNotesCard({
  data,
  canEdit,
  busy,
  onSave,
}: {
  data: Record<string, unknown>;
  canEdit: boolean;
  busy: boolean;
  onSave: (management_data: Record<string, unknown>) => Promise<unknown>;
}) {
  const note = noteOf(data);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editing = draft !== null;

  const save = () => {
    const text = draft!.trim();
    if (text.length > MANAGEMENT_NOTE_MAX) return setError(MANAGEMENT_NOTE_TOO_LONG);
    const rest = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'note'));
    setError(null);
    onSave(text ? { ...rest, note: text } : rest).then(
      () => setDraft(null),
      (err: unknown) =>
        setError(
          err instanceof ApiError
            ? (Object.values(err.errors)[0]?.[0] ?? err.message)
            : 'The note could not be saved.',
        ),
    );
  };

  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader
        title="Management Notes"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          canEdit && !editing ? (
            <Button size="small" variant="outlined" onClick={() => setDraft(note)}>
              {note ? 'Edit Note' : 'Add Note'}
            </Button>
          ) : undefined
        }
      />
      <CardContent>
        {editing ? (
          <Stack spacing={1}>
            <TextField
              label="Note"
              multiline
              minRows={3}
              value={draft}
              disabled={busy}
              error={error !== null}
              helperText={error ?? `${draft.length} / ${MANAGEMENT_NOTE_MAX}`}
              onChange={(e) => setDraft(e.target.value)}
              autoFocus
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                onClick={() => {
                  setDraft(null);
                  setError(null);
                }}
                disabled={busy}
              >
                Cancel
              </Button>
              <Button variant="contained" onClick={save} disabled={busy}>
                Save Note
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note || 'No notes yet.'}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
