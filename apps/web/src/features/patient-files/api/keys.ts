/** The files of a patient (every section), and the patient details they change. */
export const patientFilesKey = (patientId: number) => ['patient-files', patientId] as const;
export const patientKey = (patientId: number) => ['patient', patientId] as const;
