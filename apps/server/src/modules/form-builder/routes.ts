import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateFormBuilderRequest,
  FormBuilderIdParams,
  FormBuilderOrganizationParams,
  FormBuilderResponse,
  FormBuilderSavedResponse,
  UpdateFormBuilderRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['form-builder'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const meta = requestMeta;

/** RxForm layouts: the default one and organizations' own layouts. */
export const formBuilderRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/form-builder/default',
    {
      schema: {
        tags,
        summary: 'The default RxForm layout (the built-in one until it is customized)',
        response: { 200: FormBuilderResponse, ...errors },
      },
    },
    async () => ({ form_builder: await service.getDefaultLayout(ctx) }),
  );

  app.get(
    '/organizations/:id/form-builder',
    {
      schema: {
        tags,
        summary: "The organization's RxForm layout, or the default one when it has none",
        params: FormBuilderOrganizationParams,
        response: { 200: FormBuilderResponse, ...errors },
      },
    },
    async (request) => ({
      form_builder: await service.getOrganizationLayout(ctx, requireActor(request), request.params.id),
    }),
  );

  app.post(
    '/form-builder',
    {
      schema: {
        tags,
        summary:
          "Stores a layout: the default one (organization_id null, rx-forms.customize-default-layout) or an organization's own (rx-forms.customize-organization-layout)",
        body: CreateFormBuilderRequest,
        response: { 201: FormBuilderSavedResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLayout(ctx, requireActor(request), request.body, meta(request))),
  );

  app.put(
    '/form-builder/:id',
    {
      schema: {
        tags,
        summary: 'Updates a stored layout (the right of the default or of the organization layout)',
        params: FormBuilderIdParams,
        body: UpdateFormBuilderRequest,
        response: { 200: FormBuilderSavedResponse, ...errors },
      },
    },
    async (request) =>
      service.updateLayout(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.post(
    '/organizations/:id/form-builder/reset',
    {
      schema: {
        tags,
        summary:
          "Removes the organization's own layout so it uses the default (rx-forms.customize-organization-layout)",
        params: FormBuilderOrganizationParams,
        response: { 200: FormBuilderSavedResponse, ...errors },
      },
    },
    async (request) =>
      service.resetOrganizationLayout(ctx, requireActor(request), request.params.id, meta(request)),
  );
};
