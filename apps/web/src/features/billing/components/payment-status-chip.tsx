import Chip from '@mui/material/Chip';
import { DEFAULT_PAYMENT_STATUS_LABEL, type PaymentStatus } from '@archline/contracts';

const COLORS: Record<PaymentStatus, 'success' | 'error' | 'warning' | 'default'> = {
  PAID: 'success',
  NOT_PAID: 'error',
  BLOCKED: 'error',
  PENDING: 'warning',
  SUSPENDED: 'default',
};

/** A subscription's payment status (CURRENT when none). */
export function PaymentStatusChip({ status }: { status: PaymentStatus | null }) {
  return (
    <Chip
      size="small"
      label={status ? status.replace('_', ' ') : DEFAULT_PAYMENT_STATUS_LABEL}
      color={status ? COLORS[status] : 'default'}
    />
  );
}
