import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { TECH_WORKFLOW_MESSAGES, type TechPendingTask } from '@archline/contracts/tech-workflows';
import { Link as RouterLink } from 'react-router';

/** 'You have an unfinished task.' with a link to the workflow page of the case it belongs to. */
export function PendingTaskNotice({ task }: { task: TechPendingTask }) {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {TECH_WORKFLOW_MESSAGES.unfinishedTask}{' '}
      <Link component={RouterLink} to={`/patient-workflow/${task.patient_id}`}>
        {task.process} on {task.patient_name || `case ${task.patient_id}`}
      </Link>
    </Alert>
  );
}
