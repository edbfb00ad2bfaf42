import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  GENERATE_QA_PROCESS,
  TECH_WORKFLOW_MESSAGES,
  formatDuration,
  type TechAssignableUser,
  type TechProcessStatus,
  type TechWorkflowProcess,
} from '@archline/contracts/tech-workflows';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { EMPTY_VALUE, formatDateTime } from '../../lib/format.ts';
import { ProcessEditDialog } from './process-edit-dialog.tsx';

const STATUS_COLORS: Record<TechProcessStatus, 'default' | 'primary' | 'warning' | 'success'> = {
  NEW: 'default',
  PENDING: 'primary',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
};

const STATUS_LABELS: Record<TechProcessStatus, string> = {
  NEW: 'New',
  PENDING: 'Pending',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
};

export interface ProcessTableProps {
  /** The table's accessible name. */
  label: string;
  /** A case's or a batch's workflow: its processes in step order. */
  workflow: { processes: TechWorkflowProcess[] };
  /** The caller may edit the table (admin roles). */
  canEdit: boolean;
  assignableUsers: TechAssignableUser[];
  /** The process whose call is running, if any. */
  busyId: number | null;
  onStart: (process: TechWorkflowProcess) => void;
  onFinish: (process: TechWorkflowProcess) => void;
  onEdit: (
    process: TechWorkflowProcess,
    body: { user_id?: number | null; started_at?: string | null; finished_at?: string | null },
  ) => Promise<void>;
}

/**
 * The processes of one workflow: step, assignee, status, start and finish, production and lag
 * time, and the caller's actions. Start and Finish show only when the rules allow them for the
 * caller; Generate QA asks to confirm the tray STL files first. Admins edit the assignee and times.
 */
export function ProcessTable({
  label,
  workflow,
  canEdit,
  assignableUsers,
  busyId,
  onStart,
  onFinish,
  onEdit,
}: ProcessTableProps) {
  const [confirming, setConfirming] = useState<TechWorkflowProcess | null>(null);
  const [editing, setEditing] = useState<TechWorkflowProcess | null>(null);
  const finish = (p: TechWorkflowProcess) =>
    p.process === GENERATE_QA_PROCESS ? setConfirming(p) : onFinish(p);
  return (
    <>
      <TableContainer
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={`${label}, scrollable`}
      >
        <Table size="small" aria-label={label} sx={{ minWidth: 860 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Step</TableCell>
              <TableCell scope="col">Process</TableCell>
              <TableCell scope="col">Technician</TableCell>
              <TableCell scope="col">Status</TableCell>
              <TableCell scope="col">Started</TableCell>
              <TableCell scope="col">Finished</TableCell>
              <TableCell scope="col">Production Time</TableCell>
              <TableCell scope="col">Lag Time</TableCell>
              <TableCell scope="col" align="right">
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {workflow.processes.map((p) => (
              <TableRow key={p.id} selected={p.next_step} data-testid={`process-${p.process}`}>
                <TableCell>{p.step}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {p.process}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.tech_name ?? EMPTY_VALUE}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLORS[p.status]} label={STATUS_LABELS[p.status]} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.started_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.finished_at)}</TableCell>
                <TableCell>{formatDuration(p.production_time)}</TableCell>
                <TableCell>{formatDuration(p.lag_time)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    {p.can_start && (
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busyId !== null}
                        onClick={() => onStart(p)}
                        aria-label={`Start ${p.process}`}
                      >
                        Start
                      </Button>
                    )}
                    {p.can_finish && (
                      <Button
                        size="small"
                        variant="contained"
                        color="success"
                        disabled={busyId !== null}
                        onClick={() => finish(p)}
                        aria-label={`Finish ${p.process}`}
                      >
                        Finish
                      </Button>
                    )}
                    {canEdit && (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={busyId !== null}
                        onClick={() => setEditing(p)}
                        aria-label={`Edit ${p.process}`}
                      >
                        Edit
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={confirming !== null}
        title={`Finish ${GENERATE_QA_PROCESS}`}
        text={TECH_WORKFLOW_MESSAGES.confirmTraySTL}
        confirmLabel="Finish"
        busy={busyId !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onFinish(confirming);
          setConfirming(null);
        }}
      />
      {editing && (
        <ProcessEditDialog
          process={editing}
          assignableUsers={assignableUsers}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await onEdit(editing, body);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
