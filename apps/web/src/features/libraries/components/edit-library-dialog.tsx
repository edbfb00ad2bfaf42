import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  LIBRARY_FORMAT_LABELS,
  LIBRARY_LIMITS,
  locationError,
  type BracketLibrary,
  type LibraryUser,
} from '@archline/contracts';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useAssignableMembers } from '../api/assignable-members.ts';
import { useUpdateBracketLibrary } from '../api/bracket-library-mutations.ts';

const LOCATIONS = ['shelf', 'row', 'column'] as const;
type Location = (typeof LOCATIONS)[number];
const LOCATION_LABELS: Record<Location, string> = { shelf: 'Shelf', row: 'Row', column: 'Column' };

/** Edit a bracket library: name, format, shelf/row/column (empty is none) and assigned users. */
export function EditLibraryDialog({
  organizationId,
  library,
  onClose,
}: {
  organizationId: number;
  library: BracketLibrary;
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateBracketLibrary(organizationId);
  const members = useAssignableMembers(organizationId, 'bracket', true);
  const [name, setName] = useState(library.label);
  const [format, setFormat] = useState(library.format);
  const [where, setWhere] = useState<Record<Location, string>>({
    shelf: library.shelf ?? '',
    row: library.row ?? '',
    column: library.column ?? '',
  });
  const [users, setUsers] = useState<LibraryUser[]>(library.users);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors: Record<string, string | null> = {
    name: name.trim() ? null : 'The name field is required.',
    ...Object.fromEntries(LOCATIONS.map((l) => [l, locationError(where[l])])),
  };
  const invalid = Object.values(errors).some(Boolean);

  async function save() {
    try {
      const result = await update.mutateAsync({
        id: library.id,
        body: {
          name: name.trim(),
          format: format as 1 | 2,
          shelf: where.shelf.trim() || null,
          row: where.row.trim() || null,
          column: where.column.trim() || null,
          userIds: users.map((u) => u.id),
        },
      });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setServerErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
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
      <DialogTitle id={`${id}-title`}>Edit {library.label}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errors.name || serverErrors.name)}
            helperText={errors.name ?? serverErrors.name ?? ' '}
            slotProps={{ htmlInput: { maxLength: LIBRARY_LIMITS.labelMax } }}
          />
          <TextField select label="Format" value={format} onChange={(e) => setFormat(Number(e.target.value))}>
            {[1, 2].map((f) => (
              <MenuItem key={f} value={f}>
                {LIBRARY_FORMAT_LABELS[f]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {LOCATIONS.map((l) => (
              <TextField
                key={l}
                label={LOCATION_LABELS[l]}
                value={where[l]}
                onChange={(e) => setWhere((w) => ({ ...w, [l]: e.target.value }))}
                error={Boolean(errors[l] || serverErrors[l])}
                helperText={errors[l] ?? serverErrors[l] ?? ' '}
                slotProps={{ htmlInput: { maxLength: LIBRARY_LIMITS.locationMax + 1 } }}
                fullWidth
              />
            ))}
          </Stack>
          <Autocomplete
            multiple
            options={members.data ?? []}
            loading={members.isPending}
            value={users}
            onChange={(_e, value) => setUsers(value)}
            getOptionLabel={(o) => o.full_name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Assigned Users"
                helperText={
                  serverErrors.userIds ?? 'No one assigned: offered to every doctor of the organization.'
                }
                error={Boolean(serverErrors.userIds)}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={invalid || update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
