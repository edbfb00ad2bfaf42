import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeletePatientFileResponse,
  DownloadLinkResponse,
  FlagReluJobRequest,
  ListStlFilesQuery,
  ListStlFilesResponse,
  PatientFileIdParams,
  PatientFilesPatientParams,
  PatientFilesResponse,
  PatientImagesResponse,
  ReluJobResponse,
  StoreUploadedFileRequest,
  StoreUploadedFileResponse,
  UploadLinkQuery,
  UploadLinkResponse,
  UploadPutResponse,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';
import * as downloads from './download.service.ts';
import * as store from './store.service.ts';
import * as uploads from './upload.service.ts';

const tags = ['patient-files'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const meta = requestMeta;
const Signature = z.string().min(10).max(200);
const DownloadQuery = z.object({
  user: z.coerce.number().int().positive(),
  disposition: z.enum(['attachment', 'inline']),
  expires: z.coerce.number().int().positive(),
  signature: Signature,
});
const UploadQuery = z.object({
  type: z.coerce.number().int().positive(),
  expires: z.coerce.number().int().positive(),
  signature: Signature,
});

/** Patient files: sections, signed upload and download links, store, delete, relu actions. */
export const patientFileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Interrupted uploads and stores (a crash, kill -9) leave staged bytes: settled at start and
  // every 15 minutes (an interrupted store as soon as its process is gone, any other after an hour).
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    store
      .sweepStaleStores(app.ctx)
      .catch((err: unknown) => app.ctx.log.warn({ err }, 'could not sweep interrupted uploads'));
  app.addHook('onReady', async () => {
    await sweep();
    sweeper = setInterval(() => void sweep(), 15 * 60 * 1000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
  const ctx = app.ctx;

  // Expired uploads that were never stored: cleaned when the server starts (and a few at a time
  // whenever a new upload link is handed out).
  app.addHook('onReady', async () => {
    try {
      await uploads.cleanExpiredUploads(ctx);
    } catch (err) {
      ctx.log.warn({ err }, 'could not clean expired uploads');
    }
  });

  app.get(
    '/patients/:id/files',
    {
      schema: {
        tags,
        summary: 'Every file section of the patient the caller may see',
        params: PatientFilesPatientParams,
        response: { 200: PatientFilesResponse, ...errors },
      },
    },
    async (request) =>
      downloads.listPatientFiles(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.get(
    '/patients/:id/images',
    {
      schema: {
        tags,
        summary: 'Signed, expiring inline URLs of the images in the image sections',
        params: PatientFilesPatientParams,
        response: { 200: PatientImagesResponse, ...errors },
      },
    },
    async (request) => downloads.patientImages(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.get(
    '/patient_files',
    {
      schema: {
        tags,
        summary: 'The STL files of a patient',
        querystring: ListStlFilesQuery,
        response: { 200: ListStlFilesResponse, ...errors },
      },
    },
    async (request) => downloads.listStlFiles(ctx, requireActor(request), request.query.patient_id),
  );

  app.get(
    '/patient_files/upload_link',
    {
      schema: {
        tags,
        summary:
          'A signed, expiring URL to PUT one file to (patient_id, or organization_id during case entry), and its file_path for store_uploaded_file',
        querystring: UploadLinkQuery,
        response: { 200: UploadLinkResponse, ...errors },
      },
    },
    async (request) => uploads.uploadLink(ctx, requireActor(request), request.query, meta(request)),
  );

  app.post(
    '/patient_files/store_uploaded_file',
    {
      schema: {
        tags,
        summary:
          'Records an uploaded file on the patient (content and name checks, duplicates, limits, zip extraction, STL arch tags)',
        body: StoreUploadedFileRequest,
        response: { 200: StoreUploadedFileResponse, ...errors },
      },
    },
    async (request) => store.storeUploadedFile(ctx, requireActor(request), request.body, meta(request)),
  );

  app.get(
    '/patient_files/:id/download_link',
    {
      schema: {
        tags,
        summary: 'A signed, expiring download URL of the file',
        params: PatientFileIdParams,
        response: { 200: DownloadLinkResponse, ...errors },
      },
    },
    async (request) => downloads.downloadLink(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.delete(
    '/patient_files/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a file (file management permission and the file rules by role)',
        params: PatientFileIdParams,
        response: { 200: DeletePatientFileResponse, ...errors },
      },
    },
    async (request) =>
      service.deletePatientFile(ctx, requireActor(request), request.params.id, meta(request)),
  );

  app.post(
    '/patient_files/:id/flag-relu-job',
    {
      schema: {
        tags,
        summary: "Flags the file's relu job with remarks (patient-files.relu.flag-job)",
        params: PatientFileIdParams,
        body: FlagReluJobRequest,
        response: { 200: ReluJobResponse, ...errors },
      },
    },
    async (request) =>
      service.flagReluJob(ctx, requireActor(request), request.params.id, request.body.remarks, meta(request)),
  );

  app.post(
    '/patient_files/:id/reprocess-relu-job',
    {
      schema: {
        tags,
        summary: "Sends the file's relu job for re-processing (patient-files.relu.reprocess-job)",
        params: PatientFileIdParams,
        response: { 200: ReluJobResponse, ...errors },
      },
    },
    async (request) => service.reprocessReluJob(ctx, requireActor(request), request.params.id, meta(request)),
  );

  // The signed links: no bearer token (the signature carries who may use them).
  app.get(
    '/patient_files/:id/download',
    {
      schema: {
        tags,
        summary: 'Serves a signed download link (attachment, or inline for images)',
        security: [],
        params: PatientFileIdParams,
        querystring: DownloadQuery,
        response: {
          200: {
            description: "The file's bytes, in its own content type",
            headers: {
              digest: {
                description: 'The SHA-256 of the bytes recorded when the file was stored: `sha-256=<base64>`',
                schema: { type: 'string' },
              },
              etag: {
                description: 'The same SHA-256 in hex, quoted',
                schema: { type: 'string' },
              },
            },
            content: { '*/*': { schema: z.string() } },
          },
          ...errorResponses(403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await downloads.openDownload(ctx, request.params.id, request.query);
      reply
        .header('content-type', file.mimeType)
        .header('content-disposition', downloads.contentDisposition(file.disposition, file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== null) reply.header('content-length', String(file.size));
      if (file.sha256)
        reply
          .header('digest', `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`)
          .header('etag', `"${file.sha256}"`);
      return reply.send(file.stream as never);
    },
  );

  // The upload PUT reads the raw request stream: no parser may buffer it.
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.put(
      '/patient_files/upload/:id',
      {
        schema: {
          tags,
          summary: 'Receives the raw bytes of a signed upload link (streamed to storage, size-limited)',
          security: [],
          params: PatientFileIdParams,
          querystring: UploadQuery,
          response: { 200: UploadPutResponse, ...errorResponses(403, 404, 413) },
        },
      },
      async (request) => {
        const length = request.headers['content-length'];
        return uploads.receiveUpload(
          ctx,
          request.params.id,
          request.query,
          request.raw,
          length === undefined ? undefined : Number(length),
        );
      },
    );
  });
};
