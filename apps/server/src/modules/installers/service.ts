import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  bumpedInstallerVersion,
  formatInstallerVersion,
  INSTALLER_LIMITS,
  INSTALLER_MESSAGES,
  InstallerUploadFields,
  installerFileError,
  machineLearningFileError,
  parseInstallerVersion,
  type Installer,
  type ListInstallersQuery,
  type MachineLearningFile,
} from '@archline/contracts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError, notFound, unprocessable } from '../../platform/http/errors.ts';
import { readMultipart, multipartBoundary, MULTIPART_MESSAGES } from '../../platform/http/multipart.ts';
import { pageMeta, totalOf } from '../../platform/http/paginate.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize, can } from '../../platform/permissions/index.ts';
import {
  requireVisibleOrganization,
  seesOrganization,
} from '../../platform/permissions/organization-scope.ts';
import { storedKey } from '../../platform/secrets.ts';
import { isStorableFileName, StorageTooLargeError } from '../../platform/storage/index.ts';
import * as repo from './repository.ts';

/**
 * Installers Management (installers.manage): the DIBS desktop installers for everyone
 * (organization null) or for one organization, their auto-update switch and machine learning
 * file. Uploads are multipart requests streamed straight to storage; the row that makes a file
 * visible is written only once its bytes are whole, and the bytes are removed if it is not.
 */

export const API_BASE = '/services/api/v2';
/** How long a download link works. */
const DOWNLOAD_LINK_SECONDS = 10 * 60;
/** The link of the latest installer in the unstable version dialog. */
const DIALOG_LINK_SECONDS = 60 * 60;

type Scope = number | null;

/* Access ------------------------------------------------------------------------------------ */

/** Another organization answers 404 before the permission is looked at (403). */
async function requireManage(ctx: AppContext, actor: Actor, organizationId: Scope): Promise<void> {
  if (organizationId !== null) await requireVisibleOrganization(ctx.db, actor, organizationId);
  authorize(actor, 'installers.manage');
}

/** An installer the manager may work on (another organization's answers 404). */
async function loadManaged(ctx: AppContext, actor: Actor, id: number): Promise<repo.InstallerRow> {
  const row = await repo.findInstaller(ctx.db, id);
  if (!row || (row.organization_id !== null && !seesOrganization(actor, row.organization_id)))
    throw notFound();
  authorize(actor, 'installers.manage');
  return row;
}

function audit(
  ctx: AppContext,
  executor: AppContext['db'],
  actor: Actor,
  meta: RequestMeta,
  entry: {
    action: string;
    entityId: number | null;
    organizationId: Scope;
    details?: Record<string, unknown>;
  },
) {
  void ctx;
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    action: entry.action,
    entityType: 'installer',
    entityId: entry.entityId,
    organizationId: entry.organizationId,
    details: entry.details,
  });
}

export function toInstaller(row: repo.InstallerRow): Installer {
  return {
    id: row.id,
    version: formatInstallerVersion(row),
    v1: row.v1,
    v2: row.v2,
    v3: row.v3,
    file_name: row.file_name,
    file_size: row.file_size,
    release_notes: row.release_notes,
    unstable: row.unstable,
    organization_id: row.organization_id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/* Lists ------------------------------------------------------------------------------------- */

export async function listInstallers(
  ctx: AppContext,
  actor: Actor,
  organizationId: Scope,
  query: ListInstallersQuery,
) {
  await requireManage(ctx, actor, organizationId);
  const { rows, total } = await repo.listInstallers(ctx.db, organizationId, query);
  const count = await totalOf(total, query.page, () => repo.countInstallers(ctx.db, organizationId));
  return { data: rows.map(toInstaller), meta: pageMeta(query.page, query.perPage, count) };
}

/** The account page's Installer tab: the stable installers for everyone and the caller's organizations. */
export async function listAvailableInstallers(ctx: AppContext, actor: Actor, query: ListInstallersQuery) {
  const ids = actor.profile === 'management' ? [] : actor.organizationIds;
  const { rows, total } = await repo.listAvailable(ctx.db, ids, query);
  const count = await totalOf(total, query.page, () => repo.countAvailable(ctx.db, ids));
  return { data: rows.map(toInstaller), meta: pageMeta(query.page, query.perPage, count) };
}

/* Upload ------------------------------------------------------------------------------------ */

const MAGIC = {
  exe: [Buffer.from('MZ', 'latin1')],
  msi: [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  '7z': [Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
} as const;

/**
 * Yields the bytes once their first bytes match the format's signature, so a file renamed to
 * .exe, .msi or .7z is refused before anything is kept. Lazy: it reads only as storage writes.
 */
async function* signatureChecked(
  source: AsyncIterable<Buffer>,
  expected: readonly Buffer[],
  error: () => Error,
): AsyncGenerator<Buffer> {
  const need = Math.max(...expected.map((b) => b.length));
  const matches = (h: Buffer) =>
    expected.some((sig) => h.length >= sig.length && h.subarray(0, sig.length).equals(sig));
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < need) continue;
    if (!matches(head)) throw error();
    const all: Buffer = head;
    head = null;
    yield all;
  }
  if (head !== null) {
    if (!matches(head)) throw error();
    yield head;
  }
}

function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

function validName(name: string): boolean {
  return name.length <= 200 && !/[\\/]/.test(name) && !name.startsWith('.') && isStorableFileName(name);
}

interface Received {
  key: string;
  name: string;
  size: number;
}

/**
 * Streams the multipart body: text fields first, then the file, which `accept` checks (by the
 * fields read so far and its name) before its bytes go to storage under `keyPrefix`.
 */
async function receive(
  ctx: AppContext,
  body: AsyncIterable<Buffer>,
  contentType: string | undefined,
  contentLength: number | undefined,
  opts: {
    fileField: string;
    maxBytes: number;
    keyPrefix: string;
    formatError: (name: string) => string | null;
    /** The message when the bytes are not what the extension says. */
    signatureMessage: string;
    /** The signatures a file of this name may start with. */
    magic: (name: string) => readonly Buffer[];
    accept?: (fields: Record<string, string>) => Promise<void>;
  },
): Promise<{ fields: Record<string, string>; file: Received | null }> {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw fieldError(opts.fileField, INSTALLER_MESSAGES.fileRequired);
  if (contentLength !== undefined && contentLength > opts.maxBytes + 1024 * 1024)
    throw new AppError(413, INSTALLER_MESSAGES.tooLarge);
  let file: Received | null = null;
  const disguised = () => fieldError(opts.fileField, opts.signatureMessage);
  try {
    const fields = await readMultipart(
      body,
      boundary,
      { fieldBytes: INSTALLER_LIMITS.releaseNotesMax * 4, parts: 12 },
      {
        async onFile(field, fileName, stream, fieldsSoFar) {
          if (field !== opts.fileField || file !== null) {
            stream.resume();
            throw unprocessable(MULTIPART_MESSAGES.malformed);
          }
          const error = opts.formatError(fileName);
          if (error) throw fieldError(opts.fileField, error);
          if (!validName(fileName)) throw fieldError(opts.fileField, INSTALLER_MESSAGES.fileName);
          if (opts.accept) await opts.accept(fieldsSoFar);
          const key = `${opts.keyPrefix}/${crypto.randomUUID()}/${fileName}`;
          const checked = Readable.from(
            signatureChecked(stream as AsyncIterable<Buffer>, opts.magic(fileName), disguised),
            { objectMode: false },
          );
          const { size } = await ctx.storage.put(key, checked, { maxBytes: opts.maxBytes });
          file = { key, name: fileName, size };
        },
      },
    );
    return { fields, file };
  } catch (err) {
    const stored = file as Received | null;
    if (stored) await ctx.storage.delete(stored.key).catch(() => undefined);
    if (err instanceof StorageTooLargeError) throw new AppError(413, INSTALLER_MESSAGES.tooLarge);
    throw err;
  }
}

function parseFields(fields: Record<string, string>) {
  const parsed = InstallerUploadFields.safeParse({
    version: fields.version,
    release_notes: fields.release_notes,
  });
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'version');
    (errors[key] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? INSTALLER_MESSAGES.versionFormat;
  return unprocessable(first, errors);
}

export async function uploadInstaller(
  ctx: AppContext,
  actor: Actor,
  organizationId: Scope,
  request: {
    body: AsyncIterable<Buffer>;
    contentType: string | undefined;
    contentLength: number | undefined;
  },
  meta: RequestMeta,
) {
  await requireManage(ctx, actor, organizationId);
  const checkFields = async (fields: Record<string, string>) => {
    const input = parseFields(fields);
    if (input instanceof AppError) throw input;
    const v = parseInstallerVersion(input.version)!;
    if (await repo.versionExists(ctx.db, organizationId, { v1: v[0], v2: v[1], v3: v[2] }))
      throw fieldError('version', INSTALLER_MESSAGES.versionExists);
    return { input, v };
  };
  const { fields, file } = await receive(ctx, request.body, request.contentType, request.contentLength, {
    fileField: 'installer_file',
    maxBytes: INSTALLER_LIMITS.maxInstallerBytes,
    keyPrefix: `installers/${organizationId ?? 'all'}`,
    formatError: installerFileError,
    signatureMessage: INSTALLER_MESSAGES.unsupportedFormat,
    // The file's signature must match its own extension (an .msi that is really an .exe is refused).
    magic: (name) => (extensionOf(name) === 'msi' ? MAGIC.msi : MAGIC.exe),
    // The fields come before the file: a wrong version stops the upload before its bytes are read.
    accept: async (soFar) => {
      if (soFar.version !== undefined && soFar.release_notes !== undefined) await checkFields(soFar);
    },
  });
  if (!file) {
    const input = parseFields(fields);
    if (input instanceof AppError) throw input;
    throw fieldError('installer_file', INSTALLER_MESSAGES.fileRequired);
  }
  const received: Received = file;
  try {
    const { input, v } = await checkFields(fields);
    const extension = extensionOf(received.name);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertInstaller(trx, {
        organization_id: organizationId,
        v1: v[0],
        v2: v[1],
        v3: v[2],
        file_name: received.name,
        file_size: received.size,
        storage_path: received.key,
        release_notes: input.release_notes,
        uploaded_by_user_id: actor.userId,
      });
      await audit(ctx, trx, actor, meta, {
        action: 'installers.upload',
        entityId: inserted.id,
        organizationId,
        details: {
          version: formatInstallerVersion(inserted),
          file_name: received.name,
          size: received.size,
          extension,
        },
      });
      return inserted;
    });
    return { message: INSTALLER_MESSAGES.uploaded, installer: toInstaller(row) };
  } catch (err) {
    await ctx.storage.delete(received.key).catch(() => undefined);
    if ((err as { code?: string }).code === '23505')
      throw fieldError('version', INSTALLER_MESSAGES.versionExists);
    throw err;
  }
}

/* Changes ----------------------------------------------------------------------------------- */

export async function toggleUnstable(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadManaged(ctx, actor, id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateInstaller(trx, id, { unstable: !current.unstable });
    await audit(ctx, trx, actor, meta, {
      action: 'installers.toggle-unstable',
      entityId: id,
      organizationId: current.organization_id,
      details: { unstable: updated.unstable },
    });
    return updated;
  });
  return {
    message: row.unstable ? INSTALLER_MESSAGES.markedUnstable : INSTALLER_MESSAGES.markedStable,
    installer: toInstaller(row),
  };
}

export async function updateReleaseNotes(
  ctx: AppContext,
  actor: Actor,
  id: number,
  releaseNotes: string,
  meta: RequestMeta,
) {
  const current = await loadManaged(ctx, actor, id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateInstaller(trx, id, { release_notes: releaseNotes });
    await audit(ctx, trx, actor, meta, {
      action: 'installers.update-release-notes',
      entityId: id,
      organizationId: current.organization_id,
    });
    return updated;
  });
  return { message: INSTALLER_MESSAGES.releaseNotesUpdated, installer: toInstaller(row) };
}

/** Bump version: the installer is offered again as the next patch version (2.12.8 -> 2.12.9). */
export async function bumpVersion(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadManaged(ctx, actor, id);
  const next = bumpedInstallerVersion(current);
  if (!next) throw fieldError('version', INSTALLER_MESSAGES.versionFormat);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      if (await repo.versionExists(trx, current.organization_id, next, id))
        throw fieldError('version', INSTALLER_MESSAGES.versionExists);
      const updated = await repo.updateInstaller(trx, id, next);
      await audit(ctx, trx, actor, meta, {
        action: 'installers.bump-version',
        entityId: id,
        organizationId: current.organization_id,
        details: { from: formatInstallerVersion(current), to: formatInstallerVersion(updated) },
      });
      return updated;
    });
    return { message: INSTALLER_MESSAGES.bumped, installer: toInstaller(row) };
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw fieldError('version', INSTALLER_MESSAGES.versionExists);
    throw err;
  }
}

export async function deleteInstaller(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const current = await loadManaged(ctx, actor, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteInstaller(trx, id);
    await audit(ctx, trx, actor, meta, {
      action: 'installers.delete',
      entityId: id,
      organizationId: current.organization_id,
      details: { version: formatInstallerVersion(current), file_name: current.file_name },
    });
  });
  // The row is gone first: the bytes follow (a failure here leaves a file no row names).
  if (current.storage_path) await ctx.storage.delete(current.storage_path).catch(() => undefined);
  return { message: INSTALLER_MESSAGES.deleted };
}

/* Downloads --------------------------------------------------------------------------------- */

const SIGNING_KEY = 'installer_url_signing_key';

async function sign(ctx: AppContext, claims: readonly (string | number)[]): Promise<string> {
  return crypto
    .createHmac('sha256', await storedKey(ctx, SIGNING_KEY))
    .update(claims.map((c) => encodeURIComponent(String(c))).join('|'))
    .digest('base64url');
}

async function verify(
  ctx: AppContext,
  claims: readonly (string | number)[],
  signature: string,
): Promise<boolean> {
  const expected = Buffer.from(await sign(ctx, claims), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

async function installerUrl(ctx: AppContext, row: repo.InstallerRow, seconds: number): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const signature = await sign(ctx, ['installer', row.id, row.storage_path ?? '', exp]);
  return `${API_BASE}/installers/${row.id}/download?${new URLSearchParams({ expires: String(exp), signature })}`;
}

/**
 * A download link of an installer: managers for any installer they see; everyone else for the
 * stable installers for everyone or for one of their organizations.
 */
export async function installerDownloadLink(ctx: AppContext, actor: Actor, id: number) {
  const row = await repo.findInstaller(ctx.db, id);
  if (!row || !row.storage_path) throw notFound();
  const manages = can(actor, 'installers.manage');
  const visible = manages
    ? row.organization_id === null || seesOrganization(actor, row.organization_id)
    : !row.unstable &&
      (row.organization_id === null ||
        (actor.profile !== 'management' && actor.organizationIds.includes(row.organization_id)));
  if (!visible) throw notFound();
  return { url: await installerUrl(ctx, row, DOWNLOAD_LINK_SECONDS) };
}

export interface OpenedDownload {
  name: string;
  size: number | null;
  stream: NodeJS.ReadableStream;
}

export async function openInstallerDownload(
  ctx: AppContext,
  id: number,
  q: { expires: number; signature: string },
): Promise<OpenedDownload> {
  const row = await repo.findInstaller(ctx.db, id);
  if (!row || !row.storage_path) throw notFound();
  if (!(await verify(ctx, ['installer', row.id, row.storage_path, q.expires], q.signature)))
    throw new AppError(403, 'This action is unauthorized.');
  if (q.expires * 1000 < Date.now()) throw new AppError(403, 'This link has expired!');
  const stat = await ctx.storage.stat(row.storage_path);
  if (!stat) throw notFound();
  return { name: row.file_name, size: stat.size, stream: ctx.storage.read(row.storage_path) };
}

/* Auto-update ------------------------------------------------------------------------------- */

export async function getAutoUpdate(ctx: AppContext, actor: Actor, organizationId: Scope) {
  await requireManage(ctx, actor, organizationId);
  const settings = await repo.findSettings(ctx.db, organizationId);
  return { auto_update: settings?.auto_update ?? true };
}

export async function setAutoUpdate(
  ctx: AppContext,
  actor: Actor,
  organizationId: Scope,
  autoUpdate: boolean,
  meta: RequestMeta,
) {
  await requireManage(ctx, actor, organizationId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockScope(trx, organizationId);
    await repo.saveSettings(trx, organizationId, actor.userId, { auto_update: autoUpdate });
    await audit(ctx, trx, actor, meta, {
      action: 'installers.auto-update',
      entityId: null,
      organizationId,
      details: { auto_update: autoUpdate },
    });
  });
  return { message: INSTALLER_MESSAGES.autoUpdateSaved, auto_update: autoUpdate };
}

/* Machine learning file --------------------------------------------------------------------- */

function toMlFile(s: repo.SettingsRow | null): MachineLearningFile | null {
  if (!s?.ml_file_name || !s.ml_uploaded_at) return null;
  return {
    file_name: s.ml_file_name,
    file_size: s.ml_file_size,
    uploaded_at: new Date(s.ml_uploaded_at).toISOString(),
  };
}

export async function getMachineLearningFile(ctx: AppContext, actor: Actor, organizationId: Scope) {
  await requireManage(ctx, actor, organizationId);
  return { data: toMlFile(await repo.findSettings(ctx.db, organizationId)) };
}

export async function uploadMachineLearningFile(
  ctx: AppContext,
  actor: Actor,
  organizationId: Scope,
  request: {
    body: AsyncIterable<Buffer>;
    contentType: string | undefined;
    contentLength: number | undefined;
  },
  meta: RequestMeta,
) {
  await requireManage(ctx, actor, organizationId);
  const { file } = await receive(ctx, request.body, request.contentType, request.contentLength, {
    fileField: 'file',
    maxBytes: INSTALLER_LIMITS.maxMachineLearningBytes,
    keyPrefix: `installers/${organizationId ?? 'all'}/machine-learning`,
    formatError: machineLearningFileError,
    signatureMessage: INSTALLER_MESSAGES.machineLearningFormat,
    magic: () => MAGIC['7z'],
  });
  if (!file) throw fieldError('file', INSTALLER_MESSAGES.fileRequired);
  const received: Received = file;
  let previous: string | null = null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.lockScope(trx, organizationId);
      ({ previousMlPath: previous } = await repo.saveSettings(trx, organizationId, actor.userId, {
        ml_file_name: received.name,
        ml_storage_path: received.key,
        ml_file_size: received.size,
        ml_uploaded_at: new Date(),
      }));
      await audit(ctx, trx, actor, meta, {
        action: 'installers.machine-learning-file',
        entityId: null,
        organizationId,
        details: { file_name: received.name, size: received.size },
      });
    });
  } catch (err) {
    await ctx.storage.delete(received.key).catch(() => undefined);
    throw err;
  }
  if (previous) await ctx.storage.delete(previous).catch(() => undefined);
  const data = toMlFile(await repo.findSettings(ctx.db, organizationId))!;
  return { message: INSTALLER_MESSAGES.machineLearningUploaded, data };
}

export async function machineLearningDownloadLink(ctx: AppContext, actor: Actor, organizationId: Scope) {
  await requireManage(ctx, actor, organizationId);
  const s = await repo.findSettings(ctx.db, organizationId);
  if (!s?.ml_storage_path) throw notFound(INSTALLER_MESSAGES.noMachineLearningFile);
  const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_SECONDS;
  const scope = organizationId ?? 0;
  const signature = await sign(ctx, ['ml', scope, s.ml_storage_path, exp]);
  const qs = new URLSearchParams({ scope: String(scope), expires: String(exp), signature });
  return { url: `${API_BASE}/installers/machine-learning-file/download?${qs}` };
}

export async function openMachineLearningDownload(
  ctx: AppContext,
  q: { scope: number; expires: number; signature: string },
): Promise<OpenedDownload> {
  const s = await repo.findSettings(ctx.db, q.scope === 0 ? null : q.scope);
  if (!s?.ml_storage_path || !s.ml_file_name) throw notFound();
  if (!(await verify(ctx, ['ml', q.scope, s.ml_storage_path, q.expires], q.signature)))
    throw new AppError(403, 'This action is unauthorized.');
  if (q.expires * 1000 < Date.now()) throw new AppError(403, 'This link has expired!');
  const stat = await ctx.storage.stat(s.ml_storage_path);
  if (!stat) throw notFound();
  return { name: s.ml_file_name, size: stat.size, stream: ctx.storage.read(s.ml_storage_path) };
}

/* Unstable version check -------------------------------------------------------------------- */

/**
 * GET /organizations/{id}/check-unstable-software-usage: whether a device of the organization
 * last reported a DIBS version marked unstable, and the newest stable installer to offer instead.
 */
export async function checkUnstableSoftwareUsage(ctx: AppContext, actor: Actor, organizationId: number) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  const detected = await repo.unstableVersionInUse(ctx.db, organizationId);
  const latest = detected ? await repo.latestStable(ctx.db, organizationId) : null;
  return {
    data: {
      detected,
      latest_installer:
        latest && latest.storage_path
          ? {
              version: formatInstallerVersion(latest),
              download_url: await installerUrl(ctx, latest, DIALOG_LINK_SECONDS),
            }
          : null,
    },
  };
}

/** The DIBS options an organization allows (1 Desktop, 4 Online), for the viewer open flow. */
export async function allowedDibsOptions(ctx: AppContext, organizationId: number): Promise<number[]> {
  return repo.allowedDibsOptions(ctx.db, organizationId);
}

export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The installer files for the integrity scan (`npm run files:verify`): each installer and machine
 * learning file (stored without a checksum, so only a missing one is reported).
 */
export async function storedInstallerFiles(ctx: Pick<AppContext, 'db'>) {
  const objects = (await repo.storedInstallerObjects(ctx.db)).map((o) => ({ ...o, sha256: null }));
  return { objects, checksums: false };
}
