import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArchWiresResponse,
  BracketLibrariesResponse,
  DoctorsResponse,
  LookupPageQuery,
  OrganizationLookupParams,
  OrganizationUserLookupParams,
  ShippingMethodsQuery,
  ShippingMethodsResponse,
} from '@archline/contracts';
import { errorResponses } from '../../platform/http/request-meta.ts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './service.ts';

const tags = ['case-entry'];
const errors = errorResponses(400, 401, 403, 404, 422);

/** Read-only lists the case form chooses from: shipping methods, doctors, bracket libraries and arch wires (the custom bracket sets are in modules/libraries). */
export const caseEntryLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/shipping_methods',
    {
      schema: {
        tags,
        summary:
          'Shipping methods with their ship, arrival and delivery dates from the business-day calendar',
        querystring: ShippingMethodsQuery,
        response: { 200: ShippingMethodsResponse, ...errors },
      },
    },
    async (request) => service.listShippingMethods(ctx, requireActor(request), request.query),
  );

  app.get(
    '/organizations/:id/doctors',
    {
      schema: {
        tags,
        summary:
          'Doctors of an organization for the doctor selector (rx-forms.select-doctor or organization.rx-forms.select-doctor)',
        params: OrganizationLookupParams,
        querystring: LookupPageQuery,
        response: { 200: DoctorsResponse, ...errors },
      },
    },
    async (request) => service.listDoctors(ctx, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/organizations/:id/users/:userId/bracket-libraries',
    {
      schema: {
        tags,
        summary: 'Visible bracket libraries of the organization for a user',
        params: OrganizationUserLookupParams,
        querystring: LookupPageQuery,
        response: { 200: BracketLibrariesResponse, ...errors },
      },
    },
    async (request) =>
      service.listBracketLibraries(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.query,
      ),
  );

  app.get(
    '/organizations/:id/users/:userId/arch-wires',
    {
      schema: {
        tags,
        summary: 'Arch wires of the organization (and the built-in ones) for a user',
        params: OrganizationUserLookupParams,
        querystring: LookupPageQuery,
        response: { 200: ArchWiresResponse, ...errors },
      },
    },
    async (request) =>
      service.listArchWires(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.query,
      ),
  );
};
