/**
 * Bracket libraries (with their inventory) and arch-wire libraries of an organization: the gates
 * of document 3 section 6, the signed upload and download links, and the inventory saves.
 */
import crypto from 'node:crypto';
import {
  LIBRARY_LIMITS,
  LIBRARY_MESSAGES,
  archWireLibraryExists,
  bracketLibraryExists,
  fullStock,
  inventoryChanges,
  labelFromFileName,
  newlyLowTeeth,
  type ArchWireLibrary,
  type BracketInventoryResponse,
  type BracketLibrary,
  type BracketLibraryAbilities,
  type Permission,
} from '@archline/contracts';
import type { z } from 'zod';
import type {
  StoreArchWiresRequest,
  StoreBracketLibrariesRequest,
  UpdateArchWireRequest,
  UpdateBracketInventoryRequest,
  UpdateBracketLibraryRequest,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { paginate } from '../../platform/http/paginate.ts';
import { can } from '../../platform/permissions/index.ts';
import { requireVisibleOrganization } from '../../platform/permissions/organization-scope.ts';
import {
  StorageNotFoundError,
  StorageTooLargeError,
  isStorableFileName,
} from '../../platform/storage/index.ts';
import { notifyUser } from '../notifications/service.ts';
import * as repo from './repository.ts';
import type { LibraryKind } from './repository.ts';
import { sign, verify } from './signing.ts';

const API_BASE = '/services/api/v2';

/* ------------------------------------------------------------------------------------------ */
/* Gates (document 3 section 6)                                                               */
/* ------------------------------------------------------------------------------------------ */

const GATES = {
  /** The section: manage, update, view (management read) or organization.bracket-libraries.view. */
  list: [
    'bracket-libraries.manage',
    'bracket-libraries.update',
    'bracket-libraries.view',
    'organization.bracket-libraries.view',
  ],
  add: ['bracket-libraries.manage'],
  update: ['bracket-libraries.update', 'bracket-libraries.manage'],
  changelog: ['bracket-libraries.manage', 'bracket-libraries.view'],
  inventory: [
    'bracket-libraries.manage',
    'bracket-libraries.update',
    'bracket-libraries.manage-inventory',
    'organization.bracket-libraries.view-inventory',
  ],
  editInventory: ['bracket-libraries.manage-inventory', 'bracket-libraries.manage'],
  download: ['bracket-libraries.manage', 'bracket-libraries.view'],
  remove: ['bracket-libraries.manage', 'bracket-libraries.delete'],
  archList: [
    'arch-wires.list',
    'arch-wires.create',
    'arch-wires.update',
    'arch-wires.manage',
    'organization.arch-wires.update',
  ],
  archAdd: ['arch-wires.create', 'arch-wires.manage'],
  archAssign: ['arch-wires.update', 'arch-wires.manage', 'organization.arch-wires.update'],
  archDownload: ['arch-wires.create', 'arch-wires.manage'],
  archRemove: ['arch-wires.list', 'arch-wires.manage'],
} as const satisfies Record<string, readonly Permission[]>;

type Gate = keyof typeof GATES;
const allowed = (actor: Actor, gate: Gate) => can(actor, ...GATES[gate]);

async function audit(
  db: Kysely<DB>,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number,
  entityId: number | null,
  details: Record<string, unknown> = {},
  entityType = 'bracket_library',
) {
  await recordAudit(db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType,
    entityId,
    organizationId,
    outcome: 'success',
    details,
  });
}

/** The organization must be visible (else 404), then the gate must pass (else 403). */
async function enter(ctx: AppContext, actor: Actor, organizationId: number, gate: Gate) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (!allowed(actor, gate)) throw forbidden();
}

/** Whether the caller sees hidden libraries: those who may hide them. */
const seesHidden = (actor: Actor) => allowed(actor, 'update');

async function loadLibrary(
  ctx: AppContext,
  db: Kysely<DB>,
  actor: Actor,
  organizationId: number,
  libraryId: number,
  opts: { forUpdate?: boolean } = {},
) {
  const library = await repo.findBracketLibrary(db, organizationId, libraryId, opts);
  if (!library || (library.hidden_at && !seesHidden(actor))) throw notFound();
  return library;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toBracketLibrary(r: repo.BracketLibraryRow): BracketLibrary {
  return {
    id: r.id,
    label: r.label,
    file_name: r.file_name,
    format: r.format,
    users: r.users,
    hidden_at: iso(r.hidden_at),
    shelf: r.shelf,
    row: r.row,
    column: r.column,
    has_file: r.storage_path !== null,
    has_inventory: r.has_inventory,
    low_stock: r.low_stock,
    low_stock_threshold: r.low_stock_threshold,
    created_at: iso(r.created_at)!,
  };
}

function toArchWire(r: repo.ArchWireRow): ArchWireLibrary {
  return {
    id: r.id,
    label: r.label,
    file_name: r.file_name,
    users: r.users,
    has_file: r.storage_path !== null,
    created_at: iso(r.created_at)!,
  };
}

export function abilities(actor: Actor): BracketLibraryAbilities {
  return {
    add: allowed(actor, 'add'),
    update: allowed(actor, 'update'),
    changelog: allowed(actor, 'changelog'),
    inventory: allowed(actor, 'inventory'),
    edit_inventory: allowed(actor, 'editInventory'),
    download: allowed(actor, 'download'),
    remove: allowed(actor, 'remove'),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Bracket libraries                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** GET /organizations/{id}/bracket-libraries: hidden ones only for those who may hide them. */
export async function listBracketLibraries(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  query: { low_stock_only: boolean },
) {
  await enter(ctx, actor, organizationId, 'list');
  const rows = await repo.listBracketLibraries(ctx.db, organizationId, {
    includeHidden: seesHidden(actor),
    lowStockOnly: query.low_stock_only,
  });
  return { data: rows.map(toBracketLibrary), abilities: abilities(actor) };
}

/** GET .../assignable-members: the organization's members. */
export async function assignableMembers(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  kind: LibraryKind,
) {
  await enter(ctx, actor, organizationId, kind === 'bracket' ? 'update' : 'archAssign');
  return { data: await repo.organizationMembers(ctx.db, organizationId) };
}

async function assertMembers(
  ctx: AppContext,
  db: Kysely<DB>,
  organizationId: number,
  userIds?: readonly number[],
) {
  if (!userIds?.length) return;
  if ((await repo.nonMembers(db, organizationId, userIds)).length)
    throw fieldError('userIds', LIBRARY_MESSAGES.notMember);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
const isCheckViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23514';

/** GET .../request-upload-url?name: a signed, expiring URL to PUT the file to, and the upload id. */
export async function requestUploadUrl(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  kind: LibraryKind,
  query: { name: string; size?: number | undefined },
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, kind === 'bracket' ? 'add' : 'archAdd');
  if (!isStorableFileName(query.name)) throw fieldError('name', LIBRARY_MESSAGES.fileName);
  if (query.size !== undefined && query.size > LIBRARY_LIMITS.maxUploadBytes)
    throw fieldError('size', LIBRARY_MESSAGES.tooLarge);
  if ((await repo.existingNames(ctx.db, kind, organizationId, [query.name])).length)
    throw fieldError('name', existsMessage(kind, query.name));
  await cleanExpiredUploads(ctx, { limit: 20 }).catch((err: unknown) =>
    ctx.log.warn({ err }, 'could not clean expired library uploads'),
  );
  const storagePath = `libraries/${organizationId}/${crypto.randomUUID()}/${query.name}`;
  const expiresAt = new Date(Date.now() + LIBRARY_LIMITS.uploadLinkSeconds * 1000);
  const id = await repo.insertUpload(ctx.db, kind, {
    storage_path: storagePath,
    user_id: actor.userId,
    organization_id: organizationId,
    original_name: query.name,
    expires_at: expiresAt,
  });
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const signature = await sign(ctx, uploadClaims(id, storagePath, actor.userId, organizationId, exp));
  await audit(
    ctx.db,
    actor,
    meta,
    `${kind}-libraries.upload-link`,
    organizationId,
    id,
    { name: query.name },
    'upload',
  );
  const qs = new URLSearchParams({ expires: String(exp), signature });
  return {
    id,
    url: `${API_BASE}/library-uploads/${id}?${qs.toString()}`,
    expires_at: expiresAt.toISOString(),
  };
}

const existsMessage = (kind: LibraryKind, name: string) =>
  kind === 'bracket' ? bracketLibraryExists(name) : archWireLibraryExists(name);

const uploadClaims = (
  id: number,
  path: string,
  userId: number | null,
  organizationId: number | null,
  exp: number,
) => ['library-upload', id, path, userId, organizationId, exp] as const;

/** PUT <signed url>: streams the body to storage (never held whole), up to the size limit. */
export async function receiveUpload(
  ctx: AppContext,
  uploadId: number,
  q: { expires: number; signature: string },
  body: NodeJS.ReadableStream,
  contentLength: number | undefined,
) {
  const upload = await repo.findUpload(ctx.db, uploadId);
  const verdict = upload
    ? await verify(
        ctx,
        uploadClaims(upload.id, upload.storage_path, upload.user_id, upload.organization_id, q.expires),
        q.signature,
        q.expires,
      )
    : 'invalid';
  if (verdict === 'expired') throw forbidden(LIBRARY_MESSAGES.uploadExpired);
  if (verdict !== 'ok' || !upload) throw forbidden();
  if (upload.completed_at) throw notFound();
  if (new Date(upload.expires_at).getTime() < Date.now()) throw forbidden(LIBRARY_MESSAGES.uploadExpired);
  if (contentLength !== undefined && contentLength > LIBRARY_LIMITS.maxUploadBytes)
    throw new AppError(413, LIBRARY_MESSAGES.tooLarge);
  try {
    const { size, sha256 } = await ctx.storage.put(upload.storage_path, body, {
      maxBytes: LIBRARY_LIMITS.maxUploadBytes,
    });
    await repo.setUploadHash(ctx.db, upload.id, sha256);
    return { id: upload.id, size };
  } catch (err) {
    if (err instanceof StorageTooLargeError) throw new AppError(413, LIBRARY_MESSAGES.tooLarge);
    throw err;
  }
}

/** Deletes the bytes and rows of expired library uploads that were never stored. */
export async function cleanExpiredUploads(ctx: AppContext, opts: { now?: Date; limit?: number } = {}) {
  const rows = await repo.expiredUploads(ctx.db, opts.now ?? new Date(), opts.limit ?? 500);
  for (const row of rows) await ctx.storage.delete(row.storage_path);
  await repo.deleteUploads(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/**
 * The caller's finished uploads of this organization, locked: each must exist, be the caller's,
 * have its bytes received and not be stored yet; names must be new in the organization and in
 * the request.
 */
async function takeUploads(
  ctx: AppContext,
  trx: Kysely<DB>,
  actor: Actor,
  organizationId: number,
  kind: LibraryKind,
  ids: readonly number[],
) {
  const uploads = await repo.lockUploads(trx, kind, ids);
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    const u = byId.get(id);
    if (!u || u.user_id !== actor.userId || u.organization_id !== organizationId || u.completed_at)
      throw fieldError(`upload_ids.${i}`, LIBRARY_MESSAGES.uploadMissing);
    if (!u.sha256 || !(await ctx.storage.stat(u.storage_path)))
      throw fieldError(`upload_ids.${i}`, LIBRARY_MESSAGES.uploadMissing);
    const lower = u.original_name.toLowerCase();
    if (seen.has(lower))
      throw fieldError(`upload_ids.${i}`, `"${u.original_name}" file is already on the list.`);
    seen.add(lower);
  }
  const taken = await repo.existingNames(
    trx,
    kind,
    organizationId,
    uploads.map((u) => u.original_name),
  );
  if (taken.length) throw fieldError('upload_ids', existsMessage(kind, taken[0]!));
  return ids.map((id) => byId.get(id)!);
}

/** POST /organizations/{id}/bracket-libraries: one library per uploaded file, in one transaction. */
export async function storeBracketLibraries(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  body: z.output<typeof StoreBracketLibrariesRequest>,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'add');
  try {
    const ids = await ctx.db.transaction().execute(async (trx) => {
      await assertMembers(ctx, trx, organizationId, body.userIds);
      const uploads = await takeUploads(ctx, trx, actor, organizationId, 'bracket', body.upload_ids);
      const created: number[] = [];
      for (const u of uploads) {
        const id = await repo.insertBracketLibrary(trx, {
          organization_id: organizationId,
          label: labelFromFileName(u.original_name),
          file_name: u.original_name,
          storage_path: u.storage_path,
          format: body.format ?? 1,
          created_by_user_id: actor.userId,
        });
        if (body.userIds?.length) await repo.setBracketUsers(trx, id, body.userIds);
        created.push(id);
      }
      await repo.completeUploads(
        trx,
        uploads.map((u) => u.id),
      );
      await audit(trx, actor, meta, 'bracket-libraries.create', organizationId, null, {
        libraries: created,
        names: uploads.map((u) => u.original_name),
      });
      return created;
    });
    const rows = await Promise.all(ids.map((id) => repo.findBracketLibrary(ctx.db, organizationId, id)));
    return {
      message: LIBRARY_MESSAGES.librariesAdded,
      data: rows.filter((r) => r !== undefined).map(toBracketLibrary),
    };
  } catch (err) {
    // Two dialogs storing the same name at once: the unique index answers for the second.
    if (isUniqueViolation(err)) throw fieldError('upload_ids', duplicateOf(err, 'bracket'));
    throw err;
  }
}

/** The message for a name another store took first (the unique index's detail names it). */
function duplicateOf(err: unknown, kind: LibraryKind): string {
  const detail = String((err as { detail?: string }).detail ?? '');
  const m = /=\(\d+, (.*)\) already exists/.exec(detail);
  return existsMessage(kind, m?.[1] ?? 'file');
}

/** PUT /organizations/{id}/bracket-libraries/{libraryId}: name, format, users, shelf/row/column, hide. */
export async function updateBracketLibrary(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  libraryId: number,
  body: z.output<typeof UpdateBracketLibraryRequest>,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'update');
  await ctx.db.transaction().execute(async (trx) => {
    const library = await loadLibrary(ctx, trx, actor, organizationId, libraryId, { forUpdate: true });
    await assertMembers(ctx, trx, organizationId, body.userIds);
    const values: Parameters<typeof repo.updateBracketLibrary>[2] = {};
    if (body.name !== undefined) values.label = body.name;
    if (body.format !== undefined) values.format = body.format;
    if (body.shelf !== undefined) values.shelf = body.shelf;
    if (body.row !== undefined) values.row = body.row;
    if (body.column !== undefined) values.column = body.column;
    if (body.hide !== undefined) values.hidden_at = body.hide ? (library.hidden_at ?? new Date()) : null;
    await repo.updateBracketLibrary(trx, library.id, values);
    if (body.userIds !== undefined) await repo.setBracketUsers(trx, library.id, body.userIds);
    await audit(trx, actor, meta, 'bracket-libraries.update', organizationId, library.id, {
      fields: Object.keys(body),
    });
  });
  const row = await repo.findBracketLibrary(ctx.db, organizationId, libraryId);
  return { message: LIBRARY_MESSAGES.bracketUpdated, data: toBracketLibrary(row!) };
}

/**
 * DELETE /organizations/{id}/bracket-libraries/{libraryId}: the library leaves the lists; its row
 * and file stay, so Rx forms that chose it still read its name.
 */
export async function removeBracketLibrary(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  libraryId: number,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'remove');
  await ctx.db.transaction().execute(async (trx) => {
    const library = await loadLibrary(ctx, trx, actor, organizationId, libraryId, { forUpdate: true });
    await repo.removeBracketLibrary(trx, library.id);
    await audit(trx, actor, meta, 'bracket-libraries.delete', organizationId, library.id, {
      name: library.file_name,
    });
  });
  return { message: LIBRARY_MESSAGES.bracketRemoved };
}

/* ------------------------------------------------------------------------------------------ */
/* Downloads                                                                                  */
/* ------------------------------------------------------------------------------------------ */

const downloadClaims = (kind: LibraryKind, id: number, path: string, userId: number, exp: number) =>
  ['library-download', kind, id, path, userId, exp] as const;

async function downloadUrl(
  ctx: AppContext,
  actor: Actor,
  kind: LibraryKind,
  target: { id: number; storage_path: string | null; organization_id: number },
  meta: RequestMeta,
) {
  if (!target.storage_path) throw notFound('The library has no file.');
  const exp = Math.floor(Date.now() / 1000) + LIBRARY_LIMITS.downloadLinkSeconds;
  const signature = await sign(ctx, downloadClaims(kind, target.id, target.storage_path, actor.userId, exp));
  await audit(
    ctx.db,
    actor,
    meta,
    `${kind}-libraries.download-link`,
    target.organization_id,
    target.id,
    {},
    kind === 'bracket' ? 'bracket_library' : 'arch_wire',
  );
  const qs = new URLSearchParams({ user: String(actor.userId), expires: String(exp), signature });
  return {
    url: `${API_BASE}/library-downloads/${kind}/${target.id}?${qs.toString()}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** GET .../{libraryId}/request-download-url */
export async function bracketDownloadUrl(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  libraryId: number,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'download');
  const library = await loadLibrary(ctx, ctx.db, actor, organizationId, libraryId);
  return downloadUrl(ctx, actor, 'bracket', library, meta);
}

/** Serves a signed download link: the stored bytes, streamed. */
export async function openDownload(
  ctx: AppContext,
  kind: LibraryKind,
  id: number,
  q: { user: number; expires: number; signature: string },
) {
  const target = await repo.downloadable(ctx.db, kind, id);
  const verdict = target?.storage_path
    ? await verify(
        ctx,
        downloadClaims(kind, target.id, target.storage_path, q.user, q.expires),
        q.signature,
        q.expires,
      )
    : 'invalid';
  if (verdict === 'expired') throw forbidden(LIBRARY_MESSAGES.linkExpired);
  if (verdict !== 'ok' || !target?.storage_path) throw forbidden();
  let stream: NodeJS.ReadableStream;
  let size: number | null = null;
  try {
    size = (await ctx.storage.stat(target.storage_path))?.size ?? null;
    stream = ctx.storage.read(target.storage_path);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound();
    throw err;
  }
  stream.on('error', (err: Error) => ctx.log.warn({ err, kind, id }, 'library download failed'));
  return { stream, name: target.file_name, size };
}

/* ------------------------------------------------------------------------------------------ */
/* Inventory                                                                                  */
/* ------------------------------------------------------------------------------------------ */

function inventoryOf(stock: Map<string, number>, threshold: number): BracketInventoryResponse {
  return {
    stocks: fullStock([...stock].map(([tooth_number, available]) => ({ tooth_number, available }))).map(
      (s) => ({
        tooth_number: s.tooth_number,
        available: s.available,
      }),
    ),
    low_stock_threshold: threshold,
  };
}

/** GET .../{libraryId}/inventory */
export async function getInventory(ctx: AppContext, actor: Actor, organizationId: number, libraryId: number) {
  await enter(ctx, actor, organizationId, 'inventory');
  const library = await loadLibrary(ctx, ctx.db, actor, organizationId, libraryId);
  return inventoryOf(await repo.inventory(ctx.db, library.id), library.low_stock_threshold);
}

/**
 * POST .../{libraryId}/inventory: adds each tooth's increment atomically, sets the threshold,
 * writes the changelog with the per-tooth differences, and tells the owners and managers when a
 * tooth falls low (once per crossing: a tooth already low stays quiet).
 */
export async function updateInventory(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  libraryId: number,
  body: z.output<typeof UpdateBracketInventoryRequest>,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'editInventory');
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // The library row lock orders saves of one library, so each sees the one before it.
      const library = await loadLibrary(ctx, trx, actor, organizationId, libraryId, { forUpdate: true });
      const before = await repo.inventory(trx, library.id);
      await repo.applyIncrements(trx, library.id, body.stocks);
      if (body.low_stock_threshold !== library.low_stock_threshold)
        await repo.setThreshold(trx, library.id, body.low_stock_threshold);
      const after = await repo.inventory(trx, library.id);
      const changes = inventoryChanges(before, after);
      const thresholdChanged = body.low_stock_threshold !== library.low_stock_threshold;
      if (changes.length || thresholdChanged) {
        const thresholdNote = thresholdChanged
          ? `Low stock threshold changed from ${library.low_stock_threshold} to ${body.low_stock_threshold}.`
          : '';
        const reason = [body.reason?.trim(), thresholdNote].filter(Boolean).join(' ');
        await repo.insertChangelog(trx, { libraryId: library.id, userId: actor.userId, reason, changes });
      }
      const low = newlyLowTeeth(before, library.low_stock_threshold, after, body.low_stock_threshold);
      if (low.length) {
        for (const userId of await repo.stockRecipients(trx, organizationId))
          await notifyUser(ctx, trx, {
            userId,
            type: 'low_bracket_inventory',
            organizationId,
            message: `Low bracket inventory: ${library.label} (${low.join(', ')}).`,
            link: `/organizations/${organizationId}/brackets?id=${library.id}`,
          });
      }
      await audit(trx, actor, meta, 'bracket-libraries.update-inventory', organizationId, library.id, {
        changes: changes.length,
        low_stock_threshold: body.low_stock_threshold,
        newly_low: low,
      });
      return {
        message: LIBRARY_MESSAGES.inventoryUpdated,
        data: inventoryOf(after, body.low_stock_threshold),
      };
    });
  } catch (err) {
    if (isCheckViolation(err))
      throw unprocessable(LIBRARY_MESSAGES.belowZero, { stocks: [LIBRARY_MESSAGES.belowZero] });
    throw err;
  }
}

/** GET .../{libraryId}/inventory-changelog */
export async function inventoryChangelog(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  libraryId: number,
  query: { page: number; perPage: number },
) {
  await enter(ctx, actor, organizationId, 'changelog');
  const library = await loadLibrary(ctx, ctx.db, actor, organizationId, libraryId);
  const page = await paginate(query, (p) => repo.changelogPage(ctx.db, library.id, p));
  return {
    data: page.data.map((r) => ({
      id: r.id,
      timestamp: new Date(r.created_at).toISOString(),
      description: r.reason,
      user: r.user,
      changes: r.changes,
    })),
    meta: page.meta,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Arch-wire libraries                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** GET /organizations/{id}/arch-wires: the organization's own arch wires. */
export async function listArchWires(ctx: AppContext, actor: Actor, organizationId: number) {
  await enter(ctx, actor, organizationId, 'archList');
  const rows = await repo.listArchWires(ctx.db, organizationId);
  return {
    data: rows.map(toArchWire),
    abilities: {
      add: allowed(actor, 'archAdd'),
      assign: allowed(actor, 'archAssign'),
      download: allowed(actor, 'archDownload'),
      remove: allowed(actor, 'archRemove'),
    },
  };
}

async function loadArchWire(ctx: AppContext, organizationId: number, id: number) {
  const row = await repo.findArchWire(ctx.db, organizationId, id);
  if (!row) throw notFound();
  return row;
}

export async function storeArchWires(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  body: z.output<typeof StoreArchWiresRequest>,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'archAdd');
  try {
    const ids = await ctx.db.transaction().execute(async (trx) => {
      await assertMembers(ctx, trx, organizationId, body.userIds);
      const uploads = await takeUploads(ctx, trx, actor, organizationId, 'arch-wire', body.upload_ids);
      const created: number[] = [];
      for (const u of uploads) {
        const id = await repo.insertArchWire(trx, {
          organization_id: organizationId,
          label: labelFromFileName(u.original_name),
          file_name: u.original_name,
          storage_path: u.storage_path,
          created_by_user_id: actor.userId,
        });
        if (body.userIds?.length) await repo.setArchWireUsers(trx, id, body.userIds);
        created.push(id);
      }
      await repo.completeUploads(
        trx,
        uploads.map((u) => u.id),
      );
      await audit(
        trx,
        actor,
        meta,
        'arch-wires.create',
        organizationId,
        null,
        { arch_wires: created },
        'arch_wire',
      );
      return created;
    });
    const rows = await Promise.all(ids.map((id) => repo.findArchWire(ctx.db, organizationId, id)));
    return {
      message: LIBRARY_MESSAGES.archWiresAdded,
      data: rows.filter((r) => r !== undefined).map(toArchWire),
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('upload_ids', duplicateOf(err, 'arch-wire'));
    throw err;
  }
}

export async function updateArchWire(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  archWireId: number,
  body: z.output<typeof UpdateArchWireRequest>,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'archAssign');
  const wire = await loadArchWire(ctx, organizationId, archWireId);
  await ctx.db.transaction().execute(async (trx) => {
    await assertMembers(ctx, trx, organizationId, body.userIds);
    if (body.name !== undefined) await repo.updateArchWire(trx, wire.id, { label: body.name });
    if (body.userIds !== undefined) await repo.setArchWireUsers(trx, wire.id, body.userIds);
    await audit(
      trx,
      actor,
      meta,
      'arch-wires.update',
      organizationId,
      wire.id,
      { fields: Object.keys(body) },
      'arch_wire',
    );
  });
  return {
    message: LIBRARY_MESSAGES.archWireUpdated,
    data: toArchWire((await repo.findArchWire(ctx.db, organizationId, wire.id))!),
  };
}

export async function removeArchWire(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  archWireId: number,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'archRemove');
  const wire = await loadArchWire(ctx, organizationId, archWireId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.removeArchWire(trx, wire.id);
    await audit(
      trx,
      actor,
      meta,
      'arch-wires.delete',
      organizationId,
      wire.id,
      { name: wire.file_name },
      'arch_wire',
    );
  });
  return { message: LIBRARY_MESSAGES.archWireRemoved };
}

export async function archWireDownloadUrl(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  archWireId: number,
  meta: RequestMeta,
) {
  await enter(ctx, actor, organizationId, 'archDownload');
  const wire = await loadArchWire(ctx, organizationId, archWireId);
  return downloadUrl(ctx, actor, 'arch-wire', wire, meta);
}

/**
 * The library files for the integrity scan (`npm run files:verify`): each bracket-library and
 * arch-wire file with its recorded SHA-256, and the storage prefix every key under which belongs
 * to a library or a library upload.
 */
export async function storedLibraryFiles(ctx: Pick<AppContext, 'db'>) {
  const { files, uploadKeys } = await repo.storedLibraryObjects(ctx.db);
  return { objects: files, prefix: 'libraries/', known: uploadKeys };
}
