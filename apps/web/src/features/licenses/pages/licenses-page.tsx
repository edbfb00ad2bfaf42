import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LICENSES_DEFAULT_PAGE_SIZE } from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../../session/permissions.ts';
import { formatDate } from '../../../lib/format.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLicenses } from '../api/list-licenses.ts';
import { DataTable } from '../../../components/data-table.tsx';

/** /licenses: the licenses, searched by user, with edit (delete is not offered). */
export function LicensesPage() {
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(LICENSES_DEFAULT_PAGE_SIZE);
  const searchUser = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const licenses = useLicenses({ searchUser, page: page + 1, perPage });
  const canManage = can('licenses.manage');
  const rows = licenses.data?.data ?? [];

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
          Licenses
        </Typography>
        {canManage && (
          <Button component={RouterLink} to="/add-license" variant="contained" startIcon={<AddIcon />}>
            New License
          </Button>
        )}
      </Box>
      <Card>
        <Box sx={{ p: 2 }}>
          <TextField
            label="Search by User"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
        </Box>
        <DataTable
          label="Licenses"
          fetchingLabel="Loading licenses"
          fetching={licenses.isFetching}
          head={
            <>
              <TableCell>User</TableCell>
              <TableCell>License Type</TableCell>
              <TableCell>Activation Date</TableCell>
              <TableCell>Expiration Date</TableCell>
              <TableCell align="right">Seats</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
          colSpan={6}
          loading={licenses.isPending}
          empty={rows.length === 0}
          emptyText="No licenses found."
          paging={{
            count: licenses.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [10, 25, 50, 100],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((license) => {
            const holder = license.user?.full_name ?? license.organization.name;
            return (
              <TableRow key={license.id} hover>
                <TableCell>{holder}</TableCell>
                <TableCell>{license.license_type.name}</TableCell>
                <TableCell>{formatDate(license.activated_at)}</TableCell>
                <TableCell>{formatDate(license.expiration_date)}</TableCell>
                <TableCell align="right">{license.seats}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton
                      component={RouterLink}
                      to={`/edit-license/${license.id}`}
                      aria-label={`Edit the license of ${holder}`}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  {/* Licenses are never deleted: the action is shown disabled. */}
                  <IconButton disabled aria-label={`Delete the license of ${holder}`}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </DataTable>
      </Card>
    </Box>
  );
}
