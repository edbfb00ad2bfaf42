import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateUserRequest,
  ListUsersQuery,
  ListUsersResponse,
  MessageResponse,
  NotificationSettingsResponse,
  ToggleNotificationSettingRequest,
  ToggleNotificationSettingResponse,
  UpdateUserRequest,
  UserIdParams,
  UserMessageResponse,
  UserResponse,
  WhitehatIntegrationRequest,
  WhitehatIntegrationResponse,
  WhitehatIntegrationUpdateResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './service.ts';

const tags = ['users'];
const errors = errorResponses(400, 401, 403, 404, 422);

const meta = requestMeta;

/** Users: list, user page, create, update, archive, restore, delete, Whitehat, notification settings. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Users list (users.view, users.manage or users.manage-limited; scoped)',
        querystring: ListUsersQuery,
        response: { 200: ListUsersResponse, ...errors },
      },
    },
    async (request) => service.listUsers(ctx, requireActor(request), request.query),
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary:
          'Creates a user and mails the initial-password link (users.create, users.manage or users.manage-limited)',
        body: CreateUserRequest,
        response: { 201: UserMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.createUser(ctx, requireActor(request), request.body, meta(request));
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'The user page',
        params: UserIdParams,
        response: { 200: UserResponse, ...errors },
      },
    },
    async (request) => ({ user: await service.getUser(ctx, requireActor(request), request.params.id) }),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Saves the user form (users.update or users.manage; archived users are read-only)',
        params: UserIdParams,
        body: UpdateUserRequest,
        response: { 200: UserMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateUser(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: "Deletes a user (users.delete or users.manage; never one's own account)",
        params: UserIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => service.deleteUser(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.put(
    '/users/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archives a user (users.archive)',
        params: UserIdParams,
        response: { 200: UserMessageResponse, ...errors },
      },
    },
    async (request) => service.archiveUser(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.put(
    '/users/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restores an archived user (users.restore)',
        params: UserIdParams,
        response: { 200: UserMessageResponse, ...errors },
      },
    },
    async (request) => service.restoreUser(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.get(
    '/users/:id/whitehat-integration',
    {
      schema: {
        tags,
        summary:
          'Whitehat integration settings (users.update-whitehat-integration); the password is never returned',
        params: UserIdParams,
        response: { 200: WhitehatIntegrationResponse, ...errors },
      },
    },
    async (request) => service.getWhitehat(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/users/:id/whitehat-integration',
    {
      schema: {
        tags,
        summary: 'Saves the Whitehat integration (users.update-whitehat-integration)',
        params: UserIdParams,
        body: WhitehatIntegrationRequest,
        response: { 200: WhitehatIntegrationUpdateResponse, ...errors },
      },
    },
    async (request) =>
      service.saveWhitehat(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.get(
    '/users/:id/notification-settings',
    {
      schema: {
        tags,
        summary: "A user's notification settings (own, or users.manage-notification-settings)",
        params: UserIdParams,
        response: { 200: NotificationSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await service.listNotificationSettings(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/users/:id/notification-settings/toggle',
    {
      schema: {
        tags,
        summary: 'Turns one notification setting on or off (own, or users.manage-notification-settings)',
        params: UserIdParams,
        body: ToggleNotificationSettingRequest,
        response: { 200: ToggleNotificationSettingResponse, ...errors },
      },
    },
    async (request) =>
      service.toggleNotificationSetting(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.name,
        meta(request),
      ),
  );
};
