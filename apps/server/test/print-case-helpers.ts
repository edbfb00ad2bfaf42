import type { TestApp } from './test-app.ts';
import { buildCustomerRequest, buildPatient } from '../src/db/seed/factories.ts';
import { createTechWorkflow } from '../src/modules/tech-workflows/index.ts';

/**
 * A case with an open printing request and its print workflow, for the batch tests. With
 * `trayGenerated` its first process ('Generate Tray') is finished and the second started by `techId`.
 */
export async function givenPrintCase(
  t: TestApp,
  o: {
    organizationId: number;
    doctorId: number;
    firstName?: string;
    trayGenerated?: boolean;
    techId?: number;
  },
) {
  const patient = await buildPatient(t.db, {
    organization_id: o.organizationId,
    user_id: o.doctorId,
    ...(o.firstName ? { first_name: o.firstName } : {}),
  });
  const request = await buildCustomerRequest(t.db, {
    organization_id: o.organizationId,
    patient_id: patient.id,
    status_id: 2,
  });
  const printing = await t.db
    .insertInto('printing_requests')
    .values({ customer_request_id: request.id, patient_id: patient.id, printing_request_status_id: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workflowId = await createTechWorkflow(t.db, {
    type: 'printing_request',
    patientId: patient.id,
    customerRequestId: request.id,
  });
  if (o.trayGenerated) {
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .updateTable('tech_workflow_processes')
      .set({ started_at: hourAgo, finished_at: new Date(), status: 'COMPLETED' })
      .where('tech_workflow_id', '=', workflowId)
      .where('step', '=', 1)
      .execute();
    if (o.techId)
      await t.db
        .updateTable('tech_workflow_processes')
        .set({ started_at: new Date(), user_id: o.techId, status: 'IN_PROGRESS' })
        .where('tech_workflow_id', '=', workflowId)
        .where('step', '=', 2)
        .execute();
  }
  return {
    patientId: Number(patient.id),
    name: `${patient.first_name} ${patient.last_name}`,
    printingRequestId: Number(printing.id),
    workflowId,
  };
}
