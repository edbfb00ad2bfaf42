/**
 * The monthly billing run. Spec: document 3 sections 3 (Order/invoice, Order item,
 * Discount/charge, Contract, Periodic rule, Pricing, Promotion code), 4 (payment statuses), 7
 * (Billing), 8, 9; document 2 section 9 (rush fee doubled for both arches, root integration fee).
 * The rules themselves are pure (`@archline/contracts/billing-run`, `price-rules`); this file reads
 * and writes them.
 *
 * One run, for the day of the `now` it is given (never the wall clock):
 *   1. every contract due on or before that day gets its order of each due period (at most 12 at
 *      once), in one transaction per order: the monthly fee, the cases whose charge date has come,
 *      volume discount, monthly promotion code, periodic rules, credits, card fee; the contract
 *      moves to its next due date and to PENDING; the owners hear of it (monthly_invoice);
 *   2. every order of the run whose payment date has come and that is still PENDING is charged to
 *      the primary method with the idempotency key of its contract and period: a pending attempt
 *      is committed first, then the processor is asked, then the outcome is written (PAID or
 *      NOT_PAID on the order and the contract; payment_failed on a failure).
 *
 * Idempotent and safe to resume: an order is keyed by contract and due date (unique), a case is
 * charged once (billed_cases), a charge is keyed too (unique attempt key, the same key to the
 * processor), so a repeated run, two runs at once or a run resumed after a crash never create a
 * second order nor charge twice.
 */
import { BILLING_MESSAGES } from '@archline/contracts';
import {
  CASE_FEE_PRODUCT,
  MAX_PERIODS_PER_RUN,
  MONTHLY_FEE_PRODUCT,
  addDays,
  billingDueDate,
  monthlyInvoiceNotice,
  billingKey,
  billingPeriod,
  consumeCredits,
  isoDay,
  monthlyInvoice,
  monthlyPromotionApplies,
  paymentDueDate,
  periodicRuleApplies,
  type BilledCase,
} from '@archline/contracts/billing-run';
import {
  decimalDollarsToCents,
  orderTotals,
  type ExportFeeKey,
  type PaymentMethodType,
  type PriceList,
} from '@archline/contracts/price-rules';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { paymentProcessorFor, type PaymentProcessor } from '../../platform/payments/index.ts';
import { notifyUser } from '../notifications/service.ts';
import { effectivePricing } from '../pricing/index.ts';
import { notificationEnabled } from '../users/service.ts';
import * as billingRepo from './repository.ts';
import * as repo from './run-repository.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

type Db = Kysely<DB>;

export interface BillingRunOptions {
  /** The moment the run bills for (its UTC day decides what is due). */
  now: Date;
  /** The payment processor (default: the configured one). */
  processor?: PaymentProcessor;
  /** Test seams: called after each order is issued / after the processor answered a charge. */
  hooks?: {
    afterOrderIssued?: (info: { contractId: number; orderId: number }) => void | Promise<void>;
    afterProcessorAnswered?: (info: { contractId: number; orderId: number }) => void | Promise<void>;
  };
}

export interface BillingRunResult {
  day: string;
  ordersIssued: number;
  chargesAttempted: number;
  paid: number;
  failed: number;
}

const EXPORT_KEYS: Record<number, ExportFeeKey> = {
  1: 'export_tray',
  2: 'export_with_guides',
  3: 'export_with_brackets',
};
const PROVIDER = 1;

function monthLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `Invoice ${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
}

/** The owners who hear of `key` (organization setting and each owner's own toggle). */
async function recipients(ctx: AppContext, organizationId: number, key: string): Promise<number[]> {
  const owners = await repo.defaultRecipients(ctx.db, organizationId, key);
  const enabled = await Promise.all(owners.map((id) => notificationEnabled(ctx, id, key)));
  return owners.filter((_id, i) => enabled[i]);
}

/** A case as the price rules read it. */
function billedCase(row: repo.CaseRow, prices: PriceList): BilledCase {
  const priced = new Set(prices.custom_rxform.map((f) => f.id));
  const custom_fields: Record<string, unknown> = {};
  for (const f of row.custom_fields ?? []) {
    const id = priced.has(f.control_id) ? f.control_id : (f.custom_system_name ?? f.control_id);
    custom_fields[id] = f.value;
  }
  const exports: ExportFeeKey[] = [];
  const exportKey = row.export_type === null ? undefined : EXPORT_KEYS[row.export_type];
  if (exportKey) exports.push(exportKey);
  if (row.tray_design_assignment === PROVIDER) exports.push('tray_design');
  return {
    rx_form_id: row.rx_form_id,
    patient_id: row.patient_id,
    patient_name: [row.patient_first_name, row.patient_last_name].filter(Boolean).join(' '),
    doctor_name: `${row.doctor_first_name} ${row.doctor_last_name}`,
    doctor_account_number: row.doctor_account_number,
    case_number_text: row.case_number_text,
    creation_date: row.patient_created_day,
    order: {
      jaws_id: row.jaws_id,
      rush_case: row.rush_case,
      root_integration_type: row.root_integration_type,
      services: {
        initial_case_setup: row.initial_setup_assignment === PROVIDER,
        print: row.print_assignment === PROVIDER,
        insert_brackets: row.insert_brackets_assignment === PROVIDER,
      },
      exports,
      shipping_fee_key: row.shipping_fee_key,
      custom_shipping_fee:
        row.custom_shipping_fee === null ? null : decimalDollarsToCents(row.custom_shipping_fee),
      custom_fields,
    },
  };
}

/**
 * Issues the contract's order due on or before `today`, if any; the order id, or undefined when
 * nothing was due (or the contract is no longer billable).
 */
async function issueNextOrder(
  ctx: AppContext,
  contract: { id: number; organization_id: number },
  today: string,
  products: { monthly: number; case: number },
): Promise<{ orderId: number; nextDue: string } | undefined> {
  // Other modules' reads first, outside the order's transaction.
  const [prices, invoiceRecipients] = await Promise.all([
    effectivePricing(ctx, contract.organization_id),
    recipients(ctx, contract.organization_id, 'monthly_invoice'),
  ]);
  return ctx.db.transaction().execute(async (trx) => {
    const c = await repo.lockBillableContract(trx, contract.id);
    if (!c) return undefined;
    const due = billingDueDate(c);
    if (!due || due > today) return undefined;
    const period = billingPeriod(due);
    const key = billingKey(c.id, due);
    if ((await repo.orderIdByBillingKey(trx, key)) !== undefined) {
      // Issued already (e.g. a date changed back by hand): only move the contract on.
      await repo.advanceContract(trx, c.id, period.next_payment_date);
      return undefined;
    }

    const [caseRows, rules, promotion, monthlyCount, credits, primary] = await Promise.all([
      // a case submitted on day S is charged from S + delay_case_charging days on
      repo.casesToCharge(trx, c.organization_id, addDays(due, -prices.settings.delay_case_charging)),
      repo.periodicRulesOf(trx, c.id),
      repo.initialPromotionCode(trx, c.id),
      repo.monthlyOrderCount(trx, c.id),
      repo.availableCredits(trx, c.organization_id, due),
      billingRepo.findPrimaryPaymentMethod(trx, c.organization_id),
    ]);
    const cases = caseRows.map((r) => billedCase(r, prices));
    const invoice = monthlyInvoice({
      prices,
      cases,
      periodic_rules: rules.filter((r) => periodicRuleApplies(r, due)),
      promotion: promotion && monthlyPromotionApplies(promotion.type_id, monthlyCount + 1) ? promotion : null,
      credits_available: credits.reduce((s, g) => s + g.available, 0),
      method: (primary?.payment_method_type as PaymentMethodType | undefined) ?? null,
    });

    const orderId = await repo.insertMonthlyOrder(trx, {
      organization_id: c.organization_id,
      contract_id: c.id,
      billing_key: key,
      invoice_id: `INV-${c.organization_id}-${due.replace(/-/g, '')}`,
      invoice_label: monthLabel(due),
      invoice_date: due,
      period_start: period.period_start,
      period_end: period.period_end,
      payment_due_date: paymentDueDate(due, prices.settings.delay_payment_processing),
      subtotal: invoice.totals.subtotal,
      credits: invoice.totals.credits,
      credit_card_fee: invoice.totals.credit_card_fee,
      total: invoice.totals.total,
      template_data: { patients: invoice.patients, monthly_fee: invoice.monthly_fee },
    });
    if (orderId === undefined) return undefined;

    const { monthly: monthlyProduct, case: caseProduct } = products;
    await repo.insertOrderItems(trx, [
      {
        order_id: orderId,
        product_id: monthlyProduct,
        value: invoice.monthly_fee,
        start_date: period.period_start,
        end_date: period.period_end,
      },
      ...invoice.cases.map((ic, i) => ({
        order_id: orderId,
        product_id: caseProduct,
        patient_id: ic.patient_id,
        value: ic.value,
        action_date: caseRows[i]!.patient_created_day,
        details: {
          rx_form_id: ic.rx_form_id,
          lines: ic.lines.map((l) => ({ label: l.label, value: l.cents })),
        },
      })),
    ]);
    await repo.insertOrderAdjustments(trx, [
      ...invoice.discounts.map((d) => ({
        order_id: orderId,
        kind: 'discount' as const,
        value: d.value,
        custom_description: d.source === 'promotion' ? null : d.label,
        product_id: d.source === 'promotion' ? monthlyProduct : null,
        promotion_code_id: d.promotion_code_id ?? null,
        periodic_rule_id: d.periodic_rule_id ?? null,
        is_periodic: d.source === 'periodic',
      })),
      ...invoice.charges.map((ch) => ({
        order_id: orderId,
        kind: 'charge' as const,
        value: ch.value,
        custom_description: ch.label,
        periodic_rule_id: ch.periodic_rule_id ?? null,
        is_periodic: true,
      })),
    ]);
    await repo.markCasesBilled(
      trx,
      orderId,
      invoice.cases.map((ic) => ic.rx_form_id),
    );
    for (const use of consumeCredits(credits, invoice.totals.credits))
      await repo.useCredit(trx, use.id, use.used);
    await repo.advanceContract(trx, c.id, period.next_payment_date);
    await recordAudit(trx, {
      action: 'billing.monthly-order',
      entityType: 'order',
      entityId: orderId,
      organizationId: c.organization_id,
      outcome: 'success',
      details: {
        contract_id: c.id,
        billing_key: key,
        cases: invoice.cases.length,
        total: invoice.totals.total,
      },
    });
    for (const userId of invoiceRecipients)
      await notifyUser(ctx, trx, {
        userId,
        type: 'monthly_invoice',
        organizationId: c.organization_id,
        message: monthlyInvoiceNotice(c.organization_name, due, invoice.totals.total),
        link: '/account?tab=4',
      });
    await emitWebhookEvent(ctx, trx, c.organization_id, 'invoice.issued', {
      order_id: orderId,
      invoice_id: `INV-${c.organization_id}-${due.replace(/-/g, '')}`,
      invoice_date: due,
      payment_due_date: paymentDueDate(due, prices.settings.delay_payment_processing),
      total: invoice.totals.total,
    });
    return { orderId, nextDue: period.next_payment_date };
  });
}

type ChargeOutcome = 'paid' | 'failed' | 'skipped';

/**
 * Charges one order of the run (see the file comment). The attempt row is keyed, so a charge
 * interrupted after the processor answered is asked again with the same key and written once.
 */
async function chargeOrder(
  ctx: AppContext,
  order: { id: number; contract_id: number | null; organization_id: number },
  now: Date,
  today: string,
  processor: PaymentProcessor,
  hooks: BillingRunOptions['hooks'],
): Promise<ChargeOutcome> {
  if (order.contract_id === null) return 'skipped';
  const contractId = order.contract_id;

  // 1. The pending attempt, keyed by contract and period, committed before the processor is asked.
  const prepared = await ctx.db.transaction().execute(async (trx) => {
    const head = await repo.lockOrderForCharge(trx, order.id);
    if (!head || head.fm_invoice_status !== 'PENDING' || !head.billing_key) return undefined;
    // The key of its order (for a monthly order chargeKey(contract, due date); seats bought on the
    // Extra tab have an order and so a key of their own).
    const key = `${head.billing_key}-charge`;
    const existing = await repo.attemptByKey(trx, key);
    if (existing) {
      // A charge interrupted before its outcome was written: asked again with the same key.
      if (existing.status !== 'pending') return undefined;
      return { key, attemptId: existing.id, token: existing.provider_token, amount: existing.amount, head };
    }
    // The totals follow the method charged now (card fee on a card, none on ACH).
    const primary = await billingRepo.findPrimaryPaymentMethod(trx, head.organization_id);
    const lines = await billingRepo.orderLines(trx, head.id);
    const totals = orderTotals({
      items: lines.items.map((i) => i.value),
      discounts: lines.discounts.map((d) => d.value),
      charges: lines.charges.map((c) => c.value),
      creditsCents: head.credits,
      method: (primary?.payment_method_type as PaymentMethodType | undefined) ?? null,
    });
    const total = totals.total + head.tax;
    await billingRepo.updateOrderTotals(trx, head.id, {
      subtotal: totals.subtotal,
      credit_card_fee: totals.credit_card_fee,
      total,
    });
    const attemptId = await repo.insertKeyedAttempt(trx, {
      contract_id: contractId,
      order_id: head.id,
      payment_method_id: primary?.id ?? null,
      status: 'pending',
      amount: total,
      message: null,
      idempotency_key: key,
      created_at: now,
    });
    return { key, attemptId, token: primary?.provider_token ?? null, amount: total, head };
  });
  if (!prepared) return 'skipped';

  // 2. The processor, with the key of this contract and period (nothing to ask for 0 or without a method).
  let outcome: { paid: boolean; message: string };
  if (!prepared.token) outcome = { paid: false, message: BILLING_MESSAGES.noPaymentMethod };
  else if (prepared.amount === 0) outcome = { paid: true, message: 'No charge: the order total is 0.' };
  else {
    const charge = await processor.charge({
      token: prepared.token,
      amount: prepared.amount / 100,
      description: `Archline invoice ${prepared.head.invoice_id ?? prepared.head.id}, ${prepared.head.organization_name}`,
      idempotencyKey: prepared.key,
    });
    outcome = charge.ok
      ? { paid: true, message: `Payment reference ${charge.reference}` }
      : { paid: false, message: charge.message };
  }
  await hooks?.afterProcessorAnswered?.({ contractId, orderId: order.id });
  const failedRecipients = outcome.paid ? [] : await recipients(ctx, order.organization_id, 'payment_failed');

  // 3. The outcome, once.
  return ctx.db.transaction().execute(async (trx) => {
    const head = await repo.lockOrderForCharge(trx, order.id);
    if (!head) return 'skipped';
    const status = outcome.paid ? 'success' : 'failed';
    if (!(await repo.settleAttempt(trx, prepared.attemptId, status, outcome.message))) return 'skipped';
    await settle(ctx, trx, head, contractId, outcome, now, today, failedRecipients);
    return outcome.paid ? 'paid' : 'failed';
  });
}

async function settle(
  ctx: AppContext,
  trx: Db,
  head: { id: number; organization_id: number; organization_name: string },
  contractId: number,
  outcome: { paid: boolean; message: string },
  now: Date,
  today: string,
  failedRecipients: number[],
): Promise<void> {
  await repo.setOrderPaymentStatus(trx, head.id, outcome.paid, now);
  await repo.setContractPaymentStatus(trx, contractId, outcome.paid, today);
  await recordAudit(trx, {
    action: 'billing.monthly-charge',
    entityType: 'order',
    entityId: head.id,
    organizationId: head.organization_id,
    outcome: outcome.paid ? 'success' : 'failure',
    details: { contract_id: contractId, message: outcome.message },
  });
  if (!outcome.paid)
    for (const userId of failedRecipients)
      await notifyUser(ctx, trx, {
        userId,
        message: BILLING_MESSAGES.paymentFailedNotice(head.organization_name, outcome.message),
        link: '/account?tab=4',
        type: 'payment_failed',
        organizationId: head.organization_id,
      });
}

/** Runs the monthly billing for the day of `options.now` (see the file comment). */
export async function runBilling(ctx: AppContext, options: BillingRunOptions): Promise<BillingRunResult> {
  const today = isoDay(options.now);
  const processor = options.processor ?? paymentProcessorFor(ctx.config);
  const result: BillingRunResult = { day: today, ordersIssued: 0, chargesAttempted: 0, paid: 0, failed: 0 };

  const due = await repo.dueContractIds(ctx.db, today);
  if (due.length) {
    const products = {
      monthly: await repo.productId(ctx.db, MONTHLY_FEE_PRODUCT.code, MONTHLY_FEE_PRODUCT.name),
      case: await repo.productId(ctx.db, CASE_FEE_PRODUCT.code, CASE_FEE_PRODUCT.name),
    };
    for (const contract of due) {
      // Each overdue period in turn (at most MAX_PERIODS_PER_RUN after a long outage).
      for (let i = 0; i < MAX_PERIODS_PER_RUN; i++) {
        const issued = await issueNextOrder(ctx, contract, today, products);
        if (!issued) break;
        result.ordersIssued++;
        await options.hooks?.afterOrderIssued?.({ contractId: contract.id, orderId: issued.orderId });
        if (issued.nextDue > today) break;
      }
    }
  }

  for (const order of await repo.chargeableOrders(ctx.db, today)) {
    const outcome = await chargeOrder(ctx, order, options.now, today, processor, options.hooks);
    if (outcome === 'skipped') continue;
    result.chargesAttempted++;
    if (outcome === 'paid') result.paid++;
    else result.failed++;
  }
  return result;
}
