import type { TestApp } from './test-app.ts';
import { buildCustomerRequest, buildPatient, buildRxForm } from '../src/db/seed/factories.ts';

/**
 * A case of the organization with an open printing request (two arches) to `locationId` on
 * `shipDate`, for the shipping tests. `labels` marks its shipping and patient labels printed.
 */
export async function givenShipment(
  t: TestApp,
  o: {
    organizationId: number;
    doctorId: number;
    locationId: number | null;
    shippingMethodId?: number;
    shipDate?: string;
    firstName?: string;
    thirdParty?: boolean;
    statusId?: 1 | 2;
  },
) {
  const patient = await buildPatient(t.db, {
    organization_id: o.organizationId,
    user_id: o.doctorId,
    first_name: o.firstName ?? 'Sam',
    last_name: 'Shipping',
  });
  await buildRxForm(t.db, {
    organization_id: o.organizationId,
    user_id: o.doctorId,
    patient_id: patient.id,
    print_assignment: o.thirdParty ? 3 : 1,
    shipping_location_id: o.locationId,
  });
  const request = await buildCustomerRequest(t.db, {
    organization_id: o.organizationId,
    patient_id: patient.id,
    status_id: o.statusId ?? 2,
  });
  const printing = await t.db
    .insertInto('printing_requests')
    .values({
      customer_request_id: request.id,
      patient_id: patient.id,
      location_id: o.locationId,
      shipping_method_id: o.shippingMethodId ?? null,
      ship_date: o.shipDate ?? '2026-12-01',
      assigned_to: o.thirdParty ? 3 : 1,
      printing_request_status_id: o.statusId ?? 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('printing_request_items')
    .values([
      { printing_request_id: printing.id, jaw_type_id: 1 },
      { printing_request_id: printing.id, jaw_type_id: 2 },
    ])
    .execute();
  return { patientId: Number(patient.id), requestId: Number(request.id), printingId: Number(printing.id) };
}
