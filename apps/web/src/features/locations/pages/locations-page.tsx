import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOCATIONS_DEFAULT_PAGE_SIZE, profileOf } from '@archline/contracts';
import { formatDate } from '../../../lib/format.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { useOrganizationFilter } from '../../../session/organization-filter.ts';
import { roleNames } from '../../../session/me.ts';
import { useLocations } from '../../../lib/api/list-locations.ts';
import { canLocation, useLocationsScope } from '../location-access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The locations filter waits this long after the last keystroke (spec: 1000 ms). */
const SEARCH_DEBOUNCE_MS = 1000;

/** /locations (and /organizations/{organizationId}/locations): the locations the user may see. */
export function LocationsPage() {
  const { user } = useSession();
  const { organizationId, basePath } = useLocationsScope();
  // On /locations a management user (lab partner) narrows the list with the top-bar organization chip.
  const filterOrganization = useOrganizationFilter();
  const listOrganizationId =
    organizationId ??
    (user && profileOf(roleNames(user)) === 'management' ? filterOrganization?.id : undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(LOCATIONS_DEFAULT_PAGE_SIZE);
  const locationInfo = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(0), [locationInfo, listOrganizationId]);
  const query = useLocations({
    organizationId: listOrganizationId ?? undefined,
    locationInfo,
    page: page + 1,
    perPage,
  });
  if (!user) return null;
  const rows = query.data?.data ?? [];

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography variant="h1" component="h1">
          Locations
        </Typography>
        {canLocation(user, 'create') && (
          <Button component={RouterLink} to={`${basePath}/add`} variant="contained" startIcon={<AddIcon />}>
            Add Location
          </Button>
        )}
      </Box>
      <TextField
        label="Search locations"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        helperText="Name, street, city or zip code"
        sx={{ maxWidth: 420 }}
      />
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <DataTable
          label="Locations"
          busy={query.isFetching}
          head={
            <>
              <TableCell>Name</TableCell>
              <TableCell>Contact</TableCell>
              <TableCell>Phone Number</TableCell>
              <TableCell>Address</TableCell>
              <TableCell>Created At</TableCell>
            </>
          }
          colSpan={5}
          loading={query.isPending}
          empty={rows.length === 0}
          statusRow={
            query.isPending ? (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <CircularProgress size={20} aria-hidden="true" /> Loading locations...
                  </Box>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  {query.isError ? 'The locations could not be loaded.' : 'No locations found.'}
                </TableCell>
              </TableRow>
            ) : null
          }
          paging={{
            count: query.data?.meta.total ?? 0,
            page: query.data ? Math.min(page, Math.max(0, query.data.meta.last_page - 1)) : 0,
            rowsPerPage: perPage,
            rowsPerPageOptions: [10, 25, 50, 100],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((location) => (
            <TableRow key={location.id} hover>
              <TableCell>
                <Link component={RouterLink} to={`${basePath}/${location.id}`}>
                  {location.location_name}
                </Link>
              </TableCell>
              <TableCell>
                {location.first_name} {location.last_name}
                <Typography variant="body2" color="text.secondary">
                  {location.email}
                </Typography>
              </TableCell>
              <TableCell>{location.phone_number}</TableCell>
              <TableCell>{location.full_address}</TableCell>
              <TableCell>{formatDate(location.created_at)}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Paper>
    </Box>
  );
}
