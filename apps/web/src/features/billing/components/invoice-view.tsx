import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  orderItemDescription,
  templatePatients,
  type Order,
  type OrderAdjustment,
} from '@archline/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatCents, formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useRemoveAdjustment } from '../api/orders.ts';
import { AdjustmentDialog } from './adjustment-dialog.tsx';
import { DownloadButtons } from './download-buttons.tsx';
import { InvoicePatients } from './invoice-patients.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

export const START_UP_FEE = 'Start-up Fee';

/** The invoice's name: its invoice number, or one built from the order id. */
export function invoiceName(order: Pick<Order, 'id' | 'invoice_id'>): string {
  return order.invoice_id ?? `INV-${String(order.id).padStart(6, '0')}`;
}

function adjustmentLabel(a: OrderAdjustment): string {
  const text = a.custom_description ?? a.promotion_code?.description ?? a.product?.name ?? 'Adjustment';
  return a.promotion_code ? `${text} (${a.promotion_code.code})` : text;
}

/** The start-up fee is struck through when a promotion code replaced it entirely. */
function struckThrough(order: Order, item: Order['order_items'][number]): boolean {
  if (item.product.name !== START_UP_FEE) return false;
  const promo = order.discounts.filter((d) => d.promotion_code).reduce((s, d) => s + d.value, 0);
  return promo >= item.value && item.value > 0;
}

/**
 * One invoice: its lines, discounts and charges, the totals, its status and downloads. With
 * `canAdd` an unpaid order offers Add Charge and Add Discount; with `canRemove` removable
 * discounts and charges offer Remove.
 */
export function InvoiceView({
  order,
  canAdd = false,
  canRemove = false,
}: {
  order: Order;
  canAdd?: boolean;
  canRemove?: boolean;
}) {
  const [adding, setAdding] = useState<'discount' | 'charge' | null>(null);
  const [removing, setRemoving] = useState<{
    kind: 'discount' | 'charge';
    adjustment: OrderAdjustment;
  } | null>(null);
  const remove = useRemoveAdjustment();
  const open = order.fm_invoice_status !== 'PAID';
  const name = invoiceName(order);
  const removeButton = (kind: 'discount' | 'charge', a: OrderAdjustment) =>
    canRemove && open && a.removable ? (
      <Button
        size="small"
        color="error"
        onClick={() => setRemoving({ kind, adjustment: a })}
        aria-label={`Remove ${kind} ${adjustmentLabel(a)}`}
      >
        Remove
      </Button>
    ) : null;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <InvoiceStatusChip status={order.fm_invoice_status} />
        <Typography component="span" color="text.secondary" variant="body2">
          {formatDate(order.invoice_date ?? order.created_at)}
          {order.period_start && order.period_end
            ? ` · ${formatDate(order.period_start)} to ${formatDate(order.period_end)}`
            : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <DownloadButtons orderId={order.id} label={name} />
      </Box>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`Invoice ${name}, scrollable`}>
        <Table size="small" aria-label={`Invoice ${name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Description</TableCell>
              <TableCell align="right">Amount</TableCell>
              {canRemove && open && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.order_items
              .filter((i) => !i.is_hidden)
              .map((item) => (
                <TableRow key={`i${item.id}`}>
                  <TableCell>
                    <Box
                      component="span"
                      sx={struckThrough(order, item) ? { textDecoration: 'line-through' } : undefined}
                    >
                      {orderItemDescription(item)}
                    </Box>
                    {item.patient && (
                      <Typography variant="body2" color="text.secondary">
                        {item.patient.full_name}
                        {item.patient.case_number_text ? ` (${item.patient.case_number_text})` : ''}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatCents(item.value)}</TableCell>
                  {canRemove && open && <TableCell />}
                </TableRow>
              ))}
            {order.discounts.map((d) => (
              <TableRow key={`d${d.id}`}>
                <TableCell>
                  Discount: {adjustmentLabel(d)}
                  {d.is_periodic ? ' (periodic)' : ''}
                </TableCell>
                <TableCell align="right">{formatCents(-d.value)}</TableCell>
                {canRemove && open && <TableCell align="right">{removeButton('discount', d)}</TableCell>}
              </TableRow>
            ))}
            {order.charges.map((c) => (
              <TableRow key={`c${c.id}`}>
                <TableCell>
                  Charge: {adjustmentLabel(c)}
                  {c.is_periodic ? ' (periodic)' : ''}
                </TableCell>
                <TableCell align="right">{formatCents(c.value)}</TableCell>
                {canRemove && open && <TableCell align="right">{removeButton('charge', c)}</TableCell>}
              </TableRow>
            ))}
            <TableRow>
              <TableCell>Subtotal</TableCell>
              <TableCell align="right">{formatCents(order.subtotal)}</TableCell>
              {canRemove && open && <TableCell />}
            </TableRow>
            {order.credits > 0 && (
              <TableRow>
                <TableCell>Credits</TableCell>
                <TableCell align="right">{formatCents(-order.credits)}</TableCell>
                {canRemove && open && <TableCell />}
              </TableRow>
            )}
            {order.credit_card_fee > 0 && (
              <TableRow>
                <TableCell>Credit card fee (1.49%)</TableCell>
                <TableCell align="right">{formatCents(order.credit_card_fee)}</TableCell>
                {canRemove && open && <TableCell />}
              </TableRow>
            )}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatCents(order.total)}
              </TableCell>
              {canRemove && open && <TableCell />}
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      {templatePatients(order).length > 0 && (
        <InvoicePatients patients={templatePatients(order)} invoice={name} />
      )}
      {canAdd && open && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={() => setAdding('charge')}>
            Add Charge
          </Button>
          <Button variant="outlined" size="small" onClick={() => setAdding('discount')}>
            Add Discount
          </Button>
        </Box>
      )}
      {adding && <AdjustmentDialog orderId={order.id} kind={adding} onClose={() => setAdding(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.kind === 'charge' ? 'Remove Charge' : 'Remove Discount'}
        text={`Remove ${removing ? adjustmentLabel(removing.adjustment) : ''} from invoice ${name}?`}
        confirmLabel="Remove"
        color="error"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { orderId: order.id, kind: removing.kind, id: removing.adjustment.id },
            {
              onSuccess: (result) => {
                notifySuccess(result.message);
                setRemoving(null);
              },
            },
          );
        }}
      />
    </Box>
  );
}
