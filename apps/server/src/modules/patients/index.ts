/**
 * The patients module's surface for modules that keep records on a patient: loading a patient
 * within the caller's scope, the action gates, the live-state rule, the row lock and the audit row.
 */
export {
  actorName,
  assertLive,
  auditPatient,
  gate,
  isManagement,
  loadPatient,
  lockPatient,
  type PatientRecord,
} from './access.ts';
