import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateRxFormRequest,
  CreateRxFormResponse,
  RxFormIdParams,
  RxFormMessageResponse,
  RxFormPricingResponse,
  RxFormResponse,
  UpdateRxFormRequest,
} from '@archline/contracts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './service.ts';
import { registerApprovalReminders } from './approval-reminders.ts';

const tags = ['rx-forms'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const meta = requestMeta;

/** Case entry and the Rx form of a case. */
export const rxFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Weekday reminders of cases awaiting the doctor's approval (a job on the queue).
  registerApprovalReminders(app, ctx);

  app.post(
    '/rx-forms',
    {
      schema: {
        tags,
        summary:
          'Starts a case: the patient, its Rx form, choices and files and the initial case setup request, in one transaction (409 for an unconfirmed similar patient)',
        body: CreateRxFormRequest,
        response: { 201: CreateRxFormResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createRxForm(ctx, requireActor(request), request.body, meta(request))),
  );

  app.get(
    '/organizations/:id/rx-form-pricing',
    {
      schema: {
        tags,
        summary: 'The rush and root-integration prices the case form shows (whoever may start a case there)',
        params: RxFormIdParams,
        response: { 200: RxFormPricingResponse, ...errors },
      },
    },
    async (request) => service.getCasePricing(ctx, requireActor(request), request.params.id),
  );

  app.get(
    '/rx-forms/:id',
    {
      schema: {
        tags,
        summary:
          'One Rx form with its organization, locations, choices, layout and custom values; modification rules and hidden fields',
        params: RxFormIdParams,
        response: { 200: RxFormResponse, ...errors },
      },
    },
    async (request) => service.getRxForm(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.post(
    '/rx-forms/:id/mark_as_ready',
    {
      schema: {
        tags,
        summary:
          'Notify doctor: marks the Rx form ready (Pending) and notifies its doctor (rx-forms.manage, rx-forms.mark-as-ready or organization.rx-forms.mark-as-ready)',
        params: RxFormIdParams,
        response: { 200: RxFormMessageResponse, ...errors },
      },
    },
    async (request) => service.markAsReady(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.patch(
    '/rx-forms/:id',
    {
      schema: {
        tags,
        summary: 'Changes fields of an Rx form within its modification rules (assignments only while New)',
        params: RxFormIdParams,
        body: UpdateRxFormRequest,
        response: { 200: RxFormMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateRxForm(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );
};
