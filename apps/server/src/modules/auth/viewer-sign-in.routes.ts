import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ViewerSignInCodeResponse,
  ViewerSignInExchangeRequest,
  ViewerSignInExchangeResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './viewer-sign-in.service.ts';

const tags = ['auth'];
const errors = errorResponses(400, 401, 422);

/** Signing the DIBS desktop viewer in with a single-use code instead of a token in the link. */
export const viewerSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/viewer/sign-in-code',
    {
      schema: {
        tags,
        summary: 'A single-use code (one minute) that signs the DIBS desktop viewer in as the caller',
        response: { 200: ViewerSignInCodeResponse, ...errors },
      },
    },
    async (request) => service.createViewerSignInCode(ctx, requireActor(request), requestMeta(request)),
  );

  app.post(
    '/viewer/sign-in-code/exchange',
    {
      schema: {
        tags,
        security: [],
        summary: 'The DIBS desktop viewer exchanges its code for a session of its own',
        body: ViewerSignInExchangeRequest,
        response: { 200: ViewerSignInExchangeResponse, ...errors },
      },
    },
    async (request) => service.exchangeViewerSignInCode(ctx, request.body.code, requestMeta(request)),
  );
};
