import DownloadIcon from '@mui/icons-material/Download';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  HUB_EMPTY_MESSAGE,
  ORGANIZATION_STATUSES,
  SEARCH_PAGE_SIZES,
  type HubSort,
} from '@archline/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { useExportHub } from '../api/export-hub.ts';
import { useHubSearch, type HubSearchQuery } from '../api/search-hub.ts';
import { CreateOrganizationButton } from '../components/create-organization-dialog.tsx';
import { HubHitCard } from '../components/hub-hit-card.tsx';
import { StaffLinks } from '../components/staff-links.tsx';

/** Keyword search debounce (document 3 section 9). */
const SEARCH_DEBOUNCE_MS = 500;

const SORT_OPTIONS: { value: HubSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest_to_join', label: 'Newest to join' },
  { value: 'oldest_to_join', label: 'Oldest to join' },
  { value: 'most_submissions', label: 'Highest number of submissions' },
  { value: 'least_submissions', label: 'Lowest number of submissions' },
  { value: 'newest_submission', label: 'Newest case submission' },
  { value: 'oldest_submission', label: 'Oldest case submission' },
  { value: 'login', label: 'Last login' },
  { value: 'activity', label: 'Last activity' },
  { value: 'submission_average', label: 'Submission average' },
];
const SORTS = new Set<string>(SORT_OPTIONS.map((s) => s.value));

const ROLE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'organization', label: 'Organizations' },
  { value: 'doctor', label: 'Doctors' },
];

/** The search as the address holds it; unknown values are ignored. */
function queryFromParams(params: URLSearchParams): HubSearchQuery {
  const roles = params.get('filter[roles]');
  const status = Number(params.get('filter[status]'));
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const perPage = Number(params.get('perPage'));
  return {
    q: params.get('q')?.trim() || undefined,
    'filter[roles]': roles === 'organization' || roles === 'doctor' ? roles : undefined,
    'filter[status]': Number.isInteger(status) && status >= 1 && status <= 6 ? status : undefined,
    'filter[archived]': params.get('filter[archived]') === '1' ? '1' : undefined,
    sort: sort && SORTS.has(sort) ? (sort as HubSort) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (SEARCH_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : 10,
  };
}

/** /organizations-users: the management hub over users, organizations and locations. */
export function OrganizationsUsersPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const [keyword, setKeyword] = useState(query.q ?? '');
  const search = useHubSearch(query);
  const exportCsv = useExportHub();

  const update = (changes: Record<string, string | undefined>, resetPage = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  // The keyword reaches the address (and the server) 500 ms after typing stops.
  useEffect(() => {
    if (keyword.trim() === (query.q ?? '')) return;
    const timer = setTimeout(() => update({ q: keyword.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  const resetFilters = () => {
    setKeyword('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const onDownload = async () => {
    try {
      await exportCsv.mutateAsync(query);
    } catch (error) {
      notifyError(error);
    }
  };

  const archivedShown = query['filter[status]'] === 6 || query['filter[archived]'] === '1';
  const hits = search.data?.data ?? [];
  const meta = search.data?.meta;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1" component="h1">
          Organizations & Users
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <StaffLinks />
          <Button
            variant="outlined"
            startIcon={
              exportCsv.isPending ? <CircularProgress size={16} aria-hidden="true" /> : <DownloadIcon />
            }
            onClick={onDownload}
            disabled={exportCsv.isPending}
          >
            Download CSV
          </Button>
          <CreateOrganizationButton />
          {isBuiltPath('/users/add') && (
            <Button variant="contained" startIcon={<PersonAddIcon />} component={RouterLink} to="/users/add">
              Create User
            </Button>
          )}
        </Stack>
      </Stack>

      <Box
        role="search"
        aria-label="Search organizations and users"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1.5fr' },
          alignItems: 'center',
          mb: 1,
        }}
      >
        <TextField
          label="Search"
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          helperText="Names, e-mails, account numbers, phone numbers and addresses"
        />
        <TextField
          select
          label="Type"
          value={query['filter[roles]'] ?? 'all'}
          onChange={(e) => update({ 'filter[roles]': e.target.value === 'all' ? undefined : e.target.value })}
          helperText=" "
        >
          {ROLE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Status"
          value={query['filter[status]'] ? String(query['filter[status]']) : 'all'}
          onChange={(e) =>
            update({ 'filter[status]': e.target.value === 'all' ? undefined : e.target.value })
          }
          helperText=" "
        >
          <MenuItem value="all">All</MenuItem>
          {Object.entries(ORGANIZATION_STATUSES).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {`${value} ${label}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={query.sort ?? 'relevance'}
          onChange={(e) => update({ sort: e.target.value === 'relevance' ? undefined : e.target.value })}
          helperText=" "
        >
          {SORT_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={archivedShown}
              disabled={query['filter[status]'] === 6}
              onChange={(e) => update({ 'filter[archived]': e.target.checked ? '1' : undefined })}
            />
          }
          label="Show archived"
        />
        <Button onClick={resetFilters}>Reset Filters</Button>
        {search.isFetching && <CircularProgress size={20} aria-label="Searching" />}
      </Stack>

      {search.isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading results" />
        </Box>
      ) : search.isError && !search.data ? (
        <Alert severity="error">The search could not be loaded.</Alert>
      ) : hits.length === 0 ? (
        <Typography role="status" sx={{ py: 6, textAlign: 'center' }}>
          {HUB_EMPTY_MESSAGE}
        </Typography>
      ) : (
        <>
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {meta?.total === 1 ? '1 result' : `${meta?.total ?? hits.length} results`}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Results">
            {hits.map((hit) => (
              <HubHitCard key={`${hit.model}-${hit.model_id}`} hit={hit} />
            ))}
          </Stack>
        </>
      )}
      {meta && meta.total > 0 && (
        <TablePagination
          component="div"
          count={meta.total}
          page={meta.current_page - 1}
          rowsPerPage={meta.per_page}
          rowsPerPageOptions={[...SEARCH_PAGE_SIZES]}
          onPageChange={(_e, page) => update({ page: String(page + 1) }, false)}
          onRowsPerPageChange={(e) => update({ perPage: e.target.value })}
        />
      )}
    </Box>
  );
}
