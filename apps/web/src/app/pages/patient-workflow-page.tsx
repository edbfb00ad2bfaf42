import { OrganizationName } from '../../features/organizations/components/quick-glance.tsx';
import { PatientWorkflowPage as PatientWorkflow } from '../../features/patient-workflow/pages/patient-workflow-page.tsx';

/** /patient-workflow/{id}: the case's technician workflows with the organization's quick glance on its name. */
export function PatientWorkflowPage() {
  return <PatientWorkflow OrganizationName={OrganizationName} />;
}
