/**
 * Billing: payment method expiry, orders (invoices) and their discounts and charges, the
 * subscriptions (contracts) with payment attempts, suspend and resume. Spec: document 3 sections
 * 2.5 (Payment, Invoices tabs), 2.11, 3, 4, 5, 6, 7 (Billing), 8 and 9.
 *
 * Gates, enforced here (another organization's record is 404 before any 403):
 * - payment methods: a practice user in their current organization holding
 *   organization.f_m_payment_methods.update (the owner), or management with organizations.manage;
 * - invoices: a practice user in their current organization holding organization.get-current-order,
 *   or management with orders.manage or contracts.manage;
 * - subscriptions: management with contracts.manage or orders.manage reads; suspend and resume
 *   need contracts.manage; Attempt Payment contracts.manage or orders.manage;
 * - adding a discount or charge: orders.manage or contracts.manage; removing one: orders.manage;
 * - seats (the Extra tab): the payment-method gate, and the license type must allow buying seats.
 */
import {
  ADDITIONAL_SEATS_PRODUCT,
  BILLING_MESSAGES,
  SEAT_MESSAGES,
  additionalSeatsLabel,
  seatsTotalCents,
  type BuySeatsResponse,
  type OrganizationSeatsResponse,
  isRemovableAdjustment,
  lastDayOfExpiryMonth,
  type Contract,
  type ContractSummary,
  type ListContractsQuery,
  type Order,
  type PaymentMethod,
  type PaymentStatus,
} from '@archline/contracts';
import { addDays, isoDay } from '@archline/contracts/billing-run';
import { orderTotals, type PaymentMethodType } from '@archline/contracts/price-rules';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { paginate } from '../../platform/http/paginate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize, can, organizationScope } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import { paymentProcessorFor } from '../../platform/payments/index.ts';
import { findLicenseById } from '../licenses/service.ts';
import { notifyUser } from '../notifications/service.ts';
import { effectivePricing } from '../pricing/index.ts';
import { notificationEnabled } from '../users/service.ts';
import * as repo from './repository.ts';
import * as runRepo from './run-repository.ts';

type Db = Kysely<DB>;

async function audit(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number,
  entity: { type: string; id: number },
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: entity.type,
    entityId: entity.id,
    organizationId,
    outcome: 'success',
    details,
  });
}

// ---- gates ----------------------------------------------------------------------------------

type Gate = 'payment' | 'invoices';

function allowed(actor: Actor, organizationId: number, gate: Gate): boolean {
  if (actor.profile === 'management')
    return gate === 'payment'
      ? can(actor, 'organizations.manage')
      : can(actor, 'orders.manage', 'contracts.manage');
  if (actor.currentOrganizationId !== organizationId) return false;
  return gate === 'payment'
    ? can(actor, 'organization.f_m_payment_methods.update')
    : can(actor, 'organization.get-current-order');
}

/** The organization if visible (404 otherwise) and the actor passes the gate (403 otherwise). */
async function gateOrganization(db: Db, actor: Actor, organizationId: number, gate: Gate) {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await repo.findOrganization(db, organizationId);
  if (!org || org.deleted_at) throw notFound();
  if (!allowed(actor, organizationId, gate)) throw forbidden();
  return org;
}

function requireSubscriptions(actor: Actor): void {
  if (actor.profile !== 'management') throw forbidden();
  authorize(actor, 'contracts.manage', 'orders.manage');
}

// ---- payment methods ------------------------------------------------------------------------

function toMethod(row: repo.MethodRow): PaymentMethod {
  return {
    id: row.id,
    payment_method_nickname: row.payment_method_nickname,
    payment_method_type: row.payment_method_type as PaymentMethodType,
    card_exp_datetime: row.card_exp_datetime ? String(row.card_exp_datetime).slice(0, 10) : null,
    is_primary: row.is_primary,
  };
}

/** PUT /f_m_payment_methods/{id}/update_exp_date: the card's new expiry month (not in the past). */
export async function updateExpiry(
  ctx: AppContext,
  actor: Actor,
  id: number,
  value: string,
  meta: RequestMeta,
): Promise<PaymentMethod> {
  const method = await repo.findPaymentMethod(ctx.db, id);
  if (!method || !seesOrganization(actor, method.organization_id)) throw notFound();
  const org = await gateOrganization(ctx.db, actor, method.organization_id, 'payment');
  if (org.disabled_at && actor.profile !== 'management') throw forbidden();
  if (method.payment_method_type !== 'card')
    throw fieldError('card_exp_datetime', BILLING_MESSAGES.expiryOnlyCards);
  const now = new Date();
  const month = Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
  if (month < now.getUTCFullYear() * 12 + now.getUTCMonth())
    throw fieldError('card_exp_datetime', BILLING_MESSAGES.expiryInvalid);
  const lastDay = lastDayOfExpiryMonth(value);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.updateExpiry(trx, id, lastDay);
    await audit(
      trx,
      actor,
      meta,
      'billing.payment-method-expiry',
      method.organization_id,
      {
        type: 'payment_method',
        id,
      },
      { card_exp_datetime: lastDay },
    );
    return toMethod(row);
  });
}

/** GET /organizations/{id}/contract: the subscription summary the Payment tab shows (next payment date). */
export async function organizationContract(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<ContractSummary | null> {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await repo.findOrganization(ctx.db, organizationId);
  if (!org || org.deleted_at) throw notFound();
  if (!allowed(actor, organizationId, 'payment') && !allowed(actor, organizationId, 'invoices'))
    throw forbidden();
  const contract = await repo.findContractOfOrganization(ctx.db, organizationId);
  if (!contract) return null;
  const { license_id: _license, ...summary } = contract;
  return summary;
}

// ---- orders ---------------------------------------------------------------------------------

export async function organizationOrders(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<Order[]> {
  await gateOrganization(ctx.db, actor, organizationId, 'invoices');
  return repo.ordersOf(ctx.db, [organizationId]);
}

export async function currentOrder(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<Order | null> {
  await gateOrganization(ctx.db, actor, organizationId, 'invoices');
  return (await repo.currentOrderOf(ctx.db, organizationId)) ?? null;
}

/**
 * GET /users/{id}/orders: the orders of the user's organizations the caller may read (a practice
 * user: only their own, in their current organization).
 */
export async function userOrders(ctx: AppContext, actor: Actor, userId: number): Promise<Order[]> {
  if (actor.profile !== 'management') {
    if (userId !== actor.userId) throw notFound();
    const organizationId = actor.currentOrganizationId;
    if (organizationId === null) return [];
    await gateOrganization(ctx.db, actor, organizationId, 'invoices');
    return repo.ordersOf(ctx.db, [organizationId]);
  }
  if (!(await repo.userExists(ctx.db, userId))) throw notFound();
  const ids = (await repo.organizationIdsOfUser(ctx.db, userId)).filter((id) => seesOrganization(actor, id));
  if (!ids.length && userId !== actor.userId) throw notFound();
  authorize(actor, 'orders.manage', 'contracts.manage');
  return repo.ordersOf(ctx.db, ids);
}

/** An order the actor may read (404 outside their organizations, 403 without the invoice gate). */
export async function getOrder(ctx: AppContext, actor: Actor, id: number): Promise<Order> {
  const order = await repo.findOrder(ctx.db, id);
  if (!order || !seesOrganization(actor, order.organization.id)) throw notFound();
  await gateOrganization(ctx.db, actor, order.organization.id, 'invoices');
  return order;
}

/** Recomputes an order's subtotal, card fee and total from its lines (in the caller's transaction). */
async function recomputeTotals(db: Db, head: repo.OrderHead): Promise<void> {
  const [lines, primary] = await Promise.all([
    repo.orderLines(db, head.id),
    repo.findPrimaryPaymentMethod(db, head.organization_id),
  ]);
  const totals = orderTotals({
    items: lines.items.map((i) => i.value),
    discounts: lines.discounts.map((d) => d.value),
    charges: lines.charges.map((c) => c.value),
    creditsCents: head.credits,
    method: (primary?.payment_method_type as PaymentMethodType | undefined) ?? null,
  });
  await repo.updateOrderTotals(db, head.id, {
    subtotal: totals.subtotal,
    credit_card_fee: totals.credit_card_fee,
    total: totals.total + head.tax,
  });
}

/** The order for a change by staff: visible, unpaid, locked. */
async function orderForChange(db: Db, actor: Actor, id: number): Promise<repo.OrderHead> {
  const head = await repo.findOrderHead(db, id, { forUpdate: true });
  if (!head || !seesOrganization(actor, head.organization_id)) throw notFound();
  if (head.fm_invoice_status === 'PAID') throw conflict(BILLING_MESSAGES.paidOrderLocked);
  return head;
}

/** POST /orders/{id}/add_discount_or_charge: a negative value is a discount, a positive one a charge. */
export async function addDiscountOrCharge(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { custom_description: string; value: number },
  meta: RequestMeta,
): Promise<{ order: Order; message: string }> {
  if (actor.profile !== 'management') {
    const head = await repo.findOrderHead(ctx.db, id);
    if (!head || !seesOrganization(actor, head.organization_id)) throw notFound();
    throw forbidden();
  }
  const head0 = await repo.findOrderHead(ctx.db, id);
  if (!head0 || !seesOrganization(actor, head0.organization_id)) throw notFound();
  authorize(actor, 'orders.manage', 'contracts.manage');
  const kind = input.value < 0 ? 'discount' : 'charge';
  await ctx.db.transaction().execute(async (trx) => {
    const head = await orderForChange(trx, actor, id);
    const adjustmentId = await repo.insertAdjustment(trx, {
      order_id: id,
      kind,
      custom_description: input.custom_description,
      value: Math.abs(input.value),
      user_id: actor.userId,
    });
    await recomputeTotals(trx, head);
    await audit(
      trx,
      actor,
      meta,
      `billing.order-${kind}-add`,
      head.organization_id,
      { type: 'order', id },
      {
        adjustment_id: adjustmentId,
        value: Math.abs(input.value),
        custom_description: input.custom_description,
      },
    );
  });
  return {
    order: (await repo.findOrder(ctx.db, id))!,
    message: kind === 'discount' ? BILLING_MESSAGES.discountAdded : BILLING_MESSAGES.chargeAdded,
  };
}

/** POST /orders/{id}/remove_discount or remove_charge (orders.manage; never a periodic or protected one). */
export async function removeAdjustment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: 'discount' | 'charge',
  adjustmentId: number,
  meta: RequestMeta,
): Promise<{ order: Order; message: string }> {
  const head0 = await repo.findOrderHead(ctx.db, id);
  if (!head0 || !seesOrganization(actor, head0.organization_id)) throw notFound();
  if (actor.profile !== 'management') throw forbidden();
  authorize(actor, 'orders.manage');
  const field = kind === 'discount' ? 'discount_id' : 'charge_id';
  await ctx.db.transaction().execute(async (trx) => {
    const head = await orderForChange(trx, actor, id);
    const adjustment = await repo.findAdjustment(trx, id, adjustmentId, kind);
    if (!adjustment) throw fieldError(field, `The selected ${kind} is invalid.`);
    const promotion_code = adjustment.promotion_code ? { code: adjustment.promotion_code } : null;
    if (!isRemovableAdjustment({ is_periodic: adjustment.is_periodic, promotion_code }))
      throw unprocessable(BILLING_MESSAGES.notRemovable, { [field]: [BILLING_MESSAGES.notRemovable] });
    await repo.deleteAdjustment(trx, adjustmentId);
    await recomputeTotals(trx, head);
    await audit(
      trx,
      actor,
      meta,
      `billing.order-${kind}-remove`,
      head.organization_id,
      { type: 'order', id },
      {
        adjustment_id: adjustmentId,
        custom_description: adjustment.custom_description,
      },
    );
  });
  return {
    order: (await repo.findOrder(ctx.db, id))!,
    message: kind === 'discount' ? BILLING_MESSAGES.discountRemoved : BILLING_MESSAGES.chargeRemoved,
  };
}

// ---- subscriptions --------------------------------------------------------------------------

export async function listContracts(ctx: AppContext, actor: Actor, query: ListContractsQuery) {
  requireSubscriptions(actor);
  if (query.organizations !== undefined && !seesOrganization(actor, query.organizations)) throw notFound();
  const scope = organizationScope(actor);
  const filter = {
    search: query.searchFullNameQuery || undefined,
    paymentStatus: query.paymentStatus,
    organizationId: query.organizations,
    from: query.from,
    to: query.to,
    page: query.page,
    perPage: query.per_page,
  };
  return {
    contracts: await paginate(filter, (page) => repo.listContracts(ctx.db, scope, { ...filter, ...page })),
  };
}

async function showContract(
  db: Db,
  summary: NonNullable<Awaited<ReturnType<typeof repo.findContract>>>,
): Promise<Contract> {
  const { license_id, ...rest } = summary;
  const [license, attempts, orders] = await Promise.all([
    license_id === null ? undefined : repo.findLicense(db, license_id),
    repo.attemptsOf(db, summary.id),
    repo.ordersOfContract(db, summary.id),
  ]);
  return {
    ...rest,
    license: license
      ? {
          id: license.id,
          seats: license.seats,
          license_type: { id: license.type_id, name: license.type_name },
        }
      : null,
    payment_attempts: attempts,
    current_order: orders.find((o) => o.is_current) ?? null,
    orders,
    has_unpaid_order: orders.some((o) => o.fm_invoice_status !== 'PAID'),
  };
}

async function visibleContract(db: Db, actor: Actor, id: number) {
  const contract = await repo.findContract(db, id);
  if (!contract || !seesOrganization(actor, contract.organization.id)) throw notFound();
  return contract;
}

export async function getContract(ctx: AppContext, actor: Actor, id: number): Promise<Contract> {
  const contract = await visibleContract(ctx.db, actor, id);
  requireSubscriptions(actor);
  return showContract(ctx.db, contract);
}

interface PaymentOutcome {
  paid: boolean;
  message: string;
}

/**
 * Charges the contract's oldest unpaid order to the organization's primary method, inside the
 * caller's transaction: the order's totals follow the method (card fee), the attempt is recorded
 * with its message, the order and the contract take the outcome, and a failure notifies the
 * organization's owners (payment_failed). Undefined when nothing is unpaid.
 */
async function chargeUnpaidOrder(
  ctx: AppContext,
  trx: Db,
  contract: { id: number; organization: { id: number; name: string } },
  recipients: number[],
): Promise<PaymentOutcome | undefined> {
  const order = await repo.unpaidOrderOf(trx, contract.id);
  if (!order) return undefined;
  // The billing run commits its pending attempt before it asks the processor: while that charge
  // is out, a second one would charge the invoice twice.
  if (await repo.hasPendingAttempt(trx, order.id)) throw conflict(BILLING_MESSAGES.paymentInProgress);
  const primary = await repo.findPrimaryPaymentMethod(trx, contract.organization.id);
  await recomputeTotals(trx, order);
  const head = (await repo.findOrderHead(trx, order.id))!;
  let outcome: PaymentOutcome;
  if (!primary) {
    outcome = { paid: false, message: BILLING_MESSAGES.noPaymentMethod };
  } else if (head.total === 0) {
    outcome = { paid: true, message: 'No charge: the order total is 0.' };
  } else {
    const processor = paymentProcessorFor(ctx.config);
    const charge = await processor.charge({
      token: primary.provider_token,
      amount: head.total / 100,
      description: `Archline invoice ${order.id}, ${contract.organization.name}`,
    });
    outcome = charge.ok
      ? { paid: true, message: `Payment reference ${charge.reference}` }
      : { paid: false, message: charge.message };
  }
  await repo.insertPaymentAttempt(trx, {
    contract_id: contract.id,
    order_id: order.id,
    payment_method_id: primary?.id ?? null,
    status: outcome.paid ? 'success' : 'failed',
    amount: head.total,
    message: outcome.message,
  });
  await repo.setOrderStatus(trx, order.id, outcome.paid ? 'PAID' : 'NOT_PAID');
  await repo.recordContractPayment(trx, contract.id, outcome.paid);
  if (!outcome.paid) {
    for (const ownerId of recipients) {
      await notifyUser(ctx, trx, {
        userId: ownerId,
        message: BILLING_MESSAGES.paymentFailedNotice(contract.organization.name, outcome.message),
        link: '/account?tab=4',
        type: 'payment_failed',
        organizationId: contract.organization.id,
      });
    }
  }
  return outcome;
}

/**
 * The owners who hear of a failed payment (payment_failed on), read before the payment's
 * transaction (the settings are another module's reads on the shared connection).
 */
async function failedPaymentRecipients(ctx: AppContext, organizationId: number): Promise<number[]> {
  const owners = await repo.ownerIds(ctx.db, organizationId);
  const enabled = await Promise.all(owners.map((id) => notificationEnabled(ctx, id, 'payment_failed')));
  return owners.filter((_id, i) => enabled[i]);
}

/** POST /contracts/{id}/attempt_payment: not for a suspended subscription; 409 when nothing is unpaid. */
export async function attemptPayment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<{ contract: Contract; message: string }> {
  const visible = await visibleContract(ctx.db, actor, id);
  requireSubscriptions(actor);
  const recipients = await failedPaymentRecipients(ctx, visible.organization.id);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const contract = (await repo.findContract(trx, id, { forUpdate: true }))!;
    if (contract.suspended_at) throw conflict(BILLING_MESSAGES.paymentSuspended);
    const result = await chargeUnpaidOrder(ctx, trx, contract, recipients);
    if (!result) throw conflict(BILLING_MESSAGES.nothingToPay);
    await audit(
      trx,
      actor,
      meta,
      'billing.attempt-payment',
      contract.organization.id,
      { type: 'contract', id },
      {
        paid: result.paid,
        message: result.message,
      },
    );
    return result;
  });
  const contract = await showContract(ctx.db, (await repo.findContract(ctx.db, id))!);
  if (!outcome.paid) throw unprocessable(outcome.message, { payment: [outcome.message] });
  return { contract, message: BILLING_MESSAGES.paymentSucceeded };
}

export async function suspendContract(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<{ contract: Contract; message: string }> {
  await visibleContract(ctx.db, actor, id);
  if (actor.profile !== 'management') throw forbidden();
  authorize(actor, 'contracts.manage');
  await ctx.db.transaction().execute(async (trx) => {
    const contract = (await repo.findContract(trx, id, { forUpdate: true }))!;
    if (contract.suspended_at) throw conflict(BILLING_MESSAGES.alreadySuspended);
    await repo.suspendContract(trx, id);
    await audit(trx, actor, meta, 'billing.contract-suspend', contract.organization.id, {
      type: 'contract',
      id,
    });
  });
  return {
    contract: await showContract(ctx.db, (await repo.findContract(ctx.db, id))!),
    message: BILLING_MESSAGES.suspended,
  };
}

/**
 * POST /contracts/{id}/resume: only when the organization is not disabled; an unpaid order is
 * charged at once (the subscription resumes either way, NOT_PAID when the charge fails).
 */
export async function resumeContract(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<{ contract: Contract; message: string }> {
  const visible = await visibleContract(ctx.db, actor, id);
  if (actor.profile !== 'management') throw forbidden();
  authorize(actor, 'contracts.manage');
  const recipients = await failedPaymentRecipients(ctx, visible.organization.id);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const contract = (await repo.findContract(trx, id, { forUpdate: true }))!;
    if (!contract.suspended_at) throw conflict(BILLING_MESSAGES.notSuspended);
    if (contract.organization.disabled_at) throw unprocessable(BILLING_MESSAGES.organizationDisabled);
    await repo.resumeContract(trx, id, 'PAID' satisfies PaymentStatus);
    const result = await chargeUnpaidOrder(ctx, trx, contract, recipients);
    await audit(
      trx,
      actor,
      meta,
      'billing.contract-resume',
      contract.organization.id,
      { type: 'contract', id },
      {
        payment: result ? { paid: result.paid, message: result.message } : null,
      },
    );
    return result;
  });
  const contract = await showContract(ctx.db, (await repo.findContract(ctx.db, id))!);
  const message =
    outcome && !outcome.paid ? `${BILLING_MESSAGES.resumed} ${outcome.message}` : BILLING_MESSAGES.resumed;
  return { contract, message };
}

// ---- seats (the account page's Extra tab) ---------------------------------------------------

/** The contract's license of the organization (undefined without a contract or license). */
async function contractLicense(ctx: AppContext, organizationId: number) {
  const contract = await repo.findContractOfOrganization(ctx.db, organizationId);
  if (!contract?.license_id) return { contract, license: undefined };
  return { contract, license: await findLicenseById(ctx, contract.license_id) };
}

/**
 * GET /organizations/{id}/seats: the contract's license (seats, devices, available seats), whether
 * its type allows buying seats, and the price of one seat. The payment gate (the owner's
 * organization.f_m_payment_methods.update; management with organizations.manage).
 */
export async function organizationSeats(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<OrganizationSeatsResponse> {
  await gateOrganization(ctx.db, actor, organizationId, 'payment');
  const [{ license }, prices] = await Promise.all([
    contractLicense(ctx, organizationId),
    effectivePricing(ctx, organizationId),
  ]);
  return {
    license: license ?? null,
    allow_buy_seats: license ? await repo.licenseAllowsSeats(ctx.db, license.id) : false,
    seat_price: prices.settings.additional_seat,
  };
}

/**
 * POST /organizations/{id}/buy-seats: in one transaction the contract's license gains the seats
 * and 'Additional seats (n)' at quantity × the seat price goes on the current order when the
 * billing run will still charge it in full, else on a new current order of its own that the run
 * charges after delay_payment_processing days. 403 when the license type does not allow it.
 */
export async function buySeats(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  quantity: number,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<BuySeatsResponse> {
  await gateOrganization(ctx.db, actor, organizationId, 'payment');
  // Other modules' reads first, outside the transaction.
  const prices = await effectivePricing(ctx, organizationId);
  const price = prices.settings.additional_seat;
  const value = seatsTotalCents(quantity, price);
  const productId = await runRepo.productId(
    ctx.db,
    ADDITIONAL_SEATS_PRODUCT.code,
    ADDITIONAL_SEATS_PRODUCT.name,
  );
  const today = isoDay(now);
  const { licenseId, orderId } = await ctx.db.transaction().execute(async (trx) => {
    const contract = await repo.findContractOfOrganization(trx, organizationId);
    const license = contract?.license_id ? await repo.lockSeatLicense(trx, contract.license_id) : undefined;
    if (!contract || !license) throw forbidden(SEAT_MESSAGES.noLicense);
    if (!license.allow_buy_seats) throw forbidden(SEAT_MESSAGES.notAllowed);
    if (contract.suspended_at) throw conflict(SEAT_MESSAGES.suspended);
    await repo.addLicenseSeats(trx, license.id, quantity);
    const head =
      (await repo.lockOpenRunOrder(trx, organizationId)) ??
      (await repo.insertSeatsOrder(trx, {
        organization_id: organizationId,
        contract_id: contract.id,
        today,
        payment_due_date: addDays(today, prices.settings.delay_payment_processing),
      }));
    await runRepo.insertOrderItems(trx, [
      {
        order_id: head.id,
        product_id: productId,
        value,
        action_date: today,
        details: {
          description: additionalSeatsLabel(quantity),
          quantity,
          unit_price: price,
          license_id: license.id,
        },
      },
    ]);
    await recomputeTotals(trx, head);
    await audit(
      trx,
      actor,
      meta,
      'billing.seats-buy',
      organizationId,
      { type: 'license', id: license.id },
      { quantity, unit_price: price, value, order_id: head.id, seats: license.seats + quantity },
    );
    return { licenseId: license.id, orderId: head.id };
  });
  return {
    message: SEAT_MESSAGES.bought(quantity),
    license: (await findLicenseById(ctx, licenseId))!,
    order: (await repo.findOrder(ctx.db, orderId))!,
  };
}
