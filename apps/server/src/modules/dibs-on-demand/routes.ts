import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GenerateStreamingUrlRequest,
  GenerateStreamingUrlResponse,
  ViewerOptionsResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['viewer'];
const errors = errorResponses(400, 401, 403, 404, 422);
const PatientParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** The DIBS viewer open flow: the options a case's organization allows, and DIBS online. */
export const dibsOnDemandRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/patients/:id/viewer-options',
    {
      schema: {
        tags,
        summary: "The case's organization and the DIBS options it allows (1 Desktop, 4 Online)",
        params: PatientParams,
        response: { 200: ViewerOptionsResponse, ...errors },
      },
    },
    async (request) => service.viewerOptions(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/dibs-on-demand/generate-streaming-url',
    {
      schema: {
        tags,
        summary:
          "Starts DIBS online with the caller's single-use launch code (the case's organization must allow Online); answers the streaming URL to open in a new tab",
        body: GenerateStreamingUrlRequest,
        response: { 200: GenerateStreamingUrlResponse, ...errors },
      },
    },
    async (request) =>
      service.generateStreamingUrl(ctx, requireActor(request), request.body, requestMeta(request)),
  );
};
