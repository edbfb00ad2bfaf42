import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { TECH_WORKFLOW_MESSAGES, type TechPendingTask } from '@archline/contracts/tech-workflows';
import { Link as RouterLink } from 'react-router';

/** Where the task is worked and what it is called: its batch's page, or its case's workflow page. */
function taskLink(task: TechPendingTask): { to: string; text: string } {
  if (task.batch_id !== null)
    return {
      to: `/batches/${task.batch_id}`,
      text: `${task.process} on batch ${task.batch_name || task.batch_id}`,
    };
  return {
    to: `/patient-workflow/${task.patient_id}`,
    text: `${task.process} on ${task.patient_name || `case ${task.patient_id}`}`,
  };
}

/** 'You have an unfinished task.' with a link to where it is worked: its case's workflow page or its batch. */
export function PendingTaskNotice({ task }: { task: TechPendingTask }) {
  const link = taskLink(task);
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {TECH_WORKFLOW_MESSAGES.unfinishedTask}{' '}
      <Link component={RouterLink} to={link.to}>
        {link.text}
      </Link>
    </Alert>
  );
}
