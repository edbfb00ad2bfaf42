/** Query keys shared with the patient lists and the files section. */
export const patientKey = (id: number) => ['patient', id] as const;
export const caseNotesKey = (patientId: number) => ['case-notes', patientId] as const;
export const onHoldNotesKey = (patientId: number) => ['on-hold-notes', patientId] as const;
export const rxFormKey = (id: number) => ['rx-form', id] as const;
export const caseReversalCheckKey = (patientId: number) => ['case-reversal-check', patientId] as const;
export const PATIENT_LISTS_KEY = ['patients'] as const;
export const trayCorrectionKey = (patientId: number) => ['tray-correction', patientId] as const;
