import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  BATCH_DATETIME_FORMAT,
  BATCH_MESSAGES,
  BATCH_STATUS_FILTERS,
  BATCH_STATUS_LABELS,
  BATCHES_DEFAULT_PAGE_SIZE,
  type BatchStatusFilter,
} from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { SearchField, useTableSort } from '../../../components/table-controls.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBatches, type BatchOrderBy } from '../api/list-batches.ts';
import { BatchStatusChip } from '../components/batch-status-chip.tsx';

const COLUMNS = 6;

const filterLabel = (s: BatchStatusFilter) => (s === 'all' ? 'All' : BATCH_STATUS_LABELS[s]);

/**
 * /batches (staff): the print batches, searched by name, filtered by status, sorted and paged; with
 * printing-files.view, the way to the printing files (/printing-files, which has no sidebar entry).
 */
export function BatchesPage() {
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BatchStatusFilter>('all');
  const [page, setPage] = useState(0);
  const {
    orderBy,
    order,
    header: sortable,
  } = useTableSort<BatchOrderBy>({ orderBy: 'created_at', order: 'desc' }, () => setPage(0));
  const [perPage, setPerPage] = useState(BATCHES_DEFAULT_PAGE_SIZE);
  const searchByName = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const batches = useBatches({ searchByName, status, orderBy, order, page: page + 1, perPage });
  const rows = batches.data?.data ?? [];

  return (
    <Box>
      <Box
        sx={{
          mb: 2,
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="h1" component="h1">
          Batches
        </Typography>
        {can('printing-files.view') && (
          <Button
            component={RouterLink}
            to="/printing-files"
            variant="outlined"
            startIcon={<DescriptionIcon />}
          >
            Printing Files
          </Button>
        )}
      </Box>
      <Card>
        <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <SearchField
            placeholder="Batch Name"
            label="Search by batch name"
            width={320}
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(0);
            }}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={status}
            aria-label="Status"
            onChange={(_e, next: BatchStatusFilter | null) => {
              if (next) {
                setStatus(next);
                setPage(0);
              }
            }}
            sx={{ flexWrap: 'wrap' }}
          >
            {BATCH_STATUS_FILTERS.map((s) => (
              <ToggleButton key={s} value={s} sx={{ textTransform: 'none' }}>
                {filterLabel(s)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <DataTable
          label="Batches"
          fetchingLabel="Loading batches"
          fetching={batches.isFetching}
          busy={batches.isFetching}
          head={
            <>
              {sortable('id', 'Batch ID')}
              {sortable('name', 'Name')}
              <TableCell>Status</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}># of Cases</TableCell>
              {sortable('created_at', 'Creation')}
              <TableCell align="right">Actions</TableCell>
            </>
          }
          colSpan={COLUMNS}
          loading={batches.isPending}
          empty={rows.length === 0}
          emptyText={batches.isError ? 'The batches could not be loaded.' : BATCH_MESSAGES.noBatches}
          paging={{
            count: batches.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [BATCHES_DEFAULT_PAGE_SIZE, 25, 50],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((batch) => (
            <TableRow key={batch.id} hover data-testid="batch-row">
              <TableCell>{batch.id}</TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{batch.name}</TableCell>
              <TableCell>
                <BatchStatusChip status={batch.status} />
              </TableCell>
              <TableCell>{batch.number_of_cases}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatTimestamp(batch.created_at, BATCH_DATETIME_FORMAT)}
              </TableCell>
              <TableCell align="right">
                <Button
                  component={RouterLink}
                  to={`/batches/${batch.id}`}
                  size="small"
                  aria-label={`View batch ${batch.name}`}
                >
                  View
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
    </Box>
  );
}
