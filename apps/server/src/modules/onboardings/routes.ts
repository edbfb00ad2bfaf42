import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ListOnboardingsQuery,
  ListOnboardingsResponse,
  OnboardingIdParams,
  OnboardingMessageResponse,
  OnboardingResponse,
  UpdateOnboardingMetadataRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['onboardings'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);

/** The onboarding checklist: the management list, one onboarding, its inputs and proceeding. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/onboardings',
    {
      schema: {
        tags,
        summary: 'Onboardings (management); filter by organization name and status, newest or oldest first',
        querystring: ListOnboardingsQuery,
        response: { 200: ListOnboardingsResponse, ...errors },
      },
    },
    async (request) => service.listOnboardings(ctx, requireActor(request), request.query),
  );

  app.get(
    '/onboardings/:id',
    {
      schema: {
        tags,
        summary:
          "One onboarding (management, or its organization's members with organization.onboarding.view)",
        params: OnboardingIdParams,
        response: { 200: OnboardingResponse, ...errors },
      },
    },
    async (request) => ({
      onboarding: await service.getOnboarding(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/onboardings/:id/metadata',
    {
      schema: {
        tags,
        summary:
          'Fills in checklist inputs (onboardings.update-metadata or onboardings.manage; a practice only its own steps)',
        params: OnboardingIdParams,
        body: UpdateOnboardingMetadataRequest,
        response: { 200: OnboardingMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateMetadata(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.metadata,
        requestMeta(request),
      ),
  );

  app.post(
    '/onboardings/:id/proceed_next_step',
    {
      schema: {
        tags,
        summary:
          'Completes the next sub-step (onboardings.proceed or onboardings.manage; a practice only the steps in doctor_allowed_steps)',
        params: OnboardingIdParams,
        response: { 200: OnboardingMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.proceedNextStep(ctx, requireActor(request), request.params.id, requestMeta(request)),
  );
};
