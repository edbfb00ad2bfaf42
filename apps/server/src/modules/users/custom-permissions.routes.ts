import { errorResponses } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomPermissionsResponse,
  ToggleCustomPermissionRequest,
  ToggleCustomPermissionResponse,
  UserIdParams,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './custom-permissions.service.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 422);

/** Per-user custom permission toggles ("Additional User Permissions" on the user page). */
export const customPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/users/:id/custom_permissions',
    {
      schema: {
        tags,
        summary: "A user's custom permission toggles (own list, or permissions.manage)",
        params: UserIdParams,
        response: { 200: CustomPermissionsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.listCustomPermissions(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/users/:id/toggle_custom_permission',
    {
      schema: {
        tags,
        summary: 'Turns one custom permission of a user on or off (permissions.manage)',
        params: UserIdParams,
        body: ToggleCustomPermissionRequest,
        response: { 200: ToggleCustomPermissionResponse, ...errors },
      },
    },
    async (request) =>
      service.toggleCustomPermission(ctx, requireActor(request), request.params.id, request.body.permission, {
        ip: request.ip,
        requestId: request.id,
      }),
  );
};
