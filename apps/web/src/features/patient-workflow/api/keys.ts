/** Query keys of the patient workflow page. */
export const patientWorkflowKey = (patientId: number) => ['patient-workflow', patientId] as const;
