import { PatientDetailsPage as PatientDetails } from '../../features/patient-details/pages/patient-details-page.tsx';
import { PatientFilesSection } from '../../features/patient-files/components/patient-files-section.tsx';

/** /patient-details/{id}: the patient's details with the patient-files section. */
export function PatientDetailsPage() {
  return <PatientDetails FilesSection={PatientFilesSection} />;
}
