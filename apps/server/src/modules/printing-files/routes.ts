import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListPrintingFilesQuery, ListPrintingFilesResponse } from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['printing files'];

/** Printing files: the staff list (printing-files.view). */
export const printingFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/printing-files',
    {
      schema: {
        tags,
        summary:
          'The IOS and STL files of every case in scope, searched by doctor and by patient, ordered and paged (printing-files.view)',
        querystring: ListPrintingFilesQuery,
        response: { 200: ListPrintingFilesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listPrintingFiles(ctx, requireActor(request), request.query),
  );
};
