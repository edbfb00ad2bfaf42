import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';
import { isIsoDate } from './business-days.ts';
import type { PaymentMethod } from './account-setup.ts';
import { PaginationMeta, pagingQuery } from './users.ts';

/**
 * Billing: the Account Payment and Invoices tabs, subscriptions (contracts), orders (invoices),
 * their discounts and charges, and payment attempts. Spec: document 3 sections 2.5, 2.11, 3, 4,
 * 5, 6, 7 (Billing), 8 and 9. Money is integer cents everywhere in these schemas.
 */

export const BILLING_MESSAGES = {
  expiryUpdated: 'Expiration date successfully updated.',
  expiryInvalid: 'Invalid Expiration Date',
  expiryOnlyCards: 'Only a card has an expiration date.',
  suspended: 'Subscription successfully suspended.',
  alreadySuspended: 'The subscription is already suspended.',
  resumed: 'Subscription successfully resumed.',
  notSuspended: 'The subscription is not suspended.',
  organizationDisabled: 'The organization is disabled; its subscription cannot be resumed.',
  paymentSucceeded: 'Payment successfully processed.',
  paymentSuspended: 'A suspended subscription cannot be charged. Resume it first.',
  nothingToPay: 'There is no unpaid order.',
  paymentInProgress: 'A payment of this invoice is already in progress. Try again in a minute.',
  noPaymentMethod: 'The organization has no primary payment method.',
  discountAdded: 'Discount successfully added.',
  chargeAdded: 'Charge successfully added.',
  discountRemoved: 'Discount successfully removed.',
  chargeRemoved: 'Charge successfully removed.',
  notRemovable: 'This item cannot be removed from the order.',
  paidOrderLocked: 'A paid order cannot be changed.',
  valueRequired: 'The value must not be 0.',
  noOrders: 'No orders yet.',
  noCurrentOrder: 'There is no current order',
  noPaymentAttempt: 'No payment attempt yet.',
  paymentFailedNotice: (organization: string, message: string) =>
    `The payment of ${organization}'s invoice failed: ${message}`,
} as const;

export const PAYMENT_STATUSES = ['PENDING', 'NOT_PAID', 'PAID', 'BLOCKED', 'SUSPENDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The status a contract shows when it has none (the spec's display default). */
export const DEFAULT_PAYMENT_STATUS_LABEL = 'CURRENT';

/** Promotion codes whose discount cannot be removed from an order (nor can periodic items). */
export const PROTECTED_PROMOTION_CODES = ['FIRSTMONTHFREE', 'TWOMONTHSFREE'] as const;

/** A card is 'Expiring' when its expiry month is before two months from now. */
export const EXPIRING_WITHIN_MONTHS = 2;

export const SUBSCRIPTIONS_DEFAULT_PAGE_SIZE = 10;
export const SUBSCRIPTIONS_MAX_PAGE_SIZE = 100;

// ---- pure rules -----------------------------------------------------------------------------

/** Months since year 0 of a 'YYYY-MM-DD' (or 'YYYY-MM') value. */
function monthIndex(value: string): number {
  return Number(value.slice(0, 4)) * 12 + (Number(value.slice(5, 7)) - 1);
}

/**
 * The chip of a card: 'Expired' when its expiry month is before the current month, 'Expiring'
 * when it is before two months from now, else null (and always null for a bank account).
 */
export function paymentMethodChip(
  method: Pick<PaymentMethod, 'payment_method_type' | 'card_exp_datetime'>,
  now: Date = new Date(),
): 'Expired' | 'Expiring' | null {
  if (method.payment_method_type !== 'card' || !method.card_exp_datetime) return null;
  const expiry = monthIndex(method.card_exp_datetime);
  const current = now.getFullYear() * 12 + now.getMonth();
  if (expiry < current) return 'Expired';
  if (expiry < current + EXPIRING_WITHIN_MONTHS) return 'Expiring';
  return null;
}

/** Whether a discount or charge may be removed from an order: never a periodic one nor a protected code's. */
export function isRemovableAdjustment(adjustment: {
  is_periodic: boolean;
  promotion_code: { code: string } | null;
}): boolean {
  if (adjustment.is_periodic) return false;
  const code = adjustment.promotion_code?.code;
  return !(code && (PROTECTED_PROMOTION_CODES as readonly string[]).includes(code));
}

/**
 * The dates a subscription shows: a suspended one shows its suspension date as the last payment
 * date and no next payment date; otherwise the custom next date wins over the scheduled one.
 */
export function displayedPaymentDates(contract: {
  suspended_at: string | null;
  last_payment_date: string | null;
  next_payment_date: string | null;
  custom_next_payment_date: string | null;
}): { last: string | null; next: string | null } {
  if (contract.suspended_at) return { last: contract.suspended_at, next: null };
  return {
    last: contract.last_payment_date,
    next: contract.custom_next_payment_date ?? contract.next_payment_date,
  };
}

// ---- payment methods ------------------------------------------------------------------------

/** The last day of the month of 'YYYY-MM' or 'YYYY-MM-DD'. */
export function lastDayOfExpiryMonth(value: string): string {
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${value.slice(0, 7)}-${String(day).padStart(2, '0')}`;
}

const EXPIRY = /^(\d{4})-(0[1-9]|1[0-2])(-\d{2})?$/;

/** PUT /f_m_payment_methods/{id}/update_exp_date: 'YYYY-MM' or a date in the expiry month; not in the past. */
export const UpdateExpiryRequest = z.object({
  card_exp_datetime: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .refine((v) => EXPIRY.test(v) && (v.length === 7 || isIsoDate(v)), BILLING_MESSAGES.expiryInvalid),
});
export type UpdateExpiryRequest = z.input<typeof UpdateExpiryRequest>;

/** The expiry form of the Payment tab: a month (2 digits) and a year (4 digits), not in the past. */
export const ExpiryForm = z
  .object({
    expiry_month: z
      .string()
      .trim()
      .length(2, BILLING_MESSAGES.expiryInvalid)
      .regex(/^(0[1-9]|1[0-2])$/, BILLING_MESSAGES.expiryInvalid),
    expiry_year: z
      .string()
      .trim()
      .length(4, BILLING_MESSAGES.expiryInvalid)
      .regex(/^\d{4}$/, BILLING_MESSAGES.expiryInvalid),
  })
  .refine(
    (v) => {
      const now = new Date();
      return (
        Number(v.expiry_year) * 12 + Number(v.expiry_month) - 1 >= now.getFullYear() * 12 + now.getMonth()
      );
    },
    { path: ['expiry_month'], message: BILLING_MESSAGES.expiryInvalid },
  );
export type ExpiryForm = z.input<typeof ExpiryForm>;

// ---- orders ---------------------------------------------------------------------------------

export const OrderProduct = z.object({ id: z.number().int(), name: z.string() });

export const OrderItem = z.object({
  id: z.number().int(),
  product: OrderProduct,
  product_id: z.number().int(),
  /** cents */
  value: z.number().int(),
  is_hidden: z.boolean(),
  patient: z
    .object({ id: z.number().int(), full_name: z.string(), case_number_text: z.string().nullable() })
    .nullable(),
  details: z.record(z.string(), z.unknown()),
  action_date: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** An order item's text on the invoice: its own description (e.g. 'Additional seats (3)') or its product's name. */
export function orderItemDescription(item: Pick<OrderItem, 'product' | 'details'>): string {
  const own = item.details['description'];
  return typeof own === 'string' && own.trim() !== '' ? own : item.product.name;
}

export const OrderAdjustment = z.object({
  id: z.number().int(),
  product: OrderProduct.nullable(),
  promotion_code: z.object({ id: z.number().int(), code: z.string(), description: z.string() }).nullable(),
  custom_description: z.string().nullable(),
  /** cents, positive; a discount is subtracted, a charge added */
  value: z.number().int(),
  is_periodic: z.boolean(),
  removable: z.boolean(),
});
export type OrderAdjustment = z.infer<typeof OrderAdjustment>;

export const Order = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  contract_id: z.number().int().nullable(),
  /** 'extra': seats bought while the current order was already paid (charged by the billing run). */
  kind: z.enum(['initial', 'monthly', 'extra']),
  invoice_id: z.string().nullable(),
  invoice_date: z.string().nullable(),
  invoice_label: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
  fm_invoice_status: z.enum(PAYMENT_STATUSES),
  is_current: z.boolean(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  credits: z.number().int(),
  credit_card_fee: z.number().int(),
  total: z.number().int(),
  order_items: z.array(OrderItem),
  discounts: z.array(OrderAdjustment),
  charges: z.array(OrderAdjustment),
  template_version: z.number().int(),
  template_data: z.record(z.string(), z.unknown()),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrdersResponse = z.object({ orders: z.array(Order) });
export type OrdersResponse = z.infer<typeof OrdersResponse>;
export const OrderResponse = z.object({ order: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;
/** GET /organizations/{id}/current_order: null when there is none. */
export const CurrentOrderResponse = z.object({
  order: Order.nullable(),
  metadata: z.object({ template_data: z.record(z.string(), z.unknown()).nullable() }),
});
export type CurrentOrderResponse = z.infer<typeof CurrentOrderResponse>;
export const OrderMessageResponse = z.object({ order: Order, message: z.string() });
export type OrderMessageResponse = z.infer<typeof OrderMessageResponse>;

export const OrderIdParams = z.object({ id: z.coerce.number().int().positive() });

export const DownloadInvoiceQuery = z.object({ type: z.enum(['pdf', 'csv']).default('pdf') });
export type DownloadInvoiceQuery = z.input<typeof DownloadInvoiceQuery>;

export const MAX_ADJUSTMENT_CENTS = 100_000_000_00;

/**
 * POST /orders/{id}/add_discount_or_charge: value in cents, negative for a discount, positive for
 * a charge; description and value required.
 */
export const AddDiscountOrChargeRequest = z.object({
  custom_description: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(1000, 'The description may not be longer than 1000 characters.'),
  value: z
    .number({ error: REQUIRED_MESSAGE })
    .int('The value must be in whole cents.')
    .min(-MAX_ADJUSTMENT_CENTS, 'The value is too large.')
    .max(MAX_ADJUSTMENT_CENTS, 'The value is too large.')
    .refine((v) => v !== 0, BILLING_MESSAGES.valueRequired),
});
export type AddDiscountOrChargeRequest = z.input<typeof AddDiscountOrChargeRequest>;

/** The dialog's form: dollars typed, description required (Continue stays disabled until both are given). */
export const DiscountOrChargeForm = z.object({
  custom_description: z.string().trim().min(1, REQUIRED_MESSAGE).max(1000),
  amount: z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter an amount in dollars, e.g. 25.00')
    .refine((v) => Number(v) > 0, 'The amount must be greater than 0.'),
});
export type DiscountOrChargeForm = z.input<typeof DiscountOrChargeForm>;

/** Dollars as typed ('25.5') to cents (2550), exact. */
export function dollarTextToCents(value: string): number {
  const [whole, fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export const RemoveDiscountRequest = z.object({
  discount_id: z.number({ error: REQUIRED_MESSAGE }).int().positive(),
});
export const RemoveChargeRequest = z.object({
  charge_id: z.number({ error: REQUIRED_MESSAGE }).int().positive(),
});

// ---- contracts (subscriptions) --------------------------------------------------------------

export const PaymentAttempt = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  status: z.enum(['pending', 'success', 'failed']),
  amount: z.number().int(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentAttempt = z.infer<typeof PaymentAttempt>;

export const ContractSummary = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string(), disabled_at: z.string().nullable() }),
  initial_payment_date: z.string().nullable(),
  last_payment_date: z.string().nullable(),
  next_payment_date: z.string().nullable(),
  custom_next_payment_date: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES),
  suspension_type: z.number().int().nullable(),
  suspended_at: z.string().nullable(),
});
export type ContractSummary = z.infer<typeof ContractSummary>;

export const Contract = ContractSummary.extend({
  license: z
    .object({
      id: z.number().int(),
      license_type: z.object({ id: z.number().int(), name: z.string() }),
      seats: z.number().int(),
    })
    .nullable(),
  payment_attempts: z.array(PaymentAttempt),
  current_order: Order.nullable(),
  orders: z.array(Order),
  /** Whether an unpaid order exists (Attempt Payment has something to charge). */
  has_unpaid_order: z.boolean(),
});
export type Contract = z.infer<typeof Contract>;

export const ContractResponse = z.object({ contract: Contract });
export type ContractResponse = z.infer<typeof ContractResponse>;
export const ContractMessageResponse = z.object({ contract: Contract, message: z.string() });
export type ContractMessageResponse = z.infer<typeof ContractMessageResponse>;

/** GET /organizations/{id}/contract: the Payment tab's next payment date (null when no contract). */
export const OrganizationContractResponse = z.object({ contract: ContractSummary.nullable() });
export type OrganizationContractResponse = z.infer<typeof OrganizationContractResponse>;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isIsoDate(v), 'The date must be a valid date (YYYY-MM-DD).');

/** GET /contracts: search (organization name), payment status, a next-payment date range. */
export const ListContractsQuery = z
  .object({
    searchFullNameQuery: z.string().trim().max(255).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'The selected payment status is invalid.' }).optional(),
    organizations: z.coerce.number().int().positive().optional(),
    from: optionalDate,
    to: optionalDate,
    ...pagingQuery(SUBSCRIPTIONS_DEFAULT_PAGE_SIZE, SUBSCRIPTIONS_MAX_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, {
    path: ['to'],
    message: 'The end date must not be before the start date.',
  });
export type ListContractsQuery = z.output<typeof ListContractsQuery>;
export type ListContractsParams = z.input<typeof ListContractsQuery>;

export const ContractListResponse = z.object({
  contracts: z.object({ data: z.array(ContractSummary), meta: PaginationMeta }),
});
export type ContractListResponse = z.infer<typeof ContractListResponse>;
export const ContractIdParams = z.object({ id: z.coerce.number().int().positive() });

// ---- invoice template version 2 (per-patient layout) ----------------------------------------

/** A patient entry of an invoice's template data (version 2); money in cents. */
export const TemplatePatient = z.object({
  patient_name: z.string(),
  doctor_name: z.string(),
  doctor_account_number: z.string().nullable(),
  case_number_text: z.string().nullable(),
  creation_date: z.string().nullable(),
  base_fee: z.number().int(),
  deductions: z.array(z.object({ label: z.string(), value: z.number().int() })),
  add_ons: z.array(
    z.object({ label: z.string(), value: z.number().int(), details: z.string().nullable().optional() }),
  ),
  total: z.number().int(),
});
export type TemplatePatient = z.infer<typeof TemplatePatient>;

/** The per-patient entries of a version 2 invoice (none for version 1 or unreadable data). */
export function templatePatients(order: {
  template_version: number;
  template_data: Record<string, unknown>;
}): TemplatePatient[] {
  if (order.template_version !== 2) return [];
  const parsed = z.array(TemplatePatient).safeParse(order.template_data.patients);
  return parsed.success ? parsed.data : [];
}
