import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArchivePatientRequest,
  CaseReversalCheckResponse,
  CaseReversalRequest,
  CheckSimilarPatientQuery,
  CheckSimilarPatientResponse,
  CreatePatientRequest,
  CreatePatientResponse,
  DeletePatientRequest,
  ListPatientsQuery,
  ListPatientsResponse,
  OrganizationIdParams,
  PatientCountsQuery,
  PatientCountsResponse,
  PatientMessageResponse,
  PatientPathParams,
  PatientResponse,
  RestoreBackupIosResponse,
  ToggleHoldRequest,
  UpdatePatientRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { ifNoneMatchOf, NotModified, sendConditional } from '../../platform/http/conditional.ts';
import { compiledOutput } from '../../platform/http/serializer.ts';
import * as service from './service.ts';
import { createPatient } from './create-patient.ts';

const tags = ['patients'];
const errors = errorResponses(400, 401, 403, 404, 422);
const params = PatientPathParams;
const meta = requestMeta;

/** Patients: lists, counts, details and actions (see packages/contracts/src/patients.ts). */
export const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/patients',
    {
      schema: {
        tags,
        summary:
          'Patients the caller may see, one page (practice: the current organization; management: its scope; lab partner: cases assigned to the third party)',
        querystring: ListPatientsQuery,
        response: { 200: compiledOutput(ListPatientsResponse), 304: NotModified, ...errors },
      },
    },
    async (request, reply) =>
      sendConditional(
        reply,
        await service.listPatients(
          ctx,
          requireActor(request),
          request.query,
          meta(request),
          ifNoneMatchOf(request),
        ),
      ),
  );

  app.post(
    '/patients',
    {
      schema: {
        tags,
        summary:
          'Starts a case for a doctor (user_id): the case form of POST /rx-forms with the doctor fixed, for whoever may act for that doctor (404 for a user or organization out of sight, 422 for a user who is not its doctor)',
        body: CreatePatientRequest,
        response: { 201: CreatePatientResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPatient(ctx, requireActor(request), request.body, meta(request))),
  );

  app.get(
    '/patients/counts',
    {
      schema: {
        tags,
        summary:
          'Patients per status tab, on hold and archived, over the caller’s scope and the list filters',
        querystring: PatientCountsQuery,
        response: { 200: PatientCountsResponse, 304: NotModified, ...errors },
      },
    },
    async (request, reply) =>
      sendConditional(
        reply,
        await service.countsForScope(ctx, requireActor(request), request.query, ifNoneMatchOf(request)),
      ),
  );

  app.get(
    '/organizations/:id/patient_counts_per_status',
    {
      schema: {
        tags,
        summary: 'Patients of one organization per status tab, on hold and archived',
        params: OrganizationIdParams,
        querystring: PatientCountsQuery,
        response: { 200: PatientCountsResponse, 304: NotModified, ...errors },
      },
    },
    async (request, reply) =>
      sendConditional(
        reply,
        await service.countsForOrganization(
          ctx,
          requireActor(request),
          request.params.id,
          request.query,
          ifNoneMatchOf(request),
        ),
      ),
  );

  app.get(
    '/patients/check_similar_patient',
    {
      schema: {
        tags,
        summary: 'Whether the organization already has a patient with that name and case number',
        querystring: CheckSimilarPatientQuery,
        response: { 200: CheckSimilarPatientResponse, ...errors },
      },
    },
    async (request) => service.checkSimilarPatient(ctx, requireActor(request), request.query),
  );

  app.get(
    '/patients/:id',
    {
      schema: {
        tags,
        summary: 'One patient with its Rx form summary, notes the caller may read and what the caller may do',
        params,
        response: { 200: PatientResponse, 304: NotModified, ...errors },
      },
    },
    async (request, reply) =>
      sendConditional(
        reply,
        await service.getPatient(
          ctx,
          requireActor(request),
          request.params.id,
          meta(request),
          ifNoneMatchOf(request),
        ),
      ),
  );

  app.put(
    '/patients/:id',
    {
      schema: {
        tags,
        summary: 'Updates the changed fields (names, case number, suffix) or one note field',
        params,
        body: UpdatePatientRequest,
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updatePatient(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.put(
    '/patients/:id/toggle_hold',
    {
      schema: {
        tags,
        summary: 'Puts the patient on hold or takes it off hold, with the action owner and the reason',
        params,
        body: ToggleHoldRequest,
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.toggleHold(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.put(
    '/patients/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archives the patient (patients.archive)',
        params,
        body: ArchivePatientRequest,
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.archivePatient(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.delete(
    '/patients/:id',
    {
      schema: {
        tags,
        summary: 'Deletes the patient (refused when allow_delete is false)',
        params,
        body: DeletePatientRequest,
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.deletePatient(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.post(
    '/patients/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restores an archived or deleted patient',
        params,
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) => service.restorePatient(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.post(
    '/patients/:id/complete_setup',
    {
      schema: {
        tags,
        summary: 'Completes an active patient (status 1 → 3)',
        params,
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) => service.completeSetup(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.get(
    '/patients/:id/case-reversal/check',
    {
      schema: {
        tags,
        summary: 'Whether the case can be reversed, with the reasons when not',
        params,
        response: { 200: CaseReversalCheckResponse, ...errors },
      },
    },
    async (request) => service.checkCaseReversal(ctx, requireActor(request), request.params.id),
  );

  app.post(
    '/patients/:id/case-reversal',
    {
      schema: {
        tags,
        summary: 'Reverses the case: cancels the Rx form and the New requests, archives the patient',
        params,
        body: CaseReversalRequest.optional(),
        response: { 200: PatientMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.reverseCase(ctx, requireActor(request), request.params.id, request.body ?? {}, meta(request)),
  );

  app.post(
    '/patients/:id/restore-backup-ios',
    {
      schema: {
        tags,
        summary: 'Makes the technician backup IOS file the patient’s IOS file again',
        params,
        response: { 200: RestoreBackupIosResponse, ...errors },
      },
    },
    async (request) => service.restoreBackupIos(ctx, requireActor(request), request.params.id, meta(request)),
  );
};
