import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, ROLES, USERS_DEFAULT_PAGE_SIZE, type Permission, type Role } from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePermissions } from '../../../session/permissions.ts';
import { useUsers } from '../../../lib/api/list-users.ts';
import { formatDate } from '../../../lib/format.ts';
import { DataTable } from '../../../components/data-table.tsx';
import {
  ROLES_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  useDebouncedValue,
} from '../../../lib/use-debounced-value.ts';

const CREATE_PERMISSIONS: Permission[] = ['users.create', 'users.manage', 'users.manage-limited'];

export function roleText(roles: readonly { name: string }[]): string {
  return roles.map((r) => ROLE_LABELS[r.name as Role] ?? r.name).join(', ');
}

/** /users (?queryOrganization=id): users searched by name or e-mail, filtered by roles. */
export function UsersPage() {
  const { can } = usePermissions();
  const [params] = useSearchParams();
  const queryOrganization = Number(params.get('queryOrganization'));
  const organizationId =
    Number.isInteger(queryOrganization) && queryOrganization > 0 ? queryOrganization : undefined;
  const [search, setSearch] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(USERS_DEFAULT_PAGE_SIZE);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const debouncedRoles = useDebouncedValue(roles, ROLES_DEBOUNCE_MS);
  const users = useUsers({
    search: debouncedSearch,
    roles: debouncedRoles,
    organizationId,
    page: page + 1,
    perPage,
  });
  const canCreate = can(...CREATE_PERMISSIONS);
  const rows = users.data?.data ?? [];

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h1" component="h1">
          Users
        </Typography>
        {canCreate && (
          <Button component={RouterLink} to="/users/add" variant="contained" startIcon={<AddIcon />}>
            Create User
          </Button>
        )}
      </Box>
      <Card>
        <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label="User's Name or Email"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
          <FormControl sx={{ width: { xs: '100%', sm: 320 } }}>
            <InputLabel id="users-roles-label">Roles</InputLabel>
            <Select<Role[]>
              labelId="users-roles-label"
              multiple
              value={roles}
              onChange={(e) => {
                const value = e.target.value;
                setRoles((typeof value === 'string' ? value.split(',') : value) as Role[]);
                setPage(0);
              }}
              input={<OutlinedInput label="Roles" />}
              renderValue={(selected) => selected.map((r) => ROLE_LABELS[r]).join(', ')}
            >
              {ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  <ListItemIcon>{roles.includes(role) ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
                  <ListItemText primary={ROLE_LABELS[role]} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
        <DataTable
          label="Users"
          fetchingLabel="Loading users"
          fetching={users.isFetching}
          head={
            <>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Sign-up</TableCell>
              <TableCell>Role</TableCell>
              <TableCell align="right">Details</TableCell>
            </>
          }
          colSpan={5}
          loading={users.isPending}
          empty={rows.length === 0}
          emptyText="No users found."
          paging={{
            count: users.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [15, 30, 50],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell>{row.full_name}</TableCell>
              <TableCell>{row.email}</TableCell>
              <TableCell>{formatDate(row.created_at)}</TableCell>
              <TableCell>{roleText(row.roles)}</TableCell>
              <TableCell align="right">
                <Button
                  component={RouterLink}
                  to={`/users/${row.id}`}
                  size="small"
                  aria-label={`Details of ${row.full_name}`}
                >
                  Details
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
    </Box>
  );
}
