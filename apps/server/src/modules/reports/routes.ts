import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExportReportRequest, REPORT_KEYS, ReportParams } from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['reports'];

/** Reports (/export-reports): CSV downloads for super admins. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/export-reports/:report',
    {
      schema: {
        tags,
        summary: `A report as CSV over a date range (super_admin with reports.{report}.export); report: ${REPORT_KEYS.join(', ')}`,
        description:
          'date_from and date_to are calendar dates, both included, read in time_zone (an IANA name; default the lab time zone). ' +
          'The file streams as it is read; it starts with a UTF-8 byte order mark and cells that would start a formula begin with an apostrophe.',
        params: ReportParams,
        body: ExportReportRequest,
        response: {
          200: {
            description: 'The CSV file (attachment; its name is report-date_from-date_to.csv)',
            headers: {
              'content-disposition': {
                description: 'attachment; filename="technicians-2026-01-01-2026-01-31.csv"',
                schema: { type: 'string' },
              },
            },
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
      // Sent as it is read: a compressor would hold back the first bytes (and the headers) and turn
      // a failure mid-stream into an error answer after a partial body; the browser's progress
      // shows the real bytes.
      config: { compress: false },
      // Who may export is settled before the body is read: others learn nothing from validation.
      preValidation: async (request) => {
        service.checkReportAccess(
          requireActor(request),
          (request.params as { report?: string }).report ?? '',
        );
      },
    },
    async (request, reply) => {
      const download = await service.exportReport(
        ctx,
        requireActor(request),
        request.params.report,
        request.body,
        requestMeta(request),
        {
          // Once the first bytes are out the status cannot change: the connection is ended so the
          // reader sees an incomplete transfer rather than a file that looks whole.
          onBroken: (err) => {
            request.log.error({ err, report: request.params.report }, 'report export broke off');
            reply.raw.destroy();
          },
        },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(download.stream as never);
    },
  );
};
