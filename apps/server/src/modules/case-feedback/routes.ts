import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedbackSuggestionResponse,
  OrganizationIdParams,
  PatientPathParams,
  SubmitFeedbackRequest,
  SubmitFeedbackResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['case feedback'];

/** Case feedback: the case to ask about and the rating (practice users). */
export const caseFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/organizations/:id/feedback-suggestion',
    {
      schema: {
        tags,
        summary:
          "The organization's most recently completed or shipped case the caller has not rated (null when there is none, or the caller asked not to be asked again)",
        params: OrganizationIdParams,
        response: { 200: FeedbackSuggestionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.feedbackSuggestion(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/patients/:id/submit-feedback',
    {
      schema: {
        tags,
        summary:
          'Rates a completed or shipped case: score 10 Great, 5 Ok, 1 Bad; options.disable stops further questions',
        params: PatientPathParams,
        body: SubmitFeedbackRequest,
        response: { 200: SubmitFeedbackResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      service.submitFeedback(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );
};
