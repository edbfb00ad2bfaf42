import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchCaseParams,
  BatchIdParams,
  BatchMessageResponse,
  BatchProcessParams,
  BatchWorkflowResponse,
  BatchResponse,
  CreateBatchRequest,
  CreateBatchResponse,
  ListBatchesQuery,
  ListBatchesResponse,
  RemoveBatchCaseResponse,
  TechWorkflowProcessMessageResponse,
  UpdateBatchRequest,
  UpdateTechWorkflowProcessRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['batches'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);

/** Print batches (batches.manage; staff who see every organization). */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/batches',
    {
      schema: {
        tags,
        summary: 'Print batches: a page, searched by name and filtered by status',
        querystring: ListBatchesQuery,
        response: { 200: ListBatchesResponse, ...errors },
      },
    },
    async (request) => service.listBatches(ctx, requireActor(request), request.query),
  );

  app.post(
    '/batches',
    {
      schema: {
        tags,
        summary:
          'Creates a batch of at least 2 cases with open print requests; 409 (code 4091) asks to confirm cases whose trays are not generated yet (proceed: true)',
        body: CreateBatchRequest,
        response: { 201: CreateBatchResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createBatch(ctx, requireActor(request), request.body, requestMeta(request))),
  );

  app.get(
    '/batches/:id',
    {
      schema: {
        tags,
        summary: 'One batch with its cases and their next print step',
        params: BatchIdParams,
        response: { 200: BatchResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.getBatch(ctx, requireActor(request), request.params.id) }),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/batches/:id',
      schema: {
        tags,
        summary: 'Renames a batch, sets its status and notes',
        params: BatchIdParams,
        body: UpdateBatchRequest,
        response: { 200: BatchMessageResponse, ...errors },
      },
      handler: async (request) =>
        service.updateBatch(
          ctx,
          requireActor(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
    });
  }

  app.delete(
    '/batches/:id/cases/:caseId',
    {
      schema: {
        tags,
        summary: 'Removes a case from a batch (not from a completed one); the last case removes the batch',
        params: BatchCaseParams,
        response: { 200: RemoveBatchCaseResponse, ...errors },
      },
    },
    async (request) =>
      service.removeCase(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.caseId,
        requestMeta(request),
      ),
  );

  app.get(
    '/batches/:id/workflow',
    {
      schema: {
        tags,
        summary:
          'The batch’s technician workflow (the print steps) with the user picker, what the caller may do and their pending task',
        params: BatchIdParams,
        response: { 200: BatchWorkflowResponse, ...errors },
      },
    },
    async (request) => service.getWorkflow(ctx, requireActor(request), request.params.id),
  );

  app.put(
    '/batches/:id/workflow/processes/:processId',
    {
      schema: {
        tags,
        summary:
          'Edits the assignee and times of a process of the batch’s workflow (admins; a technician may only assign themselves)',
        params: BatchProcessParams,
        body: UpdateTechWorkflowProcessRequest,
        response: { 200: TechWorkflowProcessMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateProcess(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.processId,
        request.body,
        requestMeta(request),
      ),
  );

  for (const action of ['start', 'finish'] as const) {
    app.patch(
      `/batches/:id/workflow/processes/:processId/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'start'
              ? 'Starts a process of the batch’s workflow: not started, prerequisite finished, the caller has no other pending task (409 otherwise)'
              : 'Finishes a process of the batch’s workflow: started, not finished, by the assignee or tech_support; Generate QA needs every case’s tray STL files',
          params: BatchProcessParams,
          response: { 200: TechWorkflowProcessMessageResponse, ...errors },
        },
      },
      async (request) =>
        (action === 'start' ? service.startProcess : service.finishProcess)(
          ctx,
          requireActor(request),
          request.params.id,
          request.params.processId,
          requestMeta(request),
        ),
    );
  }
};
