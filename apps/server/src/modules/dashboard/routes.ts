import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuery, DashboardResponse } from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['dashboard'];
const errors = errorResponses(400, 401, 403);

/** The staff dashboard: circle and filtered statistics and the chart of the chosen range. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary:
          'Dashboard statistics (staff, lab partner: its third-party cases, practice with users.view-dashboard, users.manage or users.manage-limited)',
        querystring: DashboardQuery,
        response: { 200: DashboardResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.getDashboard(ctx, requireActor(request), request.query) }),
  );
};
