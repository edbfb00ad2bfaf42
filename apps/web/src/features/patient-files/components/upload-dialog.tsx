import {
  archFromFileName,
  fileExtension,
  PATIENT_FILE_MESSAGES,
  type PatientFileSection,
  type PatientFileTag,
  type PatientFileTypeId,
} from '@archline/contracts/patient-files';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { errorMessage, isCancelled } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { patientFilesKey, patientKey } from '../api/keys.ts';
import { uploadPatientFile } from '../../../lib/api/upload-file.ts';
import { formatBytes } from '../file-format.ts';
import { checkCandidates } from '../upload-checks.ts';
import { IosWarningDialog } from './ios-warning-dialog.tsx';

type ItemStatus = 'ready' | 'rejected' | 'uploading' | 'done' | 'failed';

interface UploadItem {
  key: number;
  file: File;
  status: ItemStatus;
  progress: number;
  message: string | null;
  tag: PatientFileTag | null;
}

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  patientId: number;
  section: PatientFileSection;
  /** Whether the patient already has an IOS file (the warning before another one). */
  patientHasIos: boolean;
  /** Management tags each STL with its arch. */
  tagsArches: boolean;
}

let nextKey = 1;

const STATUS_TEXT: Record<ItemStatus, string> = {
  ready: 'Ready',
  rejected: 'Rejected',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
};

/**
 * Upload dialog of one file section: drop files or pick them, see each file's checks, then upload
 * them one by one (upload_link, PUT with progress, store_uploaded_file). A file the server refuses
 * shows the server's message and stays out; the others go on.
 */
export function UploadDialog({
  open,
  onClose,
  patientId,
  section,
  patientHasIos,
  tagsArches,
}: UploadDialogProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [askIos, setAskIos] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const type = section.type as PatientFileTypeId;
  const isStl = type === 2;

  useEffect(() => () => abortRef.current?.abort(), []);

  const addFiles = (list: FileList | File[]) => {
    const picked = Array.from(list);
    if (picked.length === 0) return;
    setItems((current) => {
      // Rejected files stay listed with their message until removed; uploaded ones leave.
      const kept = current.filter((i) => i.status !== 'done');
      const existing = section.files.map((f) => f.original_name);
      // Files already queued count like existing ones for duplicates and the limit.
      const queued = kept.filter((i) => i.status !== 'rejected').map((i) => i.file.name);
      const checks = checkCandidates(
        { type, name: section.name, maxFiles: section.max_files, existingNames: [...existing, ...queued] },
        picked,
      );
      return [
        ...kept,
        ...picked.map((file, index) => ({
          key: nextKey++,
          file,
          status: (checks[index] ? 'rejected' : 'ready') as ItemStatus,
          progress: 0,
          message: checks[index] ?? null,
          tag:
            isStl && tagsArches && fileExtension(file.name) === '.stl' ? archFromFileName(file.name) : null,
        })),
      ];
    });
  };

  const update = (key: number, patch: Partial<UploadItem>) =>
    setItems((current) => current.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const ready = items.filter((i) => i.status === 'ready' || i.status === 'failed');

  const run = async () => {
    setBusy(true);
    const controller = new AbortController();
    abortRef.current = controller;
    let lastMessage: string | null = null;
    let failures = 0;
    for (const item of ready) {
      update(item.key, { status: 'uploading', progress: 0, message: null });
      try {
        const result = await uploadPatientFile(
          { file: item.file, patientId, type, tag: item.tag },
          (progress) => update(item.key, { progress }),
          controller.signal,
        );
        lastMessage = result.message;
        update(item.key, { status: 'done', progress: 100 });
      } catch (error) {
        if (isCancelled(error)) {
          update(item.key, { status: 'ready', progress: 0 });
          break;
        }
        failures += 1;
        update(item.key, { status: 'failed', message: errorMessage(error) });
      }
    }
    abortRef.current = null;
    setBusy(false);
    if (lastMessage) {
      notifySuccess(lastMessage || PATIENT_FILE_MESSAGES.uploaded);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientFilesKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientKey(patientId) }),
      ]);
    }
    if (lastMessage && failures === 0 && !controller.signal.aborted) close();
  };

  const start = () => {
    if (type === 1 && patientHasIos) setAskIos(true);
    else void run();
  };

  const close = () => {
    abortRef.current?.abort();
    onClose();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) addFiles(event.dataTransfer.files);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: () => setItems([]) } }}
    >
      <DialogTitle id={`${id}-title`}>Upload {section.name}</DialogTitle>
      <DialogContent>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-drop-zone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            borderRadius: 1,
            p: 3,
            textAlign: 'center',
          }}
        >
          <CloudUploadIcon color="action" fontSize="large" aria-hidden="true" />
          <Typography>Drag and drop files here, or</Typography>
          <Button variant="outlined" sx={{ mt: 1 }} disabled={busy} onClick={() => inputRef.current?.click()}>
            Choose Files
          </Button>
          <input
            ref={inputRef}
            type="file"
            multiple={type !== 4}
            accept={section.accept}
            aria-label={`Files for ${section.name}`}
            hidden
            onChange={(e) => {
              if (e.target.files) addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Accepted: {section.accept.split(',').join(', ')}. Up to {section.max_files} files in this section.
          </Typography>
        </Box>
        {items.length > 0 && (
          <List aria-label="Files to upload" dense>
            {items.map((item) => (
              <ListItem
                key={item.key}
                divider
                sx={{ display: 'block' }}
                secondaryAction={
                  !busy && item.status !== 'done' ? (
                    <IconButton
                      aria-label={`Remove ${item.file.name}`}
                      edge="end"
                      onClick={() => setItems((current) => current.filter((i) => i.key !== item.key))}
                    >
                      <CloseIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 5 }}>
                  {item.status === 'done' && (
                    <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
                  )}
                  {(item.status === 'rejected' || item.status === 'failed') && (
                    <ErrorIcon color="error" fontSize="small" aria-hidden="true" />
                  )}
                  <Typography sx={{ overflowWrap: 'anywhere', flex: 1 }}>{item.file.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatBytes(item.file.size)} · {STATUS_TEXT[item.status]}
                  </Typography>
                </Box>
                {item.tag && (
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    value={item.tag}
                    disabled={busy || item.status === 'done'}
                    onChange={(_e, value: PatientFileTag | null) => value && update(item.key, { tag: value })}
                    aria-label={`Arch of ${item.file.name}`}
                    sx={{ mt: 0.5 }}
                  >
                    <ToggleButton value="stl_maxillary">Maxillary</ToggleButton>
                    <ToggleButton value="stl_mandibular">Mandibular</ToggleButton>
                  </ToggleButtonGroup>
                )}
                {(item.status === 'uploading' || item.status === 'done') && (
                  <LinearProgress
                    variant="determinate"
                    value={item.progress}
                    aria-label={`Upload progress of ${item.file.name}`}
                    sx={{ mt: 0.5 }}
                  />
                )}
                {item.message && (
                  <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
                    {item.message}
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{busy ? 'Cancel' : 'Close'}</Button>
        <Button variant="contained" disabled={busy || ready.length === 0} onClick={start}>
          {busy ? 'Uploading...' : ready.length > 1 ? `Upload ${ready.length} Files` : 'Upload'}
        </Button>
      </DialogActions>
      <IosWarningDialog
        open={askIos}
        onNo={() => setAskIos(false)}
        onYes={() => {
          setAskIos(false);
          void run();
        }}
      />
    </Dialog>
  );
}
