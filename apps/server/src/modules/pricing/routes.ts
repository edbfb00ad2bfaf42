import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrganizationPricingParams,
  PricingMessageResponse,
  PricingResponse,
  UpdatePricingRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['pricing'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);

/** Pricing (Customize Fees): the global price list and an organization's own. Money in cents. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/pricing',
    {
      schema: {
        tags,
        summary: 'The global price list, in cents (pricing.update)',
        response: { 200: PricingResponse, ...errors },
      },
    },
    async (request) => ({ pricing: await service.getGlobalPricing(ctx, requireActor(request)) }),
  );

  app.put(
    '/pricing',
    {
      schema: {
        tags,
        summary: 'Replaces the global price list (pricing.update)',
        body: UpdatePricingRequest,
        response: { 200: PricingMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateGlobalPricing(ctx, requireActor(request), request.body, requestMeta(request)),
  );

  app.get(
    '/organizations/:id/pricing',
    {
      schema: {
        tags,
        summary:
          "An organization's price list, or the global one when it has none (organization.pricing.update)",
        params: OrganizationPricingParams,
        response: { 200: PricingResponse, ...errors },
      },
    },
    async (request) => ({
      pricing: await service.getOrganizationPricing(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/organizations/:id/pricing',
    {
      schema: {
        tags,
        summary: "Sets an organization's own price list (organization.pricing.update)",
        params: OrganizationPricingParams,
        body: UpdatePricingRequest,
        response: { 200: PricingMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateOrganizationPricing(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  app.delete(
    '/organizations/:id/pricing',
    {
      schema: {
        tags,
        summary:
          "Removes an organization's own price list: the global one applies (organization.pricing.update)",
        params: OrganizationPricingParams,
        response: { 200: PricingMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.resetOrganizationPricing(ctx, requireActor(request), request.params.id, requestMeta(request)),
  );
};
