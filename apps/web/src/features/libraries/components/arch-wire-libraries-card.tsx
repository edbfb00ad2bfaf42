import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LIBRARY_MESSAGES, type ArchWireLibrary, type LibraryUser } from '@archline/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useOrganizationPermissions } from '../../../session/permissions.ts';
import { useArchWires, useRemoveArchWire, useStoreArchWires, useUpdateArchWire } from '../api/arch-wires.ts';
import { useAssignableMembers } from '../api/assignable-members.ts';
import { downloadLibrary } from '../api/download-library.ts';
import { UploadLibrariesDialog } from './upload-libraries-dialog.tsx';

function AssignDialog({
  organizationId,
  wire,
  onClose,
}: {
  organizationId: number;
  wire: ArchWireLibrary;
  onClose: () => void;
}) {
  const id = useId();
  const members = useAssignableMembers(organizationId, 'arch-wire', true);
  const update = useUpdateArchWire(organizationId);
  const [users, setUsers] = useState<LibraryUser[]>(wire.users);
  async function save() {
    try {
      const result = await update.mutateAsync({ id: wire.id, userIds: users.map((u) => u.id) });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      notifyError(error);
    }
  }
  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Assign Users: {wire.label}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          sx={{ pt: 1 }}
          options={members.data ?? []}
          loading={members.isPending}
          value={users}
          onChange={(_e, value) => setUsers(value)}
          getOptionLabel={(o) => o.full_name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Assigned Users" />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The organization page's Archwire Libraries: list, add (signed upload), assign users, download, delete. */
export function ArchWireLibrariesCard({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { can } = useOrganizationPermissions(organizationId);
  const visible = can(
    'arch-wires.list',
    'arch-wires.create',
    'arch-wires.update',
    'arch-wires.manage',
    'organization.arch-wires.update',
  );
  const query = useArchWires(organizationId, visible);
  const store = useStoreArchWires(organizationId);
  const remove = useRemoveArchWire(organizationId);
  const [adding, setAdding] = useState(false);
  const [assigning, setAssigning] = useState<ArchWireLibrary | null>(null);
  const [removing, setRemoving] = useState<ArchWireLibrary | null>(null);
  if (!visible) return null;
  const abilities = query.data?.abilities;

  async function confirmRemove(wire: ArchWireLibrary) {
    try {
      const result = await remove.mutateAsync(wire.id);
      notifySuccess(result.message);
      setRemoving(null);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Card component="section" id="arch-wires" aria-labelledby="arch-wires-title">
      <CardHeader
        title="Archwire Libraries"
        slotProps={{ title: { id: 'arch-wires-title', component: 'h2', variant: 'h6' } }}
        action={
          abilities?.add && !readOnly ? (
            <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add Arch Wires
            </Button>
          ) : undefined
        }
      />
      <CardContent>
        {query.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading arch-wire libraries" />
          </Stack>
        ) : query.isError ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : query.data.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{LIBRARY_MESSAGES.noData}</Typography>
        ) : (
          <Stack
            component="ul"
            aria-label="Arch-wire libraries"
            spacing={1}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {query.data.data.map((wire) => (
              <Stack
                component="li"
                key={wire.id}
                aria-label={wire.label}
                direction="row"
                sx={{
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  gap: 1,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Stack sx={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{wire.label}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {wire.file_name}
                    {wire.users.length > 0
                      ? ` · Assigned: ${wire.users.map((u) => u.full_name).join(', ')}`
                      : ''}
                  </Typography>
                </Stack>
                {abilities?.assign && !readOnly && (
                  <Tooltip title={`Assign users to ${wire.label}`}>
                    <IconButton
                      size="small"
                      aria-label={`Assign users to ${wire.label}`}
                      onClick={() => setAssigning(wire)}
                    >
                      <PeopleIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {abilities?.download && wire.has_file && (
                  <Tooltip title={`Download ${wire.label}`}>
                    <IconButton
                      size="small"
                      aria-label={`Download ${wire.label}`}
                      onClick={() => downloadLibrary(organizationId, 'arch-wire', wire.id).catch(notifyError)}
                    >
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {abilities?.remove && !readOnly && (
                  <Tooltip title={`Delete ${wire.label}`}>
                    <IconButton
                      size="small"
                      aria-label={`Delete ${wire.label}`}
                      onClick={() => setRemoving(wire)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
      {adding && (
        <UploadLibrariesDialog
          open
          kind="arch-wire"
          organizationId={organizationId}
          existingNames={query.data?.data.map((w) => w.file_name) ?? []}
          onClose={() => setAdding(false)}
          onSave={(upload_ids) => store.mutateAsync({ upload_ids })}
        />
      )}
      {assigning && (
        <AssignDialog organizationId={organizationId} wire={assigning} onClose={() => setAssigning(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete Arch-wire Library"
        text={`Delete "${removing?.label ?? ''}"? Cases that already chose it keep it.`}
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
