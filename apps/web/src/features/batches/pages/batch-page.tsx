import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import {
  BATCH_DATETIME_FORMAT,
  BATCH_MESSAGES,
  removeCaseQuestion,
  type Batch,
  type BatchCase,
} from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useBatch } from '../api/get-batch.ts';
import { batchKey } from '../api/keys.ts';
import { useRemoveBatchCase } from '../api/remove-batch-case.ts';
import { useUpdateBatch } from '../api/update-batch.ts';
import { BatchCasesCard } from '../components/batch-cases-card.tsx';
import { BatchForm } from '../components/batch-form.tsx';
import { BatchWorkflowCard } from '../components/batch-workflow-card.tsx';

/** The batch id of the address: digits only, a positive safe integer; null for anything else. */
export function batchIdOf(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /batches/{id} (staff): the batch form, the batch's cases and its technician workflow. */
export function BatchPage() {
  const id = batchIdOf(useParams().id);
  const query = useBatch(id);
  if (id === null) return <NotFoundPage />;
  if (query.isPending) return <PageLoader label="Loading batch..." />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <Alert severity="error">{query.error.message}</Alert>;
  }
  // A batch keeps at least one case; one without any has nothing to show.
  if (query.data.cases.length === 0) return <Navigate to="/batches" replace />;
  return <BatchDetails batch={query.data} />;
}

function BatchDetails({ batch }: { batch: Batch }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateBatch();
  const remove = useRemoveBatchCase();
  // The case asked about stays while the dialog closes, so its text does not empty mid-transition.
  const [removing, setRemoving] = useState<BatchCase | null>(null);
  const [confirming, setConfirming] = useState(false);
  const isLastCase = batch.cases.length <= 1;

  const save = (body: Parameters<typeof update.mutateAsync>[0]['body']) =>
    update.mutateAsync({ id: batch.id, body }).then(
      (result) => {
        notifySuccess(BATCH_MESSAGES.updated);
        return result.data;
      },
      (error: unknown) => {
        notifyError(error);
        throw error;
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: batch.id, caseId: removing.id },
      {
        onSuccess: (result) => {
          setConfirming(false);
          notifySuccess(result.message);
          if (result.batch_removed || isLastCase) {
            queryClient.removeQueries({ queryKey: batchKey(batch.id) });
            void navigate('/batches', { replace: true });
          } else void queryClient.invalidateQueries({ queryKey: batchKey(batch.id) });
        },
      },
    );
  };

  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <Button component={RouterLink} to="/batches" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
          All Batches
        </Button>
        <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {batch.name}
        </Typography>
        <Typography color="text.secondary">
          Batch {batch.id} · Created {formatTimestamp(batch.created_at, BATCH_DATETIME_FORMAT)}
          {batch.created_by && ` by ${batch.created_by.full_name}`}
        </Typography>
      </Box>

      <Card component="section" aria-labelledby="batch-form-title" sx={{ mb: 2 }}>
        <CardHeader
          title="Batch Details"
          slotProps={{ title: { id: 'batch-form-title', component: 'h2', variant: 'h6' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <BatchForm batch={batch} onSave={save} />
        </CardContent>
      </Card>

      <BatchCasesCard
        batch={batch}
        onRemove={(c) => {
          setRemoving(c);
          setConfirming(true);
        }}
      />

      <BatchWorkflowCard batchId={batch.id} />

      <ConfirmDialog
        open={confirming}
        title={BATCH_MESSAGES.removeTitle}
        text={removing ? removeCaseQuestion(removing.name) : ''}
        confirmLabel="Remove"
        color="error"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmRemove}
      >
        {isLastCase && (
          <Typography color="error" sx={{ mt: 2 }} data-testid="last-case-warning">
            {BATCH_MESSAGES.lastCaseWarning}
          </Typography>
        )}
      </ConfirmDialog>
    </Box>
  );
}
