import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../../session/permissions.ts';
import { useOrganizations, type OrganizationsListQuery } from '../api/list-organizations.ts';
import { CreateOrganizationButton } from '../components/create-organization-dialog.tsx';
import { InviteToCreateBar } from '../components/invite-to-create-bar.tsx';
import { OrganizationRow } from '../components/organization-row.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

const SEARCH_DEBOUNCE_MS = 500;
const ORDER_OPTIONS: { value: NonNullable<OrganizationsListQuery['orderBy']>; label: string }[] = [
  { value: 'name', label: 'Name (A to Z)' },
  { value: '-name', label: 'Name (Z to A)' },
  { value: '-created_at', label: 'Newest to join' },
  { value: 'created_at', label: 'Oldest to join' },
];

/** /organizations: the organizations in the user's scope, with the invite-by-email bar. */
export function OrganizationsPage() {
  const { can } = usePermissions();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<OrganizationsListQuery>({ orderBy: 'name', page: 1, perPage: 25 });
  const list = useOrganizations(query);
  const canInvite = can('organizations.send-invite-to-create', 'organizations.manage');

  useEffect(() => {
    const value = keyword.trim() || undefined;
    if (value === query.searchString) return;
    const timer = setTimeout(
      () => setQuery((q) => ({ ...q, searchString: value, page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [keyword, query.searchString]);

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1" component="h1">
          Organizations
        </Typography>
        <Box>
          <CreateOrganizationButton />
        </Box>
      </Stack>
      {canInvite && <InviteToCreateBar />}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        role="search"
        aria-label="Search organizations"
        sx={{ mb: 2 }}
      >
        <TextField
          label="Search"
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          sx={{ flex: 2 }}
        />
        <TextField
          select
          label="Sort by"
          value={query.orderBy}
          onChange={(e) =>
            setQuery((q) => ({ ...q, orderBy: e.target.value as OrganizationsListQuery['orderBy'], page: 1 }))
          }
          sx={{ flex: 1 }}
        >
          {ORDER_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Paper variant="outlined">
        <ScrollableTable label="Organizations">
          <Table aria-label="Organizations" size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    Users
                  </Box>
                </TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Account Number</TableCell>
                <TableCell>Organization Type</TableCell>
                <TableCell align="right">Users</TableCell>
                <TableCell>Joined</TableCell>
                <TableCell>State</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <TableRow>
                  <TableCell colSpan={7} align="center" role="status">
                    <CircularProgress size={24} aria-label="Loading organizations" />
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7} align="center" role="status">
                    {list.isError ? 'The organizations could not be loaded.' : 'No organizations found.'}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((o) => <OrganizationRow key={o.id} organization={o} />)
              )}
            </TableBody>
          </Table>
        </ScrollableTable>
      </Paper>
      {meta && meta.total > 0 && (
        <TablePagination
          component="div"
          count={meta.total}
          page={meta.current_page - 1}
          rowsPerPage={meta.per_page}
          rowsPerPageOptions={[10, 15, 25, 50, 100]}
          onPageChange={(_e, page) => setQuery((q) => ({ ...q, page: page + 1 }))}
          onRowsPerPageChange={(e) => setQuery((q) => ({ ...q, perPage: Number(e.target.value), page: 1 }))}
        />
      )}
    </Box>
  );
}
