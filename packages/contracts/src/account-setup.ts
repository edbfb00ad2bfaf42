import { z } from 'zod';
import { CountrySchema, PhoneSchema, PostalAddress, StateSchema, requiredText } from './address.ts';
import { AltchaPayloadSchema, EmailSchema, MeResponse, PersonNameSchema, REQUIRED_MESSAGE } from './auth.ts';
import { BillingAddress } from './organizations.ts';
import { LicenseWithDevices } from './licenses.ts';

/**
 * Account setup (/initial-setup): the four-step wizard a new organization owner completes before
 * using the portal: Welcome, Account Details, Choose Payment Method, Review your Order.
 * Spec: document 3 sections 2.1, 2.2, 3 (Account info, Payment method, Order, Survey question),
 * 4, 5 (Account details, Card form, Bank form), 7, 8 and 9; document 1 section 2.2.
 * The API validates with these schemas and the web's forms use the same ones (zodResolver).
 */

export const ACCOUNT_SETUP_MESSAGES = {
  detailsSaved: 'Account details successfully saved.',
  surveyAnswerRequired: 'Must not be empty.',
  surveyAnswerInvalid: 'The selected answer is invalid.',
  paymentMethodAdded: 'Payment method successfully added.',
  paymentMethodDuplicate: 'Your payment method has already been added.',
  paymentMethodInvalid: 'The payment method could not be read. Please enter it again.',
  primaryUpdated: 'Primary payment method updated.',
  paymentMethodRemoved: 'Payment method successfully removed.',
  promoCodeInvalid: 'The promotion code is invalid or has expired.',
  paymentMethodRequired: 'Please add a payment method.',
  ready: 'Your Archline account is ready.',
  alreadyComplete: 'The initial setup is already complete.',
  cardDeclined: 'The card was declined.',
  invalidCardNumber: 'Invalid Card Number',
  invalidExpiration: 'Invalid Expiration Date',
  invalidCvv: 'Invalid CVV',
  unknownStep: 'Unknown step',
} as const;

/** The note under the order total; `date` is the first monthly billing date as displayed. */
export const monthlyBillingNote = (date: string) =>
  `The start-up fee is charged today; your monthly billing starts on ${date}.`;

/** The wizard's steps (0 to 3). */
export const ACCOUNT_SETUP_STEPS = [
  'Welcome',
  'Account Details',
  'Choose Payment Method',
  'Review your Order',
] as const;

/** A sign-up's default organization is named `{First} {Last}'s Account`. */
export const DEFAULT_ACCOUNT_NAME_SUFFIX = "'s Account";
export const defaultAccountName = (firstName: string, lastName: string) =>
  `${`${firstName} ${lastName}`.trim()}${DEFAULT_ACCOUNT_NAME_SUFFIX}`;
/** True for a name still looking like the default one (the Account Details form then shows it empty). */
export function looksLikeDefaultAccountName(name: string | null | undefined): boolean {
  const value = (name ?? '').trim().replace(/\u2019/g, "'");
  return value.length > DEFAULT_ACCOUNT_NAME_SUFFIX.length && value.endsWith(DEFAULT_ACCOUNT_NAME_SUFFIX);
}

/** The survey asked in Account Details. Answer 7 means 'Other' (then a custom source is required). */
export const DEFAULT_SURVEY_QUESTION_ID = 1;
export const SURVEY_OTHER_ANSWER_ID = 7;

/** The start-up fee in cents when the `start_up_fee` setting (dollars) is missing. */
export const DEFAULT_START_UP_FEE_CENTS = 50_000;
export const START_UP_FEE_PRODUCT_NAME = 'Start-up Fee';
export const START_UP_FEE_PRODUCT_CODE = 'start_up_fee';
/** The monthly billing cycle begins this many days after the purchase. */
export const FIRST_MONTHLY_BILLING_DAYS = 30;

// ---- survey ---------------------------------------------------------------------------------

export const SurveyAnswer = z.object({ id: z.number().int(), answer: z.string() });
export type SurveyAnswer = z.infer<typeof SurveyAnswer>;
export const SurveyQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  survey_answers: z.array(SurveyAnswer),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;
/** GET /survey_questions/{id}. */
export const SurveyQuestionResponse = z.object({
  survey_question: SurveyQuestion.nullable(),
  has_questions: z.boolean(),
});
export type SurveyQuestionResponse = z.infer<typeof SurveyQuestionResponse>;

// ---- account details ------------------------------------------------------------------------

const OptionalId = z.number().int().positive().nullable().optional();
const isObjectPayload = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

/**
 * PUT /organizations/{id}/account-details. All fields 'Required' but street_address_line_2; the
 * e-mail is read-only (the server keeps the user's); survey_answer_id is required when a question
 * is shown ('Must not be empty.'), survey_response_other when the answer is 7 ('Required').
 */
export const AccountDetailsForm = z
  .object({
    organization: requiredText(),
    first_name: PersonNameSchema,
    last_name: PersonNameSchema,
    email: EmailSchema,
    phone_number: PhoneSchema,
    street_address: requiredText(),
    street_address_line_2: z.string().trim().max(255).nullable().optional(),
    city: requiredText(),
    state: StateSchema,
    country: CountrySchema.default('USA'),
    zip_code: requiredText(20),
    survey_question_id: OptionalId,
    survey_answer_id: OptionalId,
    survey_response_other: z.string().trim().max(255).nullable().optional(),
    userId: z.number().int().positive().optional(),
  })
  // These run even while other fields are refused, so the form shows every message at once.
  .refine((v) => !(v.survey_question_id != null && v.survey_answer_id == null), {
    path: ['survey_answer_id'],
    message: ACCOUNT_SETUP_MESSAGES.surveyAnswerRequired,
    when: isObjectPayload,
  })
  .refine((v) => !(v.survey_answer_id === SURVEY_OTHER_ANSWER_ID && !v.survey_response_other), {
    path: ['survey_response_other'],
    message: REQUIRED_MESSAGE,
    when: isObjectPayload,
  });
export type AccountDetailsForm = z.input<typeof AccountDetailsForm>;
export type AccountDetailsValues = z.output<typeof AccountDetailsForm>;

/** GET /organizations/{id}/account-details: what is saved (organization '' while it is the default name). */
export const AccountDetails = z.object({
  organization: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  street_address: z.string(),
  street_address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  survey_question_id: z.number().int().nullable(),
  survey_answer_id: z.number().int().nullable(),
  survey_response_other: z.string().nullable(),
});
export type AccountDetails = z.infer<typeof AccountDetails>;
export const AccountDetailsResponse = z.object({ data: AccountDetails });
export type AccountDetailsResponse = z.infer<typeof AccountDetailsResponse>;

export const MainLocation = PostalAddress.extend({ id: z.number().int(), location_name: z.string() });
export type MainLocation = z.infer<typeof MainLocation>;

export const AccountSetupOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string().nullable(),
  main_location: MainLocation.nullable(),
  initial_order: z.null(),
});
export type AccountSetupOrganization = z.infer<typeof AccountSetupOrganization>;

/** Answer of PUT account-details (the web then refreshes the current user). */
export const AccountDetailsSavedResponse = z.object({
  user: MeResponse,
  organization: AccountSetupOrganization,
  credits: z.array(z.unknown()),
  message: z.string(),
});
export type AccountDetailsSavedResponse = z.infer<typeof AccountDetailsSavedResponse>;

// ---- payment methods ------------------------------------------------------------------------

export const PAYMENT_METHOD_TYPES = ['card', 'bank'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PaymentMethod = z.object({
  id: z.number().int(),
  payment_method_nickname: z.string(),
  payment_method_type: z.enum(PAYMENT_METHOD_TYPES),
  /** 'YYYY-MM-DD' (the last day of the expiry month) for cards, null for bank accounts. */
  card_exp_datetime: z.string().nullable(),
  is_primary: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** GET /organizations/{id}/f_m_payment_infos. */
export const PaymentInfoResponse = z.object({
  payment_info: z.object({
    customer_id: z.string().nullable(),
    payment_methods: z.array(PaymentMethod),
    billing_address: BillingAddress.nullable(),
  }),
});
export type PaymentInfoResponse = z.infer<typeof PaymentInfoResponse>;

/** POST /f_m_payment_methods: the token made in the browser by the card processor. */
export const AddPaymentMethodRequest = z.object({
  organization_id: z.number({ error: REQUIRED_MESSAGE }).int().positive(),
  token: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(255),
  altcha: AltchaPayloadSchema,
});
export type AddPaymentMethodRequest = z.input<typeof AddPaymentMethodRequest>;

/** PUT /f_m_payment_methods/{id}. */
export const UpdatePaymentMethodRequest = z.object({ is_primary: z.literal(true) });
export type UpdatePaymentMethodRequest = z.input<typeof UpdatePaymentMethodRequest>;

export const PaymentMethodIdParams = z.object({ id: z.coerce.number().int().positive() });
export const PaymentMethodResponse = z.object({ payment_method: PaymentMethod, message: z.string() });
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;

// ---- card and bank forms (browser only; card numbers never reach the server) ----------------

/** Luhn checksum of a card number (spaces and dashes ignored), 12 to 19 digits. */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when the card expired before the month of `now` (a card is valid through its expiry month). */
export function isExpiryInPast(month: string, year: string, now: Date = new Date()): boolean {
  const y = Number(year);
  const m = Number(month);
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return y < currentYear || (y === currentYear && m < currentMonth);
}

const expiryMessage = ACCOUNT_SETUP_MESSAGES.invalidExpiration;

export const CardForm = z
  .object({
    card_number: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REQUIRED_MESSAGE, abort: true })
      .refine(isValidCardNumber, ACCOUNT_SETUP_MESSAGES.invalidCardNumber),
    /** MM, 01 to 12. */
    expiry_month: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REQUIRED_MESSAGE, abort: true })
      .regex(/^(0[1-9]|1[0-2])$/, expiryMessage),
    /** YYYY. */
    expiry_year: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REQUIRED_MESSAGE, abort: true })
      .regex(/^\d{4}$/, expiryMessage),
    cvv: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REQUIRED_MESSAGE, abort: true })
      .regex(/^\d{3,4}$/, ACCOUNT_SETUP_MESSAGES.invalidCvv),
    name_on_card: requiredText(),
  })
  .superRefine((v, ctx) => {
    if (
      /^(0[1-9]|1[0-2])$/.test(v.expiry_month) &&
      /^\d{4}$/.test(v.expiry_year) &&
      isExpiryInPast(v.expiry_month, v.expiry_year)
    ) {
      ctx.addIssue({ code: 'custom', path: ['expiry_month'], message: expiryMessage });
      ctx.addIssue({ code: 'custom', path: ['expiry_year'], message: expiryMessage });
    }
  });
export type CardForm = z.input<typeof CardForm>;
export type CardValues = z.output<typeof CardForm>;

export const BANK_HOLDER_TYPES = ['personal', 'business'] as const;
export const BANK_TYPES = ['checking', 'savings'] as const;

export const BankForm = z.object({
  bank_name: requiredText(),
  bank_account: requiredText(34),
  bank_routing: requiredText(34),
  bank_holder_type: z.enum(BANK_HOLDER_TYPES, { error: REQUIRED_MESSAGE }).default('personal'),
  bank_type: z.enum(BANK_TYPES, { error: REQUIRED_MESSAGE }).default('savings'),
});
export type BankForm = z.input<typeof BankForm>;
export type BankValues = z.output<typeof BankForm>;

// ---- initial order --------------------------------------------------------------------------

/** POST calculate_initial_order and process_initial_purchase. An empty code means none. */
export const InitialOrderRequest = z.object({
  promo_code: z
    .string()
    .trim()
    .max(255)
    .nullable()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
});
export type InitialOrderRequest = z.input<typeof InitialOrderRequest>;

/** The initial order's money is integer cents, like every order's. */
export const InitialOrderItem = z.object({
  product: z.object({ id: z.number().int(), name: z.string() }),
  /** cents */
  value: z.number().int(),
  /** True when a promotion code replaced the whole start-up fee (shown struck through). */
  struck_through: z.boolean(),
});
export type InitialOrderItem = z.infer<typeof InitialOrderItem>;

export const InitialOrderDiscount = z.object({
  promotion_code: z.object({ id: z.number().int(), code: z.string(), description: z.string() }),
  /** cents taken off the start-up fee (0 for a code on the monthly fee) */
  value: z.number().int(),
});
export type InitialOrderDiscount = z.infer<typeof InitialOrderDiscount>;

export const InitialOrder = z.object({
  items: z.array(InitialOrderItem),
  discounts: z.array(InitialOrderDiscount),
  /** cents */
  subtotal: z.number().int(),
  /** cents: 1.49% of (subtotal - discounts) when the primary method is a card, 0 for a bank account. */
  credit_card_fee: z.number().int(),
  /** cents */
  total: z.number().int(),
  payment_method_type: z.enum(PAYMENT_METHOD_TYPES).nullable(),
  /** cents a month */
  monthly_fee: z.number().int(),
  /** 'YYYY-MM-DD', 30 days from today. */
  first_monthly_billing_date: z.string(),
});
export type InitialOrder = z.infer<typeof InitialOrder>;
export const InitialOrderResponse = z.object({ order: InitialOrder });
export type InitialOrderResponse = z.infer<typeof InitialOrderResponse>;

/** Answer of POST process_initial_purchase (201). */
export const InitialPurchaseResponse = z.object({ license: LicenseWithDevices, message: z.string() });
export type InitialPurchaseResponse = z.infer<typeof InitialPurchaseResponse>;
