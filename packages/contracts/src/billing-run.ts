/**
 * The monthly billing run, as pure rules over integer cents and ISO dates ('YYYY-MM-DD', UTC).
 * Spec: document 3 sections 3 (Order/invoice, Order item, Discount/charge, Contract, Periodic rule,
 * Pricing, Promotion code), 4 (payment statuses), 9 (card fee; monthly billing starts 30 days
 * after the start-up fee); document 2 section 9 (rush fee doubled for both arches, root
 * integration fee).
 *
 * A contract is billed every 30 days: its first monthly order is due 30 days after the initial
 * payment date, each later one 30 days after the one before (a custom next payment date replaces
 * the scheduled one once). The order of the period ending the day before its due date carries:
 *   - the flat monthly fee (a First Month / First Two Months promotion code takes it off the first
 *     one or two monthly orders);
 *   - every case whose charge date (submission + delay_case_charging days) is on or before the
 *     due date and that no earlier order charged (`caseCharges`), with the arch volume discount
 *     of the period's arches on the lab fees;
 *   - the contract's periodic rules active on the due date;
 *   - the organization's credits (at most what is due) and the 1.49 % card fee.
 * Its payment is attempted delay_payment_processing days after the due date.
 */
import {
  archCount,
  caseCharges,
  orderTotals,
  percentOfCents,
  promotionCodeDiscountCents,
  volumeDiscountTier,
  type CaseChargeLine,
  type CaseOrder,
  type OrderTotals,
  type PaymentMethodType,
  type PriceList,
} from './price-rules.ts';

/** Days between two monthly orders of a contract. */
export const BILLING_PERIOD_DAYS = 30;

/** At most this many overdue periods are billed for one contract in one run (a long outage). */
export const MAX_PERIODS_PER_RUN = 12;

/** The products of a monthly order's lines. */
export const MONTHLY_FEE_PRODUCT = { code: 'monthly_fee', name: 'Monthly Fee' } as const;
export const CASE_FEE_PRODUCT = { code: 'case_fee', name: 'Case Fee' } as const;

/** The promotion code types that take the monthly fee off the first one or two monthly orders. */
export const MONTHLY_PROMOTION_MONTHS: Readonly<Record<number, number>> = { 1: 1, 2: 2 };

/** The bell notification of an issued monthly invoice (monthly_invoice). */
export function monthlyInvoiceNotice(organization: string, invoiceDate: string, totalCents: number): string {
  const dollars = (totalCents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${organization}'s invoice of ${invoiceDate} is ready: $${dollars}.`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`not an ISO date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `date` plus `days` (negative: minus), 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  return new Date(parseIsoDate(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The date a contract's next monthly order is due: its custom next payment date, else its
 * scheduled one, else 30 days after the initial payment date; null when none is known.
 */
export function billingDueDate(contract: {
  custom_next_payment_date: string | null;
  next_payment_date: string | null;
  initial_payment_date: string | null;
}): string | null {
  if (contract.custom_next_payment_date) return contract.custom_next_payment_date;
  if (contract.next_payment_date) return contract.next_payment_date;
  if (contract.initial_payment_date) return addDays(contract.initial_payment_date, BILLING_PERIOD_DAYS);
  return null;
}

export interface BillingPeriod {
  /** The invoice date: the due date. */
  invoice_date: string;
  /** The 30 days the order covers, ending the day before it is due. */
  period_start: string;
  period_end: string;
  /** When the contract's following order is due. */
  next_payment_date: string;
}

export function billingPeriod(dueDate: string): BillingPeriod {
  return {
    invoice_date: dueDate,
    period_start: addDays(dueDate, -BILLING_PERIOD_DAYS),
    period_end: addDays(dueDate, -1),
    next_payment_date: addDays(dueDate, BILLING_PERIOD_DAYS),
  };
}

/** The idempotency key of a contract's order of one period (unique: one order per contract and period). */
export function billingKey(contractId: number, dueDate: string): string {
  return `contract-${contractId}-due-${dueDate}`;
}

/** The idempotency key of the scheduled charge of that order (one charge per contract and period). */
export function chargeKey(contractId: number, dueDate: string): string {
  return `${billingKey(contractId, dueDate)}-charge`;
}

/** The first day a submitted case may be charged: submission day plus delay_case_charging days. */
export function caseChargeDate(submittedDay: string, delayCaseCharging: number): string {
  return addDays(submittedDay, delayCaseCharging);
}

/** The day an order's payment is attempted: invoice date plus delay_payment_processing days. */
export function paymentDueDate(invoiceDate: string, delayPaymentProcessing: number): string {
  return addDays(invoiceDate, delayPaymentProcessing);
}

/** Whether a periodic rule applies to the order due on `dueDate` (active, within its dates). */
export function periodicRuleApplies(
  rule: { is_active: boolean; applied_from: string | null; applied_to: string | null },
  dueDate: string,
): boolean {
  if (!rule.is_active) return false;
  if (rule.applied_from && rule.applied_from > dueDate) return false;
  if (rule.applied_to && rule.applied_to < dueDate) return false;
  return true;
}

/**
 * Whether a promotion code of `typeId` takes the monthly fee off the contract's `monthlyIndex`-th
 * monthly order (1 for the first): type 1 the first, type 2 the first two, others never.
 */
export function monthlyPromotionApplies(typeId: number, monthlyIndex: number): boolean {
  const months = MONTHLY_PROMOTION_MONTHS[typeId] ?? 0;
  return monthlyIndex >= 1 && monthlyIndex <= months;
}

/** A case charged on a monthly order, as the run reads it. */
export interface BilledCase {
  rx_form_id: number;
  patient_id: number | null;
  patient_name: string;
  doctor_name: string;
  doctor_account_number: string | null;
  case_number_text: string | null;
  /** The case's creation day ('YYYY-MM-DD'). */
  creation_date: string | null;
  order: CaseOrder;
}

export interface MonthlyInvoiceInput {
  prices: PriceList;
  cases: readonly BilledCase[];
  /** The contract's periodic rules that apply on the due date; value positive cents. */
  periodic_rules?: readonly {
    id: number;
    type: 'charge' | 'discount';
    value: number;
    custom_description: string;
  }[];
  /** A monthly promotion code that applies to this order (see `monthlyPromotionApplies`). */
  promotion?: { id: number; code: string; value: number; is_fixed: boolean } | null;
  /** The organization's unused credits valid on the due date. */
  credits_available?: number;
  method?: PaymentMethodType | null;
}

/** A per-patient entry of the invoice (template version 2), cents. */
export interface MonthlyInvoicePatient {
  patient_name: string;
  doctor_name: string;
  doctor_account_number: string | null;
  case_number_text: string | null;
  creation_date: string | null;
  base_fee: number;
  deductions: { label: string; value: number }[];
  add_ons: { label: string; value: number; details: string | null }[];
  total: number;
}

export interface MonthlyInvoiceCase {
  rx_form_id: number;
  patient_id: number | null;
  /** The case's gross amount (its order item): base fee plus add-ons. */
  value: number;
  lines: CaseChargeLine[];
  volume_discount: number;
}

export interface MonthlyInvoiceAdjustment {
  source: 'promotion' | 'volume' | 'periodic';
  label: string;
  value: number;
  promotion_code_id?: number;
  periodic_rule_id?: number;
}

export interface MonthlyInvoice {
  monthly_fee: number;
  cases: MonthlyInvoiceCase[];
  patients: MonthlyInvoicePatient[];
  /** Arches charged in the period and the volume tier they reach (percent), if any. */
  arches: number;
  volume_discount_percent: number | null;
  discounts: MonthlyInvoiceAdjustment[];
  charges: MonthlyInvoiceAdjustment[];
  totals: OrderTotals;
}

function jawsDetails(jawsId: number | null): string | null {
  if (jawsId === 3) return 'Both arches';
  if (jawsId === 1) return 'Maxillary';
  if (jawsId === 2) return 'Mandibular';
  return null;
}

/**
 * A monthly order from its inputs: the monthly fee, one item per case (its lab fees are the
 * patient's base fee, the rest its add-ons), the volume discount of the period's arches (each
 * case's share is its deduction, so the patients' totals add up to the case items minus the
 * volume discount), the monthly promotion code on the fee, periodic discounts and charges, and
 * the totals (credits at most what is due, card fee on what is left).
 */
export function monthlyInvoice(input: MonthlyInvoiceInput): MonthlyInvoice {
  const { prices } = input;
  const monthly_fee = prices.settings.flat_monthly;
  const arches = input.cases.reduce((n, c) => n + archCount(c.order.jaws_id), 0);
  const tier = volumeDiscountTier(prices.arch_volume_discounts, arches);
  const percent = tier && tier.discount > 0 ? tier.discount : null;

  const cases: MonthlyInvoiceCase[] = [];
  const patients: MonthlyInvoicePatient[] = [];
  for (const c of input.cases) {
    const lines = caseCharges(c.order, prices);
    const lab = lines.filter((l) => l.lab).reduce((s, l) => s + l.cents, 0);
    const addOns = lines.filter((l) => !l.lab);
    const volume = percent === null ? 0 : percentOfCents(lab, percent);
    const value = lab + addOns.reduce((s, l) => s + l.cents, 0);
    cases.push({ rx_form_id: c.rx_form_id, patient_id: c.patient_id, value, lines, volume_discount: volume });
    patients.push({
      patient_name: c.patient_name,
      doctor_name: c.doctor_name,
      doctor_account_number: c.doctor_account_number,
      case_number_text: c.case_number_text,
      creation_date: c.creation_date,
      base_fee: lab,
      deductions: volume > 0 ? [{ label: `Volume discount ${percent}%`, value: volume }] : [],
      add_ons: addOns.map((l) => ({
        label: l.label,
        value: l.cents,
        details: l.key === 'rush_case' ? jawsDetails(c.order.jaws_id) : null,
      })),
      total: value - volume,
    });
  }

  const discounts: MonthlyInvoiceAdjustment[] = [];
  const charges: MonthlyInvoiceAdjustment[] = [];
  if (input.promotion) {
    const off = promotionCodeDiscountCents(input.promotion, monthly_fee);
    if (off > 0)
      discounts.push({
        source: 'promotion',
        label: input.promotion.code,
        value: off,
        promotion_code_id: input.promotion.id,
      });
  }
  const volumeTotal = cases.reduce((s, c) => s + c.volume_discount, 0);
  if (volumeTotal > 0)
    discounts.push({
      source: 'volume',
      label: `Volume discount ${percent}% (${arches} arches)`,
      value: volumeTotal,
    });
  for (const rule of input.periodic_rules ?? []) {
    if (rule.value <= 0) continue;
    const line: MonthlyInvoiceAdjustment = {
      source: 'periodic',
      label: rule.custom_description,
      value: rule.value,
      periodic_rule_id: rule.id,
    };
    (rule.type === 'discount' ? discounts : charges).push(line);
  }

  const totals = orderTotals({
    items: [monthly_fee, ...cases.map((c) => c.value)],
    discounts: discounts.map((d) => d.value),
    charges: charges.map((c) => c.value),
    creditsCents: input.credits_available ?? 0,
    method: input.method ?? null,
  });
  return {
    monthly_fee,
    cases,
    patients,
    arches,
    volume_discount_percent: percent,
    discounts,
    charges,
    totals,
  };
}

/**
 * How credits pay an order: `appliedCents` taken from the grants in the order given (the caller
 * passes the soonest to expire first), each at most its unused part.
 */
export function consumeCredits(
  grants: readonly { id: number; available: number }[],
  appliedCents: number,
): { id: number; used: number }[] {
  const uses: { id: number; used: number }[] = [];
  let left = appliedCents;
  for (const g of grants) {
    if (left <= 0) break;
    const used = Math.min(left, Math.max(0, g.available));
    if (used > 0) uses.push({ id: g.id, used });
    left -= used;
  }
  return uses;
}
