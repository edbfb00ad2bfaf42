import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import {
  BATCH_MESSAGES,
  nextStepIsUnderway,
  printRequestCell,
  type Batch,
  type BatchCase,
} from '@archline/contracts';
import { TableStatusRow } from '../../../components/table-status-row.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/**
 * The batch's cases: patient, the next step of its print request ('Finished' once done), a view
 * action opening the patient's workflow in a new window (highlighted once the next step is under
 * way) and a remove action (not on a completed batch).
 */
export function BatchCasesCard({ batch, onRemove }: { batch: Batch; onRemove: (c: BatchCase) => void }) {
  const completed = batch.status === 'completed';
  return (
    <Card component="section" aria-labelledby="batch-cases-title" sx={{ mb: 2 }}>
      <CardHeader
        title="Cases"
        slotProps={{ title: { id: 'batch-cases-title', component: 'h2', variant: 'h6' } }}
        subheader={completed ? BATCH_MESSAGES.completedBatch : undefined}
      />
      <ScrollableTable label="Cases">
        <Table aria-labelledby="batch-cases-title" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Patient Name</TableCell>
              <TableCell>Print Request</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {batch.cases.map((c) => {
              const underway = nextStepIsUnderway(c);
              return (
                <TableRow key={c.id} data-testid="batch-case-row">
                  <TableCell sx={{ minWidth: 140 }}>{c.name}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{printRequestCell(c)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip
                      describeChild
                      title={underway ? 'View workflow (next step under way)' : 'View workflow'}
                    >
                      <IconButton
                        component="a"
                        href={`/patient-workflow/${c.id}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        color={underway ? 'primary' : 'default'}
                        aria-label={`View workflow of ${c.name}`}
                        data-underway={underway || undefined}
                        sx={underway ? { bgcolor: 'action.selected' } : undefined}
                      >
                        <VisibilityOutlined />
                      </IconButton>
                    </Tooltip>
                    <IconButton
                      color="error"
                      disabled={completed}
                      onClick={() => onRemove(c)}
                      aria-label={`Remove ${c.name} from the batch`}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
            <TableStatusRow
              colSpan={3}
              loading={false}
              empty={batch.cases.length === 0}
              emptyText="No cases."
            />
          </TableBody>
        </Table>
      </ScrollableTable>
    </Card>
  );
}
