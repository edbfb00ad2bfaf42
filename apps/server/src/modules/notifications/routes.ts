import { requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  MarkAllNotificationsReadResponse,
  MarkNotificationReadResponse,
  NotificationIdParams,
  NotificationListQuery,
  NotificationListResponse,
  OrganizationIdParams,
  OrganizationNotificationSettingsResponse,
  UpdateOrganizationNotificationSettingsRequest,
  UpdateOrganizationNotificationSettingsResponse,
} from '@archline/contracts';
import { errorResponses } from '../../platform/http/request-meta.ts';
import { requireActor } from '../../platform/auth/plugin.ts';
import {
  getOrganizationNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateOrganizationNotificationSettings,
} from './service.ts';

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

  app.get(
    '/organizations/:id/notification-settings',
    {
      schema: {
        tags: ['organizations'],
        summary:
          "The organization's Email and Text Notifications per key (organization.notification-settings.update)",
        params: OrganizationIdParams,
        response: { 200: OrganizationNotificationSettingsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOrganizationNotificationSettings(app.ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/organizations/:id/notification-settings',
    {
      schema: {
        tags: ['organizations'],
        summary:
          'Saves e-mail recipients and text-message phone numbers per notification key (organization.notification-settings.update)',
        params: OrganizationIdParams,
        body: UpdateOrganizationNotificationSettingsRequest,
        response: {
          200: UpdateOrganizationNotificationSettingsResponse,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      updateOrganizationNotificationSettings(
        app.ctx,
        requireActor(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );
};
