/**
 * Customer requests (document 2 sections 2 to 7): the list, one request, cancel and complete,
 * management data, printing request items, shipping, assignment and tray design requests.
 *
 * Rules:
 * - visibility: requests are scoped like their patients (patient scope): practice users see their
 *   organization's, a lab partner its third-party cases; anything else answers 404;
 * - gates: the permissions of document 2 section 6 (403 'This action is unauthorized.');
 * - state: items, shipping and the status change only while the request is open (New or In
 *   Progress); assignment only while New; any transition outside REQUEST_TRANSITIONS answers 409;
 * - complete needs a tracking number when the request has a printing request.
 * Writes run in one transaction with their audit row, then publish REQUEST_UPDATED_EVENT on the
 * patient's channel so open pages refresh.
 */
import {
  ASSIGNMENT,
  assignmentOptions,
  DEFAULT_NEXT_STEP,
  JAW_TYPE_LABELS,
  REQUEST_MESSAGES,
  REQUEST_STATUS,
  REQUEST_STATUS_LABELS,
  REQUEST_UPDATED_EVENT,
  isRequestOpen,
  patientChannel,
  transitionError,
  type CustomerRequestDetails,
  type CustomerRequestListItem,
  type ListCustomerRequestsFilters,
  type Permission,
  type RequestAbilities,
  type RequestStatusId,
  type RequestUpdatedEvent,
  type TrayDesignRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type {
  AssignPrintingRequestBody,
  CompleteCustomerRequestBody,
  UpdateManagementDataBody,
  UpdatePrintingRequestItemBody,
  UpdateShippingBody,
  UpdateTrayDesignRequestBody,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { paginate } from '../../platform/http/paginate.ts';
import { can } from '../../platform/permissions/index.ts';
import { patientScopeOf } from '../../platform/permissions/patient-scope.ts';
import { renderPatientLabels } from '../../platform/labels/index.ts';
import { notifyUser } from '../notifications/service.ts';
import { notificationEnabled } from '../users/service.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import * as repo from './repository.ts';

export type Found = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

export const GATES = {
  cancel: ['customer-requests.cancel', 'customer-requests.manage'],
  complete: ['customer-requests.complete', 'customer-requests.manage'],
  managementData: ['customer-requests.update-management-data', 'customer-requests.manage'],
  updateItems: [
    'printing-request-items.update',
    'printing-request-items.manage',
    'organization.printing-request-items.update',
    'organization.printing-request-items.manage',
  ],
  deleteItems: [
    'printing-request-items.delete',
    'printing-request-items.manage',
    'organization.printing-request-items.delete',
    'organization.printing-request-items.manage',
  ],
  shipping: [
    'printing-requests.update-shipping-information',
    'printing-requests.manage',
    'organization.printing-requests.update-shipping-information',
  ],
  assign: ['printing-requests.assign', 'organization.printing-requests.assign'],
  trayDesign: ['tray-design-requests.manage'],
} as const satisfies Record<string, readonly Permission[]>;

export const isManagement = (actor: Actor) => actor.profile === 'management';

export function gate(actor: Actor, anyOf: readonly Permission[]) {
  if (!can(actor, ...anyOf)) throw forbidden();
}

/** Complete: the complete permissions, or complete-assigned on a request assigned to the caller's third party. */
function mayComplete(actor: Actor, assignedToThirdParty: boolean): boolean {
  return (
    can(actor, ...GATES.complete) ||
    (assignedToThirdParty && can(actor, 'customer-requests.complete-assigned'))
  );
}

function toListItem(actor: Actor, r: repo.RequestRow): CustomerRequestListItem {
  const { user_id: _userId, ...patient } = r.patient;
  return {
    id: r.id,
    type: r.type,
    status_id: r.status_id,
    status: REQUEST_STATUS_LABELS[r.status_id as RequestStatusId] ?? 'Unknown',
    patient,
    next_step: isManagement(actor) ? (r.next_step ?? DEFAULT_NEXT_STEP) : null,
    oldest_item_at: r.oldest_item_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function audit(
  executor: Kysely<DB>,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  r: Found,
  details?: Record<string, unknown>,
) {
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: 'customer_request',
    entityId: r.id,
    organizationId: r.organization_id,
    outcome: 'success',
    details: { patient_id: r.patient.id, ...details },
  });
}

export async function publish(ctx: AppContext, r: { id: number; patient: { id: number } }, statusId: number) {
  const payload: RequestUpdatedEvent = { customer_request_id: r.id, status_id: statusId };
  try {
    await ctx.realtime.publish(patientChannel(r.patient.id), REQUEST_UPDATED_EVENT, payload);
  } catch (err) {
    ctx.log.warn({ err, customerRequestId: r.id }, 'could not publish a request event');
  }
}

// ------------------------------------------------------------------------------ reads

export async function listRequests(ctx: AppContext, actor: Actor, q: ListCustomerRequestsFilters) {
  if (q.doctor && !can(actor, 'organization.customer-requests.view-any')) throw forbidden();
  const organizationId = isManagement(actor) ? q.organizationId : (actor.currentOrganizationId ?? undefined);
  if (!isManagement(actor) && q.organizationId !== undefined && q.organizationId !== organizationId)
    throw notFound();
  const statusIds = q.status === 'all' ? undefined : [REQUEST_STATUS[q.status]];
  const scope = patientScopeOf(actor);
  const page = await paginate({ page: q.page, perPage: q.per_page }, (p) =>
    repo.listRequests(
      ctx.db,
      scope,
      { organizationId, patient: q.patient, doctor: q.doctor, locationIds: q.location_ids, statusIds },
      p,
    ),
  );
  return { customer_requests: page.data.map((r) => toListItem(actor, r)), meta: page.meta };
}

export async function load(
  ctx: AppContext,
  executor: Kysely<DB>,
  actor: Actor,
  id: number,
  lock = false,
): Promise<Found> {
  const r = await repo.findRequest(executor, patientScopeOf(actor), id, { lock });
  if (!r) throw notFound();
  return r;
}

/** The request as it now is, inside the write's transaction: what every write answers. */
async function reread(ctx: AppContext, trx: Kysely<DB>, actor: Actor, id: number) {
  return details(ctx, trx, actor, (await repo.findRequest(trx, patientScopeOf(actor), id))!);
}

async function details(
  ctx: AppContext,
  executor: Kysely<DB>,
  actor: Actor,
  r: Found,
): Promise<CustomerRequestDetails> {
  const [flawed, printing, trayDesign] = await Promise.all([
    repo.flawedTraysOf(executor, r.id),
    repo.printingRequestOf(executor, r.id),
    repo.trayDesignOfRequest(executor, r.id),
  ]);
  const ios = await repo.originalIosFile(
    executor,
    r.patient.id,
    flawed.find((t) => t.file_id !== null)?.file_id ?? null,
  );
  const open = isRequestOpen(r.status_id);
  const thirdParty = printing?.assigned_to === 3;
  const can_: RequestAbilities = {
    cancel: open && r.type !== 'initial_case_setup' && can(actor, ...GATES.cancel),
    complete: open && mayComplete(actor, thirdParty),
    update_management_data: can(actor, ...GATES.managementData),
    update_items: open && printing !== null && can(actor, ...GATES.updateItems),
    delete_items: open && printing !== null && can(actor, ...GATES.deleteItems),
    update_shipping: open && printing !== null && can(actor, ...GATES.shipping),
    assign: r.status_id === REQUEST_STATUS.new && printing !== null && can(actor, ...GATES.assign),
    update_tray_design: open && trayDesign !== null && can(actor, ...GATES.trayDesign),
  };
  const assignOptions = can_.assign
    ? assignmentOptions((await repo.thirdPartyPartnerOf(executor, r.organization_id)) !== null)
    : [];
  return {
    ...toListItem(actor, r),
    flawed_trays: flawed,
    flawed_trays_status_id: r.flawed_trays_status_id,
    original_ios_file: ios,
    printing_request: printing,
    tray_design_request: trayDesign ? toTrayDesign(trayDesign) : null,
    management_data: isManagement(actor) ? r.management_data : {},
    assign_options: assignOptions,
    rx_form_id: r.type === 'initial_case_setup' ? r.rx_form_id : null,
    completed_at: r.completed_at,
    cancelled_at: r.cancelled_at,
    can: can_,
  };
}

function toTrayDesign(t: repo.TrayDesignRow): TrayDesignRequest {
  const label = { 1: 'NEW', 2: 'IN PROGRESS', 3: 'COMPLETED', 4: 'CANCELED' }[t.status_id] ?? 'NEW';
  return { ...t, status_label: label };
}

export async function getRequest(ctx: AppContext, actor: Actor, id: number) {
  const r = await load(ctx, ctx.db, actor, id);
  return { customer_request: await details(ctx, ctx.db, actor, r) };
}

// ------------------------------------------------------------------------------ status changes

type CompleteInput = z.output<typeof CompleteCustomerRequestBody>;

export async function cancelRequest(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  await load(ctx, ctx.db, actor, id);
  gate(actor, GATES.cancel);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = await load(ctx, trx, actor, id, true);
    const refused = transitionError(r.type, r.status_id, 'canceled');
    if (refused) throw conflict(refused);
    await repo.setRequestStatus(trx, r.id, 'canceled', actor.userId, null);
    await audit(trx, actor, meta, 'customer_request.cancel', r);
    return reread(ctx, trx, actor, id);
  });
  await publish(ctx, result, result.status_id);
  return { customer_request: result, message: REQUEST_MESSAGES.canceled };
}

const COMPLETION_NOTICES = {
  printing: { setting: 'print_tray_completed', text: 'The print tray request of {name} has been completed.' },
  flawed_tray: { setting: 'flawed_tray_corrected', text: 'The flawed tray of {name} has been corrected.' },
  tray_design: {
    setting: 'tray_design_request_completed',
    text: 'The tray design request of {name} has been completed.',
  },
} as const;

/** Who hears of a completion: read before the transaction (the embedded database serves one connection). */
export async function completionNotice(ctx: AppContext, actor: Actor, r: Found) {
  const notice = r.type === 'initial_case_setup' ? null : COMPLETION_NOTICES[r.type];
  const doctorId = r.patient.user_id;
  const notifyDoctor =
    notice !== null &&
    doctorId !== null &&
    doctorId !== actor.userId &&
    (await notificationEnabled(ctx, doctorId, notice.setting));
  return notifyDoctor && notice && doctorId !== null
    ? { doctorId, text: notice.text, type: notice.setting }
    : null;
}
export type CompletionNotice = Awaited<ReturnType<typeof completionNotice>>;

/**
 * Completes the request inside the caller's transaction (locked, the transition checked): status,
 * tracking number, audit and the doctor's notification. Answers the request as it now is.
 */
export async function completeInTransaction(
  ctx: AppContext,
  trx: Kysely<DB>,
  actor: Actor,
  id: number,
  tracking: string | null,
  notice: CompletionNotice,
  meta: RequestMeta,
  details_?: Record<string, unknown>,
) {
  const r = await load(ctx, trx, actor, id, true);
  const refused = transitionError(r.type, r.status_id, 'completed');
  if (refused) throw conflict(refused);
  if (r.printing_request_id !== null && !tracking)
    throw fieldError('tracking_number', REQUEST_MESSAGES.trackingNumberRequired);
  await repo.setRequestStatus(trx, r.id, 'completed', actor.userId, tracking);
  await audit(trx, actor, meta, 'customer_request.complete', r, { tracking_number: tracking, ...details_ });
  const event = { request_id: r.id, patient_id: r.patient.id, type: r.type, tracking_number: tracking };
  await emitWebhookEvent(ctx, trx, r.organization_id, 'request.completed', event);
  if (tracking) await emitWebhookEvent(ctx, trx, r.organization_id, 'case.shipped', event);
  if (notice)
    await notifyUser(ctx, trx, {
      userId: notice.doctorId,
      message: notice.text.replace('{name}', r.patient.full_name),
      type: notice.type,
      link: `/patient-details/${r.patient.id}`,
      patientId: r.patient.id,
      organizationId: r.organization_id,
    });
  return reread(ctx, trx, actor, id);
}

export async function completeRequest(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: CompleteInput,
  meta: RequestMeta,
) {
  const before = await load(ctx, ctx.db, actor, id);
  const printingBefore =
    before.printing_request_id !== null ? await repo.printingRequestOf(ctx.db, id) : null;
  if (!mayComplete(actor, printingBefore?.assigned_to === 3)) throw forbidden();
  const tracking = body.tracking_number?.trim() || null;
  const notice = await completionNotice(ctx, actor, before);
  const result = await ctx.db
    .transaction()
    .execute((trx) => completeInTransaction(ctx, trx, actor, id, tracking, notice, meta));
  await publish(ctx, result, result.status_id);
  return { customer_request: result, message: REQUEST_MESSAGES.completed };
}

type ManagementInput = z.output<typeof UpdateManagementDataBody>;

export async function updateManagementData(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: ManagementInput,
  meta: RequestMeta,
) {
  await load(ctx, ctx.db, actor, id);
  gate(actor, GATES.managementData);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = await load(ctx, trx, actor, id, true);
    await repo.setManagementData(trx, r.id, body.management_data);
    await audit(trx, actor, meta, 'customer_request.management_data', r);
    return reread(ctx, trx, actor, id);
  });
  return { customer_request: result, message: REQUEST_MESSAGES.managementDataUpdated };
}

// ------------------------------------------------------------------------------ printing requests

/** The request a part belongs to, locked, within the scope; 404 outside it. */
async function lockedOpenRequest(ctx: AppContext, trx: Kysely<DB>, actor: Actor, requestId: number) {
  const r = await load(ctx, trx, actor, requestId, true);
  if (!isRequestOpen(r.status_id)) throw conflict(REQUEST_MESSAGES.notOpen);
  return r;
}

async function requestIdOfItem(ctx: AppContext, actor: Actor, itemId: number): Promise<number> {
  const requestId = await repo.requestOfItem(ctx.db, itemId);
  if (requestId === undefined) throw notFound();
  await load(ctx, ctx.db, actor, requestId);
  return requestId;
}

type ItemInput = z.output<typeof UpdatePrintingRequestItemBody>;

export async function updateItem(
  ctx: AppContext,
  actor: Actor,
  itemId: number,
  body: ItemInput,
  meta: RequestMeta,
) {
  const requestId = await requestIdOfItem(ctx, actor, itemId);
  gate(actor, GATES.updateItems);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = await lockedOpenRequest(ctx, trx, actor, requestId);
    await repo.updateItem(trx, itemId, body.insert_brackets);
    await repo.touchRequest(trx, r.id);
    await audit(trx, actor, meta, 'printing_request_item.update', r, {
      item_id: itemId,
      insert_brackets: body.insert_brackets,
    });
    return reread(ctx, trx, actor, requestId);
  });
  await publish(ctx, result, result.status_id);
  return { customer_request: result, message: REQUEST_MESSAGES.itemUpdated };
}

export async function deleteItem(ctx: AppContext, actor: Actor, itemId: number, meta: RequestMeta) {
  const requestId = await requestIdOfItem(ctx, actor, itemId);
  gate(actor, GATES.deleteItems);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = await lockedOpenRequest(ctx, trx, actor, requestId);
    await repo.deleteItem(trx, itemId);
    await repo.touchRequest(trx, r.id);
    await audit(trx, actor, meta, 'printing_request_item.delete', r, { item_id: itemId });
    return reread(ctx, trx, actor, requestId);
  });
  await publish(ctx, result, result.status_id);
  return { customer_request: result, message: REQUEST_MESSAGES.itemDeleted };
}

export async function requestIdOfPrinting(
  ctx: AppContext,
  actor: Actor,
  printingRequestId: number,
): Promise<number> {
  const requestId = await repo.requestOfPrintingRequest(ctx.db, printingRequestId);
  if (requestId === undefined) throw notFound();
  await load(ctx, ctx.db, actor, requestId);
  return requestId;
}

/**
 * The bench labels of a printing request as a PDF (one 4×2 in label per item: patient, doctor,
 * case number, arch and a barcode of the case); the request is marked patient_label_printed.
 * Staff who update shipping information print them.
 */
export async function printPatientLabels(
  ctx: AppContext,
  actor: Actor,
  printingRequestId: number,
  meta: RequestMeta,
): Promise<Buffer> {
  const requestId = await requestIdOfPrinting(ctx, actor, printingRequestId);
  gate(actor, GATES.shipping);
  if (!isManagement(actor)) throw forbidden(REQUEST_MESSAGES.patientLabelsOnlyStaff);
  const data = await repo.patientLabelsOf(ctx.db, printingRequestId);
  if (!data) throw notFound();
  const pdf = await renderPatientLabels(
    data.arches.map((arch) => ({
      patientId: data.patientId,
      patientName: data.patientName,
      doctorName: data.doctorName,
      caseNumber: data.caseNumber,
      arch: JAW_TYPE_LABELS[arch] as 'Maxillary' | 'Mandibular' | 'Both',
    })),
  );
  await ctx.db.transaction().execute(async (trx) => {
    const r = await load(ctx, trx, actor, requestId, true);
    await repo.markPatientLabelPrinted(trx, printingRequestId);
    await repo.touchRequest(trx, r.id);
    await audit(trx, actor, meta, 'printing_request.patient_labels', r, {
      printing_request_id: printingRequestId,
      labels: data.arches.length,
    });
  });
  return pdf;
}

type ShippingInput = z.output<typeof UpdateShippingBody>;

export async function updateShipping(
  ctx: AppContext,
  actor: Actor,
  printingRequestId: number,
  body: ShippingInput,
  meta: RequestMeta,
) {
  const requestId = await requestIdOfPrinting(ctx, actor, printingRequestId);
  gate(actor, GATES.shipping);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = await lockedOpenRequest(ctx, trx, actor, requestId);
    if (!(await repo.locationOfOrganization(trx, body.location_id, r.organization_id)))
      throw fieldError('location_id', REQUEST_MESSAGES.unknownLocation);
    if (!(await repo.shippingMethodExists(trx, body.shipping_method_id)))
      throw fieldError('shipping_method_id', REQUEST_MESSAGES.unknownShippingMethod);
    await repo.updateShipping(trx, printingRequestId, {
      location_id: body.location_id,
      shipping_method_id: body.shipping_method_id,
      expected_arrival_date: body.expected_arrival_date,
      delivery_date_from: body.delivery_date_from,
      delivery_date_to: body.delivery_date_to,
    });
    await repo.touchRequest(trx, r.id);
    await audit(trx, actor, meta, 'printing_request.shipping', r, { printing_request_id: printingRequestId });
    return reread(ctx, trx, actor, requestId);
  });
  await publish(ctx, result, result.status_id);
  return { customer_request: result, message: REQUEST_MESSAGES.shippingUpdated };
}

type AssignInput = z.output<typeof AssignPrintingRequestBody>;

export async function assignPrintingRequest(
  ctx: AppContext,
  actor: Actor,
  printingRequestId: number,
  body: AssignInput,
  meta: RequestMeta,
) {
  const requestId = await requestIdOfPrinting(ctx, actor, printingRequestId);
  gate(actor, GATES.assign);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const r = await load(ctx, trx, actor, requestId, true);
    if (r.status_id !== REQUEST_STATUS.new) throw conflict(REQUEST_MESSAGES.assignOnlyNew);
    const partner = body.assign_to === 3 ? await repo.thirdPartyPartnerOf(trx, r.organization_id) : null;
    if (body.assign_to === 3 && partner === null)
      throw fieldError('assign_to', REQUEST_MESSAGES.assignWithoutPartner);
    await repo.assignPrintingRequest(trx, printingRequestId, body.assign_to, partner);
    await repo.touchRequest(trx, r.id);
    await audit(trx, actor, meta, 'printing_request.assign', r, { assign_to: body.assign_to });
    return reread(ctx, trx, actor, requestId);
  });
  await publish(ctx, result, result.status_id);
  return { customer_request: result, message: REQUEST_MESSAGES.assigned };
}

// ------------------------------------------------------------------------------ tray design

async function loadTrayDesign(ctx: AppContext, actor: Actor, id: number) {
  const t = await repo.trayDesignById(ctx.db, id);
  if (!t) throw notFound();
  await load(ctx, ctx.db, actor, t.customer_request_id);
  return t;
}

export async function getTrayDesign(ctx: AppContext, actor: Actor, id: number) {
  return { tray_design_request: toTrayDesign(await loadTrayDesign(ctx, actor, id)) };
}

type TrayDesignInput = z.output<typeof UpdateTrayDesignRequestBody>;

export async function updateTrayDesign(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: TrayDesignInput,
  meta: RequestMeta,
) {
  const t = await loadTrayDesign(ctx, actor, id);
  gate(actor, GATES.trayDesign);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const r = await lockedOpenRequest(ctx, trx, actor, t.customer_request_id);
    const ids = [body.maxillary_file_id, body.mandibular_file_id].filter(
      (v): v is number => typeof v === 'number',
    );
    const owned = await repo.filesOfPatient(trx, t.patient_id, ids);
    for (const field of ['maxillary_file_id', 'mandibular_file_id'] as const) {
      const v = body[field];
      if (typeof v === 'number' && !owned.has(v)) throw fieldError(field, REQUEST_MESSAGES.unknownFile);
    }
    await repo.updateTrayDesign(trx, t.id, {
      ...(body.maxillary_file_id !== undefined ? { maxillary_file_id: body.maxillary_file_id } : {}),
      ...(body.mandibular_file_id !== undefined ? { mandibular_file_id: body.mandibular_file_id } : {}),
    });
    await repo.touchRequest(trx, r.id);
    await audit(trx, actor, meta, 'tray_design_request.update', r, { tray_design_request_id: t.id });
    return (await repo.trayDesignById(trx, t.id))!;
  });
  await publish(ctx, { id: t.customer_request_id, patient: { id: t.patient_id } }, 0);
  return { tray_design_request: toTrayDesign(updated), message: REQUEST_MESSAGES.trayDesignUpdated };
}

// ------------------------------------------------------------------------------ a flawed tray's print

/**
 * Keeps a flawed tray's place on its request's printing request, inside the caller's transaction
 * (the tray correction module calls it whenever a tray's print flag or corrected file changes):
 * - a tray to print gets one item (its arch, its corrected file or else its STL file); the request
 *   gets its printing request first when it has none, shipped like the case (the Rx form's shipping
 *   location and method) and printed by the case's third party when its print goes to one (the
 *   organization's partner), else by the lab (provider): an in-office case asked to print is the
 *   lab's to print;
 * - a tray not to print loses its item, and a printing request left without items that has not
 *   started is removed.
 * Answers whether a printing request was created (the caller tells the doctor: print_tray_request).
 */
export async function syncFlawedTrayPrint(
  trx: Kysely<DB>,
  t: {
    customerRequestId: number;
    organizationId: number;
    patientId: number;
    trayId: number;
    arch: number;
    print: boolean;
    fileId: number | null;
  },
): Promise<{ created: boolean }> {
  let printing = await repo.lockPrintingOfRequest(trx, t.customerRequestId);
  if (!t.print) {
    if (printing && (await repo.removeTrayItem(trx, printing.id, t.trayId)) === 0 && printing.status_id === 1)
      await repo.deletePrintingRequest(trx, printing.id);
    return { created: false };
  }
  let created = false;
  if (!printing) {
    const shipping = await repo.caseShippingOf(trx, t.patientId);
    const partner =
      shipping.print_assignment === ASSIGNMENT.thirdParty
        ? await repo.thirdPartyPartnerOf(trx, t.organizationId)
        : null;
    const id = await repo.insertPrintingRequest(trx, {
      customer_request_id: t.customerRequestId,
      patient_id: t.patientId,
      location_id: shipping.location_id,
      shipping_method_id: shipping.shipping_method_id,
      assigned_to: partner === null ? ASSIGNMENT.provider : ASSIGNMENT.thirdParty,
      assigned_to_user_id: partner,
    });
    printing = { id, status_id: 1 };
    created = true;
  }
  await repo.upsertTrayItem(trx, {
    printing_request_id: printing.id,
    flawed_tray_id: t.trayId,
    jaw_type_id: t.arch,
    file_id: t.fileId,
  });
  return { created };
}
