import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  CASE_LIST_LOCATION_DEBOUNCE_MS,
  CASE_LIST_SEARCH_DEBOUNCE_MS,
  LOCATIONS_MAX_PAGE_SIZE,
  noTabNotice,
  PATIENTS_PRACTICE_PAGE_SIZE,
  PRACTICE_DEFAULT_STATUS,
  type PatientCountKey,
  type PatientListItem,
  type PatientListStatus,
} from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { profileOf } from '@archline/contracts/roles';
import { useSession } from '../../../session/session.tsx';
import { roleNames } from '../../../session/me.ts';
import { TableStatusRow } from '../../../components/table-status-row.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { locationsQueryOptions } from '../../../lib/api/list-locations.ts';
import { usePatientCounts, usePatients, type PatientsQuery } from '../api/list-patients.ts';
import { RequestChips, ShipDate } from '../components/case-cells.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { CaseDetails } from '../components/case-row-parts.tsx';
import { ExpandableCaseRow, toggled } from '../components/expandable-case-row.tsx';
import { useNow } from '../components/use-now.ts';
import { canOnList } from '../patient-list-access.ts';
import { PatientsPagination } from '../components/patients-pagination.tsx';
import { CaseFeedbackDialog } from '../components/case-feedback-dialog.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** The practice status buttons: the tabs, plus Archived for users who may see archived cases. */
type PracticeTab = PatientListStatus | 'archived';

export const PRACTICE_TAB_LABELS: Record<PracticeTab, string> = {
  new: 'New',
  in_progress: 'In Progress',
  awaiting_approval: 'Awaiting Approval',
  approved: 'Approved',
  completed: 'Completed',
  all: 'All',
  archived: 'Archived',
};

const COLUMNS = 6;

/** /patients: the practice's cases by status, searched by patient or doctor and filtered by location. */
export function PatientsPage() {
  const { user } = useSession();
  const organizationId = user?.current_organization_id ?? null;
  const canSearchDoctor = user ? canOnList(user, 'search_by_doctor') : false;
  const canViewArchived = user ? canOnList(user, 'view_archived') : false;

  const [tab, setTab] = useState<PracticeTab>(PRACTICE_DEFAULT_STATUS);
  const [onHoldOnly, setOnHoldOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [doctor, setDoctor] = useState('');
  const [locationIds, setLocationIds] = useState<number[]>([]);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(PATIENTS_PRACTICE_PAGE_SIZE);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const now = useNow();

  const debouncedSearch = useDebouncedValue(search.trim(), CASE_LIST_SEARCH_DEBOUNCE_MS);
  const debouncedDoctor = useDebouncedValue(
    canSearchDoctor ? doctor.trim() : '',
    CASE_LIST_SEARCH_DEBOUNCE_MS,
  );
  const debouncedLocations = useDebouncedValue(locationIds, CASE_LIST_LOCATION_DEBOUNCE_MS);

  const filter = {
    search: debouncedSearch,
    doctor: debouncedDoctor,
    location_ids: debouncedLocations,
  };
  useEffect(() => setPage(0), [debouncedSearch, debouncedDoctor, debouncedLocations]);

  const query: PatientsQuery = {
    ...filter,
    ...(onHoldOnly ? { held: 'only' as const } : tab === 'archived' ? { archived: true } : { status: tab }),
    page: page + 1,
    per_page: perPage,
  };
  const patients = usePatients(query);
  const counts = usePatientCounts(organizationId, filter);
  const locations = useQuery({
    ...locationsQueryOptions({ page: 1, perPage: LOCATIONS_MAX_PAGE_SIZE }),
    enabled: Boolean(user),
  });
  const locationOptions = useMemo(() => locations.data?.data ?? [], [locations.data]);

  const rows: PatientListItem[] = patients.data?.data ?? [];
  const allExpanded = rows.length > 0 && rows.every((r) => expanded.has(r.id));
  const heldCount = counts.data?.on_hold ?? 0;
  const tabs: PracticeTab[] = [
    'new',
    'in_progress',
    'awaiting_approval',
    'approved',
    'completed',
    'all',
    ...(canViewArchived ? (['archived'] as const) : []),
  ];

  const chooseTab = (next: PracticeTab | null) => {
    if (!next) return;
    setTab(next);
    setOnHoldOnly(false);
    setPage(0);
  };
  const countOf = (key: PatientCountKey) => counts.data?.[key];

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Patients
      </Typography>
      <Card>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={onHoldOnly ? null : tab}
            onChange={(_e, value: PracticeTab | null) => chooseTab(value)}
            aria-label="Status"
            sx={{ flexWrap: 'wrap' }}
          >
            {tabs.map((key) => {
              const count = countOf(key);
              return (
                <ToggleButton key={key} value={key} sx={{ textTransform: 'none' }}>
                  {PRACTICE_TAB_LABELS[key]}
                  {count !== undefined && (
                    <>
                      {' '}
                      <Box component="span" sx={{ ml: 0.5, fontWeight: 600 }}>
                        ({count})
                      </Box>
                    </>
                  )}
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
          {counts.data && noTabNotice(counts.data) && (
            <Typography variant="body2" color="text.secondary" data-testid="no-tab-notice" sx={{ mt: -1 }}>
              {noTabNotice(counts.data)}; &apos;All&apos; includes them.
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              label="Search by patient"
              type="search"
              margin="none"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                // Searching lists every status (archived cases too, when permitted).
                if (e.target.value.trim()) {
                  setTab('all');
                  setOnHoldOnly(false);
                }
              }}
              sx={{ width: { xs: '100%', sm: 280 } }}
            />
            {canSearchDoctor && (
              <TextField
                label="Search by doctor"
                type="search"
                margin="none"
                value={doctor}
                onChange={(e) => setDoctor(e.target.value)}
                sx={{ width: { xs: '100%', sm: 240 } }}
              />
            )}
            <FormControl sx={{ width: { xs: '100%', sm: 280 } }}>
              <InputLabel id="patients-locations-label">Locations</InputLabel>
              <Select<number[]>
                labelId="patients-locations-label"
                multiple
                value={locationIds}
                onChange={(e) => {
                  const value = e.target.value;
                  setLocationIds(typeof value === 'string' ? value.split(',').map(Number) : value);
                }}
                input={<OutlinedInput label="Locations" />}
                renderValue={(selected) =>
                  locationOptions
                    .filter((l) => selected.includes(l.id))
                    .map((l) => l.location_name)
                    .join(', ')
                }
              >
                {locationOptions.length === 0 && (
                  <MenuItem disabled value={-1}>
                    {locations.isPending ? 'Loading...' : 'No locations'}
                  </MenuItem>
                )}
                {locationOptions.map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    <ListItemIcon>
                      {locationIds.includes(l.id) ? <CheckIcon fontSize="small" /> : null}
                    </ListItemIcon>
                    <ListItemText primary={l.location_name} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {heldCount > 0 && (
              <FormControlLabel
                control={
                  <Switch
                    checked={onHoldOnly}
                    onChange={(e) => {
                      setOnHoldOnly(e.target.checked);
                      setPage(0);
                    }}
                  />
                }
                label={`Only On-hold (${heldCount})`}
              />
            )}
            <Button
              variant="outlined"
              onClick={() => setExpanded(allExpanded ? new Set() : new Set(rows.map((r) => r.id)))}
              disabled={rows.length === 0}
              sx={{ ml: { sm: 'auto' } }}
            >
              {allExpanded ? 'Collapse All' : 'Expand All'}
            </Button>
          </Box>
        </Box>
        {patients.isFetching && <LinearProgress aria-label="Loading patients" />}
        {patients.isError && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            The patients could not be loaded.
          </Alert>
        )}
        <ScrollableTable label="Patients">
          <Table aria-label="Patients" aria-busy={patients.isFetching}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={{ position: 'absolute', left: -10000 }}>
                    Expand
                  </Box>
                </TableCell>
                <TableCell>Case Details</TableCell>
                <TableCell>Dates</TableCell>
                <TableCell>Modified Date</TableCell>
                <TableCell>Requests</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((patient) => (
                <ExpandableCaseRow
                  key={patient.id}
                  patient={patient}
                  open={expanded.has(patient.id)}
                  onToggle={() => setExpanded((prev) => toggled(prev, patient.id))}
                  columns={COLUMNS}
                >
                  <TableCell>
                    <CaseDetails patient={patient} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">Created: {formatDate(patient.created_at)}</Typography>
                    {patient.rx_form?.bonding_date && (
                      <Typography variant="body2">
                        Bonding: {formatDate(patient.rx_form.bonding_date)}
                      </Typography>
                    )}
                    {patient.ship_date && (
                      <Typography variant="body2" component="div">
                        Ship:{' '}
                        <ShipDate date={patient.ship_date} completed={patient.ship_completed} now={now} />
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{formatDateTime(patient.updated_at)}</Typography>
                  </TableCell>
                  <TableCell>
                    <RequestChips requests={patient.requests} now={now} />
                  </TableCell>
                </ExpandableCaseRow>
              ))}
              <TableStatusRow
                colSpan={COLUMNS}
                loading={patients.isPending}
                empty={rows.length === 0}
                emptyText="No patients found."
              />
            </TableBody>
          </Table>
        </ScrollableTable>
        <PatientsPagination
          data={patients.data}
          page={page}
          perPage={perPage}
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(0);
          }}
        />
      </Card>
      {user && profileOf(roleNames(user)) === 'practice' && (
        <CaseFeedbackDialog organizationId={organizationId} />
      )}
    </Box>
  );
}
