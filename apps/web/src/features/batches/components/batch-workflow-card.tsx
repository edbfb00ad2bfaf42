import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDuration } from '@archline/contracts';
import { PendingTaskNotice } from '../../../components/tech-workflow/pending-task-notice.tsx';
import { ProcessTable } from '../../../components/tech-workflow/process-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useBatchProcessAction } from '../api/batch-process-actions.ts';
import { useBatchWorkflow } from '../api/get-batch-workflow.ts';

/**
 * The batch's technician workflow (its print steps): step, process, technician, status, start,
 * finish, production and lag time, with Start and Finish where the rules allow them and Edit for
 * admins. Each change reads the batch again.
 */
export function BatchWorkflowCard({ batchId }: { batchId: number }) {
  const query = useBatchWorkflow(batchId);
  const action = useBatchProcessAction(batchId);
  const edit = useBatchProcessAction(batchId, { silentError: true });
  const busyId = action.isPending ? (action.variables?.id ?? null) : null;
  const data = query.data;
  const workflow = data?.tech_workflow;
  const pending = data?.pending_task;

  return (
    <Card component="section" aria-labelledby="batch-workflow-title" sx={{ mb: 2 }}>
      <CardHeader
        title="Workflow"
        slotProps={{ title: { id: 'batch-workflow-title', component: 'h2', variant: 'h6' } }}
        subheader={
          workflow
            ? `Production time ${formatDuration(workflow.production_time)}${workflow.finished ? ' · Finished' : ''}`
            : undefined
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isPending ? (
          <Stack
            direction="row"
            spacing={1}
            role="status"
            aria-live="polite"
            sx={{ alignItems: 'center', py: 2 }}
          >
            <CircularProgress size={20} aria-hidden />
            <Typography color="text.secondary">Loading workflow...</Typography>
          </Stack>
        ) : query.error ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : !workflow || workflow.processes.length === 0 ? (
          <Typography color="text.secondary">This batch’s workflow has no processes.</Typography>
        ) : (
          <>
            {pending && pending.tech_workflow_id !== workflow.id && <PendingTaskNotice task={pending} />}
            <ProcessTable
              label="Batch workflow"
              workflow={workflow}
              canEdit={data.abilities.edit}
              assignableUsers={data.assignable_users}
              busyId={busyId}
              onStart={(p) =>
                action.mutate({ kind: 'start', id: p.id }, { onSuccess: (r) => notifySuccess(r.message) })
              }
              onFinish={(p) =>
                action.mutate({ kind: 'finish', id: p.id }, { onSuccess: (r) => notifySuccess(r.message) })
              }
              onEdit={async (p, body) => {
                const r = await edit.mutateAsync({ kind: 'update', id: p.id, body });
                notifySuccess(r.message);
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
