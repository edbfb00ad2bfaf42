import { requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  AnnouncementListQuery,
  AnnouncementListResponse,
  ErrorResponse,
  UpdateAnnouncementRequest,
  UpdateAnnouncementResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { listAnnouncements, updateAnnouncement } from './service.ts';

/**
 * A body at the character limit can take up to 4 bytes per character in UTF-8 JSON, beyond the
 * app-wide body limit. Only signed-in editors get this far (checked before the body is read).
 */
const ANNOUNCEMENT_BODY_LIMIT = ANNOUNCEMENT_MAX_LENGTH * 4 + 64 * 1024;

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/announcements',
    {
      onRequest: async (request) => {
        requireActor(request);
      },
      schema: {
        tags: ['announcements'],
        summary: 'The announcements the caller may see (scope=all: both, for editors)',
        querystring: AnnouncementListQuery,
        response: {
          200: AnnouncementListResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request) => listAnnouncements(app.ctx, requireActor(request), request.query),
  );

  app.put(
    '/settings/announcements',
    {
      bodyLimit: ANNOUNCEMENT_BODY_LIMIT,
      // 401 and 403 before a large body is read.
      onRequest: async (request) => {
        authorize(requireActor(request), 'announcement.update');
      },
      schema: {
        tags: ['announcements'],
        summary: 'Sets the announcement of one visibility; an empty body deletes it',
        body: UpdateAnnouncementRequest,
        response: {
          200: UpdateAnnouncementResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request) => updateAnnouncement(app.ctx, requireActor(request), request.body, requestMeta(request)),
  );
};
