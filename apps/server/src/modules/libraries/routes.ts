import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArchWireListResponse,
  CustomBracketSetMessageResponse,
  CustomBracketSetParams,
  CustomBracketSetRequest,
  CustomBracketSetsEnableRequest,
  CustomBracketSetsEnabledResponse,
  CustomBracketSetsQuery,
  CustomBracketSetsResponse,
  ArchWireMessageResponse,
  ArchWireParams,
  ArchWiresStoredResponse,
  AssignableMembersResponse,
  BracketInventoryMessageResponse,
  BracketInventoryResponse,
  BracketLibrariesQuery,
  BracketLibrariesStoredResponse,
  BracketLibraryMessageResponse,
  BracketLibraryParams,
  InventoryChangelogQuery,
  InventoryChangelogResponse,
  LibraryDownloadParams,
  LibraryDownloadQuery,
  LibraryDownloadUrlResponse,
  LibraryListResponse,
  LibraryMessageResponse,
  LibrarySignedQuery,
  LibraryUploadParams,
  LibraryUploadPutResponse,
  LibraryUploadUrlQuery,
  LibraryUploadUrlResponse,
  OrganizationLibraryParams,
  StoreArchWiresRequest,
  StoreBracketLibrariesRequest,
  UpdateArchWireRequest,
  UpdateBracketInventoryRequest,
  UpdateBracketLibraryRequest,
} from '@archline/contracts';
import { requireActor } from '../../platform/auth/plugin.ts';
import { errorResponses, requestMeta } from '../../platform/http/request-meta.ts';
import * as service from './service.ts';
import * as customSets from './custom-sets-service.ts';

const tags = ['libraries'];
const errors = errorResponses(400, 401, 403, 404, 409, 422);
const meta = requestMeta;

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Bracket libraries with their inventory, and arch-wire libraries, under an organization. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.addHook('onReady', async () => {
    try {
      await service.cleanExpiredUploads(ctx);
    } catch (err) {
      ctx.log.warn({ err }, 'could not clean expired library uploads');
    }
  });

  const B = '/organizations/:id/bracket-libraries';

  app.get(
    B,
    {
      schema: {
        tags,
        summary: "The organization's bracket libraries (hidden ones only for those who may hide them)",
        params: OrganizationLibraryParams,
        querystring: BracketLibrariesQuery,
        response: { 200: LibraryListResponse, ...errors },
      },
    },
    async (request) =>
      service.listBracketLibraries(ctx, requireActor(request), request.params.id, request.query),
  );

  app.get(
    `${B}/assignable-members`,
    {
      schema: {
        tags,
        summary: 'The members a bracket library may be assigned to',
        params: OrganizationLibraryParams,
        response: { 200: AssignableMembersResponse, ...errors },
      },
    },
    async (request) => service.assignableMembers(ctx, requireActor(request), request.params.id, 'bracket'),
  );

  app.get(
    `${B}/request-upload-url`,
    {
      schema: {
        tags,
        summary: 'A signed, expiring URL to PUT a bracket library file to, and its upload id',
        params: OrganizationLibraryParams,
        querystring: LibraryUploadUrlQuery,
        response: { 200: LibraryUploadUrlResponse, ...errors },
      },
    },
    async (request) =>
      service.requestUploadUrl(
        ctx,
        requireActor(request),
        request.params.id,
        'bracket',
        request.query,
        meta(request),
      ),
  );

  app.post(
    B,
    {
      schema: {
        tags,
        summary: 'Adds one bracket library per uploaded file (bracket-libraries.manage)',
        params: OrganizationLibraryParams,
        body: StoreBracketLibrariesRequest,
        response: { 201: BracketLibrariesStoredResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.storeBracketLibraries(
        ctx,
        requireActor(request),
        request.params.id,
        request.body,
        meta(request),
      );
      return reply.code(201).send(result);
    },
  );

  app.put(
    `${B}/:libraryId`,
    {
      schema: {
        tags,
        summary: 'Updates name, format, users, shelf, row, column or hides the library',
        params: BracketLibraryParams,
        body: UpdateBracketLibraryRequest,
        response: { 200: BracketLibraryMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateBracketLibrary(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.libraryId,
        request.body,
        meta(request),
      ),
  );

  app.delete(
    `${B}/:libraryId`,
    {
      schema: {
        tags,
        summary: 'Removes the library from the lists (Rx forms that chose it still read it)',
        params: BracketLibraryParams,
        response: { 200: LibraryMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.removeBracketLibrary(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.libraryId,
        meta(request),
      ),
  );

  app.get(
    `${B}/:libraryId/request-download-url`,
    {
      schema: {
        tags,
        summary: "A signed, expiring download URL of the library's file",
        params: BracketLibraryParams,
        response: { 200: LibraryDownloadUrlResponse, ...errors },
      },
    },
    async (request) =>
      service.bracketDownloadUrl(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.libraryId,
        meta(request),
      ),
  );

  app.get(
    `${B}/:libraryId/inventory`,
    {
      schema: {
        tags,
        summary: 'The stock of every tooth and the low-stock threshold',
        params: BracketLibraryParams,
        response: { 200: BracketInventoryResponse, ...errors },
      },
    },
    async (request) =>
      service.getInventory(ctx, requireActor(request), request.params.id, request.params.libraryId),
  );

  app.post(
    `${B}/:libraryId/inventory`,
    {
      schema: {
        tags,
        summary: 'Adds the increments (atomically), sets the threshold and logs the change with its reason',
        params: BracketLibraryParams,
        body: UpdateBracketInventoryRequest,
        response: { 200: BracketInventoryMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateInventory(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.libraryId,
        request.body,
        meta(request),
      ),
  );

  app.get(
    `${B}/:libraryId/inventory-changelog`,
    {
      schema: {
        tags,
        summary: 'The inventory changes, newest first (10 a page)',
        params: BracketLibraryParams,
        querystring: InventoryChangelogQuery,
        response: { 200: InventoryChangelogResponse, ...errors },
      },
    },
    async (request) =>
      service.inventoryChangelog(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.libraryId,
        request.query,
      ),
  );

  const W = '/organizations/:id/arch-wires';

  app.get(
    W,
    {
      schema: {
        tags,
        summary: "The organization's arch-wire libraries",
        params: OrganizationLibraryParams,
        response: { 200: ArchWireListResponse, ...errors },
      },
    },
    async (request) => service.listArchWires(ctx, requireActor(request), request.params.id),
  );

  app.get(
    `${W}/assignable-members`,
    {
      schema: {
        tags,
        summary: 'The members an arch-wire library may be assigned to',
        params: OrganizationLibraryParams,
        response: { 200: AssignableMembersResponse, ...errors },
      },
    },
    async (request) => service.assignableMembers(ctx, requireActor(request), request.params.id, 'arch-wire'),
  );

  app.get(
    `${W}/request-upload-url`,
    {
      schema: {
        tags,
        summary: 'A signed, expiring URL to PUT an arch-wire file to, and its upload id',
        params: OrganizationLibraryParams,
        querystring: LibraryUploadUrlQuery,
        response: { 200: LibraryUploadUrlResponse, ...errors },
      },
    },
    async (request) =>
      service.requestUploadUrl(
        ctx,
        requireActor(request),
        request.params.id,
        'arch-wire',
        request.query,
        meta(request),
      ),
  );

  app.post(
    W,
    {
      schema: {
        tags,
        summary: 'Adds one arch-wire library per uploaded file',
        params: OrganizationLibraryParams,
        body: StoreArchWiresRequest,
        response: { 201: ArchWiresStoredResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.storeArchWires(
            ctx,
            requireActor(request),
            request.params.id,
            request.body,
            meta(request),
          ),
        ),
  );

  app.put(
    `${W}/:archWireId`,
    {
      schema: {
        tags,
        summary: "Updates the arch wire's name or users",
        params: ArchWireParams,
        body: UpdateArchWireRequest,
        response: { 200: ArchWireMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.updateArchWire(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.archWireId,
        request.body,
        meta(request),
      ),
  );

  app.delete(
    `${W}/:archWireId`,
    {
      schema: {
        tags,
        summary: 'Removes the arch-wire library (Rx forms that chose it still read it)',
        params: ArchWireParams,
        response: { 200: LibraryMessageResponse, ...errors },
      },
    },
    async (request) =>
      service.removeArchWire(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.archWireId,
        meta(request),
      ),
  );

  app.get(
    `${W}/:archWireId/request-download-url`,
    {
      schema: {
        tags,
        summary: "A signed, expiring download URL of the arch wire's file",
        params: ArchWireParams,
        response: { 200: LibraryDownloadUrlResponse, ...errors },
      },
    },
    async (request) =>
      service.archWireDownloadUrl(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.archWireId,
        meta(request),
      ),
  );

  // Custom bracket sets: management's and the practice users' own, and the case form's lookup.
  const S = '/organizations/:id/custom-bracket-sets';
  app.get(
    S,
    {
      schema: {
        tags,
        summary:
          "Custom bracket sets: those created by management or the caller's own (filter), or those assigned to a user",
        params: OrganizationLibraryParams,
        querystring: CustomBracketSetsQuery,
        response: { 200: CustomBracketSetsResponse, ...errors },
      },
    },
    async (request) => customSets.listSets(ctx, requireActor(request), request.params.id, request.query),
  );

  app.post(
    S,
    {
      schema: {
        tags,
        summary: 'Creates a custom bracket set',
        params: OrganizationLibraryParams,
        body: CustomBracketSetRequest,
        response: { 201: CustomBracketSetMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await customSets.createSet(
            ctx,
            requireActor(request),
            request.params.id,
            request.body,
            meta(request),
          ),
        ),
  );

  app.post(
    `${S}/set-enable`,
    {
      schema: {
        tags,
        summary: "Switches the organization's custom bracket sets on or off",
        params: OrganizationLibraryParams,
        body: CustomBracketSetsEnableRequest,
        response: { 200: CustomBracketSetsEnabledResponse, ...errors },
      },
    },
    async (request) =>
      customSets.setEnabled(ctx, requireActor(request), request.params.id, request.body.value, meta(request)),
  );

  app.put(
    `${S}/:setId`,
    {
      schema: {
        tags,
        summary: "Updates a custom bracket set's name, teeth and (management) assigned users",
        params: CustomBracketSetParams,
        body: CustomBracketSetRequest,
        response: { 200: CustomBracketSetMessageResponse, ...errors },
      },
    },
    async (request) =>
      customSets.updateSet(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.setId,
        request.body,
        meta(request),
      ),
  );

  app.delete(
    `${S}/:setId`,
    {
      schema: {
        tags,
        summary: 'Removes a custom bracket set (Rx forms that chose it keep its name)',
        params: CustomBracketSetParams,
        response: { 200: LibraryMessageResponse, ...errors },
      },
    },
    async (request) =>
      customSets.removeSet(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.setId,
        meta(request),
      ),
  );

  // The signed links: no bearer token (the signature carries who may use them).
  app.get(
    '/library-downloads/:kind/:libraryId',
    {
      schema: {
        tags,
        summary: 'Serves a signed library download link (streamed)',
        security: [],
        params: LibraryDownloadParams,
        querystring: LibraryDownloadQuery,
        response: {
          200: {
            description: "The library file's bytes",
            content: { 'application/octet-stream': { schema: z.string() } },
          },
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await service.openDownload(
        ctx,
        request.params.kind,
        request.params.libraryId,
        request.query,
      );
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(file.stream as never);
    },
  );

  // The upload PUT reads the raw request stream: no parser may buffer it.
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.put(
      '/library-uploads/:uploadId',
      {
        schema: {
          tags,
          summary:
            'Receives the raw bytes of a signed library upload link (streamed to storage, size-limited)',
          security: [],
          params: LibraryUploadParams,
          querystring: LibrarySignedQuery,
          response: { 200: LibraryUploadPutResponse, ...errorResponses(403, 404, 413) },
        },
      },
      async (request) => {
        const length = request.headers['content-length'];
        return service.receiveUpload(
          ctx,
          request.params.uploadId,
          request.query,
          request.raw,
          length === undefined ? undefined : Number(length),
        );
      },
    );
  });
};
