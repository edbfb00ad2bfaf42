import Chip from '@mui/material/Chip';
import type { PaymentStatus } from '@archline/contracts';

/** An invoice's status: green when PAID, red otherwise. */
export function InvoiceStatusChip({ status }: { status: PaymentStatus }) {
  return (
    <Chip
      label={status === 'NOT_PAID' ? 'NOT PAID' : status}
      color={status === 'PAID' ? 'success' : 'error'}
      size="small"
    />
  );
}
