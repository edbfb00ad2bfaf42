import Chip from '@mui/material/Chip';
import { BATCH_STATUS_LABELS, type BatchStatus } from '@archline/contracts';

const STATUS_COLORS: Record<BatchStatus, 'primary' | 'warning' | 'success'> = {
  new: 'primary',
  in_progress: 'warning',
  completed: 'success',
};

/** The batch's status as a chip (New, In Progress, Completed). */
export function BatchStatusChip({ status }: { status: BatchStatus }) {
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={BATCH_STATUS_LABELS[status]} />
  );
}
