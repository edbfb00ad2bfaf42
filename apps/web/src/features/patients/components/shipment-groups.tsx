import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { REQUEST_MESSAGES, type PatientListRow, type PatientShipment } from '@archline/contracts';
import type { ComponentType, ReactNode } from 'react';
import { formatCalendarDate } from '../../../lib/format.ts';

/** A case of the shipping view with its shipment. */
export interface ShipmentCase {
  patient: PatientListRow;
  shipment: PatientShipment;
}

/** Consecutive rows of one shipment key: the cases that ship together. */
export interface ShipmentGroup {
  /** The shipment key, or null for rows without a shipment. */
  key: string | null;
  rows: PatientListRow[];
  /** The rows with their shipments (empty when the group has none). */
  cases: ShipmentCase[];
}

/**
 * Groups the page's rows by shipment key, keeping the server's order: the shipping view orders by
 * that key, so the rows of one shipment are adjacent. A row without a shipment stands alone.
 */
export function groupByShipment(rows: readonly PatientListRow[]): ShipmentGroup[] {
  const groups: ShipmentGroup[] = [];
  for (const row of rows) {
    const shipment = row.shipment ?? null;
    const key = shipment?.key ?? null;
    const last = groups.at(-1);
    if (last && key !== null && last.key === key && shipment) {
      last.rows.push(row);
      last.cases.push({ patient: row, shipment });
    } else {
      groups.push({ key, rows: [row], cases: shipment ? [{ patient: row, shipment }] : [] });
    }
  }
  return groups;
}

/** The shipping group's actions (owned by the shipments feature, composed in by app/). */
export type ShipmentGroupActionsComponent = ComponentType<{
  cases: ShipmentCase[];
  onChanged: () => void;
}>;

/** A case's labels and its Patient Label action in the shipping view (the shipments feature). */
export type ShipmentCaseLabelsComponent = ComponentType<ShipmentCase & { onChanged: () => void }>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/**
 * The header row of a shipping group: where it ships (or 'Shipping location is missing.'), the
 * ship date, the method, the number of cases, the bundle and its tracking number, and the actions.
 */
export function ShipmentGroupHeader({
  group,
  columns,
  actions,
}: {
  group: ShipmentGroup;
  columns: number;
  actions: ReactNode;
}) {
  const first = group.cases[0]?.shipment;
  const bundle = group.cases.find((c) => c.shipment.bundle)?.shipment.bundle ?? null;
  const count = group.rows.length;
  return (
    <TableRow data-testid="shipment-group-header" sx={{ bgcolor: 'action.hover' }}>
      <TableCell colSpan={columns} sx={{ py: 1 }}>
        <Box
          sx={{
            // On a narrow screen the table scrolls sideways; the header stays in view.
            position: 'sticky',
            left: 16,
            maxWidth: 'calc(100vw - 64px)',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 2,
            rowGap: 1,
          }}
        >
          <Typography
            variant="subtitle2"
            component="h2"
            sx={{ color: first && !first.location ? 'warning.main' : undefined }}
          >
            {first ? (first.location?.name ?? REQUEST_MESSAGES.shippingLocationMissing) : 'No shipment'}
          </Typography>
          {first && (
            <>
              <Fact label="Ship date">{formatCalendarDate(first.ship_date)}</Fact>
              <Fact label="Method">{first.shipping_method ?? '—'}</Fact>
            </>
          )}
          <Typography variant="body2" component="span">
            {count === 1 ? '1 case' : `${count} cases`}
          </Typography>
          {bundle && (
            <Chip
              size="small"
              variant="outlined"
              label={
                bundle.tracking_number
                  ? `Bundle #${bundle.id} · ${bundle.tracking_number}`
                  : `Bundle #${bundle.id}`
              }
            />
          )}
          {bundle?.completed_at && <Chip size="small" color="success" label="Completed" />}
          {first && <Box sx={{ ml: { md: 'auto' } }}>{actions}</Box>}
        </Box>
      </TableCell>
    </TableRow>
  );
}
