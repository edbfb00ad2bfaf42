import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateLocationRequest,
  ListLocationsQuery,
  ListLocationsResponse,
  LocationIdParams,
  LocationMessageResponse,
  LocationResponse,
  MessageResponse,
  UpdateLocationRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './service.ts';

const tags = ['locations'];
const errors = errorResponses(400, 401, 403, 404, 422);
const meta = requestMeta;

/** Locations of organizations (management passes organizationId / organization_id). */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/locations',
    {
      schema: {
        tags,
        summary:
          'Locations the caller may see (practice users: their assigned ones, or all of the organization with organization.locations.view-any)',
        querystring: ListLocationsQuery,
        response: { 200: ListLocationsResponse, ...errors },
      },
    },
    async (request) => service.listLocations(ctx, requireActor(request), request.query),
  );

  app.post(
    '/locations',
    {
      schema: {
        tags,
        summary: 'Creates a location (locations.manage/create or organization.locations.create)',
        body: CreateLocationRequest,
        response: { 201: LocationMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLocation(ctx, requireActor(request), request.body, meta(request))),
  );

  app.get(
    '/locations/:id',
    {
      schema: {
        tags,
        summary: 'One location',
        params: LocationIdParams,
        response: { 200: LocationResponse, ...errors },
      },
    },
    async (request) => ({
      location: await service.getLocation(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/locations/:id',
    {
      schema: {
        tags,
        summary:
          'Updates a location (locations.manage/update or organization.locations.update; address locked while requests are open)',
        params: LocationIdParams,
        body: UpdateLocationRequest,
        response: { 200: LocationMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateLocation(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.delete(
    '/locations/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a location (locations.manage/delete or organization.locations.delete)',
        params: LocationIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => service.deleteLocation(ctx, requireActor(request), request.params.id, meta(request)),
  );
};
