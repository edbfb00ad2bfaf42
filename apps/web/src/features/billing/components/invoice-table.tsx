import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import type { Order } from '@archline/contracts';
import { formatCents, formatDate } from '../../../lib/format.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';
import { invoiceName } from './invoice-view.tsx';

/** A list of invoices: number, date, total, status and downloads. */
export function InvoiceTable({ orders, label }: { orders: Order[]; label: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Invoice</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Download</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell>{invoiceName(order)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(order.invoice_date ?? order.created_at)}
              </TableCell>
              <TableCell align="right">{formatCents(order.total)}</TableCell>
              <TableCell>
                <InvoiceStatusChip status={order.fm_invoice_status} />
              </TableCell>
              <TableCell>
                <DownloadButtons orderId={order.id} label={invoiceName(order)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
