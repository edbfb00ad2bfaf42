import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
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
  ASSIGNMENT_LABELS,
  ASSIGNMENT_VALUES,
  BATCH_MIN_CASES,
  JAW_TYPE_LABELS,
  DASHBOARD_ACTIVITY_TITLES,
  CASE_LIST_AUTO_REFRESH_MS,
  CASE_LIST_DEFAULT_IDLE_SECONDS,
  CASE_LIST_SEARCH_DEBOUNCE_MS,
  DEFAULT_CASE_LIST_FILTERS,
  formatDuration,
  PATIENTS_MANAGEMENT_PAGE_SIZE,
  REQUEST_STATUS,
  REQUEST_STATUS_KEYS,
  REQUEST_STATUS_LABELS,
  REQUEST_TYPE_LABELS,
  REQUEST_TYPES,
  SHIPPING_VIEW_PERMISSIONS,
  addressFilters,
  defaultHeldFilter,
  onHoldFilterLabel,
  onHoldFilterMode,
  readCaseListQuery,
  withoutConsumed,
  type AssignmentValue,
  type CaseListFilters,
  type CaseListSort,
  type PatientListRow,
  type RequestStatusKey,
  type RequestType,
} from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSettings } from '../../../session/settings.ts';
import { useOrganizationFilter } from '../../../session/organization-filter.ts';
import { useSession } from '../../../session/session.tsx';
import { usePermissions } from '../../../session/permissions.ts';
import { TableStatusRow } from '../../../components/table-status-row.tsx';
import { roleNames } from '../../../session/me.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { PATIENTS_QUERY_KEY, usePatients, type PatientsQuery } from '../api/list-patients.ts';
import { useOrganizationTypes } from '../api/organization-types.ts';
import { RequestChips, ShipDate } from '../components/case-cells.tsx';
import { formatCalendarDate, formatDate, formatDateTime } from '../../../lib/format.ts';
import { CaseDetails } from '../components/case-row-parts.tsx';
import { ExpandableCaseRow, toggled } from '../components/expandable-case-row.tsx';
import { useIdle } from '../components/use-idle.ts';
import { useNow } from '../components/use-now.ts';
import { canOnList } from '../patient-list-access.ts';
import { PatientsPagination } from '../components/patients-pagination.tsx';
import {
  groupByShipment,
  ShipmentGroupHeader,
  type ShipmentCaseLabelsComponent,
  type ShipmentGroupActionsComponent,
} from '../components/shipment-groups.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

type Layout = 'default' | 'keywords' | 'batch';

/** The page size of the batch-mode layout (document 2 section 9). */
const BATCH_MODE_PAGE_SIZE = 100;

/** 'Submissions: Nov 1, 2026 – Nov 30, 2026' (a dashboard card's cases). */
function activityLabel(activity: NonNullable<CaseListFilters['activity']>): string {
  const title = DASHBOARD_ACTIVITY_TITLES[activity.key];
  const range = activity.range;
  if (!range) return `${title}: all time`;
  if (range.from && range.from === range.to) return `${title}: ${formatCalendarDate(range.from)}`;
  return `${title}: ${range.from ? formatCalendarDate(range.from) : '…'} – ${range.to ? formatCalendarDate(range.to) : '…'}`;
}

/** The idle time before auto-refresh starts: the global setting when configured, else the default. */
function idleSecondsOf(settings: unknown): number {
  const value = (settings as { case_list_idle_seconds?: unknown } | undefined)?.case_list_idle_seconds;
  return typeof value === 'number' && value > 0 ? value : CASE_LIST_DEFAULT_IDLE_SECONDS;
}

/** The filters of the keywords-only layout; switching to it clears the others. */
function keywordsOnly(f: CaseListFilters): CaseListFilters {
  return { ...DEFAULT_CASE_LIST_FILTERS, patient: f.patient, doctor: f.doctor, organization: f.organization };
}

/** The dialog that creates a batch of the chosen cases (owned by the batches feature). */
export type CreateBatchDialogComponent = ComponentType<{
  open: boolean;
  patientIds: number[];
  onClose: () => void;
  onCreated: (id: number) => void;
}>;

/**
 * Parts other features own, composed in by app/: the organization name with its quick glance
 * (organizations), the batch creation dialog (batches), and the shipping view's group actions and
 * case labels (shipments).
 */
export interface CaseListPageParts {
  OrganizationName: ComponentType<{ id: number; name: string }>;
  CreateBatchDialog: CreateBatchDialogComponent;
  ShipmentGroupActions: ShipmentGroupActionsComponent;
  ShipmentCaseLabels: ShipmentCaseLabelsComponent;
}

/** /organizations/{organizationId}/patients: the list scoped to one organization, titled with its name. */
export interface CaseListScope {
  organization?: { id: number; name: string };
}

/** A filter select whose empty choice reads 'Any' (options: value and label pairs). */
function AnySelect({
  id,
  label,
  width,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  width: number;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <FormControl sx={{ width: { xs: '100%', sm: width } }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="">Any</MenuItem>
        {options.map(([v, text]) => (
          <MenuItem key={v} value={v}>
            {text}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * /patients-page: the management case list (lab partners see only the cases assigned to them).
 * Query parameters (queryUser, queryOrganization, queryName, sort, filter[...]) set the filters and
 * are then removed from the address.
 */
export function CaseListPage({
  OrganizationName,
  CreateBatchDialog,
  ShipmentGroupActions,
  ShipmentCaseLabels,
  organization: scopeOrganization,
}: CaseListPageParts & CaseListScope) {
  const { user } = useSession();
  const { can } = usePermissions();
  const canBatch = can('batches.manage');
  const roles = user ? roleNames(user) : [];
  // Whether the caller's lists leave held cases out until the toggle includes them (admins).
  const defaultHeld = defaultHeldFilter(roles);
  // The shipping view: staff who update shipping information, never lab partners.
  const canShipping = can(...SHIPPING_VIEW_PERMISSIONS) && !roles.includes('lab_partner');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [creatingBatch, setCreatingBatch] = useState(false);
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<CaseListFilters>(() => ({
    ...DEFAULT_CASE_LIST_FILTERS,
    ...addressFilters(readCaseListQuery(params).filters, defaultHeld),
  }));
  const shipping = filters.shipping;
  const setShipping = (on: boolean) => setFilters((f) => ({ ...f, shipping: on }));
  const [layout, setLayout] = useState<Layout>('default');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(PATIENTS_MANAGEMENT_PAGE_SIZE);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [autoRefresh, setAutoRefresh] = useState(true);
  const queryClient = useQueryClient();
  // The top bar's organization chip narrows the list too (an address queryOrganization wins).
  const organizationFilter = useOrganizationFilter();
  const settings = useSettings();
  const organizationTypes = useOrganizationTypes();
  const now = useNow();

  // Consume the address's filter parameters, then remove them (replacing the history entry).
  useEffect(() => {
    const { filters: fromAddress, consumed } = readCaseListQuery(params);
    if (consumed.length === 0) return;
    setFilters({ ...DEFAULT_CASE_LIST_FILTERS, ...addressFilters(fromAddress, defaultHeld) });
    setPage(0);
    setParams(new URLSearchParams(withoutConsumed(params, consumed)), { replace: true });
  }, [params, setParams, defaultHeld]);

  const canViewArchived = user ? canOnList(user, 'view_archived') : false;
  const canSearchDoctor = user ? canOnList(user, 'search_by_doctor') : false;
  const patient = useDebouncedValue(filters.patient.trim(), CASE_LIST_SEARCH_DEBOUNCE_MS);
  const doctor = useDebouncedValue(
    canSearchDoctor ? filters.doctor.trim() : '',
    CASE_LIST_SEARCH_DEBOUNCE_MS,
  );
  const organization = useDebouncedValue(filters.organization.trim(), CASE_LIST_SEARCH_DEBOUNCE_MS);
  const trackingNumber = useDebouncedValue(filters.trackingNumber.trim(), CASE_LIST_SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(0), [patient, doctor, organization, trackingNumber, organizationFilter?.id]);

  const idle = useIdle(idleSecondsOf(settings.data) * 1000, autoRefresh);
  const shippingView = canShipping && shipping && layout !== 'keywords';
  const query: PatientsQuery = {
    search: patient,
    doctor,
    organization,
    user_id: filters.userId ?? undefined,
    // One organization's page keeps its scope whatever the filters say.
    organization_id: scopeOrganization?.id ?? filters.organizationId ?? organizationFilter?.id ?? undefined,
    organization_type_id: filters.organizationTypeId ?? undefined,
    // On, the toggle includes held cases (admins) or shows only them (others); off, the server
    // applies the caller's default (admins leave held cases out).
    held: filters.onHold ? onHoldFilterMode(roles) : undefined,
    active_only: filters.activeOnly || undefined,
    archived: (canViewArchived && filters.archivedOnly) || undefined,
    case_notes_only: filters.caseNotesOnly || undefined,
    rush_only: filters.rushOnly || undefined,
    request_type: filters.requestType ?? undefined,
    request_status: filters.requestStatus ?? undefined,
    assignment: filters.assignment ?? undefined,
    ship_date_from: filters.shipDate?.from ?? undefined,
    ship_date_to: filters.shipDate?.to ?? undefined,
    activity: filters.activity?.key,
    activity_from: filters.activity?.range?.from ?? undefined,
    activity_to: filters.activity?.range?.to ?? undefined,
    // The activity's days are the user's (the browser's) calendar days.
    time_zone: filters.activity ? Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' : undefined,
    batch_id: filters.batchId ?? undefined,
    tracking_number: trackingNumber || undefined,
    shipping: shippingView || undefined,
    // The shipping view orders by shipment key: oldest shipments first unless newest is chosen.
    sort: shippingView ? (filters.sort ?? 'oldest') : (filters.sort ?? 'ship_date'),
    page: page + 1,
    per_page: perPage,
  };
  const patients = usePatients(query, {
    refetchInterval: autoRefresh && idle ? CASE_LIST_AUTO_REFRESH_MS : false,
  });
  const rows: PatientListRow[] = patients.data?.data ?? [];
  const batchMode = layout === 'batch';
  const showBatch = canBatch && !batchMode && !shippingView;
  const columns = batchMode ? 7 : showBatch ? 7 : 6;
  const groups = shippingView ? groupByShipment(rows) : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PATIENTS_QUERY_KEY });
  const batchable = rows.filter((r) => r.batchable);
  const toggleSelected = (id: number) => setSelected((prev) => toggled(prev, id));
  const allSelected = batchable.length > 0 && batchable.every((r) => selected.has(r.id));

  const update = (change: Partial<CaseListFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(0);
  };
  const toggle = (
    key: 'onHold' | 'activeOnly' | 'archivedOnly' | 'caseNotesOnly' | 'rushOnly',
    label: string,
  ) => (
    <FormControlLabel
      key={key}
      control={<Switch checked={filters[key]} onChange={(e) => update({ [key]: e.target.checked })} />}
      label={label}
    />
  );
  const scopeChips = [
    filters.userId !== null && {
      key: 'user',
      label: `Doctor: ${rows.find((r) => r.user_id === filters.userId)?.user.full_name ?? `#${filters.userId}`}`,
      clear: () => update({ userId: null }),
    },
    !scopeOrganization &&
      filters.organizationId !== null && {
        key: 'organization',
        label: `Organization: ${
          rows.find((r) => r.organization_id === filters.organizationId)?.organization.name ??
          `#${filters.organizationId}`
        }`,
        clear: () => update({ organizationId: null }),
      },
    filters.batchId !== null && {
      key: 'batch',
      label: `Batch: ${rows.find((r) => r.batch?.id === filters.batchId)?.batch?.name ?? `#${filters.batchId}`}`,
      clear: () => update({ batchId: null }),
    },
    filters.activity !== null && {
      key: 'activity',
      label: activityLabel(filters.activity),
      clear: () => update({ activity: null }),
    },
  ].filter((c): c is { key: string; label: string; clear: () => void } => Boolean(c));

  const renderRow = (p: PatientListRow) => (
    <ExpandableCaseRow
      key={p.id}
      patient={p}
      open={expanded.has(p.id)}
      onToggle={() => setExpanded((prev) => toggled(prev, p.id))}
      columns={columns}
    >
      {batchMode && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected.has(p.id)}
            disabled={!p.batchable}
            onChange={() => toggleSelected(p.id)}
            slotProps={{
              input: {
                'aria-label': p.batchable
                  ? `Select ${p.full_name} for a batch`
                  : `${p.full_name} cannot join a batch`,
              },
            }}
          />
        </TableCell>
      )}
      <TableCell>
        <CaseDetails patient={p}>
          <Typography variant="body2" component="div">
            <OrganizationName id={p.organization.id} name={p.organization.name} />
            {p.organization.organization_type && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {p.organization.organization_type.name}
              </Typography>
            )}
          </Typography>
        </CaseDetails>
      </TableCell>
      {batchMode ? (
        <TableCell>
          <Typography variant="body2">
            {p.rx_form?.jaws_id ? JAW_TYPE_LABELS[p.rx_form.jaws_id] : '—'}
          </Typography>
        </TableCell>
      ) : (
        <TableCell>
          <Typography variant="body2">Created: {formatDate(p.created_at)}</Typography>
          {p.rx_form?.bonding_date && (
            <Typography variant="body2">Bonding: {formatDate(p.rx_form.bonding_date)}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            Modified: {formatDateTime(p.updated_at)}
          </Typography>
          {p.overall_production_time > 0 && (
            <Typography variant="body2" color="text.secondary">
              Production: {formatDuration(p.overall_production_time)}
            </Typography>
          )}
        </TableCell>
      )}
      <TableCell>
        <RequestChips requests={p.requests} now={now} />
      </TableCell>
      {showBatch && (
        <TableCell>
          {p.batch ? (
            <Link component={RouterLink} to={`/batches/${p.batch.id}`}>
              {p.batch.name}
            </Link>
          ) : (
            <Typography variant="body2" color="text.secondary">
              —
            </Typography>
          )}
        </TableCell>
      )}
      <TableCell>
        {shippingView && p.shipment ? (
          <ShipmentCaseLabels patient={p} shipment={p.shipment} onChanged={refresh} />
        ) : (
          <ShipDate date={p.ship_date} completed={p.ship_completed} now={now} />
        )}
      </TableCell>
    </ExpandableCaseRow>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" component="h1">
          {scopeOrganization ? `Patients of ${scopeOrganization.name}` : 'Patients'}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={layout}
          onChange={(_e, value: Layout | null) => {
            if (!value) return;
            setLayout(value);
            setSelected(new Set());
            setPage(0);
            if (value === 'keywords') {
              setFilters((f) => keywordsOnly(f));
            }
            setPerPage(value === 'batch' ? BATCH_MODE_PAGE_SIZE : PATIENTS_MANAGEMENT_PAGE_SIZE);
          }}
          aria-label="Layout"
          sx={{ ml: { sm: 'auto' } }}
        >
          <ToggleButton value="default" sx={{ textTransform: 'none' }}>
            Default
          </ToggleButton>
          <ToggleButton value="keywords" sx={{ textTransform: 'none' }}>
            Keywords only
          </ToggleButton>
          {canBatch && (
            <ToggleButton value="batch" sx={{ textTransform: 'none' }}>
              Batch mode
            </ToggleButton>
          )}
        </ToggleButtonGroup>
      </Box>
      <Card>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label="Search by patient"
              type="search"
              margin="none"
              value={filters.patient}
              onChange={(e) => update({ patient: e.target.value })}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
            {canSearchDoctor && (
              <TextField
                label="Search by doctor"
                type="search"
                margin="none"
                value={filters.doctor}
                onChange={(e) => update({ doctor: e.target.value })}
                sx={{ width: { xs: '100%', sm: 240 } }}
              />
            )}
            {!scopeOrganization && (
              <TextField
                label="Search by organization"
                type="search"
                margin="none"
                value={filters.organization}
                onChange={(e) => update({ organization: e.target.value })}
                sx={{ width: { xs: '100%', sm: 240 } }}
              />
            )}
            {layout !== 'keywords' && (
              <>
                <AnySelect
                  id="case-list-organization-type"
                  label="Organization type"
                  width={220}
                  value={filters.organizationTypeId === null ? '' : String(filters.organizationTypeId)}
                  options={(organizationTypes.data ?? []).map((t) => [String(t.id), t.name] as const)}
                  onChange={(v) => update({ organizationTypeId: v ? Number(v) : null })}
                />
                <TextField
                  label="Tracking number"
                  type="search"
                  margin="none"
                  value={filters.trackingNumber}
                  onChange={(e) => update({ trackingNumber: e.target.value })}
                  sx={{ width: { xs: '100%', sm: 220 } }}
                />
                <AnySelect
                  id="case-list-request-type"
                  label="Request type"
                  width={220}
                  value={filters.requestType ?? ''}
                  options={REQUEST_TYPES.map((t) => [t, REQUEST_TYPE_LABELS[t]] as const)}
                  onChange={(v) => update({ requestType: (v || null) as RequestType | null })}
                />
                <AnySelect
                  id="case-list-request-status"
                  label="Request status"
                  width={180}
                  value={filters.requestStatus ?? ''}
                  options={REQUEST_STATUS_KEYS.map(
                    (k) => [k, REQUEST_STATUS_LABELS[REQUEST_STATUS[k]]] as const,
                  )}
                  onChange={(v) => update({ requestStatus: (v || null) as RequestStatusKey | null })}
                />
                <AnySelect
                  id="case-list-assignment"
                  label="Print assignment"
                  width={180}
                  value={filters.assignment === null ? '' : String(filters.assignment)}
                  options={ASSIGNMENT_VALUES.map((a) => [String(a), ASSIGNMENT_LABELS[a]] as const)}
                  onChange={(v) => update({ assignment: v ? (Number(v) as AssignmentValue) : null })}
                />
                <TextField
                  label="Ship date from"
                  type="date"
                  margin="none"
                  value={filters.shipDate?.from ?? ''}
                  onChange={(e) =>
                    update({ shipDate: rangeOf(e.target.value || null, filters.shipDate?.to ?? null) })
                  }
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ width: { xs: '100%', sm: 180 } }}
                />
                <TextField
                  label="Ship date to"
                  type="date"
                  margin="none"
                  value={filters.shipDate?.to ?? ''}
                  onChange={(e) =>
                    update({ shipDate: rangeOf(filters.shipDate?.from ?? null, e.target.value || null) })
                  }
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ width: { xs: '100%', sm: 180 } }}
                />
              </>
            )}
            <FormControl sx={{ width: { xs: '100%', sm: 200 } }}>
              <InputLabel id="case-list-sort">Sort</InputLabel>
              <Select
                labelId="case-list-sort"
                label="Sort"
                value={shippingView ? (filters.sort ?? 'oldest') : (filters.sort ?? 'ship_date')}
                onChange={(e) =>
                  update({ sort: e.target.value === 'ship_date' ? null : (e.target.value as CaseListSort) })
                }
              >
                {/* The shipping view orders shipments (by shipment key), the others cases. */}
                {shippingView
                  ? [
                      <MenuItem key="oldest" value="oldest">
                        Oldest shipments
                      </MenuItem>,
                      <MenuItem key="newest" value="newest">
                        Newest shipments
                      </MenuItem>,
                    ]
                  : [
                      <MenuItem key="ship_date" value="ship_date">
                        Ship date
                      </MenuItem>,
                      <MenuItem key="newest" value="newest">
                        Newest cases
                      </MenuItem>,
                      <MenuItem key="oldest" value="oldest">
                        Oldest cases
                      </MenuItem>,
                    ]}
              </Select>
            </FormControl>
          </Box>
          {layout !== 'keywords' && (
            <FormGroup row aria-label="Case filters">
              {toggle('onHold', onHoldFilterLabel(roles))}
              {toggle('activeOnly', 'Active only')}
              {canViewArchived && toggle('archivedOnly', 'Archived only')}
              {toggle('caseNotesOnly', 'Case notes only')}
              {toggle('rushOnly', 'Rush case only')}
              {canShipping && (
                <FormControlLabel
                  control={
                    <Switch
                      checked={shipping}
                      onChange={(e) => {
                        setShipping(e.target.checked);
                        setPage(0);
                      }}
                    />
                  }
                  label="Shipping"
                />
              )}
            </FormGroup>
          )}
          {scopeChips.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {scopeChips.map((c) => (
                <Chip key={c.key} label={c.label} onDelete={c.clear} />
              ))}
            </Stack>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => setExpanded(new Set())} disabled={expanded.size === 0}>
              Collapse All
            </Button>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
              Refresh
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setFilters(DEFAULT_CASE_LIST_FILTERS);
                setPage(0);
              }}
            >
              Reset Filters
            </Button>
            <FormControlLabel
              control={<Switch checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />}
              label="Auto-refresh"
            />
            {autoRefresh && idle && (
              <Typography variant="body2" color="text.secondary" role="status">
                Refreshing every {CASE_LIST_AUTO_REFRESH_MS / 1000} seconds
              </Typography>
            )}
            {batchMode && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', ml: { sm: 'auto' } }}>
                <Typography variant="body2" color="text.secondary" role="status">
                  {selected.size} selected
                </Typography>
                <Button
                  variant="contained"
                  disabled={selected.size < BATCH_MIN_CASES}
                  onClick={() => setCreatingBatch(true)}
                >
                  Create Batch
                </Button>
              </Box>
            )}
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
                {batchMode && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={!allSelected && batchable.some((r) => selected.has(r.id))}
                      disabled={batchable.length === 0}
                      onChange={(e) =>
                        setSelected((prev) => {
                          const next = new Set(prev);
                          for (const r of batchable) {
                            if (e.target.checked) next.add(r.id);
                            else next.delete(r.id);
                          }
                          return next;
                        })
                      }
                      slotProps={{
                        input: { 'aria-label': 'Select every case of the page that can be batched' },
                      }}
                    />
                  </TableCell>
                )}
                <TableCell>Patient</TableCell>
                {batchMode ? <TableCell>Parts</TableCell> : <TableCell>Dates</TableCell>}
                <TableCell>Requests</TableCell>
                {showBatch && <TableCell>Batch</TableCell>}
                <TableCell>{shippingView ? 'Shipment' : 'Shipping'}</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            {/* The shipping view: one row group per shipment, its header first. */}
            {groups ? (
              groups.map((g) => (
                <TableBody key={`group-${g.rows[0]!.id}`} data-testid="shipment-group">
                  <ShipmentGroupHeader
                    group={g}
                    columns={columns}
                    actions={<ShipmentGroupActions cases={g.cases} onChanged={refresh} />}
                  />
                  {g.rows.map(renderRow)}
                </TableBody>
              ))
            ) : (
              <TableBody>{rows.map(renderRow)}</TableBody>
            )}
            <TableBody>
              <TableStatusRow
                colSpan={columns}
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
      {batchMode && (
        <CreateBatchDialog
          open={creatingBatch}
          patientIds={[...selected]}
          onClose={() => setCreatingBatch(false)}
          onCreated={() => {
            setCreatingBatch(false);
            setSelected(new Set());
            refresh();
          }}
        />
      )}
    </Box>
  );
}

function rangeOf(from: string | null, to: string | null): CaseListFilters['shipDate'] {
  return from || to ? { from, to } : null;
}
