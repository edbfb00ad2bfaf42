import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PatientDetails, PatientNoteField } from '@archline/contracts/patients';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useUpdatePatient } from '../api/update-patient.ts';
import { NotePanel } from './note-panel.tsx';

/** One single-field note of the patient (Internal Notes, Digital Technician Notes, Atoms, Bits). */
export function TextNotePanel({
  patient,
  field,
  title,
  subtitle,
  editable,
}: {
  patient: PatientDetails;
  field: PatientNoteField;
  title: string;
  /** What the spec's name means (Atoms: physical technician notes). */
  subtitle?: string;
  editable: boolean;
}) {
  const saved = patient[field] ?? '';
  return (
    <NotePanel title={title} subtitle={subtitle} empty={saved.trim() === ''}>
      <NoteEditor
        key={saved}
        patientId={patient.id}
        field={field}
        title={title}
        saved={saved}
        editable={editable}
      />
    </NotePanel>
  );
}

function NoteEditor({
  patientId,
  field,
  title,
  saved,
  editable,
}: {
  patientId: number;
  field: PatientNoteField;
  title: string;
  saved: string;
  editable: boolean;
}) {
  const update = useUpdatePatient(patientId);
  const [text, setText] = useState(saved);
  if (!editable)
    return saved ? (
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{saved}</Typography>
    ) : (
      <Typography color="text.secondary">No notes.</Typography>
    );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { [field]: text.trim() ? text : null },
          { onSuccess: (result) => notifySuccess(result.message) },
        );
      }}
    >
      <TextField
        label={title}
        multiline
        minRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        margin="dense"
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={text === saved || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
