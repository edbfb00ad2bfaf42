import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { WEBHOOK_MESSAGES, type WebhookDelivery } from '@archline/contracts';
import { useId, useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { EMPTY_VALUE, formatDateTime } from '../../../lib/format.ts';
import { useWebhookDeliveries } from '../api/list-deliveries.ts';

function StatusChip({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.status === 'delivered') return <Chip size="small" color="success" label="Delivered" />;
  if (delivery.status === 'failed') return <Chip size="small" color="error" label="Failed" />;
  if (delivery.attempts > 0) return <Chip size="small" color="warning" label="Retrying" />;
  return <Chip size="small" label="Queued" />;
}

/** The delivery log: every delivery of the organization's endpoints, newest first. */
export function DeliveriesCard({ organizationId }: { organizationId: number }) {
  const id = useId();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const query = useWebhookDeliveries(organizationId, page + 1, perPage);
  const rows = query.data?.data ?? [];
  return (
    <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
      <CardContent>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
          Delivery log
        </Typography>
        <DataTable
          label="Webhook deliveries"
          head={
            <>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Response</TableCell>
              <TableCell align="right">Attempts</TableCell>
              <TableCell>Next retry</TableCell>
              <TableCell align="right">Duration</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Endpoint</TableCell>
              <TableCell>Error</TableCell>
            </>
          }
          loading={query.isPending}
          empty={!query.isPending && rows.length === 0}
          emptyText={WEBHOOK_MESSAGES.noDeliveries}
          colSpan={9}
          fetching={query.isFetching && !query.isPending}
          fetchingLabel="Loading deliveries"
          paging={{
            count: query.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [10, 25, 50],
            onPageChange: setPage,
            onRowsPerPageChange: (n) => {
              setPerPage(n);
              setPage(0);
            },
          }}
        >
          {rows.map((d) => (
            <TableRow key={d.id}>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{d.event}</TableCell>
              <TableCell>
                <StatusChip delivery={d} />
              </TableCell>
              <TableCell>{d.response_status ?? EMPTY_VALUE}</TableCell>
              <TableCell align="right">{d.attempts}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.next_retry_at)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {d.duration_ms === null ? EMPTY_VALUE : `${d.duration_ms} ms`}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at)}</TableCell>
              <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>{d.url}</TableCell>
              <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{d.error ?? EMPTY_VALUE}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      </CardContent>
    </Card>
  );
}
