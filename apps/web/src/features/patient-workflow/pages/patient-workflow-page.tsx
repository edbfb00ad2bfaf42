import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  PatientWorkflowResponse,
  TechWorkflow,
  TechWorkflowProcess,
} from '@archline/contracts/tech-workflows';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PendingTaskNotice } from '../../../components/tech-workflow/pending-task-notice.tsx';
import { ProcessTable } from '../../../components/tech-workflow/process-table.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCanOpen } from '../../../session/can-open.ts';
import { usePatientWorkflow } from '../api/get-patient-workflow.ts';
import { useProcessAction } from '../api/process-actions.ts';
import { RequestPager } from '../components/request-pager.tsx';
import { WorkflowHeader, type OrganizationNameComponent } from '../components/workflow-header.tsx';
import { useWorkflowChannel } from '../components/use-workflow-channel.ts';

function WorkflowPage({
  data,
  OrganizationName,
}: { data: PatientWorkflowResponse } & PatientWorkflowPageParts) {
  const patientId = data.patient.id;
  const action = useProcessAction(patientId);
  const edit = useProcessAction(patientId, { silentError: true });
  const canOpen = useCanOpen();
  const busyId = action.isPending ? (action.variables?.id ?? null) : null;
  const pending = data.pending_task;

  const renderWorkflow = (workflow: TechWorkflow, label: string) => (
    <ProcessTable
      label={label}
      workflow={workflow}
      canEdit={data.abilities.edit}
      assignableUsers={data.assignable_users}
      busyId={busyId}
      onStart={(p: TechWorkflowProcess) =>
        action.mutate({ kind: 'start', id: p.id }, { onSuccess: (r) => notifySuccess(r.message) })
      }
      onFinish={(p: TechWorkflowProcess) =>
        action.mutate({ kind: 'finish', id: p.id }, { onSuccess: (r) => notifySuccess(r.message) })
      }
      onEdit={async (p, body) => {
        const r = await edit.mutateAsync({ kind: 'update', id: p.id, body });
        notifySuccess(r.message);
      }}
    />
  );

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Patient Workflow
      </Typography>
      {pending && pending.patient_id !== patientId && <PendingTaskNotice task={pending} />}
      <WorkflowHeader
        patient={data.patient}
        OrganizationName={OrganizationName}
        canViewUsers={canOpen(
          `/users/${data.patient.doctor.id}`,
          'users.view',
          'users.manage',
          'users.manage-limited',
        )}
      />
      <Box component="section" aria-labelledby="initial-setup-title" sx={{ mb: 4 }}>
        <Typography id="initial-setup-title" variant="h2" component="h2" sx={{ mb: 1 }}>
          Initial Case Setup
        </Typography>
        {data.initial_setup ? (
          renderWorkflow(data.initial_setup, 'Initial case setup workflow')
        ) : (
          <Typography color="text.secondary">The case has not been submitted for setup yet.</Typography>
        )}
      </Box>
      <RequestPager requests={data.requests} renderWorkflow={renderWorkflow} />
    </Box>
  );
}

function LoadedWorkflowPage({ id, OrganizationName }: { id: number } & PatientWorkflowPageParts) {
  const query = usePatientWorkflow(id);
  useWorkflowChannel(id);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  if (query.error)
    return (
      <Typography role="alert" color="error">
        {errorMessage(query.error)}
      </Typography>
    );
  if (!query.data) return <PageLoader />;
  return <WorkflowPage data={query.data} OrganizationName={OrganizationName} />;
}

/** What the app puts into the page: the organization's name with the staff's quick glance. */
export interface PatientWorkflowPageParts {
  OrganizationName?: OrganizationNameComponent;
}

/** /patient-workflow/{id} (id: the patient): the case's technician workflows for staff and lab partners. */
export function PatientWorkflowPage({ OrganizationName }: PatientWorkflowPageParts = {}) {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <LoadedWorkflowPage key={id} id={id} OrganizationName={OrganizationName} />;
}
