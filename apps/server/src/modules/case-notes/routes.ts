import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaseNoteMessageResponse,
  CaseNotesResponse,
  CreateCaseNoteRequest,
  CreateOnHoldNoteRequest,
  OnHoldNoteMessageResponse,
  OnHoldNotesResponse,
  PatientPathParams,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

// The notes are part of the patient's API: same tag and error answers as the patients routes.
const tags = ['patients'];
const errors = errorResponses(400, 401, 403, 404, 422);
const params = PatientPathParams;
const meta = requestMeta;

/** A patient's case notes and on-hold notes (see packages/contracts/src/patients.ts). */
export const caseNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/patients/:id/on-hold-notes',
    {
      schema: {
        tags,
        summary: 'The hold / unhold history, oldest first',
        params,
        response: { 200: OnHoldNotesResponse, ...errors },
      },
    },
    async (request) => service.listOnHoldNotes(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.post(
    '/patients/:id/on-hold-notes',
    {
      schema: {
        tags,
        summary: 'Adds a note to a patient on hold (the hold gate; 422 when not on hold)',
        params,
        body: CreateOnHoldNoteRequest,
        response: { 201: OnHoldNoteMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addOnHoldNote(
            ctx,
            requireActor(request),
            request.params.id,
            request.body,
            meta(request),
          ),
        ),
  );

  app.get(
    '/patients/:id/case-notes',
    {
      schema: {
        tags,
        summary: 'The case notes conversation, oldest first',
        params,
        response: { 200: CaseNotesResponse, ...errors },
      },
    },
    async (request) => service.listCaseNotes(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.post(
    '/patients/:id/case-notes',
    {
      schema: {
        tags,
        summary: 'Adds a case note; publishes new-message on patient.{id}',
        params,
        body: CreateCaseNoteRequest,
        response: { 201: CaseNoteMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addCaseNote(
            ctx,
            requireActor(request),
            request.params.id,
            request.body,
            meta(request),
          ),
        ),
  );
};
