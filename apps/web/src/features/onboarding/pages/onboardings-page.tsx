import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  completedSteps,
  nextOnboardingStep,
  ONBOARDING_SEARCH_DEBOUNCE_MS,
  ONBOARDING_STATUS_LABELS,
  ONBOARDING_STATUS_VALUES,
  ONBOARDING_TOTAL_STEPS,
  ONBOARDINGS_DEFAULT_PAGE_SIZE,
  onboardingStep,
  type OnboardingOrder,
} from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { formatDate } from '../../../lib/format.ts';
import { useOnboardings } from '../api/list-onboardings.ts';
import { OnboardingStatusChip } from '../components/onboarding-checklist.tsx';

/** /onboardings (staff): every practice's onboarding, filtered by organization name and status. */
export function OnboardingsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [order, setOrder] = useState<OnboardingOrder>('newest');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(ONBOARDINGS_DEFAULT_PAGE_SIZE);
  const searchOrganizationName = useDebouncedValue(search.trim(), ONBOARDING_SEARCH_DEBOUNCE_MS);
  const onboardings = useOnboardings({
    searchOrganizationName,
    status: status ? Number(status) : undefined,
    order,
    page: page + 1,
    perPage,
  });
  const rows = onboardings.data?.onboardings ?? [];

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Onboardings
      </Typography>
      <Card>
        <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label="Organization Name"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
          <TextField
            select
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value="">All</MenuItem>
            {ONBOARDING_STATUS_VALUES.map((value) => (
              <MenuItem key={value} value={String(value)}>
                {ONBOARDING_STATUS_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Order"
            value={order}
            onChange={(e) => {
              setOrder(e.target.value as OnboardingOrder);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value="newest">Newest first</MenuItem>
            <MenuItem value="oldest">Oldest first</MenuItem>
          </TextField>
        </Box>
        <DataTable
          label="Onboardings"
          fetchingLabel="Loading onboardings"
          fetching={onboardings.isFetching}
          head={
            <>
              <TableCell>Organization</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Current Step</TableCell>
              <TableCell>Signup Date</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
          colSpan={5}
          loading={onboardings.isPending}
          empty={rows.length === 0}
          emptyText="No onboardings found."
          paging={{
            count: onboardings.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [5, 10, 25],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((onboarding) => {
            const next = nextOnboardingStep(onboarding);
            return (
              <TableRow key={onboarding.id} hover data-testid="onboarding-row">
                <TableCell>{onboarding.organization.name}</TableCell>
                <TableCell>
                  <OnboardingStatusChip status={onboarding.status} />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">
                    {completedSteps(onboarding)} of {ONBOARDING_TOTAL_STEPS}
                  </Typography>
                  {next !== null && (
                    <Typography variant="body2" color="text.secondary">
                      Next: {onboardingStep(next)?.title}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{formatDate(onboarding.created_at)}</TableCell>
                <TableCell align="right">
                  <Button
                    component={RouterLink}
                    to={`/onboardings/${onboarding.id}`}
                    size="small"
                    aria-label={`Show ${onboarding.organization.name}`}
                  >
                    Show
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </DataTable>
      </Card>
    </Box>
  );
}
