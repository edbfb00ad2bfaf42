import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  INSTALLER_LIMITS,
  INSTALLER_MESSAGES,
  InstallerUploadFields,
  ReleaseNotesField,
  installerFileError,
  machineLearningFileError,
  type Installer,
  type InstallerResponse,
} from '@archline/contracts/installers';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import {
  downloadInstaller,
  downloadMachineLearningFile,
  scopePath,
  uploadMultipart,
  useAutoUpdate,
  useBumpVersion,
  useDeleteInstaller,
  useInstallers,
  useInvalidateInstallers,
  useMachineLearningFile,
  useSetAutoUpdate,
  useToggleUnstable,
  useUpdateReleaseNotes,
  type InstallerScope,
} from '../api/installers.ts';
import { ReleaseNotes } from './release-notes.tsx';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** A failed upload: the field's message when the server named one, otherwise the spec's text. */
function uploadFailure(error: unknown): { fields: Record<string, string>; general: string | null } {
  if (error instanceof ApiError && Object.keys(error.errors ?? {}).length) {
    const fields = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    return { fields, general: null };
  }
  if (error instanceof ApiError && error.status === 403) return { fields: {}, general: error.message };
  return { fields: {}, general: INSTALLER_MESSAGES.uploadFailed };
}

function UploadProgress({ fraction, label }: { fraction: number | null; label: string }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <Box>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        Uploading... {percent}%
      </Typography>
    </Box>
  );
}

/** Version, release notes (8 rows, line breaks kept) and the .exe or .msi file; uploads with a progress bar. */
function UploadInstallerForm({ scope }: { scope: InstallerScope }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateInstallers();
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const parsed = InstallerUploadFields.safeParse({ version, release_notes: notes });
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    const fileError = installerFileError(file?.name);
    if (fileError) next.installer_file = fileError;
    setErrors(next);
    setGeneral(null);
    if (Object.keys(next).length || !file || !parsed.success) return;
    const form = new FormData();
    // The text fields go first: the server checks them before the file's bytes arrive.
    const [v1, v2, v3] = parsed.data.version.split('.');
    form.append('version', parsed.data.version);
    form.append('release_notes', parsed.data.release_notes);
    form.append('v1', v1 ?? '');
    form.append('v2', v2 ?? '');
    form.append('v3', v3 ?? '');
    form.append('installer_file', file);
    setProgress(0);
    try {
      const res = await uploadMultipart<InstallerResponse>(scopePath(scope), form, setProgress);
      notifySuccess(res.message);
      setVersion('');
      setNotes('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      void invalidate();
    } catch (error) {
      const failure = uploadFailure(error);
      setErrors(failure.fields);
      setGeneral(failure.general);
      if (failure.general) notifyError(new ApiError(failure.general, 0));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Upload Installer
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Version"
          required
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          error={Boolean(errors.version)}
          helperText={errors.version ?? 'e.g. 2.12.8'}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 8, inputMode: 'decimal' } }}
          sx={{ maxWidth: 240 }}
        />
        <TextField
          label="Release Notes"
          required
          multiline
          rows={INSTALLER_LIMITS.releaseNotesRows}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          error={Boolean(errors.release_notes)}
          helperText={errors.release_notes}
          disabled={busy}
        />
        <Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
              Choose Installer File
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".exe,.msi"
                aria-describedby={`${id}-file`}
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  setErrors(({ installer_file: _dropped, ...rest }) =>
                    chosen
                      ? {
                          ...rest,
                          ...(installerFileError(chosen.name)
                            ? { installer_file: installerFileError(chosen.name)! }
                            : {}),
                        }
                      : rest,
                  );
                }}
              />
            </Button>
            <Typography id={`${id}-file`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? `${file.name} (${formatSize(file.size)})` : 'No file chosen (.exe or .msi)'}
            </Typography>
          </Stack>
          {errors.installer_file && <FormHelperText error>{errors.installer_file}</FormHelperText>}
        </Box>
        <UploadProgress fraction={progress} label="Installer upload progress" />
        {general && (
          <Typography color="error" role="alert">
            {general}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Upload
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function AutoUpdateSwitch({ scope }: { scope: InstallerScope }) {
  const query = useAutoUpdate(scope);
  const save = useSetAutoUpdate(scope);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={query.data?.auto_update ?? false}
          disabled={!query.data || save.isPending}
          onChange={(_e, checked) =>
            save.mutate(checked, { onSuccess: (d) => notifySuccess(d.message), onError: notifyError })
          }
        />
      }
      label="Auto-update DIBS"
    />
  );
}

/** The machine learning file: .7z only, replaced by each upload. */
function MachineLearningFileSection({ scope }: { scope: InstallerScope }) {
  const id = useId();
  const query = useMachineLearningFile(scope);
  const invalidate = useInvalidateInstallers();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(file: File) {
    const formatError = machineLearningFileError(file.name);
    setError(formatError);
    if (formatError) return;
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const res = await uploadMultipart<{ message: string }>(
        `${scopePath(scope)}/machine-learning-file`,
        form,
        setProgress,
      );
      notifySuccess(res.message);
      void invalidate();
    } catch (err) {
      const failure = uploadFailure(err);
      const message = failure.fields.file ?? failure.general ?? INSTALLER_MESSAGES.uploadFailed;
      setError(message);
      notifyError(new ApiError(message, 0));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const current = query.data?.data ?? null;
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Machine Learning File
      </Typography>
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {query.isPending
          ? 'Loading...'
          : current
            ? `${current.file_name} (${formatSize(current.file_size)}), uploaded ${formatDateTime(current.uploaded_at)}`
            : INSTALLER_MESSAGES.noMachineLearningFile}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={progress !== null}
        >
          Upload .7z File
          <input
            ref={input}
            type="file"
            hidden
            accept=".7z"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </Button>
        {current && (
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => downloadMachineLearningFile(scope).catch(notifyError)}
          >
            Download
          </Button>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Box sx={{ mt: 1 }}>
        <UploadProgress fraction={progress} label="Machine learning file upload progress" />
      </Box>
    </Box>
  );
}

function ReleaseNotesDialog({ installer, onClose }: { installer: Installer | null; onClose: () => void }) {
  const update = useUpdateReleaseNotes();
  const [notes, setNotes] = useState(installer?.release_notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!installer) return null;
  function save() {
    const parsed = ReleaseNotesField.safeParse(notes);
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? INSTALLER_MESSAGES.releaseNotesRequired);
    setError(null);
    update.mutate(
      { id: installer!.id, release_notes: parsed.data },
      {
        onSuccess: (d) => {
          notifySuccess(d.message);
          onClose();
        },
        onError: notifyError,
      },
    );
  }
  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>Release Notes of {installer.version}</DialogTitle>
      <DialogContent>
        <TextField
          label="Release Notes"
          required
          multiline
          rows={INSTALLER_LIMITS.releaseNotesRows}
          fullWidth
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function InstallerRow({
  installer,
  onEdit,
  onDelete,
}: {
  installer: Installer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toggle = useToggleUnstable();
  const bump = useBumpVersion();
  const notify = { onSuccess: (d: InstallerResponse) => notifySuccess(d.message), onError: notifyError };
  return (
    <TableRow>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {installer.version}
        </Typography>
        {installer.unstable && <Chip size="small" color="warning" label="Unstable" sx={{ mt: 0.5 }} />}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
        {installer.file_name}
        <Typography variant="caption" component="div" color="text.secondary">
          {formatSize(installer.file_size)} · {formatDateTime(installer.created_at)}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <ReleaseNotes notes={installer.release_notes} />
      </TableCell>
      <TableCell>
        <Switch
          checked={installer.unstable}
          disabled={toggle.isPending}
          onChange={() => toggle.mutate(installer.id, notify)}
          slotProps={{ input: { 'aria-label': `Unstable: ${installer.version}` } }}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title="Download">
          <IconButton
            aria-label={`Download ${installer.version}`}
            onClick={() => downloadInstaller(installer.id).catch(notifyError)}
          >
            <DownloadIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Edit release notes">
          <IconButton aria-label={`Edit release notes of ${installer.version}`} onClick={onEdit}>
            <EditNoteIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Bump version">
          <IconButton
            aria-label={`Bump version ${installer.version}`}
            disabled={bump.isPending}
            onClick={() => bump.mutate(installer.id, notify)}
          >
            <UpgradeIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${installer.version}`} onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

function InstallersTable({ scope }: { scope: InstallerScope }) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(5);
  const query = useInstallers(scope, page + 1, perPage);
  const remove = useDeleteInstaller();
  const [editing, setEditing] = useState<Installer | null>(null);
  const [deleting, setDeleting] = useState<Installer | null>(null);
  const rows = query.data?.data ?? [];
  return (
    <>
      <DataTable
        label="Installers"
        head={
          <>
            <TableCell>Version</TableCell>
            <TableCell>File</TableCell>
            <TableCell>Release Notes</TableCell>
            <TableCell>Unstable</TableCell>
            <TableCell align="right">Actions</TableCell>
          </>
        }
        loading={query.isPending}
        empty={!query.isPending && rows.length === 0}
        emptyText={INSTALLER_MESSAGES.noInstallers}
        colSpan={5}
        fetching={query.isFetching && !query.isPending}
        fetchingLabel="Loading installers..."
        paging={{
          count: query.data?.meta.total ?? 0,
          page,
          rowsPerPage: perPage,
          rowsPerPageOptions: [3, 5, 10, 25],
          onPageChange: setPage,
          onRowsPerPageChange: (n) => {
            setPerPage(n);
            setPage(0);
          },
        }}
      >
        {rows.map((installer) => (
          <InstallerRow
            key={installer.id}
            installer={installer}
            onEdit={() => setEditing(installer)}
            onDelete={() => setDeleting(installer)}
          />
        ))}
      </DataTable>
      {editing && (
        <ReleaseNotesDialog key={editing.id} installer={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Installer"
        text={`Delete installer ${deleting?.version ?? ''} and its file? This cannot be undone.`}
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (d) => {
              notifySuccess(d.message);
              setDeleting(null);
            },
            onError: notifyError,
          })
        }
      />
    </>
  );
}

/**
 * Installers Management (installers.manage): the installers for everyone (Settings tab 0) or for
 * one organization (its page): upload, the list with unstable toggle, release notes, bump version,
 * download and delete; the auto-update switch and the machine learning file.
 */
export function InstallersManagement({ organizationId = null }: { organizationId?: number | null }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
      <CardContent>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 2 }}>
          Installers Management
        </Typography>
        <Stack spacing={4}>
          <UploadInstallerForm scope={organizationId} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                Updates
              </Typography>
              <AutoUpdateSwitch scope={organizationId} />
            </Box>
            <MachineLearningFileSection scope={organizationId} />
          </Stack>
          <InstallersTable scope={organizationId} />
        </Stack>
      </CardContent>
    </Card>
  );
}
