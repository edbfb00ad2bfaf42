import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalendarDaysQuery,
  CalendarDaysResponse,
  IsValidBusinessDateQuery,
  IsValidBusinessDateResponse,
  NextBusinessDateQuery,
  NextBusinessDateResponse,
} from '@archline/contracts';
import { errorResponses } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['misc'];
const errors = errorResponses(400, 401, 422);

/** The lab's business-day calendar for the bonding date picker (any signed-in user). */
export const businessDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/misc/next-business-date',
    {
      schema: {
        tags,
        summary:
          'The minimum bonding date: the next business date after now in Mountain time plus the shipping method transit days',
        querystring: NextBusinessDateQuery,
        response: { 200: NextBusinessDateResponse, ...errors },
      },
    },
    async (request) => service.nextBusinessDate(ctx, request.query),
  );

  app.get(
    '/misc/calendar-days',
    {
      schema: {
        tags,
        summary: 'Every day of a month (YYYY-MM) with whether it is a business day',
        querystring: CalendarDaysQuery,
        response: { 200: CalendarDaysResponse, ...errors },
      },
    },
    async (request) => service.monthCalendar(request.query),
  );

  app.get(
    '/misc/is-valid-business-date',
    {
      schema: {
        tags,
        summary: 'Whether a bonding date is a business day between the minimum and 6 months ahead',
        querystring: IsValidBusinessDateQuery,
        response: { 200: IsValidBusinessDateResponse, ...errors },
      },
    },
    async (request) => service.isValidDate(ctx, request.query),
  );
};
