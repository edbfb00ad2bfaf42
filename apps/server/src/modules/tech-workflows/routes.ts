import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PatientPathParams,
  PatientWorkflowResponse,
  TechWorkflowPathParams,
  TechWorkflowProcessMessageResponse,
  TechWorkflowProcessesResponse,
  TechWorkflowResponse,
  UpdateTechWorkflowProcessRequest,
  UpdateTechWorkflowRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['tech-workflows'];
const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409, 422);
const params = TechWorkflowPathParams;
const meta = requestMeta;

/** Technician workflows and the patient workflow page (see packages/contracts/src/tech-workflows.ts). */
export const techWorkflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/tech-workflows/:id',
    {
      schema: {
        tags,
        summary: 'A case workflow with its processes, the user picker and what the caller may do',
        params,
        response: { 200: TechWorkflowResponse, ...reads },
      },
    },
    async (request) => service.getWorkflow(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.put(
    '/tech-workflows/:id',
    {
      schema: {
        tags,
        summary: 'Edits the assignee and times of several processes of the workflow (admin and super admin)',
        params,
        body: UpdateTechWorkflowRequest,
        response: { 200: TechWorkflowProcessesResponse, ...writes },
      },
    },
    async (request) =>
      service.updateWorkflow(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.put(
    '/tech-workflow-processes/:id',
    {
      schema: {
        tags,
        summary:
          'Edits the assignee and times of one process (admins; a technician may only assign themselves)',
        params,
        body: UpdateTechWorkflowProcessRequest,
        response: { 200: TechWorkflowProcessMessageResponse, ...writes },
      },
    },
    async (request) =>
      service.updateProcess(ctx, requireActor(request), request.params.id, request.body, meta(request)),
  );

  app.patch(
    '/tech-workflow-processes/:id/start',
    {
      schema: {
        tags,
        summary:
          'Starts the process: not started, prerequisite finished, the caller has no other pending task (409 otherwise)',
        params,
        response: { 200: TechWorkflowProcessMessageResponse, ...writes },
      },
    },
    async (request) => service.startProcess(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.patch(
    '/tech-workflow-processes/:id/finish',
    {
      schema: {
        tags,
        summary:
          'Finishes the process: started, not finished, by the assignee or tech_support; Generate QA needs the tray STL files',
        params,
        response: { 200: TechWorkflowProcessMessageResponse, ...writes },
      },
    },
    async (request) => service.finishProcess(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.get(
    '/patients/:id/tech-workflows',
    {
      schema: {
        tags,
        summary:
          'The patient workflow page: the case header, its initial setup, its requests with their workflows and the caller’s pending task',
        params: PatientPathParams,
        response: { 200: PatientWorkflowResponse, ...reads },
      },
    },
    async (request) =>
      service.getPatientWorkflow(ctx, requireActor(request), request.params.id, meta(request)),
  );
};
