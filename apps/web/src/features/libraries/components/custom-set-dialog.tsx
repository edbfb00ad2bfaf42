import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BRACKET_TEETH,
  CUSTOM_SET_LIMITS,
  CustomBracketSetRequest,
  LIBRARY_MESSAGES,
  parseHeight,
  toothCode,
  toothName,
  type CustomBracketSetItem,
  type LibraryUser,
} from '@archline/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useAssignableMembers } from '../api/assignable-members.ts';
import { useCreateCustomBracketSet, useUpdateCustomBracketSet } from '../api/custom-bracket-sets.ts';
import { useBracketLibraries } from '../api/list-bracket-libraries.ts';

interface ToothRow {
  key: number;
  tooth_number: number;
  bracket_library_id: number | '';
  height: string;
}

const ALL_CODES = BRACKET_TEETH.map(toothCode);

type Errors = Record<string, string[]>;
const first = (errors: Errors, key: string) => errors[key]?.[0];

/**
 * Create or edit a custom bracket set: its name, a bracket library and an optional height
 * (0.9–9.0) per tooth, and (custom-bracket-sets.manage) its assigned users. Closing with unsaved
 * changes asks first.
 */
export function CustomSetDialog({
  organizationId,
  set,
  canAssign,
  onClose,
}: {
  organizationId: number;
  /** The set to edit; null creates one. */
  set: CustomBracketSetItem | null;
  canAssign: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const nextKey = useRef(0);
  const row = (t: Omit<ToothRow, 'key'>): ToothRow => ({ ...t, key: nextKey.current++ });
  const libraries = useBracketLibraries(organizationId);
  const members = useAssignableMembers(organizationId, 'bracket', canAssign);
  const create = useCreateCustomBracketSet(organizationId);
  const update = useUpdateCustomBracketSet(organizationId);
  const busy = create.isPending || update.isPending;

  const initial = useMemo(
    () => ({
      name: set?.name ?? '',
      teeth: (set?.teeth ?? []).map((t) => ({
        tooth_number: t.tooth_number,
        bracket_library_id: t.bracket_library_id,
        height: t.height === null ? '' : t.height.toFixed(1),
      })),
      users: set?.assigned_user_ids ?? [],
    }),
    [set],
  );
  const [name, setName] = useState(initial.name);
  const [rows, setRows] = useState<ToothRow[]>(() => initial.teeth.map(row));
  const [userIds, setUserIds] = useState<number[]>(initial.users);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmClose, setConfirmClose] = useState(false);

  // Visible libraries, plus those the set already uses (a hidden one stays named).
  const options = useMemo(() => {
    const list = (libraries.data?.data ?? []).filter((l) => l.hidden_at === null);
    const known = new Set(list.map((l) => l.id));
    const used = (set?.teeth ?? [])
      .filter((t) => !known.has(t.bracket_library_id))
      .map((t) => ({ id: t.bracket_library_id, label: t.bracket_library_name }));
    return [
      ...list.map((l) => ({ id: l.id, label: l.label })),
      ...used.filter((u, i, a) => a.findIndex((x) => x.id === u.id) === i),
    ];
  }, [libraries.data, set]);

  const current = {
    name,
    teeth: rows.map(({ key: _k, ...r }) => r),
    users: userIds,
  };
  const dirty = JSON.stringify(current) !== JSON.stringify(initial);
  const usedCodes = new Set(rows.map((r) => r.tooth_number));
  const free = ALL_CODES.filter((c) => !usedCodes.has(c));
  const defaultLibrary = rows.at(-1)?.bracket_library_id ?? options[0]?.id ?? '';

  const change = (key: number, patch: Partial<ToothRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const addTooth = () =>
    free.length &&
    setRows((rs) => [...rs, row({ tooth_number: free[0]!, bracket_library_id: defaultLibrary, height: '' })]);
  const addRemaining = () =>
    setRows((rs) => [
      ...rs,
      ...free.map((c) => row({ tooth_number: c, bracket_library_id: defaultLibrary, height: '' })),
    ]);

  function requestClose() {
    if (busy) return;
    if (dirty) setConfirmClose(true);
    else onClose();
  }

  async function save() {
    const body = {
      name,
      teeth: rows.map((r) => ({
        tooth_number: r.tooth_number,
        bracket_library_id: r.bracket_library_id === '' ? undefined : r.bracket_library_id,
        height: parseHeight(r.height),
      })),
      ...(canAssign ? { assigned_user_ids: userIds } : {}),
    };
    const parsed = CustomBracketSetRequest.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) (next[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const result = set
        ? await update.mutateAsync({ id: set.id, body: parsed.data })
        : await create.mutateAsync(parsed.data);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
      notifyError(error);
    }
  }

  const memberOptions: LibraryUser[] = members.data ?? [];
  const teethError = first(errors, 'teeth');

  return (
    <>
      <Dialog open onClose={requestClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
        <DialogTitle id={`${id}-title`}>{set ? 'Edit Custom Set' : 'New Custom Set'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Custom Set Name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(first(errors, 'name'))}
              helperText={first(errors, 'name')}
              slotProps={{ htmlInput: { maxLength: CUSTOM_SET_LIMITS.nameMax + 1 } }}
            />
            {canAssign && (
              <Autocomplete
                multiple
                options={memberOptions.map((m) => m.id)}
                loading={members.isPending}
                value={userIds}
                onChange={(_e, value) => setUserIds(value)}
                getOptionLabel={(uid) => memberOptions.find((m) => m.id === uid)?.full_name ?? `#${uid}`}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Assigned Users"
                    error={Boolean(first(errors, 'assigned_user_ids'))}
                    helperText={first(errors, 'assigned_user_ids')}
                  />
                )}
              />
            )}
            <Typography component="h3" variant="subtitle1" id={`${id}-teeth`}>
              Teeth
            </Typography>
            {teethError && <Alert severity="error">{teethError}</Alert>}
            {rows.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>
                No teeth yet. Add the teeth this set places.
              </Typography>
            ) : (
              <Stack
                component="ul"
                aria-labelledby={`${id}-teeth`}
                spacing={1.5}
                sx={{ listStyle: 'none', p: 0, m: 0 }}
              >
                {rows.map((r, i) => (
                  <Stack
                    component="li"
                    key={r.key}
                    aria-label={`Tooth ${toothName(r.tooth_number)}`}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                  >
                    <TextField
                      select
                      label="Tooth"
                      size="small"
                      value={r.tooth_number}
                      onChange={(e) => change(r.key, { tooth_number: Number(e.target.value) })}
                      error={Boolean(first(errors, `teeth.${i}.tooth_number`))}
                      helperText={first(errors, `teeth.${i}.tooth_number`)}
                      sx={{ minWidth: 100 }}
                    >
                      {ALL_CODES.filter((c) => c === r.tooth_number || !usedCodes.has(c)).map((c) => (
                        <MenuItem key={c} value={c}>
                          {toothName(c)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      label="Bracket Library"
                      size="small"
                      required
                      value={r.bracket_library_id}
                      onChange={(e) => change(r.key, { bracket_library_id: Number(e.target.value) })}
                      error={Boolean(first(errors, `teeth.${i}.bracket_library_id`))}
                      helperText={first(errors, `teeth.${i}.bracket_library_id`)}
                      sx={{ flex: 1, minWidth: 180 }}
                    >
                      {options.map((o) => (
                        <MenuItem key={o.id} value={o.id}>
                          {o.label}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      label="Height"
                      size="small"
                      value={r.height}
                      onChange={(e) => change(r.key, { height: e.target.value })}
                      error={Boolean(first(errors, `teeth.${i}.height`))}
                      helperText={first(errors, `teeth.${i}.height`) ?? '0.9 to 9.0, optional'}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      sx={{ width: { sm: 170 } }}
                    />
                    <IconButton
                      aria-label={`Remove tooth ${toothName(r.tooth_number)}`}
                      onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                      sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                startIcon={<AddIcon />}
                onClick={addTooth}
                disabled={free.length === 0 || libraries.isPending}
              >
                Add Tooth
              </Button>
              <Button onClick={addRemaining} disabled={free.length === 0 || libraries.isPending}>
                Add Remaining Teeth
              </Button>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmClose}
        title="Unsaved Changes"
        text={LIBRARY_MESSAGES.unsavedChanges}
        confirmLabel="Proceed"
        color="warning"
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
        onClose={() => setConfirmClose(false)}
      />
    </>
  );
}
