import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useAddCaseNote, useCaseNotes } from '../api/notes.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { NotePanel } from './note-panel.tsx';

/** The conversation between the practice and management, with the composer. */
function Conversation({ patientId, readOnly }: { patientId: number; readOnly: boolean }) {
  const notes = useCaseNotes(patientId);
  const add = useAddCaseNote(patientId);
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const count = notes.data?.length ?? 0;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const send = async () => {
    try {
      const result = await add.mutateAsync({ message: text });
      setText('');
      notifySuccess(result.message);
    } catch {
      // The error snackbar shows the server's message; the text stays for another try.
    }
  };

  return (
    <>
      {notes.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
          <CircularProgress size={20} aria-hidden="true" /> Loading case notes...
        </Box>
      ) : notes.isError ? (
        <Typography role="alert" color="error">
          The case notes could not be loaded.
        </Typography>
      ) : count === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No case notes yet.
        </Typography>
      ) : (
        <Box
          component="ol"
          ref={listRef}
          aria-label="Case notes"
          tabIndex={0}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            flex: 1,
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
          }}
        >
          {notes.data.map((note) => {
            const mine = note.author_type === 'doctor';
            return (
              <Box
                component="li"
                key={note.id}
                sx={{
                  alignSelf: mine ? 'flex-start' : 'flex-end',
                  maxWidth: '80%',
                  bgcolor: mine ? 'grey.100' : '#e3eef4',
                  borderRadius: 2,
                  px: 1.5,
                  py: 1,
                }}
              >
                <Typography variant="caption" component="p" color="text.secondary">
                  <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {note.author_name}
                  </Box>{' '}
                  · <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.message}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
      {!readOnly && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) void send();
          }}
          sx={{ mt: 1 }}
        >
          <TextField
            label="New case note"
            multiline
            minRows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            margin="dense"
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={!text.trim() || add.isPending}>
              {add.isPending ? 'Sending...' : 'Send'}
            </Button>
          </Box>
        </Box>
      )}
    </>
  );
}

/** Case Notes: highlighted green when the patient has notes. */
export function CaseNotesPanel({
  patientId,
  hasNotes,
  readOnly,
}: {
  patientId: number;
  hasNotes: boolean;
  readOnly: boolean;
}) {
  // Notes that arrive live count too: the panel turns green without reloading the patient.
  const notes = useCaseNotes(patientId);
  const any = notes.data ? notes.data.length > 0 : hasNotes;
  return (
    <NotePanel title="Case Notes" empty={!any} highlight={any} tall>
      <Conversation patientId={patientId} readOnly={readOnly} />
    </NotePanel>
  );
}
