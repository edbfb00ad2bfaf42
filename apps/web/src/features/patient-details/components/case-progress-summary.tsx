import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PatientDetails } from '@archline/contracts/patients';
import { useEffect, useState, type ReactNode } from 'react';
import { RequestChips, ShipDate } from '../../../components/case-progress.tsx';

/** The case's status as the patient lists name it. */
export const CASE_STATUS_LABELS: Record<PatientDetails['list_status'], string> = {
  new: 'New',
  in_progress: 'In Progress',
  awaiting_approval: 'Awaiting Approval',
  approved: 'Approved',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * What the patient lists show of a case: its status, the open requests (setup, requests, printing,
 * tray design) with the list's age colours, and the ship date with the list's colours.
 */
export function CaseProgressSummary({ patient }: { patient: PatientDetails }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box
      component="dl"
      aria-label="Case progress"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'baseline',
        m: 0,
        mt: 1,
      }}
    >
      <Row label="Status">
        <Typography variant="body2">{CASE_STATUS_LABELS[patient.list_status]}</Typography>
      </Row>
      <Row label="Open requests">
        <RequestChips requests={patient.requests} now={now} />
      </Row>
      <Row label="Ship date">
        <ShipDate date={patient.ship_date} completed={patient.ship_completed} now={now} />
      </Row>
    </Box>
  );
}
