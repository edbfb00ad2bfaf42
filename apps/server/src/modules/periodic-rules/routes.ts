import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePeriodicRuleRequest,
  ListPeriodicRulesQuery,
  ListPeriodicRulesResponse,
  MessageResponse,
  PeriodicRuleContractQuery,
  PeriodicRuleIdParams,
  PeriodicRuleMessageResponse,
  PeriodicRuleResponse,
  UpdatePeriodicRuleRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['periodic rules'];
const errors = errorResponses(400, 401, 403, 404);

/** Periodic rules of a subscription: CRUD by contract (periodic-rules.manage; delete for the admin role). */
export const periodicRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/periodic-rules',
    {
      schema: {
        tags,
        summary: "A subscription's periodic rules (value in cents, negative for a discount)",
        querystring: ListPeriodicRulesQuery,
        response: { 200: ListPeriodicRulesResponse, ...errors },
      },
    },
    async (request) => service.listPeriodicRules(ctx, requireActor(request), request.query.contractId),
  );

  app.post(
    '/periodic-rules',
    {
      schema: {
        tags,
        summary: 'Creates a periodic rule on the contract named by contract_id (value in positive cents)',
        body: CreatePeriodicRuleRequest,
        response: { 201: PeriodicRuleMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createPeriodicRule(ctx, requireActor(request), request.body, requestMeta(request)),
        ),
  );

  app.get(
    '/periodic-rules/:id',
    {
      schema: {
        tags,
        summary: 'One periodic rule (of the contract given by contractId, when given)',
        params: PeriodicRuleIdParams,
        querystring: PeriodicRuleContractQuery,
        response: { 200: PeriodicRuleResponse, ...errors },
      },
    },
    async (request) => ({
      periodic_rule: await service.getPeriodicRule(
        ctx,
        requireActor(request),
        request.params.id,
        request.query.contractId,
      ),
    }),
  );

  app.put(
    '/periodic-rules/:id',
    {
      schema: {
        tags,
        summary: 'Updates a periodic rule of the contract named by contract_id',
        params: PeriodicRuleIdParams,
        body: UpdatePeriodicRuleRequest,
        response: { 200: PeriodicRuleMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updatePeriodicRule(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  app.delete(
    '/periodic-rules/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a periodic rule (periodic-rules.manage and the admin role)',
        params: PeriodicRuleIdParams,
        querystring: PeriodicRuleContractQuery,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) =>
      service.deletePeriodicRule(
        ctx,
        requireActor(request),
        request.params.id,
        request.query.contractId,
        requestMeta(request),
      ),
  );
};
