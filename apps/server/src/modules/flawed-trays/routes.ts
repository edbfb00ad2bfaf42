import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CorrectFlawedTrayBody,
  FlawedTrayIdParams,
  FlawedTrayMessageResponse,
  OrganizationIdParams,
  PatientPathParams,
  RequestTrayCorrectionBody,
  RequestTrayCorrectionResponse,
  TrayCorrectionStatusResponse,
  UpdateFlawedTrayBody,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta as meta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['flawed-trays'];
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

/** Request Tray Correction and the flawed tray operations. */
export const flawedTrayRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/patients/:id/tray-correction',
    {
      schema: {
        tags,
        summary:
          "Whether Request Tray Correction is offered on the case, why not, and the case's flawed tray requests",
        params: PatientPathParams,
        response: { 200: TrayCorrectionStatusResponse, ...readErrors },
      },
    },
    async (request) => service.trayCorrectionStatus(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/organizations/:id/arch',
    {
      schema: {
        tags,
        summary:
          'Requests a tray correction of the ticked arches (organization.add-arch or organizations.manage): a flawed tray request, its trays and its workflow',
        params: OrganizationIdParams,
        body: RequestTrayCorrectionBody,
        response: { 201: RequestTrayCorrectionResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const result = await service.requestTrayCorrection(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        meta(request),
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/flawed_trays/:id/correct',
    {
      schema: {
        tags,
        summary:
          'Uploads or names the corrected file of an open flawed tray (flawed-trays.correct or .manage)',
        params: FlawedTrayIdParams,
        body: CorrectFlawedTrayBody,
        response: { 200: FlawedTrayMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.correctFlawedTray(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.put(
    '/flawed_trays/:id',
    {
      schema: {
        tags,
        summary: 'Sets whether the lab prints the corrected tray (flawed-trays.update or .manage)',
        params: FlawedTrayIdParams,
        body: UpdateFlawedTrayBody,
        response: { 200: FlawedTrayMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.updateFlawedTray(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.delete(
    '/flawed_trays/:id/corrected_file',
    {
      schema: {
        tags,
        summary:
          'Remove File: deletes the corrected file and reopens the flawed tray (flawed-trays.correct or .manage)',
        params: FlawedTrayIdParams,
        response: { 200: FlawedTrayMessageResponse, ...writeErrors },
      },
    },
    async (request) =>
      service.removeCorrectedFile(ctx, requireActor(request), request.params.id, meta(request)),
  );
};
