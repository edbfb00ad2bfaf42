import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SETUP_MESSAGES,
  AccountDetailsForm,
  AccountDetailsResponse,
  AccountDetailsSavedResponse,
  AddPaymentMethodRequest,
  InitialOrderRequest,
  InitialOrderResponse,
  InitialPurchaseResponse,
  MessageResponse,
  OrganizationIdParams,
  PaymentInfoResponse,
  PaymentMethodIdParams,
  PaymentMethodResponse,
  SurveyQuestionResponse,
  UpdatePaymentMethodRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['account-setup'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const params = OrganizationIdParams;

/** The account setup wizard: survey, account details, payment methods, initial order and purchase. */
export const accountSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/survey_questions/:id',
    {
      schema: {
        tags,
        summary: 'A survey question with its answers (null when inactive or unknown)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: SurveyQuestionResponse, ...errors },
      },
    },
    async (request) => service.surveyQuestion(ctx, request.params.id),
  );

  app.get(
    '/organizations/:id/account-details',
    {
      schema: {
        tags,
        summary: 'The Account Details form as saved (organization owner or organizations.manage)',
        params,
        response: { 200: AccountDetailsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.getAccountDetails(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/organizations/:id/account-details',
    {
      schema: {
        tags,
        summary: 'Saves organization name, user names, billing address, main location and survey',
        params,
        body: AccountDetailsForm,
        response: { 200: AccountDetailsSavedResponse, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return service.saveAccountDetails(ctx, actor, request.params.id, request.body, requestMeta(request));
    },
  );

  app.get(
    '/organizations/:id/f_m_payment_infos',
    {
      schema: {
        tags,
        summary: "The organization's payment methods and billing address",
        params,
        response: { 200: PaymentInfoResponse, ...errors },
      },
    },
    async (request) => ({
      payment_info: await service.paymentInfo(ctx, requireActor(request), request.params.id),
    }),
  );

  app.post(
    '/f_m_payment_methods',
    {
      schema: {
        tags,
        summary: 'Saves a payment method tokenized in the browser (passing bot check); the first is primary',
        body: AddPaymentMethodRequest,
        response: { 201: PaymentMethodResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const method = await service.addPaymentMethod(ctx, actor, request.body, requestMeta(request));
      return reply
        .status(201)
        .send({ payment_method: method, message: ACCOUNT_SETUP_MESSAGES.paymentMethodAdded });
    },
  );

  app.put(
    '/f_m_payment_methods/:id',
    {
      schema: {
        tags,
        summary: 'Makes a payment method the primary one',
        params: PaymentMethodIdParams,
        body: UpdatePaymentMethodRequest,
        response: { 200: PaymentMethodResponse, ...errors },
      },
    },
    async (request) => ({
      payment_method: await service.makePrimary(
        ctx,
        requireActor(request),
        request.params.id,
        requestMeta(request),
      ),
      message: ACCOUNT_SETUP_MESSAGES.primaryUpdated,
    }),
  );

  app.delete(
    '/f_m_payment_methods/:id',
    {
      schema: {
        tags,
        summary: 'Removes a payment method',
        params: PaymentMethodIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.removePaymentMethod(ctx, requireActor(request), request.params.id, requestMeta(request));
      return { message: ACCOUNT_SETUP_MESSAGES.paymentMethodRemoved };
    },
  );

  app.post(
    '/organizations/:id/calculate_initial_order',
    {
      schema: {
        tags,
        summary: 'The initial order preview: start-up fee, promotion code, card fee, monthly terms',
        params,
        body: InitialOrderRequest.optional(),
        response: { 200: InitialOrderResponse, ...errors },
      },
    },
    async (request) => ({
      order: await service.calculateInitialOrder(
        ctx,
        requireActor(request),
        request.params.id,
        request.body?.promo_code,
      ),
    }),
  );

  app.post(
    '/organizations/:id/process_initial_purchase',
    {
      schema: {
        tags,
        summary: 'Charges the start-up fee and creates license, contract and initial order',
        params,
        body: InitialOrderRequest.optional(),
        response: { 201: InitialPurchaseResponse, ...errors },
      },
    },
    async (request, reply) => {
      const license = await service.processInitialPurchase(
        ctx,
        requireActor(request),
        request.params.id,
        request.body?.promo_code,
        requestMeta(request),
      );
      return reply.status(201).send({ license, message: ACCOUNT_SETUP_MESSAGES.ready });
    },
  );
};
