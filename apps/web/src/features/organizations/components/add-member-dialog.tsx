import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ORGANIZATION_MEMBER_ROLES,
  ROLE_LABELS,
  type OrganizationRole,
  type UserListItem,
} from '@archline/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useUsers } from '../../../lib/api/list-users.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAddMember } from '../api/add-member.ts';

/** How many users one search shows in the picker. */
const PICKER_PAGE_SIZE = 20;
const DEFAULT_ROLE: OrganizationRole = 'organization_member';

/**
 * Add Member: a user picker (a 500 ms debounced search over GET /users) and a role, default
 * organization_member. The manager role is offered only to those who may grant it.
 */
export function AddMemberDialog({
  organizationId,
  memberIds,
  canGrantManager,
  open,
  onClose,
}: {
  organizationId: number;
  memberIds: readonly number[];
  canGrantManager: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const add = useAddMember(organizationId);
  const [input, setInput] = useState('');
  const [user, setUser] = useState<UserListItem | null>(null);
  const [role, setRole] = useState<OrganizationRole>(DEFAULT_ROLE);
  const [errors, setErrors] = useState<{ user_id?: string | undefined; role?: string | undefined }>({});
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUsers({ search, roles: [], page: 1, perPage: PICKER_PAGE_SIZE }, open);
  const options = users.data?.data ?? [];
  const roles = ORGANIZATION_MEMBER_ROLES.filter((r) => canGrantManager || r !== 'organization_manager');

  const reset = () => {
    setInput('');
    setUser(null);
    setRole(DEFAULT_ROLE);
    setErrors({});
  };
  const close = () => {
    if (add.isPending) return;
    reset();
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      setErrors({ user_id: 'Required' });
      return;
    }
    try {
      const result = await add.mutateAsync({ user_id: user.id, role });
      notifySuccess(result.message);
      reset();
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      if (fields.user_id?.[0] || fields.role?.[0]) {
        setErrors({ user_id: fields.user_id?.[0], role: fields.role?.[0] });
      } else {
        notifyError(error);
      }
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Add Member</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Autocomplete
              options={options}
              value={user}
              onChange={(_e, value) => {
                setUser(value);
                setErrors((e) => ({ ...e, user_id: undefined }));
              }}
              inputValue={input}
              onInputChange={(_e, value) => setInput(value)}
              // The server searches; the picker shows what it answers.
              filterOptions={(x) => x}
              getOptionLabel={(u) => `${u.full_name} (${u.email})`}
              getOptionDisabled={(u) => memberIds.includes(u.id)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              loading={users.isFetching}
              loadingText="Searching users..."
              noOptionsText={search ? 'No users found.' : 'Type a name or e-mail.'}
              renderOption={(props, u) => {
                const { key, ...rest } = props;
                return (
                  <li key={key} {...rest}>
                    {u.full_name} ({u.email}){memberIds.includes(u.id) ? ' — already a member' : ''}
                  </li>
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="User"
                  required
                  autoFocus
                  placeholder="User's Name or Email"
                  error={Boolean(errors.user_id)}
                  helperText={errors.user_id}
                  slotProps={{
                    ...params.slotProps,
                    input: {
                      ...params.slotProps.input,
                      endAdornment: (
                        <>
                          {users.isFetching ? (
                            <CircularProgress color="inherit" size={18} aria-label="Searching users" />
                          ) : null}
                          {params.slotProps.input.endAdornment}
                        </>
                      ),
                    },
                  }}
                />
              )}
            />
            <TextField
              select
              label="Role"
              value={role}
              onChange={(e) => setRole(e.target.value as OrganizationRole)}
              error={Boolean(errors.role)}
              helperText={errors.role}
            >
              {roles.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Member'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
