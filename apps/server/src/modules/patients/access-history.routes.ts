import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessHistoryQuery,
  AccessHistoryResponse,
  AccessHistoryUsersResponse,
  PatientPathParams,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses } from '../../platform/http/request-meta.ts';
import { accessHistory, accessHistoryUsers } from './access-history.ts';

const tags = ['patients'];
const errors = errorResponses(400, 401, 403, 404);

/** Who read or changed a patient, from the audit trail (patients.view-access-history). */
export const accessHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/patients/:id/access-history',
    {
      schema: {
        tags,
        summary: 'Access history of a patient: who read or changed it, when and from where (one page)',
        params: PatientPathParams,
        querystring: AccessHistoryQuery,
        response: { 200: AccessHistoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accessHistory(ctx, requireActor(request), request.params.id, request.query);
    },
  );

  app.get(
    '/patients/:id/access-history/users',
    {
      schema: {
        tags,
        summary: "The users in a patient's access history (the filter's choices)",
        params: PatientPathParams,
        response: { 200: AccessHistoryUsersResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accessHistoryUsers(ctx, requireActor(request), request.params.id);
    },
  );
};
