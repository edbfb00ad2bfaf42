import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_STATUSES,
  SUBSCRIPTIONS_DEFAULT_PAGE_SIZE,
  displayedPaymentDates,
  type PaymentStatus,
} from '@archline/contracts';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useOrganizationFilter } from '../../../session/organization-filter.ts';
import { useContracts } from '../api/contracts.ts';
import { PaymentStatusChip } from '../components/payment-status-chip.tsx';

/** /subscriptions: search by organization, payment status, next payment date range. */
export function SubscriptionsPage() {
  const organizationFilter = useOrganizationFilter();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(SUBSCRIPTIONS_DEFAULT_PAGE_SIZE);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const rangeInvalid = Boolean(from && to && to < from);
  useEffect(() => setPage(0), [debounced, status, from, to, organizationFilter?.id]);
  const contracts = useContracts({
    search: debounced,
    paymentStatus: status,
    from,
    to: rangeInvalid ? '' : to,
    organizationId: organizationFilter?.id ?? null,
    page: page + 1,
    perPage,
  });
  const rows = contracts.data?.data ?? [];
  const forbidden = contracts.error instanceof ApiError && contracts.error.status === 403;

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Subscriptions
      </Typography>
      <Card>
        <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            label="Search by Organization"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ width: { xs: '100%', sm: 280 } }}
          />
          <TextField
            select
            label="Payment Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as PaymentStatus | '')}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value="">All</MenuItem>
            {PAYMENT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s.replace('_', ' ')}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Next payment from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          />
          <TextField
            label="Next payment to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={rangeInvalid}
            helperText={rangeInvalid ? 'The end date must not be before the start date.' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          />
          {(search || status || from || to) && (
            <Button
              onClick={() => {
                setSearch('');
                setStatus('');
                setFrom('');
                setTo('');
              }}
              sx={{ alignSelf: 'center' }}
            >
              Reset Filters
            </Button>
          )}
        </Box>
        <DataTable
          label="Subscriptions"
          fetchingLabel="Loading subscriptions"
          fetching={contracts.isFetching}
          head={
            <>
              <TableCell>Organization</TableCell>
              <TableCell>Next Payment Date</TableCell>
              <TableCell>Last Payment Date</TableCell>
              <TableCell>Payment Status</TableCell>
              <TableCell align="right">Details</TableCell>
            </>
          }
          colSpan={5}
          loading={contracts.isPending}
          empty={rows.length === 0}
          emptyText={
            forbidden
              ? "You don't have permission to access this section."
              : contracts.isError
                ? errorMessage(contracts.error)
                : 'No subscriptions found.'
          }
          paging={{
            count: contracts.data?.meta.total ?? 0,
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
          {rows.map((contract) => {
            const dates = displayedPaymentDates(contract);
            return (
              <TableRow key={contract.id} hover>
                <TableCell>{contract.organization.name}</TableCell>
                <TableCell>{formatDate(dates.next)}</TableCell>
                <TableCell>{formatDate(dates.last)}</TableCell>
                <TableCell>
                  <PaymentStatusChip status={contract.payment_status} />
                </TableCell>
                <TableCell align="right">
                  <Button
                    component={RouterLink}
                    to={`/subscriptions/${contract.id}`}
                    size="small"
                    aria-label={`Details of ${contract.organization.name}'s subscription`}
                  >
                    Details
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
