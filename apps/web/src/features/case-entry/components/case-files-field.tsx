import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PATIENT_FILE_MESSAGES,
  acceptFor,
  archFromFileName,
  extensionError,
  type PatientFileTypeId,
  type RxFile,
} from '@archline/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, isCancelled } from '../../../lib/api-client.ts';
import { uploadCaseFile } from '../api/case-entry.ts';

interface Pending {
  key: number;
  name: string;
  progress: number;
  error: string | null;
}

interface Props {
  label: string;
  type: PatientFileTypeId;
  organizationId: number;
  max: number;
  value: RxFile[];
  onChange: (value: RxFile[]) => void;
  /** STL files: each carries a maxillary or mandibular tag, preset from its name. */
  tagged?: boolean;
  required?: boolean;
  error?: string;
  tagErrors?: (string | undefined)[];
  disabled?: boolean;
  /** Reports whether an upload is running (the form stays busy meanwhile). */
  onBusyChange: (busy: boolean) => void;
}

let nextKey = 1;

/**
 * Files of the case before the patient exists: each file is sent to a signed upload address of the
 * organization (with a progress bar) and becomes {file_path, name, tag} in the form.
 */
export function CaseFilesField({
  label,
  type,
  organizationId,
  max,
  value,
  onChange,
  tagged,
  required,
  error,
  tagErrors,
  disabled,
  onBusyChange,
}: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const valueRef = useRef(value);
  valueRef.current = value;
  const controllers = useRef(new Set<AbortController>());
  const labelId = useId();
  const running = pending.some((p) => p.error === null);

  useEffect(() => onBusyChange(running), [running, onBusyChange]);
  useEffect(() => {
    const set = controllers.current;
    return () => set.forEach((c) => c.abort());
  }, []);

  const update = (key: number, patch: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const addFiles = (files: File[]) => {
    const taken = new Set([...valueRef.current.map((f) => f.name), ...pending.map((p) => p.name)]);
    const room = max - valueRef.current.length - pending.filter((p) => p.error === null).length;
    files.forEach((file, index) => {
      const key = nextKey++;
      const problem = taken.has(file.name)
        ? PATIENT_FILE_MESSAGES.duplicateName
        : (extensionError(type, file.name) ??
          (index >= room ? `No more than ${max} files are allowed.` : null));
      taken.add(file.name);
      setPending((list) => [...list, { key, name: file.name, progress: 0, error: problem }]);
      if (problem) return;
      const controller = new AbortController();
      controllers.current.add(controller);
      uploadCaseFile(file, type, organizationId, (progress) => update(key, { progress }), controller.signal)
        .then((uploaded) => {
          setPending((list) => list.filter((p) => p.key !== key));
          // Several uploads may finish before the next render: build on the latest list.
          const next = [
            ...valueRef.current,
            { ...uploaded, ...(tagged ? { tag: archFromFileName(file.name) } : {}) },
          ];
          valueRef.current = next;
          onChange(next);
        })
        .catch((e: unknown) => {
          if (isCancelled(e)) setPending((list) => list.filter((p) => p.key !== key));
          else update(key, { error: errorMessage(e) });
        })
        .finally(() => controllers.current.delete(controller));
    });
  };

  return (
    <Box>
      <FormLabel id={labelId} required={required} error={Boolean(error)}>
        {label}
      </FormLabel>
      <Typography variant="body2" color="text.secondary">
        Up to {max} {max === 1 ? 'file' : 'files'}.
      </Typography>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple={max > 1}
        accept={acceptFor(type)}
        aria-label={label}
        data-testid={`files-input-${type}`}
        onChange={(e) => {
          addFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        sx={{ mt: 1 }}
        disabled={disabled || value.length >= max}
        onClick={() => inputRef.current?.click()}
        aria-describedby={labelId}
      >
        Upload {label}
      </Button>
      <List dense aria-label={`${label} uploaded`}>
        {value.map((f, i) => (
          <ListItem
            key={f.file_path}
            disableGutters
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`Remove ${f.name}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((x) => x.file_path !== f.file_path))}
              >
                <DeleteIcon />
              </IconButton>
            }
          >
            {/* The name takes the room it needs (at least 12rem, whole names wrap at any character);
                the arch select moves under it when the row is too narrow for both. */}
            <Stack
              direction="row"
              useFlexGap
              sx={{ alignItems: 'center', columnGap: 2, rowGap: 1, flexWrap: 'wrap', pr: 6, width: '100%' }}
            >
              <Typography
                variant="body2"
                title={f.name}
                data-testid="uploaded-file-name"
                sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {f.name}
              </Typography>
              {tagged && (
                <TextField
                  select
                  size="small"
                  label={`Arch of ${f.name}`}
                  value={f.tag ?? ''}
                  disabled={disabled}
                  error={Boolean(tagErrors?.[i])}
                  helperText={tagErrors?.[i]}
                  sx={{ flex: '0 0 180px' }}
                  onChange={(e) =>
                    onChange(
                      value.map((x, j) =>
                        j === i ? { ...x, tag: e.target.value as 'stl_maxillary' | 'stl_mandibular' } : x,
                      ),
                    )
                  }
                >
                  <MenuItem value="stl_maxillary">Maxillary</MenuItem>
                  <MenuItem value="stl_mandibular">Mandibular</MenuItem>
                </TextField>
              )}
            </Stack>
          </ListItem>
        ))}
        {pending.map((p) => (
          <ListItem
            key={p.key}
            disableGutters
            secondaryAction={
              p.error ? (
                <IconButton
                  edge="end"
                  aria-label={`Dismiss ${p.name}`}
                  onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                >
                  <DeleteIcon />
                </IconButton>
              ) : null
            }
          >
            <Box sx={{ width: '100%', pr: 6 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Typography>
              {p.error ? (
                <FormHelperText error>{p.error}</FormHelperText>
              ) : (
                <LinearProgress variant="determinate" value={p.progress} aria-label={`Uploading ${p.name}`} />
              )}
            </Box>
          </ListItem>
        ))}
      </List>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
