import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  profileOf,
  REQUEST_LIST_STATUSES,
  REQUEST_STATUS,
  REQUEST_STATUS_LABELS,
  REQUESTS_PAGE_SIZE,
  REQUESTS_PAGE_SIZES,
  type RequestListStatus,
} from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { useLocations } from '../../../lib/api/list-locations.ts';
import { EMPTY_VALUE, formatDateTime } from '../../../lib/format.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { roleNames } from '../../../session/me.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useSession } from '../../../session/session.tsx';
import { useRequests } from '../api/list-requests.ts';
import { RequestStatusChip } from '../components/request-chips.tsx';

/** Columns that give way on a phone: the patient cell carries the doctor and case number there. */
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

const statusLabel = (s: RequestListStatus) =>
  s === 'all' ? 'All' : REQUEST_STATUS_LABELS[REQUEST_STATUS[s]];

/** /requests: the customer requests the user may see, filtered by patient, doctor, location and status. */
export function RequestsPage() {
  const { user } = useSession();
  const { can } = usePermissions();
  const management = user ? profileOf(roleNames(user)) === 'management' : false;
  const mayFilterDoctor = can('organization.customer-requests.view-any');
  const [patient, setPatient] = useState('');
  const [doctor, setDoctor] = useState('');
  const [locationIds, setLocationIds] = useState<number[]>([]);
  const [status, setStatus] = useState<RequestListStatus>('all');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(REQUESTS_PAGE_SIZE);
  const patientQuery = useDebouncedValue(patient.trim(), SEARCH_DEBOUNCE_MS);
  const doctorQuery = useDebouncedValue(doctor.trim(), SEARCH_DEBOUNCE_MS);
  const locations = useLocations({ page: 1, perPage: 100 });
  const requests = useRequests({
    patient: patientQuery,
    doctor: mayFilterDoctor ? doctorQuery : undefined,
    location_ids: locationIds,
    status,
    page: page + 1,
    per_page: perPage,
  });
  const rows = requests.data?.customer_requests ?? [];
  const columns = management ? 8 : 7;
  const locationName = (id: number) =>
    locations.data?.data.find((l) => l.id === id)?.location_name ?? String(id);

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Requests
      </Typography>
      <Card>
        <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            label="Patient Name"
            type="search"
            value={patient}
            onChange={(e) => {
              setPatient(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          {mayFilterDoctor && (
            <TextField
              label="Doctor Name"
              type="search"
              value={doctor}
              onChange={(e) => {
                setDoctor(e.target.value);
                setPage(0);
              }}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
          )}
          <TextField
            select
            label="Locations"
            value={locationIds}
            onChange={(e) => {
              const value = e.target.value as unknown as number[] | string;
              setLocationIds(typeof value === 'string' ? value.split(',').map(Number) : value);
              setPage(0);
            }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (selected as number[]).map(locationName).join(', '),
              },
            }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          >
            {(locations.data?.data ?? []).length === 0 && (
              <MenuItem disabled value="">
                No found Locations
              </MenuItem>
            )}
            {(locations.data?.data ?? []).map((l) => (
              <MenuItem key={l.id} value={l.id}>
                <Checkbox checked={locationIds.includes(l.id)} size="small" />
                <ListItemText primary={l.location_name} />
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            aria-label="Status"
            onChange={(_e, next: RequestListStatus | null) => {
              if (next) {
                setStatus(next);
                setPage(0);
              }
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {REQUEST_LIST_STATUSES.map((s) => (
              <ToggleButton key={s} value={s}>
                {statusLabel(s)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <DataTable
          label="Requests"
          fetchingLabel="Loading requests"
          fetching={requests.isFetching}
          head={
            <>
              <TableCell sx={wide}>Doctor</TableCell>
              <TableCell>Patient</TableCell>
              <TableCell sx={wide}>Case #</TableCell>
              <TableCell sx={wide}>Suffix</TableCell>
              <TableCell sx={wide}>Modified Date</TableCell>
              {management && <TableCell sx={wide}>Next Step</TableCell>}
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
          colSpan={columns}
          loading={requests.isPending}
          empty={rows.length === 0}
          emptyText="No requests found."
          paging={{
            count: requests.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: REQUESTS_PAGE_SIZES,
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((r) => (
            <TableRow key={r.id} hover data-testid="request-row">
              <TableCell sx={wide}>{r.patient.user?.full_name ?? EMPTY_VALUE}</TableCell>
              <TableCell>
                {r.patient.full_name}
                <Typography
                  variant="body2"
                  color="text.secondary"
                  component="span"
                  sx={{ display: { xs: 'block', md: 'none' } }}
                >
                  {[r.patient.user?.full_name, r.patient.case_number_text, formatDateTime(r.updated_at)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{r.patient.case_number_text || EMPTY_VALUE}</TableCell>
              <TableCell sx={wide}>{r.patient.numeric_suffix ?? EMPTY_VALUE}</TableCell>
              <TableCell sx={wide}>{formatDateTime(r.updated_at)}</TableCell>
              {management && <TableCell sx={wide}>{r.next_step ?? EMPTY_VALUE}</TableCell>}
              <TableCell>
                <RequestStatusChip statusId={r.status_id} label={r.status} />
              </TableCell>
              <TableCell align="right">
                <Button
                  component={RouterLink}
                  to={`/requests/${r.id}`}
                  size="small"
                  aria-label={`Show the request of ${r.patient.full_name}`}
                >
                  Show
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
    </Box>
  );
}
