import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FormLabel from '@mui/material/FormLabel';
import FormControl from '@mui/material/FormControl';
import {
  LIBRARY_FORMAT_LABELS,
  LIBRARY_LIMITS,
  LIBRARY_MESSAGES,
  addFileRefusal,
  uploadDialogCanSave,
  type UploadState,
} from '@archline/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, isCancelled } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import type { LibraryKind } from '../api/keys.ts';
import { uploadLibraryFile } from '../api/upload-library-file.ts';

interface Entry {
  key: string;
  file: File;
  state: UploadState;
  progress: number;
  uploadId: number | null;
  error: string | null;
  controller: AbortController | null;
}

const STATE_LABELS: Record<UploadState, string> = {
  ready: 'Ready',
  uploading: 'Uploading',
  done: 'Done',
  aborted: 'Aborted',
  removed: 'Removed',
};

/**
 * Add libraries: up to 10 files, each uploaded at once through its signed link with a progress
 * bar (ready → uploading → done, or aborted; a row can be removed). Save, disabled while a file
 * uploads, turns the uploaded files into libraries.
 */
export function UploadLibrariesDialog({
  open,
  kind,
  organizationId,
  existingNames,
  onClose,
  onSave,
}: {
  open: boolean;
  kind: LibraryKind;
  organizationId: number;
  existingNames: readonly string[];
  onClose: () => void;
  onSave: (uploadIds: number[], format: 1 | 2) => Promise<{ message: string }>;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [format, setFormat] = useState<1 | 2>(1);
  const [saving, setSaving] = useState(false);
  const title = kind === 'bracket' ? 'Add Bracket Libraries' : 'Add Arch-wire Libraries';

  const patch = (key: string, change: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  // Abort whatever still uploads when the dialog goes away.
  const live = useRef(entries);
  live.current = entries;
  useEffect(() => () => live.current.forEach((e) => e.controller?.abort()), []);

  function start(entry: Entry) {
    const controller = new AbortController();
    patch(entry.key, { state: 'uploading', progress: 0, controller, error: null });
    uploadLibraryFile(
      organizationId,
      kind,
      entry.file,
      (p) => patch(entry.key, { progress: p }),
      controller.signal,
    )
      .then((uploadId) => patch(entry.key, { state: 'done', progress: 100, uploadId, controller: null }))
      .catch((error: unknown) =>
        patch(entry.key, {
          state: 'aborted',
          controller: null,
          error: isCancelled(error) ? null : errorMessage(error) || LIBRARY_MESSAGES.uploadFailed,
        }),
      );
  }

  function addFiles(files: FileList | null) {
    if (!files) return;
    const refused: string[] = [];
    let list = entries;
    const added: Entry[] = [];
    for (const file of Array.from(files)) {
      const refusal = addFileRefusal(
        file.name,
        list.map((e) => ({ name: e.file.name, state: e.state })),
        existingNames,
        kind,
      );
      if (refusal) {
        refused.push(refusal);
        continue;
      }
      const entry: Entry = {
        key: `${file.name}-${Date.now()}-${Math.random()}`,
        file,
        state: 'ready',
        progress: 0,
        uploadId: null,
        error: null,
        controller: null,
      };
      added.push(entry);
      list = [...list, entry];
    }
    setEntries(list);
    setRefusals(refused);
    // Each accepted file starts uploading right away.
    queueMicrotask(() => added.forEach(start));
  }

  function removeEntry(entry: Entry) {
    entry.controller?.abort();
    patch(entry.key, { state: 'removed', controller: null });
  }

  function close() {
    entries.forEach((e) => e.controller?.abort());
    setEntries([]);
    setRefusals([]);
    setFormat(1);
    onClose();
  }

  async function save() {
    setSaving(true);
    try {
      const ids = entries.filter((e) => e.state === 'done' && e.uploadId !== null).map((e) => e.uploadId!);
      const result = await onSave(ids, format);
      notifySuccess(result.message);
      close();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  }

  const visible = entries.filter((e) => e.state !== 'removed');
  const canSave = uploadDialogCanSave(entries) && !saving;

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : close}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Up to {LIBRARY_LIMITS.maxFilesPerDialog} files at once.
          </Typography>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            multiple
            hidden
            aria-label="Library files"
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => inputRef.current?.click()}
            disabled={visible.length >= LIBRARY_LIMITS.maxFilesPerDialog || saving}
            sx={{ alignSelf: 'flex-start' }}
          >
            Choose Files
          </Button>
          {refusals.map((r) => (
            <Alert key={r} severity="error">
              {r}
            </Alert>
          ))}
          {visible.length > 0 && (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Files">
              {visible.map((e) => (
                <li key={e.key} aria-label={e.file.name}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {e.file.name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="upload-state">
                      {STATE_LABELS[e.state]}
                    </Typography>
                    {e.state === 'aborted' && (
                      <Button size="small" onClick={() => start(e)}>
                        Retry
                      </Button>
                    )}
                    <Tooltip title={e.state === 'uploading' ? 'Abort' : 'Remove'}>
                      <IconButton
                        size="small"
                        aria-label={`${e.state === 'uploading' ? 'Abort' : 'Remove'} ${e.file.name}`}
                        onClick={() => (e.state === 'uploading' ? e.controller?.abort() : removeEntry(e))}
                        disabled={saving}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={e.progress}
                    color={e.state === 'aborted' ? 'error' : e.state === 'done' ? 'success' : 'primary'}
                    aria-label={`${e.file.name} upload progress`}
                  />
                  {e.error && (
                    <Typography variant="caption" color="error" role="alert">
                      {e.error}
                    </Typography>
                  )}
                </li>
              ))}
            </Stack>
          )}
          {kind === 'bracket' && (
            <FormControl>
              <FormLabel id={`${id}-format`}>Format</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-format`}
                value={String(format)}
                onChange={(event) => setFormat(Number(event.target.value) as 1 | 2)}
              >
                {[1, 2].map((f) => (
                  <FormControlLabel
                    key={f}
                    value={String(f)}
                    control={<Radio />}
                    label={LIBRARY_FORMAT_LABELS[f]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!canSave}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
