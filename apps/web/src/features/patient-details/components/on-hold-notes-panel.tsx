import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useAddOnHoldNote, useOnHoldNotes } from '../api/notes.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { NotePanel } from './note-panel.tsx';

function kindOf(note: { is_on_hold_reason: boolean; is_unhold: boolean }): string {
  if (note.is_unhold) return 'Removed from hold';
  if (note.is_on_hold_reason) return 'Put on hold';
  return 'Note';
}

function History({ patientId }: { patientId: number }) {
  const notes = useOnHoldNotes(patientId);
  if (notes.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
        <CircularProgress size={20} aria-hidden="true" /> Loading on-hold notes...
      </Box>
    );
  if (notes.isError)
    return (
      <Typography role="alert" color="error">
        The on-hold notes could not be loaded.
      </Typography>
    );
  if (notes.data.length === 0) return <Typography color="text.secondary">No on-hold notes.</Typography>;
  return (
    <Box
      component="ol"
      aria-label="On-hold history"
      sx={{ listStyle: 'none', p: 0, m: 0, overflowY: 'auto' }}
    >
      {[...notes.data].reverse().map((note) => (
        <Box component="li" key={note.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="caption" component="p" color="text.secondary">
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {kindOf(note)}
            </Box>{' '}
            by {note.name} · <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.note}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A note on the held patient; the author's name is the signed-in user's. */
function Composer({ patientId, authorName }: { patientId: number; authorName: string }) {
  const [note, setNote] = useState('');
  const add = useAddOnHoldNote(patientId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    add.mutate(
      { name: authorName, note },
      {
        onSuccess: (result) => {
          setNote('');
          notifySuccess(result.message);
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Add an on-hold note" sx={{ mt: 2 }}>
      <TextField
        label="On-hold note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        margin="none"
        slotProps={{ htmlInput: { maxLength: 65535 } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!note.trim() || add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Note'}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * On Hold Notes: the hold and unhold history with the reasons given; while the patient is on
 * hold, whoever may hold or release it can add a note.
 */
export function OnHoldNotesPanel({
  patientId,
  hasNotes,
  canAdd,
  authorName,
}: {
  patientId: number;
  hasNotes: boolean;
  /** On hold, live, and the user holds the hold permission. */
  canAdd: boolean;
  authorName: string;
}) {
  return (
    <NotePanel title="On Hold Notes" empty={!hasNotes}>
      <History patientId={patientId} />
      {canAdd && <Composer patientId={patientId} authorName={authorName} />}
    </NotePanel>
  );
}
