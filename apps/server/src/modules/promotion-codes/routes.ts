import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePromotionCodeRequest,
  ListPromotionCodesQuery,
  ListPromotionCodesResponse,
  MessageResponse,
  PromotionCodeIdParams,
  PromotionCodeMessageResponse,
  PromotionCodeResponse,
  UpdatePromotionCodeRequest,
  ValidatePromotionCodeRequest,
  ValidatePromotionCodeResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['promotion codes'];
const errors = errorResponses(400, 401, 403, 404, 422);

/** Promotion codes: list, create, show, update, delete (promotion-codes.manage) and validate_code. */
export const promotionCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/promotion-codes',
    {
      schema: {
        tags,
        summary: 'Promotion codes, newest first; search by code, status 1 active / 2 inactive',
        querystring: ListPromotionCodesQuery,
        response: { 200: ListPromotionCodesResponse, ...errors },
      },
    },
    async (request) => service.listPromotionCodes(ctx, requireActor(request), request.query),
  );

  app.post(
    '/promotion-codes',
    {
      schema: {
        tags,
        summary: 'Creates a promotion code (value in cents when is_fixed, else a percent)',
        body: CreatePromotionCodeRequest,
        response: { 201: PromotionCodeMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createPromotionCode(ctx, requireActor(request), request.body, requestMeta(request)),
        ),
  );

  app.post(
    '/promotion-codes/validate_code',
    {
      schema: {
        tags,
        summary: 'Whether a code can be used now (any signed-in user); 422 when it cannot',
        body: ValidatePromotionCodeRequest,
        response: { 200: ValidatePromotionCodeResponse, ...errors },
      },
    },
    async (request) => service.validatePromotionCode(ctx, requireActor(request), request.body.code),
  );

  app.get(
    '/promotion-codes/:id',
    {
      schema: {
        tags,
        summary: 'One promotion code',
        params: PromotionCodeIdParams,
        response: { 200: PromotionCodeResponse, ...errors },
      },
    },
    async (request) => ({
      promotion_code: await service.getPromotionCode(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/promotion-codes/:id',
    {
      schema: {
        tags,
        summary: 'Updates a promotion code; the code itself never changes; id 1 is read-only',
        params: PromotionCodeIdParams,
        body: UpdatePromotionCodeRequest,
        response: { 200: PromotionCodeMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updatePromotionCode(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  app.delete(
    '/promotion-codes/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a promotion code (promotion-codes.manage); id 1 stays',
        params: PromotionCodeIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) =>
      service.deletePromotionCode(ctx, requireActor(request), request.params.id, requestMeta(request)),
  );
};
