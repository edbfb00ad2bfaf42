/**
 * The technician workflows' surface for other modules: the workflow of a new request (printing
 * request, flawed tray, tray design) and the case list's overall production time.
 */
export { createTechWorkflow, overallProductionTimes } from './service.ts';
