import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TECH_WORKFLOW_TYPE_LABELS,
  WORKFLOW_CANCELED_REQUEST_STATUS,
  WORKFLOW_REQUEST_STATUS_LABELS,
  type PatientWorkflowRequest,
  type TechWorkflow,
} from '@archline/contracts/tech-workflows';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { formatDateTime } from '../../../lib/format.ts';

const TYPE_LABELS: Record<PatientWorkflowRequest['type'], string> = {
  printing_request: TECH_WORKFLOW_TYPE_LABELS.printing_request,
  flawed_tray: TECH_WORKFLOW_TYPE_LABELS.flawed_tray,
  tray_design: TECH_WORKFLOW_TYPE_LABELS.tray_design,
  customer_request: 'Request',
};

/** Visible requests: canceled ones only with 'All' ticked. */
export function visibleRequests(requests: PatientWorkflowRequest[], all: boolean): PatientWorkflowRequest[] {
  return all ? requests : requests.filter((r) => r.status_id !== WORKFLOW_CANCELED_REQUEST_STATUS);
}

/**
 * The case's requests one at a time (newest first) with their workflow; 'All' brings in the
 * canceled ones. Links to the request and its batch appear once those pages exist.
 */
export function RequestPager({
  requests,
  renderWorkflow,
}: {
  requests: PatientWorkflowRequest[];
  renderWorkflow: (workflow: TechWorkflow, label: string) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const shown = visibleRequests(requests, all);
  const current = Math.min(page, Math.max(shown.length, 1));
  const request = shown[current - 1];
  const label = request ? `${TYPE_LABELS[request.type]} #${request.id}` : '';
  return (
    <Box component="section" aria-labelledby="requests-title">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography id="requests-title" variant="h2" component="h2">
          Requests
        </Typography>
        <FormControlLabel
          control={
            <Checkbox
              checked={all}
              onChange={(e) => {
                setAll(e.target.checked);
                setPage(1);
              }}
            />
          }
          label="All"
        />
      </Stack>
      {!request ? (
        <Typography color="text.secondary">
          {requests.length ? 'No open requests. Tick All to see the canceled ones.' : 'No requests.'}
        </Typography>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {isBuiltPath(`/requests/${request.id}`) ? (
                <Link component={RouterLink} to={`/requests/${request.id}`}>
                  {label}
                </Link>
              ) : (
                label
              )}
            </Typography>
            <Chip
              size="small"
              label={WORKFLOW_REQUEST_STATUS_LABELS[request.status_id] ?? String(request.status_id)}
            />
            <Typography variant="body2" color="text.secondary">
              Submitted {formatDateTime(request.created_at)} · Modified {formatDateTime(request.updated_at)}
            </Typography>
            {request.batch_id !== null &&
              (isBuiltPath(`/batches/${request.batch_id}`) ? (
                <Link component={RouterLink} to={`/batches/${request.batch_id}`}>
                  Batch #{request.batch_id}
                </Link>
              ) : (
                <Typography variant="body2">Batch #{request.batch_id}</Typography>
              ))}
          </Stack>
          {request.workflow ? (
            renderWorkflow(request.workflow, `${label} workflow`)
          ) : (
            <Typography color="text.secondary">This request has no technician workflow.</Typography>
          )}
          {shown.length > 1 && (
            <Pagination
              count={shown.length}
              page={current}
              onChange={(_, p) => setPage(p)}
              getItemAriaLabel={(type, p) =>
                type === 'page' ? `Request ${p} of ${shown.length}` : `Go to the ${type} request`
              }
            />
          )}
        </Stack>
      )}
    </Box>
  );
}
