import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateLicenseRequest,
  DeviceIdParams,
  DeviceMessageResponse,
  LicenseIdParams,
  LicenseMessageResponse,
  LicenseResponse,
  LicenseTypesResponse,
  ListLicensesQuery,
  ListLicensesResponse,
  MessageResponse,
  OrganizationLicensesParams,
  OrganizationLicensesResponse,
  SetLicenseStatusRequest,
  UpdateDeviceRequest,
  UpdateLicenseRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import * as service from './service.ts';

const tags = ['licenses'];
const errors = errorResponses(400, 401, 403, 404, 422);
const meta = requestMeta;

/** Licenses (staff pages), license types, an organization's licenses with devices, and devices. No license delete. */
export const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/licenses',
    {
      schema: {
        tags,
        summary: 'Licenses (licenses.view or licenses.manage); search by user',
        querystring: ListLicensesQuery,
        response: { 200: ListLicensesResponse, ...errors },
      },
    },
    async (request) => service.listLicenses(ctx, requireActor(request), request.query),
  );

  app.post(
    '/licenses',
    {
      schema: {
        tags,
        summary: 'Issues a license (licenses.manage)',
        body: CreateLicenseRequest,
        response: { 201: LicenseMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createLicense(ctx, requireActor(request), request.body, meta(request))),
  );

  app.get(
    '/licenses/:id',
    {
      schema: {
        tags,
        summary: 'One license with its devices',
        params: LicenseIdParams,
        response: { 200: LicenseResponse, ...errors },
      },
    },
    async (request) => ({ license: await service.getLicense(ctx, requireActor(request), request.params.id) }),
  );

  app.put(
    '/licenses/:id',
    {
      schema: {
        tags,
        summary: 'Changes seats and dates (licenses.manage); the license type is locked',
        params: LicenseIdParams,
        body: UpdateLicenseRequest,
        response: { 200: LicenseMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateLicense(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.post(
    '/licenses/:id/set_status',
    {
      schema: {
        tags,
        summary: 'Activates or deactivates a license (licenses.manage)',
        params: LicenseIdParams,
        body: SetLicenseStatusRequest,
        response: { 200: LicenseMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.setLicenseStatus(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.active,
        meta(request),
      ),
  );

  app.get(
    '/license_types',
    { schema: { tags, summary: 'License types', response: { 200: LicenseTypesResponse, ...errors } } },
    async (request) => ({ license_types: await service.listLicenseTypes(ctx, requireActor(request)) }),
  );

  app.get(
    '/organizations/:id/licenses',
    {
      schema: {
        tags,
        summary: "An organization's licenses with their devices and available seats (the Devices tab)",
        params: OrganizationLicensesParams,
        response: { 200: OrganizationLicensesResponse, ...errors },
      },
    },
    async (request) => ({
      licenses: await service.organizationLicenses(ctx, requireActor(request), request.params.id),
    }),
  );

  app.put(
    '/devices/:id',
    {
      schema: {
        tags,
        summary: 'Renames a device',
        params: DeviceIdParams,
        body: UpdateDeviceRequest,
        response: { 200: DeviceMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.renameDevice(ctx, requireActor(request), request.params.id, request.body.name, meta(request)),
  );

  app.delete(
    '/devices/:id',
    {
      schema: {
        tags,
        summary: 'Removes a device (frees its seat)',
        params: DeviceIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => service.deleteDevice(ctx, requireActor(request), request.params.id, meta(request)),
  );
};
