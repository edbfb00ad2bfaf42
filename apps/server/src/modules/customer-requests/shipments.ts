/**
 * Shipping labels and bundled shipments (document 2 sections 2, 3, 5 and 7): printing requests that
 * ship together to one location travel in one parcel, a bundle.
 *
 * Rules:
 * - who: staff (not lab partners, who ship their own) with the shipping gate print labels; the
 *   complete gate completes a bundle and edits it; the fees need
 *   customer-requests.apply-custom-shipping-fee / apply-internal-shipping-cost (403 otherwise).
 *   A request outside the caller's patient scope answers 404.
 * - a shipping label: open requests, assigned to the lab, with one shipping location. The carrier
 *   rates and buys it; a new bundle holds the requests (leaving their earlier open bundle, removed
 *   once empty) and keeps the label, so printing it again buys nothing.
 * - completion: open requests to one location whose shipping label and patient labels are printed;
 *   each request is completed with the tracking number; the bundle is completed when all its
 *   requests are.
 * Writes run in one transaction with their audit rows; the patients' pages hear of each request.
 */
import {
  ASSIGNMENT,
  BUNDLE_MESSAGES,
  REQUEST_MESSAGES,
  type BundledCompletionBody,
  type BundledShipment,
  type UpdateBundledShipmentBody,
} from '@archline/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { CarrierError, createCarrier, type Carrier, type Rate } from '../../platform/carriers/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { can } from '../../platform/permissions/index.ts';
import { patientScopeOf } from '../../platform/permissions/patient-scope.ts';
import * as repo from './repository.ts';
import * as bundles from './shipments.repository.ts';
import {
  GATES,
  audit,
  completeInTransaction,
  completionNotice,
  gate,
  isManagement,
  load,
  publish,
  requestIdOfPrinting,
  type CompletionNotice,
} from './service.ts';

/** Staff who ship: management but lab partners. */
function requireShippingStaff(actor: Actor) {
  if (!isManagement(actor) || patientScopeOf(actor).kind === 'lab_partner') throw forbidden();
}

/** The fees each need their own permission. */
function gateFees(
  actor: Actor,
  body: { custom_shipping_fee?: number | null; internal_shipping_cost?: number | null },
) {
  if (body.custom_shipping_fee !== undefined && !can(actor, 'customer-requests.apply-custom-shipping-fee'))
    throw forbidden();
  if (
    body.internal_shipping_cost !== undefined &&
    !can(actor, 'customer-requests.apply-internal-shipping-cost')
  )
    throw forbidden();
}

/** Each printing request's customer request, within the caller's scope (404 outside it). */
async function requestIdsOf(ctx: AppContext, actor: Actor, printingRequestIds: number[]) {
  const requestIds = new Map<number, number>();
  for (const id of printingRequestIds) requestIds.set(id, await requestIdOfPrinting(ctx, actor, id));
  return requestIds;
}

/** Rows that may ship together: open, to one location, assigned to the lab. */
function checkShipTogether(rows: repo.ShipmentRow[]) {
  if (rows.some((r) => r.statusId !== 1 && r.statusId !== 2)) throw conflict(REQUEST_MESSAGES.notOpen);
  if (rows.some((r) => r.to === null)) throw fieldError('ids', REQUEST_MESSAGES.shippingLocationMissing);
  if (rows.some((r) => r.assignedTo === ASSIGNMENT.thirdParty))
    throw fieldError('ids', REQUEST_MESSAGES.assignedToThirdParty);
  if (new Set(rows.map((r) => r.locationId)).size > 1)
    throw fieldError('ids', REQUEST_MESSAGES.differentLocations);
}

/** The earliest ship date of the rows (the bundle's place in the shipping view). */
const earliestShipDate = (rows: repo.ShipmentRow[]) =>
  rows
    .map((r) => r.shipDate)
    .filter((d): d is string => d !== null)
    .sort()[0] ?? null;

/** The service the carrier is asked for: the one the shipping method names, else the cheapest. */
function rateFor(rates: Rate[], method: string | null): Rate {
  const named = method
    ? rates.find((r) => method.toLowerCase().includes(r.service.toLowerCase()))
    : undefined;
  return named ?? [...rates].sort((a, b) => a.rate_cents - b.rate_cents)[0]!;
}

/** A parcel of trays: 8 oz a case. */
const OUNCES_PER_CASE = 8;

/** Rates and buys the label; an address the carrier refuses answers 422 with its reason. */
async function buyLabel(
  carrier: Carrier,
  from: AppContext['config']['labShipFrom'],
  rows: repo.ShipmentRow[],
) {
  try {
    const shipment = await carrier.createShipment({
      from_address: from,
      to_address: rows[0]!.to!,
      parcel: { weight: OUNCES_PER_CASE * rows.length },
      reference: rows.length > 1 ? `${rows.length} print requests` : `Print request #${rows[0]!.id}`,
    });
    return await carrier.buy({
      shipment,
      rate_id: rateFor(shipment.rates, rows[0]!.shippingMethod).id,
      sequence: rows.map((r) => r.id).join('-'),
    });
  } catch (error) {
    if (error instanceof CarrierError) throw fieldError('ids', error.message);
    throw error;
  }
}

/** A bundle the caller may see: every request of it within the caller's scope, else 404. */
async function loadBundle(ctx: AppContext, actor: Actor, id: number) {
  const bundle = await bundles.findBundle(ctx.db, id);
  if (!bundle) throw notFound();
  for (const prId of bundle.printing_request_ids) await requestIdOfPrinting(ctx, actor, prId);
  return bundle;
}

function auditBundle(
  trx: Parameters<typeof recordAudit>[0],
  actor: Actor,
  meta: RequestMeta,
  action: string,
  id: number,
  details: Record<string, unknown>,
) {
  return recordAudit(trx, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: 'bundled_shipment',
    entityId: id,
    organizationId: null,
    outcome: 'success',
    details,
  });
}

const toBundle = ({ has_label: _hasLabel, ...b }: bundles.BundleRow): BundledShipment => b;

export type PrintShippingLabelInput = { ids?: number[]; bundled_shipment_id?: number };

/**
 * The 4×6 in shipping label (PDF): for `ids`, bought from the carrier (from the lab's address) and
 * kept on a new bundle holding the requests, each of which records the tracking number and carrier;
 * for `bundled_shipment_id`, the bundle's label again.
 */
export async function printShippingLabel(
  ctx: AppContext,
  actor: Actor,
  body: PrintShippingLabelInput,
  meta: RequestMeta,
): Promise<{ pdf: Buffer; bundleId: number }> {
  if (body.bundled_shipment_id !== undefined) {
    const bundle = await loadBundle(ctx, actor, body.bundled_shipment_id);
    gate(actor, GATES.shipping);
    requireShippingStaff(actor);
    const pdf = bundle.has_label ? await bundles.labelOf(ctx.db, bundle.id) : null;
    if (!pdf) throw fieldError('bundled_shipment_id', BUNDLE_MESSAGES.noLabel);
    return { pdf, bundleId: bundle.id };
  }
  const unique = [...new Set(body.ids ?? [])];
  const requestIds = await requestIdsOf(ctx, actor, unique);
  gate(actor, GATES.shipping);
  requireShippingStaff(actor);
  const rows = await repo.shipmentRowsOf(ctx.db, unique);
  checkShipTogether(rows);
  const purchased = await buyLabel(createCarrier(ctx.config), ctx.config.labShipFrom, rows);
  const pdf = purchased.postage_label.data;
  const bundleId = await ctx.db.transaction().execute(async (trx) => {
    const id = await bundles.createBundle(trx, {
      locationId: rows[0]!.locationId,
      shipDate: earliestShipDate(rows),
      trackingNumber: purchased.tracking_code,
      courier: purchased.selected_rate.carrier,
      shippingCostCents: purchased.selected_rate.rate_cents,
      labelPdf: pdf,
      createdBy: actor.userId,
    });
    await bundles.moveIntoBundle(trx, unique, id);
    await repo.markShippingLabelPrinted(trx, unique, {
      trackingNumber: purchased.tracking_code,
      courier: purchased.selected_rate.carrier,
    });
    for (const row of rows) {
      const r = await load(ctx, trx, actor, requestIds.get(row.id)!, true);
      await repo.touchRequest(trx, r.id);
      await audit(trx, actor, meta, 'printing_request.shipping_label', r, {
        printing_request_id: row.id,
        bundled_shipment_id: id,
        tracking_number: purchased.tracking_code,
      });
    }
    return id;
  });
  return { pdf, bundleId };
}

type CompletionInput = z.output<typeof BundledCompletionBody>;

/**
 * Bundled Shipping: completes printing requests that shipped in one parcel with its tracking
 * number (and the fees). They join one bundle: the one they all share, else a new one.
 */
export async function completeBundle(
  ctx: AppContext,
  actor: Actor,
  body: CompletionInput,
  meta: RequestMeta,
) {
  const unique = [...new Set(body.ids)];
  const requestIds = await requestIdsOf(ctx, actor, unique);
  if (!can(actor, ...GATES.complete)) throw forbidden();
  requireShippingStaff(actor);
  gateFees(actor, body);
  const rows = await repo.shipmentRowsOf(ctx.db, unique);
  checkShipTogether(rows);
  if (rows.some((r) => !r.shippingLabelPrinted || !r.patientLabelPrinted))
    throw fieldError('ids', BUNDLE_MESSAGES.labelsFirst);
  const notices = new Map<number, CompletionNotice>();
  for (const requestId of requestIds.values())
    notices.set(requestId, await completionNotice(ctx, actor, await load(ctx, ctx.db, actor, requestId)));
  const shared = new Set(rows.map((r) => r.bundledShipmentId));
  const tracking = body.tracking_number;
  const { bundleId, completed } = await ctx.db.transaction().execute(async (trx) => {
    const existing = shared.size === 1 ? [...shared][0]! : null;
    const id =
      existing ??
      (await bundles.createBareBundle(trx, {
        locationId: rows[0]!.locationId,
        shipDate: earliestShipDate(rows),
        createdBy: actor.userId,
      }));
    if (existing === null) await bundles.moveIntoBundle(trx, unique, id);
    else await bundles.findBundle(trx, id, { lock: true });
    await bundles.updateBundle(trx, id, {
      trackingNumber: tracking,
      customShippingFeeCents: body.custom_shipping_fee,
      internalShippingCostCents: body.internal_shipping_cost,
    });
    const done = [];
    for (const row of rows) {
      const requestId = requestIds.get(row.id)!;
      done.push(
        await completeInTransaction(
          ctx,
          trx,
          actor,
          requestId,
          tracking,
          notices.get(requestId) ?? null,
          meta,
          {
            bundled_shipment_id: id,
          },
        ),
      );
    }
    await bundles.completeBundleIfDone(trx, id);
    await auditBundle(trx, actor, meta, 'bundled_shipment.complete', id, {
      printing_request_ids: unique,
      tracking_number: tracking,
      custom_shipping_fee_cents: body.custom_shipping_fee ?? null,
      internal_shipping_cost_cents: body.internal_shipping_cost ?? null,
    });
    return { bundleId: id, completed: done };
  });
  for (const r of completed) await publish(ctx, r, r.status_id);
  const bundle = (await bundles.findBundle(ctx.db, bundleId))!;
  return { bundled_shipment: toBundle(bundle), message: BUNDLE_MESSAGES.completed };
}

type UpdateInput = z.output<typeof UpdateBundledShipmentBody>;

/** Update Bundled Shipping: the tracking number (also on its requests) and the fees. */
export async function updateBundle(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdateInput,
  meta: RequestMeta,
) {
  await loadBundle(ctx, actor, id);
  if (!can(actor, ...GATES.complete)) throw forbidden();
  requireShippingStaff(actor);
  gateFees(actor, body);
  const members = await bundles.requestsOfBundle(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await bundles.findBundle(trx, id, { lock: true }))) throw notFound();
    await bundles.updateBundle(trx, id, {
      trackingNumber: body.tracking_number,
      customShippingFeeCents: body.custom_shipping_fee,
      internalShippingCostCents: body.internal_shipping_cost,
    });
    if (body.tracking_number !== undefined)
      for (const m of members) await repo.touchRequest(trx, m.requestId);
    await auditBundle(trx, actor, meta, 'bundled_shipment.update', id, {
      tracking_number: body.tracking_number,
      custom_shipping_fee_cents: body.custom_shipping_fee,
      internal_shipping_cost_cents: body.internal_shipping_cost,
    });
  });
  const bundle = (await bundles.findBundle(ctx.db, id))!;
  return { bundled_shipment: toBundle(bundle), message: BUNDLE_MESSAGES.updated };
}
