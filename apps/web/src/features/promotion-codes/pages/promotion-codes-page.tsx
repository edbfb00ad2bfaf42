import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  GUARD_MESSAGES,
  PROMOTION_CODE_MESSAGES,
  PROMOTION_CODES_DEFAULT_PAGE_SIZE,
  promotionCodeTypeLabel,
} from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { MessagePage } from '../../../components/message-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { usePromotionCodes } from '../api/list-promotion-codes.ts';
import { promotionCodeAmount } from '../components/amount.ts';

/** /promotion-codes: search by code, Active/Inactive, type chips, amounts, uses and dates. */
export function PromotionCodesPage() {
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<1 | 2>(1);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(PROMOTION_CODES_DEFAULT_PAGE_SIZE);
  const code = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const allowed = can('promotion-codes.manage');
  const codes = usePromotionCodes({ search: code, status, page: page + 1, perPage }, allowed);
  if (!allowed) return <MessagePage title="Promotion Codes" message={GUARD_MESSAGES.page} />;
  const rows = codes.data?.data ?? [];

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" component="h1">
          Promotion Codes
        </Typography>
        <Button component={RouterLink} to="/promotion-codes/add" variant="contained" startIcon={<AddIcon />}>
          Create
        </Button>
      </Stack>
      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { sm: 'center' } }}
        >
          <TextField
            label="Search by Code"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            aria-label="Status"
            onChange={(_e, value: 1 | 2 | null) => {
              if (value) {
                setStatus(value);
                setPage(0);
              }
            }}
          >
            <ToggleButton value={1}>Active</ToggleButton>
            <ToggleButton value={2}>Inactive</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <DataTable
          label="Promotion codes"
          fetchingLabel="Loading promotion codes"
          fetching={codes.isFetching}
          head={
            <>
              <TableCell>Code</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Uses</TableCell>
              <TableCell>Starts</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
          colSpan={8}
          loading={codes.isPending}
          empty={rows.length === 0}
          emptyText={PROMOTION_CODE_MESSAGES.empty}
          paging={{
            count: codes.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [10, 15, 25, 50, 100],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{c.code}</TableCell>
              <TableCell>{c.description}</TableCell>
              <TableCell>
                <Chip size="small" label={promotionCodeTypeLabel(c.promotion_code_type_id)} />
              </TableCell>
              <TableCell align="right">{promotionCodeAmount(c)}</TableCell>
              <TableCell align="right">
                {c.max_uses === null ? `${c.uses} (no limit)` : `${c.uses} of ${c.max_uses}`}
              </TableCell>
              <TableCell>{formatDate(c.starts_at)}</TableCell>
              <TableCell>{formatDate(c.expires_at)}</TableCell>
              <TableCell align="right">
                <Button
                  component={RouterLink}
                  to={`/promotion-codes/${c.id}`}
                  size="small"
                  aria-label={`Show ${c.code}`}
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
