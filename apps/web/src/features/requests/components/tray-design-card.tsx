import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  JAW_TYPE_LABELS,
  trayDesignFileFields,
  type PatientFile,
  type TrayDesignRequest,
  type UpdateTrayDesignRequestBody,
} from '@archline/contracts';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { EMPTY_VALUE } from '../../../lib/format.ts';
import { DetailField, detailGrid } from './detail-field.tsx';

type FileField = 'maxillary_file_id' | 'mandibular_file_id';

const FILE_LABELS: Record<FileField, string> = {
  maxillary_file_id: 'Maxillary File',
  mandibular_file_id: 'Mandibular File',
};

/**
 * The request's tray design: its status, arch and the STL file chosen for each arch. With
 * tray-design-requests.manage on an open request, Choose Files picks them among the patient's STL
 * files (`files`; loaded only then, so the names show instead of 'Uploaded').
 */
export function TrayDesignCard({
  design,
  canEdit,
  files,
  busy,
  onSave,
}: {
  design: TrayDesignRequest;
  canEdit: boolean;
  files: readonly PatientFile[] | undefined;
  busy: boolean;
  onSave: (body: UpdateTrayDesignRequestBody) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const nameOf = (id: number | null) => {
    if (id === null) return EMPTY_VALUE;
    return files?.find((f) => f.id === id)?.original_name ?? 'Uploaded';
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader
        title="Tray Design"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          canEdit ? (
            <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
              Choose Files
            </Button>
          ) : undefined
        }
      />
      <CardContent sx={detailGrid}>
        <DetailField label="Status">{design.status_label}</DetailField>
        <DetailField label="Arch">{JAW_TYPE_LABELS[design.jaw_type] ?? EMPTY_VALUE}</DetailField>
        <DetailField label="Maxillary File">{nameOf(design.maxillary_file_id)}</DetailField>
        <DetailField label="Mandibular File">{nameOf(design.mandibular_file_id)}</DetailField>
      </CardContent>
      {canEdit && (
        <TrayDesignFilesDialog
          open={editing}
          design={design}
          files={files}
          busy={busy}
          onClose={() => setEditing(false)}
          onSave={(body) => onSave(body).then(() => setEditing(false))}
        />
      )}
    </Card>
  );
}

/** Picks the STL file of each arch the design covers ('None' clears it); the server's refusal shows under its field. */
export function TrayDesignFilesDialog({
  open,
  design,
  files,
  busy,
  onClose,
  onSave,
}: {
  open: boolean;
  design: TrayDesignRequest;
  files: readonly PatientFile[] | undefined;
  busy: boolean;
  onClose: () => void;
  onSave: (body: UpdateTrayDesignRequestBody) => Promise<unknown>;
}) {
  const id = useId();
  const fields = trayDesignFileFields(design.jaw_type);
  const initial = () => ({
    maxillary_file_id: design.maxillary_file_id === null ? '' : String(design.maxillary_file_id),
    mandibular_file_id: design.mandibular_file_id === null ? '' : String(design.mandibular_file_id),
  });
  const [values, setValues] = useState<Record<FileField, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<FileField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Reset to the design as it is each time the dialog opens.
  useEffect(() => {
    if (open) {
      setValues(initial());
      setErrors({});
      setFailure(null);
    }
  }, [open]);

  const submit = () => {
    const body: UpdateTrayDesignRequestBody = {};
    for (const f of fields) body[f] = values[f] === '' ? null : Number(values[f]);
    setErrors({});
    setFailure(null);
    onSave(body).catch((err: unknown) => {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) {
        const next: Partial<Record<FileField, string>> = {};
        for (const f of fields) if (err.errors[f]?.[0]) next[f] = err.errors[f][0];
        setErrors(next);
        if (Object.keys(next).length === 0) setFailure(err.message);
      } else setFailure(err instanceof Error ? err.message : 'The files could not be saved.');
    });
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>Tray Design Files</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {files !== undefined && files.length === 0 && (
            <Typography variant="body2">This patient has no STL files yet.</Typography>
          )}
          {fields.map((f) => (
            <TextField
              key={f}
              select
              label={FILE_LABELS[f]}
              value={values[f]}
              disabled={files === undefined || busy}
              error={!!errors[f]}
              helperText={errors[f] ?? (files === undefined ? 'Loading the STL files…' : ' ')}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            >
              <MenuItem value="">None</MenuItem>
              {values[f] !== '' && !(files ?? []).some((file) => String(file.id) === values[f]) && (
                <MenuItem value={values[f]}>The file chosen before</MenuItem>
              )}
              {(files ?? []).map((file) => (
                <MenuItem key={file.id} value={String(file.id)}>
                  {file.original_name}
                </MenuItem>
              ))}
            </TextField>
          ))}
          {failure && (
            <Typography role="alert" color="error" variant="body2">
              {failure}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || files === undefined}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
