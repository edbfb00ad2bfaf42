import { requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  NotificationIdParams,
  NotificationListQuery,
  NotificationListResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service.ts';

/** The signed-in user's own notifications (the top bar bell). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here needs a session: answer 401 before looking at the input.
  app.addHook('onRequest', async (request) => {
    requireActor(request);
  });

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => listNotifications(app.ctx, requireActor(request), request.query),
  );

  // Registered before the {id} route so 'mark-all-as-read' is never read as an id.
  app.patch(
    '/notifications/mark-all-as-read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks all of the caller's notifications as read",
        response: { 200: MarkAllNotificationsReadResponse, 401: ErrorResponse },
      },
    },
    async (request) => markAllNotificationsRead(app.ctx, requireActor(request), requestMeta(request)),
  );

  app.patch(
    '/notifications/:id/mark-as-read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of the caller’s notifications as read',
        params: NotificationIdParams,
        response: {
          200: MarkNotificationReadResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) =>
      markNotificationRead(app.ctx, requireActor(request), request.params.id, {
        ip: request.ip,
        requestId: request.id,
      }),
  );
};
