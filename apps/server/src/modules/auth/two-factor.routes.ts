import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LoginInfo,
  MessageResponse,
  TWO_FACTOR_MESSAGES,
  TwoFactorConfirmRequest,
  TwoFactorConfirmResponse,
  TwoFactorDisableRequest,
  TwoFactorLoginRequest,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@archline/contracts';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/plugin.ts';
import { RateLimitedError } from '../../platform/auth/rate-limit.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as twoFactor from './two-factor.ts';

const tags = ['auth'];
const errors = errorResponses(400, 401, 403, 404, 422, 429);
const UserIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Two-factor sign-in: the second sign-in step, the caller's enrolment and a super admin's reset. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags,
        security: [],
        summary: 'Sign in, second step: the challenge of the login answer and a code',
        body: TwoFactorLoginRequest,
        response: { 200: LoginInfo, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.completeChallenge(ctx, request.body, requestMeta(request));
    },
  );

  app.get(
    '/me/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on for the caller',
        response: { 200: TwoFactorStatusResponse, ...errors },
      },
    },
    async (request) => twoFactor.status(ctx, requireActor(request).userId),
  );

  app.post(
    '/me/two-factor/setup',
    {
      schema: {
        tags,
        summary: 'Start enrolment: a new secret, as a QR code and as text',
        response: { 200: TwoFactorSetupResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.startEnrolment(ctx, requireActor(request));
    },
  );

  app.post(
    '/me/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Finish enrolment with a first code; answers the ten recovery codes, once',
        body: TwoFactorConfirmRequest,
        response: { 200: TwoFactorConfirmResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.confirmEnrolment(ctx, requireActor(request), request.body.code, requestMeta(request));
    },
  );

  app.post(
    '/me/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off with a current code or a recovery code',
        body: TwoFactorDisableRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await twoFactor.disable(ctx, requireActor(request), request.body.code, requestMeta(request));
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.delete(
    '/users/:id/two-factor',
    {
      schema: {
        tags: ['users'],
        summary: "Reset a user's two-factor sign-in (super admin)",
        params: UserIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await twoFactor.resetForUser(ctx, requireActor(request), request.params.id, requestMeta(request));
      return { message: TWO_FACTOR_MESSAGES.reset };
    },
  );
};
