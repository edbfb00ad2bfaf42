import Collapse from '@mui/material/Collapse';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { PatientListItem } from '@archline/contracts';
import { Fragment, type ReactNode } from 'react';
import { CaseActions, CaseMore, ExpandButton } from './case-row-parts.tsx';

/**
 * One case of a patient list: the expand button, the page's own cells, the actions, and the
 * collapsible details row below (`columns` is the table's column count).
 */
export function ExpandableCaseRow({
  patient,
  open,
  onToggle,
  columns,
  children,
}: {
  patient: PatientListItem;
  open: boolean;
  onToggle: () => void;
  columns: number;
  /** The cells between the expand button and the actions. */
  children: ReactNode;
}) {
  const moreId = `case-${patient.id}-more`;
  return (
    <Fragment>
      <TableRow hover data-testid="patient-row" sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <ExpandButton expanded={open} controls={moreId} name={patient.full_name} onToggle={onToggle} />
        </TableCell>
        {children}
        <TableCell align="right">
          <CaseActions patient={patient} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit id={moreId}>
            <CaseMore patient={patient} />
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** Adds or removes one id from the set of expanded rows. */
export function toggled(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
