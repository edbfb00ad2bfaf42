import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AutoUpdateResponse,
  InstallerDownloadLinkResponse,
  InstallerDownloadQuery,
  InstallerIdParams,
  InstallerOrganizationParams,
  InstallerResponse,
  ListInstallersQuery,
  ListInstallersResponse,
  MachineLearningFileResponse,
  MachineLearningUploadResponse,
  MessageResponse,
  SetAutoUpdateRequest,
  SetAutoUpdateResponse,
  UnstableSoftwareUsageResponse,
  UpdateReleaseNotesRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';

const tags = ['installers'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);

const MlDownloadQuery = InstallerDownloadQuery.extend({
  scope: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 53),
});

function multipartInput(request: FastifyRequest) {
  const length = request.headers['content-length'];
  return {
    body: request.raw as AsyncIterable<Buffer>,
    contentType: request.headers['content-type'],
    contentLength: length === undefined ? undefined : Number(length),
  };
}

function sendFile(reply: FastifyReply, file: service.OpenedDownload) {
  reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', service.contentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (file.size !== null) reply.header('content-length', String(file.size));
  return reply.send(file.stream as never);
}

const fileResponse = {
  description: 'The file',
  content: { 'application/octet-stream': { schema: z.string() } },
};

/**
 * Installers Management (installers.manage): for everyone under /installers, for one
 * organization under /organizations/{organizationId}/installers; the account page's list; the
 * unstable version check of the viewer open flow.
 */
export const installerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/installers/available',
    {
      schema: {
        tags,
        summary:
          "The stable installers the caller may download (for everyone and the caller's organizations), newest first",
        querystring: ListInstallersQuery,
        response: { 200: ListInstallersResponse, ...errors },
      },
    },
    async (request) => service.listAvailableInstallers(ctx, requireActor(request), request.query),
  );

  // The same management calls for everyone (no organization) and per organization.
  for (const scoped of [false, true] as const) {
    const base = scoped ? '/organizations/:organizationId/installers' : '/installers';
    const scopeOf = (request: FastifyRequest) =>
      scoped ? InstallerOrganizationParams.parse(request.params).organizationId : null;
    const params = scoped ? { params: InstallerOrganizationParams } : {};
    const whose = scoped ? "the organization's" : 'the installers for everyone:';

    app.get(
      base,
      {
        schema: {
          tags,
          summary: `Installers Management: ${whose} installers, newest version first (perPage 1: the latest)`,
          ...params,
          querystring: ListInstallersQuery,
          response: { 200: ListInstallersResponse, ...errors },
        },
      },
      async (request) => service.listInstallers(ctx, requireActor(request), scopeOf(request), request.query),
    );

    app.get(
      `${base}/auto-update`,
      {
        schema: {
          tags,
          summary: `Whether the desktop application updates itself (${whose} setting)`,
          ...params,
          response: { 200: AutoUpdateResponse, ...errors },
        },
      },
      async (request) => service.getAutoUpdate(ctx, requireActor(request), scopeOf(request)),
    );

    app.put(
      `${base}/auto-update`,
      {
        schema: {
          tags,
          summary: `Sets the auto-update switch (${whose} setting)`,
          ...params,
          body: SetAutoUpdateRequest,
          response: { 200: SetAutoUpdateResponse, ...errors },
        },
      },
      async (request) =>
        service.setAutoUpdate(
          ctx,
          requireActor(request),
          scopeOf(request),
          request.body.auto_update,
          requestMeta(request),
        ),
    );

    app.get(
      `${base}/machine-learning-file`,
      {
        schema: {
          tags,
          summary: `The machine learning file (${whose}), or null`,
          ...params,
          response: { 200: MachineLearningFileResponse, ...errors },
        },
      },
      async (request) => service.getMachineLearningFile(ctx, requireActor(request), scopeOf(request)),
    );

    app.get(
      `${base}/machine-learning-file/download_link`,
      {
        schema: {
          tags,
          summary: `A signed, expiring download URL of the machine learning file (${whose})`,
          ...params,
          response: { 200: InstallerDownloadLinkResponse, ...errors },
        },
      },
      async (request) => service.machineLearningDownloadLink(ctx, requireActor(request), scopeOf(request)),
    );

    // Uploads read the raw request stream: no parser may buffer it, and no body limit applies.
    await app.register(async (plain) => {
      const raw = plain.withTypeProvider<ZodTypeProvider>();
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_request, _payload, done) => done(null));

      raw.post(
        base,
        {
          schema: {
            tags,
            summary: `Uploads an installer (${whose}): multipart/form-data with version (e.g. 2.12.8) and release_notes first, then installer_file (.exe or .msi), streamed to storage`,
            ...params,
            response: { 201: InstallerResponse, ...errorResponses(400, 401, 403, 404, 413, 422) },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              await service.uploadInstaller(
                ctx,
                requireActor(request),
                scopeOf(request),
                multipartInput(request),
                requestMeta(request),
              ),
            ),
      );

      raw.post(
        `${base}/machine-learning-file`,
        {
          schema: {
            tags,
            summary: `Uploads the machine learning file (${whose}): multipart/form-data with file (.7z only), streamed; it replaces the previous one`,
            ...params,
            response: { 200: MachineLearningUploadResponse, ...errorResponses(400, 401, 403, 404, 413, 422) },
          },
        },
        async (request) =>
          service.uploadMachineLearningFile(
            ctx,
            requireActor(request),
            scopeOf(request),
            multipartInput(request),
            requestMeta(request),
          ),
      );
    });
  }

  app.put(
    '/installers/:id/toggle-unstable',
    {
      schema: {
        tags,
        summary: 'Marks the installer unstable, or stable again',
        params: InstallerIdParams,
        response: { 200: InstallerResponse, ...errors },
      },
    },
    async (request) =>
      service.toggleUnstable(ctx, requireActor(request), request.params.id, requestMeta(request)),
  );

  app.put(
    '/installers/:id/update_release_notes',
    {
      schema: {
        tags,
        summary: 'Replaces the release notes (line breaks kept)',
        params: InstallerIdParams,
        body: UpdateReleaseNotesRequest,
        response: { 200: InstallerResponse, ...errors },
      },
    },
    async (request) =>
      service.updateReleaseNotes(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.release_notes,
        requestMeta(request),
      ),
  );

  app.post(
    '/installers/:id/bump_version',
    {
      schema: {
        tags,
        summary: 'Offers the installer again as the next patch version (2.12.8 becomes 2.12.9)',
        params: InstallerIdParams,
        response: { 200: InstallerResponse, ...errors },
      },
    },
    async (request) =>
      service.bumpVersion(ctx, requireActor(request), request.params.id, requestMeta(request)),
  );

  app.delete(
    '/installers/:id',
    {
      schema: {
        tags,
        summary: 'Deletes the installer and its file',
        params: InstallerIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) =>
      service.deleteInstaller(ctx, requireActor(request), request.params.id, requestMeta(request)),
  );

  app.get(
    '/installers/:id/download_link',
    {
      schema: {
        tags,
        summary: 'A signed, expiring download URL of the installer',
        params: InstallerIdParams,
        response: { 200: InstallerDownloadLinkResponse, ...errors },
      },
    },
    async (request) => service.installerDownloadLink(ctx, requireActor(request), request.params.id),
  );

  app.get(
    '/installers/:id/download',
    {
      schema: {
        tags,
        summary: 'Serves a signed installer download link',
        security: [],
        params: InstallerIdParams,
        querystring: InstallerDownloadQuery,
        response: { 200: fileResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      sendFile(reply, await service.openInstallerDownload(ctx, request.params.id, request.query)),
  );

  app.get(
    '/installers/machine-learning-file/download',
    {
      schema: {
        tags,
        summary: 'Serves a signed machine learning file download link',
        security: [],
        querystring: MlDownloadQuery,
        response: { 200: fileResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await service.openMachineLearningDownload(ctx, request.query)),
  );

  app.get(
    '/organizations/:organizationId/check-unstable-software-usage',
    {
      schema: {
        tags,
        summary:
          "Whether a device of the organization runs a DIBS version marked unstable, with the latest stable installer's version and download URL",
        params: InstallerOrganizationParams,
        response: { 200: UnstableSoftwareUsageResponse, ...errors },
      },
    },
    async (request) =>
      service.checkUnstableSoftwareUsage(ctx, requireActor(request), request.params.organizationId),
  );
};
