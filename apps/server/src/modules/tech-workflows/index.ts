/**
 * The technician workflows' surface for other modules: the workflow of a new request (printing
 * request, flawed tray, tray design), the case list's overall production time, and a batch's
 * workflow (created with the batch, read and worked through the batches endpoints, which gate the
 * batch; the start, finish and edit rules are the case workflows' own).
 */
export {
  createBatchWorkflow,
  createTechWorkflow,
  finishBatchProcess,
  getBatchWorkflow,
  overallProductionTimes,
  startBatchProcess,
  updateBatchProcess,
  type BatchWorkflowRef,
} from './service.ts';
