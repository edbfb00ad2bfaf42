/**
 * Account setup (/initial-setup): the survey, account details, payment methods, the initial
 * order preview and the initial purchase. Spec: document 3 sections 2.1, 2.2, 3, 4, 5, 7, 8, 9.
 *
 * Gates, enforced here:
 * - an organization outside the caller's scope (or archived) answers 404, before any 403;
 * - account details, the order and the purchase: the organization_owner of the caller's current
 *   organization, or a management user with organizations.manage;
 * - payment methods: a practice user of the current organization who is organization_owner or
 *   holds organization.f_m_payment_methods.update, or management with organizations.manage.
 */
import {
  ACCOUNT_SETUP_MESSAGES,
  DEFAULT_START_UP_FEE_CENTS,
  FIRST_MONTHLY_BILLING_DAYS,
  START_UP_FEE_PRODUCT_CODE,
  START_UP_FEE_PRODUCT_NAME,
  looksLikeDefaultAccountName,
  type AccountDetails,
  type AccountDetailsSavedResponse,
  type AccountDetailsValues,
  type InitialOrder,
  type LicenseWithDevices,
  type PaymentInfoResponse,
  type PaymentMethod,
  type SurveyQuestionResponse,
} from '@archline/contracts';
import { MONTHLY_PROMOTION_MONTHS } from '@archline/contracts/billing-run';
import {
  centsToDollars,
  decimalDollarsToCents,
  orderTotals,
  promotionCodeDiscountCents,
} from '@archline/contracts/price-rules';
import type { Kysely } from 'kysely';
import type { AddressValues } from '../../db/columns.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { assertAltcha } from '../../platform/auth/altcha.ts';
import {
  AppError,
  conflict,
  fieldError,
  forbidden,
  notFound,
  unprocessable,
} from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { can } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import { paymentProcessorFor } from '../../platform/payments/index.ts';
import { me } from '../auth/service.ts';
import { findLicenseById } from '../licenses/service.ts';
import { auditOrganization } from '../organizations/service.ts';
import * as repo from './repository.ts';

type Db = Kysely<DB>;

// ---- gates ----------------------------------------------------------------------------------

type Gate = 'setup' | 'payment';

function allowed(actor: Actor, organizationId: number, gate: Gate): boolean {
  if (actor.profile === 'management') return can(actor, 'organizations.manage');
  if (actor.currentOrganizationId !== organizationId) return false;
  if (actor.organizationRole === 'organization_owner') return true;
  return gate === 'payment' && can(actor, 'organization.f_m_payment_methods.update');
}

/** The organization if the actor may see it (404 otherwise) and act on it (403 otherwise). */
async function gateOrganization(
  db: Db,
  actor: Actor,
  organizationId: number,
  gate: Gate,
  opts: { forUpdate?: boolean } = {},
): Promise<repo.SetupOrganizationRow> {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  const org = await repo.findOrganization(db, organizationId, opts);
  if (!org || org.deleted_at) throw notFound();
  if (!allowed(actor, organizationId, gate)) throw forbidden();
  return org;
}

/** 'YYYY-MM-DD' of today plus `days` (UTC). */
function isoDay(days = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---- survey ---------------------------------------------------------------------------------

export async function surveyQuestion(ctx: AppContext, id: number): Promise<SurveyQuestionResponse> {
  const [question, hasQuestions] = await Promise.all([
    repo.findSurveyQuestion(ctx.db, id),
    repo.hasActiveQuestions(ctx.db),
  ]);
  return { survey_question: question, has_questions: hasQuestions };
}

// ---- account details ------------------------------------------------------------------------

/** The user whose details the form shows: the caller when a member, else the organization's owner. */
async function subjectUserId(db: Db, actor: Actor, organizationId: number): Promise<number> {
  if (actor.organizationIds.includes(organizationId)) return actor.userId;
  return (await repo.firstOwnerId(db, organizationId)) ?? actor.userId;
}

export async function getAccountDetails(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<AccountDetails> {
  const org = await gateOrganization(ctx.db, actor, organizationId, 'setup');
  const userId = await subjectUserId(ctx.db, actor, organizationId);
  const [user, location, billing, survey] = await Promise.all([
    repo.findUserName(ctx.db, userId),
    repo.findMainLocation(ctx.db, organizationId),
    repo.findBillingAddress(ctx.db, organizationId),
    repo.findSurveyResponse(ctx.db, organizationId),
  ]);
  const address = location ?? billing;
  return {
    organization: looksLikeDefaultAccountName(org.name) ? '' : org.name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: address?.phone_number ?? '',
    street_address: address?.street_address ?? '',
    street_address_line_2: address?.street_address_line_2 ?? null,
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? 'USA',
    zip_code: address?.zip_code ?? '',
    survey_question_id: survey?.survey_question_id ?? null,
    survey_answer_id: survey?.survey_answer_id ?? null,
    survey_response_other: survey?.survey_response_other ?? null,
  };
}

/** The survey part of the form, checked against the stored questions. */
async function checkedSurvey(db: Db, input: AccountDetailsValues) {
  let questionId = input.survey_question_id ?? null;
  const answerId = input.survey_answer_id ?? null;
  if (answerId !== null) {
    const answer = await repo.findSurveyAnswer(db, answerId);
    if (!answer || (questionId !== null && answer.survey_question_id !== questionId))
      throw fieldError('survey_answer_id', ACCOUNT_SETUP_MESSAGES.surveyAnswerInvalid);
    questionId = answer.survey_question_id;
  } else if (questionId !== null || (await repo.hasActiveQuestions(db))) {
    throw fieldError('survey_answer_id', ACCOUNT_SETUP_MESSAGES.surveyAnswerRequired);
  }
  return {
    survey_question_id: questionId,
    survey_answer_id: answerId,
    survey_response_other: input.survey_response_other || null,
  };
}

/**
 * PUT account-details: in one transaction the organization name, the user's names, the billing
 * address, the main location (named after the organization, the user assigned) and the survey.
 */
export async function saveAccountDetails(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  input: AccountDetailsValues,
  meta: RequestMeta,
): Promise<AccountDetailsSavedResponse> {
  await gateOrganization(ctx.db, actor, organizationId, 'setup');
  const userId = input.userId ?? actor.userId;
  if (userId !== actor.userId && actor.profile !== 'management') throw forbidden();
  if (!(await repo.isMember(ctx.db, organizationId, userId)))
    throw fieldError('userId', 'The selected user is invalid.');
  const survey = await checkedSurvey(ctx.db, input);

  const saved = await ctx.db.transaction().execute(async (trx) => {
    const org = await repo.findOrganization(trx, organizationId, { forUpdate: true });
    if (!org) throw notFound();
    const email = (await repo.findUserEmail(trx, userId))!;
    const address: AddressValues = {
      first_name: input.first_name,
      last_name: input.last_name,
      email,
      phone_number: input.phone_number,
      street_address: input.street_address,
      street_address_line_2: input.street_address_line_2 || null,
      city: input.city,
      state: input.state,
      country: input.country,
      zip_code: input.zip_code,
    };
    await repo.renameOrganization(trx, organizationId, input.organization);
    await repo.renameUser(trx, userId, input.first_name, input.last_name);
    await repo.upsertBillingAddress(trx, organizationId, address);
    const location = await repo.upsertMainLocation(trx, organizationId, userId, {
      ...address,
      location_name: input.organization,
    });
    await repo.upsertSurveyResponse(trx, organizationId, { user_id: userId, ...survey });
    await auditOrganization(trx, actor, meta, 'account-setup.account-details', organizationId, {
      name: input.organization,
      user_id: userId,
      main_location_id: location.id,
      survey_answer_id: survey.survey_answer_id,
    });
    return { org: { ...org, name: input.organization }, location };
  });
  const user = await me(ctx, actor);
  return {
    user,
    organization: {
      id: saved.org.id,
      name: saved.org.name,
      account_number: saved.org.account_number,
      main_location: saved.location,
      initial_order: null,
    },
    credits: [],
    message: ACCOUNT_SETUP_MESSAGES.detailsSaved,
  };
}

// ---- payment methods ------------------------------------------------------------------------

export async function paymentInfo(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
): Promise<PaymentInfoResponse['payment_info']> {
  await gateOrganization(ctx.db, actor, organizationId, 'payment');
  const [customerId, methods, billing] = await Promise.all([
    repo.findCustomerId(ctx.db, organizationId),
    repo.listPaymentMethods(ctx.db, organizationId),
    repo.findBillingAddress(ctx.db, organizationId),
  ]);
  return {
    customer_id: customerId,
    payment_methods: methods.map(repo.toPaymentMethod),
    billing_address: billing,
  };
}

/** Saves a token made in the browser; the first method becomes primary. */
export async function addPaymentMethod(
  ctx: AppContext,
  actor: Actor,
  input: { organization_id: number; token: string; altcha?: string | undefined },
  meta: RequestMeta,
): Promise<PaymentMethod> {
  const organizationId = input.organization_id;
  await gateOrganization(ctx.db, actor, organizationId, 'payment');
  await assertAltcha(ctx, input.altcha);
  const processor = paymentProcessorFor(ctx.config);
  const described = processor.describeToken(input.token);
  if (!described) throw fieldError('token', ACCOUNT_SETUP_MESSAGES.paymentMethodInvalid);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.findOrganization(trx, organizationId, { forUpdate: true });
    const existing = await repo.listPaymentMethods(trx, organizationId);
    const duplicate = existing.some(
      (m) =>
        m.provider_token === input.token ||
        processor.describeToken(m.provider_token)?.fingerprint === described.fingerprint,
    );
    if (duplicate) throw fieldError('token', ACCOUNT_SETUP_MESSAGES.paymentMethodDuplicate);
    await repo.ensurePaymentInfo(trx, organizationId, `${processor.name}_cus_${organizationId}`);
    const row = await repo.insertPaymentMethod(trx, {
      organization_id: organizationId,
      provider_token: input.token,
      payment_method_nickname: described.nickname,
      payment_method_type: described.type,
      card_exp_datetime: described.card_exp_datetime,
      is_primary: existing.length === 0,
    });
    await auditOrganization(
      trx,
      actor,
      meta,
      'account-setup.payment-method-add',
      organizationId,
      { nickname: row.payment_method_nickname, type: row.payment_method_type, is_primary: row.is_primary },
      { type: 'payment_method', id: row.id },
    );
    return repo.toPaymentMethod(row);
  });
}

async function gatePaymentMethod(db: Db, actor: Actor, id: number): Promise<repo.PaymentMethodRow> {
  const method = await repo.findPaymentMethod(db, id);
  if (!method || !seesOrganization(actor, method.organization_id)) throw notFound();
  await gateOrganization(db, actor, method.organization_id, 'payment');
  return method;
}

export async function makePrimary(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<PaymentMethod> {
  const method = await gatePaymentMethod(ctx.db, actor, id);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.setPrimaryPaymentMethod(trx, method.organization_id, id);
    await auditOrganization(
      trx,
      actor,
      meta,
      'account-setup.payment-method-primary',
      method.organization_id,
      {},
      {
        type: 'payment_method',
        id,
      },
    );
    const row = await repo.findPaymentMethod(trx, id);
    return repo.toPaymentMethod(row!);
  });
}

/** Removes a method; when it was the primary one, the oldest remaining becomes primary. */
export async function removePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  const method = await gatePaymentMethod(ctx.db, actor, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deletePaymentMethod(trx, id);
    if (method.is_primary) {
      const [next] = await repo.listPaymentMethods(trx, method.organization_id);
      if (next) await repo.setPrimaryPaymentMethod(trx, method.organization_id, next.id);
    }
    await auditOrganization(
      trx,
      actor,
      meta,
      'account-setup.payment-method-remove',
      method.organization_id,
      { nickname: method.payment_method_nickname },
      { type: 'payment_method', id },
    );
  });
}

// ---- the initial order ----------------------------------------------------------------------

interface ComputedOrder {
  order: InitialOrder;
  startUpFeeProductId: number;
  promotionCodeId: number | null;
  primary: repo.PaymentMethodRow | undefined;
}

/** A setting of dollars ('500.00') as integer cents; `fallback` when it is missing or no amount. */
function settingCents(value: unknown, fallback: number): number {
  const amount = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
  return amount >= 0 ? decimalDollarsToCents(value) : fallback;
}

/** Whether a promotion code of this type is a discount on the start-up fee (not a monthly one). */
function onStartUpFee(typeId: number): boolean {
  return (MONTHLY_PROMOTION_MONTHS[typeId] ?? 0) === 0;
}

/** The start-up fee, the promotion code's discount, the card fee and the monthly terms. */
async function computeOrder(
  db: Db,
  organizationId: number,
  promoCode: string | undefined,
  opts: { forUpdate?: boolean } = {},
): Promise<ComputedOrder> {
  const [feeSetting, product, primary, licenseType] = await Promise.all([
    repo.findSetting(db, 'start_up_fee'),
    repo.productByCode(db, START_UP_FEE_PRODUCT_CODE, START_UP_FEE_PRODUCT_NAME),
    repo.findPrimaryPaymentMethod(db, organizationId),
    repo.findStandardLicenseType(db),
  ]);
  const startUpFee = settingCents(feeSetting, DEFAULT_START_UP_FEE_CENTS);
  let discount = 0;
  let promotionCodeId: number | null = null;
  const discounts: InitialOrder['discounts'] = [];
  if (promoCode) {
    const code = await repo.findUsablePromotionCode(db, promoCode, opts);
    if (!code) throw fieldError('promo_code', ACCOUNT_SETUP_MESSAGES.promoCodeInvalid);
    // Only a start-up fee code takes money off this order. A First Month or First Two Months code
    // is recorded on it with nothing off: the monthly billing run reads it from here and takes the
    // monthly fee off the first one or two invoices. A fixed code's value is dollars, a percent
    // code's a percent.
    discount = onStartUpFee(code.promotion_code_type_id)
      ? promotionCodeDiscountCents(
          {
            value: code.is_fixed ? decimalDollarsToCents(code.value) : Number(code.value),
            is_fixed: code.is_fixed,
          },
          startUpFee,
        )
      : 0;
    promotionCodeId = code.id;
    discounts.push({
      promotion_code: { id: code.id, code: code.code, description: code.description },
      value: discount,
    });
  }
  const type = primary ? (primary.payment_method_type as 'card' | 'bank') : null;
  const totals = orderTotals({ items: [startUpFee], discounts: [discount], method: type });
  return {
    order: {
      items: [
        {
          product,
          value: startUpFee,
          struck_through: discount > 0 && discount >= startUpFee,
        },
      ],
      discounts,
      subtotal: totals.subtotal,
      credit_card_fee: totals.credit_card_fee,
      total: totals.total,
      payment_method_type: type,
      monthly_fee: decimalDollarsToCents(licenseType?.monthly_fee),
      first_monthly_billing_date: isoDay(FIRST_MONTHLY_BILLING_DAYS),
    },
    startUpFeeProductId: product.id,
    promotionCodeId,
    primary,
  };
}

export async function calculateInitialOrder(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  promoCode: string | undefined,
): Promise<InitialOrder> {
  await gateOrganization(ctx.db, actor, organizationId, 'setup');
  return (await computeOrder(ctx.db, organizationId, promoCode)).order;
}

/** The owner the license is issued to: the caller when a member, else the organization's owner. */
async function licenseHolder(db: Db, actor: Actor, organizationId: number): Promise<number> {
  return subjectUserId(db, actor, organizationId);
}

/**
 * The initial purchase, in one transaction: charge the start-up fee through the processor (a
 * decline writes nothing), then license, contract, order, payment attempt, promotion code use,
 * the setup flag cleared and the onboarding in progress.
 */
export async function processInitialPurchase(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  promoCode: string | undefined,
  meta: RequestMeta,
): Promise<LicenseWithDevices> {
  await gateOrganization(ctx.db, actor, organizationId, 'setup');
  const processor = paymentProcessorFor(ctx.config);
  const licenseId = await ctx.db.transaction().execute(async (trx) => {
    const org = await repo.findOrganization(trx, organizationId, { forUpdate: true });
    if (!org) throw notFound();
    if (await repo.hasLicense(trx, organizationId)) throw conflict(ACCOUNT_SETUP_MESSAGES.alreadyComplete);
    const computed = await computeOrder(trx, organizationId, promoCode, { forUpdate: true });
    const { order, primary } = computed;
    if (!primary)
      throw unprocessable(ACCOUNT_SETUP_MESSAGES.paymentMethodRequired, {
        payment_method: [ACCOUNT_SETUP_MESSAGES.paymentMethodRequired],
      });
    const licenseType = await repo.findStandardLicenseType(trx);
    if (!licenseType) throw new AppError(500, 'No license type is configured.');

    let reference = 'No charge: the order total is 0.';
    if (order.total > 0) {
      const charge = await processor.charge({
        token: primary.provider_token,
        amount: centsToDollars(order.total),
        description: `Archline start-up fee, ${org.name}`,
      });
      if (!charge.ok) throw unprocessable(charge.message, { payment_method: [charge.message] });
      reference = `Payment reference ${charge.reference}`;
    }

    const today = isoDay();
    const holder = await licenseHolder(trx, actor, organizationId);
    const licenseId = await repo.insertLicense(trx, {
      organization_id: organizationId,
      user_id: holder,
      license_type_id: licenseType.id,
      seats: licenseType.default_seats,
    });
    const contractId = await repo.upsertPaidContract(trx, {
      organization_id: organizationId,
      license_id: licenseId,
      today,
      next: isoDay(FIRST_MONTHLY_BILLING_DAYS),
    });
    const orderId = await repo.insertInitialOrder(trx, {
      organization_id: organizationId,
      contract_id: contractId,
      today,
      subtotal: order.subtotal,
      credit_card_fee: order.credit_card_fee,
      total: order.total,
      items: order.items.map((i) => ({ product_id: i.product.id, value: i.value })),
      discounts: order.discounts.map((d) => ({
        product_id: computed.startUpFeeProductId,
        promotion_code_id: d.promotion_code.id,
        value: d.value,
      })),
      user_id: actor.userId,
    });
    await repo.insertPaymentAttempt(trx, {
      contract_id: contractId,
      order_id: orderId,
      payment_method_id: primary.id,
      amount: order.total,
      message: reference,
    });
    if (computed.promotionCodeId !== null)
      await repo.incrementPromotionCodeUses(trx, computed.promotionCodeId);
    await repo.completeInitialSetup(trx, organizationId);
    await auditOrganization(trx, actor, meta, 'account-setup.initial-purchase', organizationId, {
      license_id: licenseId,
      contract_id: contractId,
      order_id: orderId,
      total: order.total,
      promo_code: promoCode ?? null,
    });
    return licenseId;
  });
  const license = await findLicenseById(ctx, licenseId);
  return { ...license!, devices: [] };
}
