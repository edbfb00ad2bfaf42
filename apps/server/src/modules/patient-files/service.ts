import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_FILE_TYPES,
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_MESSAGES,
  PATIENT_FILE_SECTION_NAMES,
  PATIENT_FILE_TYPE_IDS,
  PATIENT_FILE_TYPE_RULES,
  PATIENT_FILE_TYPES,
  acceptFor,
  archFromFileName,
  canDeleteFileByRole,
  extensionError,
  fileExtension,
  isAcceptedEntry,
  isZipName,
  reluFlagAllowed,
  reluReprocessAllowed,
  seesReluDetails,
  seesRestrictedFiles,
  uploadRefusal,
  zipSizeError,
  type PatientFile,
  type PatientFileTag,
  type PatientFileTypeId,
  type PatientFilesResponse,
  type PatientImage,
  type ReluStatus,
  type StoreUploadedFileResponse,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { StoreUploadedFileRequest, UploadLinkQuery as UploadLinkQuerySchema } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize, can, canSeeOrganization } from '../../platform/permissions/index.ts';
import {
  StorageNotFoundError,
  StorageTooLargeError,
  type StorageDriver,
} from '../../platform/storage/index.ts';
import { HEAD_BYTES, contentMatches, isImageMime, mimeTypeOf } from './content.ts';
import { reluServiceOf } from './relu.ts';
import * as repo from './repository.ts';
import { patientScopeOf } from '../../platform/permissions/patient-scope.ts';
import { signClaims, verifyClaims } from './signing.ts';
import { ZipRefusal, extractZip } from './zip.ts';

export type { RequestMeta };

const API_BASE = '/services/api/v2';
type StoreInput = z.output<typeof StoreUploadedFileRequest>;
type Executor = Kysely<DB>;

/* ------------------------------------------------------------------------------------------ */
/* Access                                                                                     */
/* ------------------------------------------------------------------------------------------ */

async function loadPatient(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  executor: Executor = ctx.db,
): Promise<repo.PatientRef> {
  const patient = await repo.findPatient(executor, patientId, patientScopeOf(actor));
  if (!patient) throw notFound();
  return patient;
}

/** A file the actor may see, with its patient (404 otherwise, also for restricted files). */
async function loadFile(
  ctx: AppContext,
  actor: Actor,
  fileId: number,
): Promise<{ file: repo.FileRow; patient: repo.PatientRef }> {
  const file = await repo.findFile(ctx.db, fileId);
  if (!file) throw notFound();
  if (!seesRestrictedFiles(actor.roles) && (file.hidden || file.tag === 'tech_backup')) throw notFound();
  const patient = await loadPatient(ctx, actor, Number(file.patient_id));
  return { file, patient };
}

/** File management gates (document 1 section 6): global for management, organization.* within scope. */
function mayCreate(actor: Actor): boolean {
  return can(actor, 'patient-files.manage', 'patient-files.create', 'organization.patient-files.create');
}
function mayDelete(actor: Actor): boolean {
  return can(actor, 'patient-files.manage', 'patient-files.delete', 'organization.patient-files.delete');
}

function assertWritable(patient: repo.PatientRef): void {
  if (patient.deleted_at) throw unprocessable(PATIENT_FILE_MESSAGES.patientArchived);
}

/** Case entry before the patient exists: the organization must be visible and writable. */
function assertOrganizationWritable(actor: Actor, organizationId: number): void {
  const visible =
    actor.profile === 'management'
      ? canSeeOrganization(actor, organizationId)
      : actor.currentOrganizationId === organizationId;
  if (!visible) throw notFound();
}

/* ------------------------------------------------------------------------------------------ */
/* Presentation                                                                               */
/* ------------------------------------------------------------------------------------------ */

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

interface FileMetadata {
  restore_point?: boolean;
  relu_request?: {
    job_id: string | null;
    status: ReluStatus | null;
    message: string | null;
    remarks?: string | null;
  };
}

export function toPatientFile(row: repo.FileRow, seesRelu: boolean): PatientFile {
  const type = row.patient_file_type_id as PatientFileTypeId;
  const metadata = (row.metadata ?? {}) as FileMetadata;
  const file: PatientFile = {
    id: Number(row.id),
    patient_id: Number(row.patient_id),
    patient_file_type_id: type,
    section: PATIENT_FILE_SECTION_NAMES[type] ?? '',
    name: row.name,
    original_name: row.original_name,
    tag: (row.tag as PatientFileTag | null) ?? null,
    hidden: row.hidden,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    mime_type: row.mime_type,
    file_modification_date: iso(row.file_modification_date),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    restore_point: metadata.restore_point === true,
  };
  if (seesRelu) {
    file.relu_status = (row.relu_status as ReluStatus | null) ?? null;
    file.relu_request =
      metadata.relu_request ??
      (row.relu_job_id || row.relu_status
        ? { job_id: row.relu_job_id, status: (row.relu_status as ReluStatus | null) ?? null, message: null }
        : null);
  }
  return file;
}

async function audit(
  executor: Executor,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  entityId: number,
  organizationId: number | null,
  details: Record<string, unknown>,
  entityType: 'patient_file' | 'patient' = 'patient_file',
): Promise<void> {
  await recordAudit(executor, {
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

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export async function listPatientFiles(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  meta: RequestMeta,
): Promise<PatientFilesResponse> {
  const patient = await loadPatient(ctx, actor, patientId);
  const seesRelu = seesReluDetails(actor.roles);
  const rows = await repo.listFiles(ctx.db, patient.id, {
    includeRestricted: seesRestrictedFiles(actor.roles),
  });
  await audit(
    ctx.db,
    actor,
    meta,
    'patient-files.list',
    patient.id,
    patient.organization_id,
    {
      patient_id: patient.id,
      files: rows.length,
    },
    'patient',
  );
  const files = rows.map((r) => toPatientFile(r, seesRelu));
  return {
    sections: PATIENT_FILE_TYPE_IDS.map((type) => ({
      type,
      name: PATIENT_FILE_SECTION_NAMES[type],
      files: files.filter((f) => f.patient_file_type_id === type),
      accept: acceptFor(type),
      max_files: PATIENT_FILE_LIMITS.perSection[type],
    })),
    has_ios_file: patient.ios_file_id !== null,
    ios_file_id: patient.ios_file_id,
    permissions: {
      can_upload: mayCreate(actor) && !patient.deleted_at,
      can_delete: mayDelete(actor) && !patient.deleted_at,
      can_relu_flag: can(actor, 'patient-files.relu.flag-job'),
      can_relu_reprocess: can(actor, 'patient-files.relu.reprocess-job'),
      sees_relu: seesRelu,
    },
  };
}

/** GET /patient_files?patient_id: the STL files. */
export async function listStlFiles(ctx: AppContext, actor: Actor, patientId: number) {
  const patient = await loadPatient(ctx, actor, patientId);
  const rows = await repo.listFiles(ctx.db, patient.id, {
    types: [PATIENT_FILE_TYPES.stl],
    includeRestricted: seesRestrictedFiles(actor.roles),
  });
  const seesRelu = seesReluDetails(actor.roles);
  return { data: rows.map((r) => toPatientFile(r, seesRelu)) };
}

async function signedDownload(
  ctx: AppContext,
  actor: Actor,
  file: repo.FileRow,
  disposition: 'attachment' | 'inline',
): Promise<{ url: string; expires_at: string }> {
  const exp = Math.floor(Date.now() / 1000) + PATIENT_FILE_LIMITS.downloadLinkSeconds;
  const signature = await signClaims(ctx, downloadClaims(file, actor.userId, disposition, exp));
  const qs = new URLSearchParams({
    user: String(actor.userId),
    disposition,
    expires: String(exp),
    signature,
  });
  return {
    url: `${API_BASE}/patient_files/${Number(file.id)}/download?${qs.toString()}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

function downloadClaims(file: repo.FileRow, userId: number, disposition: string, exp: number) {
  return [
    'download',
    Number(file.id),
    userId,
    file.patient_file_type_id,
    file.name,
    Number(file.patient_id),
    disposition,
    exp,
  ] as const;
}

export async function downloadLink(ctx: AppContext, actor: Actor, fileId: number, meta: RequestMeta) {
  const { file, patient } = await loadFile(ctx, actor, fileId);
  const link = await signedDownload(ctx, actor, file, 'attachment');
  await audit(ctx.db, actor, meta, 'patient-files.download-link', Number(file.id), patient.organization_id, {
    patient_id: patient.id,
    name: file.name,
  });
  return link;
}

export async function patientImages(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  meta: RequestMeta,
): Promise<{ images: PatientImage[] }> {
  const patient = await loadPatient(ctx, actor, patientId);
  const rows = (
    await repo.listFiles(ctx.db, patient.id, {
      types: IMAGE_FILE_TYPES,
      includeRestricted: seesRestrictedFiles(actor.roles),
    })
  ).filter((r) => isImageMime(r.mime_type));
  const images = await Promise.all(
    rows.map(async (r) => ({
      id: Number(r.id),
      patient_file_type_id: r.patient_file_type_id,
      section: PATIENT_FILE_SECTION_NAMES[r.patient_file_type_id as PatientFileTypeId] ?? '',
      name: r.name,
      mime_type: r.mime_type,
      url: (await signedDownload(ctx, actor, r, 'inline')).url,
    })),
  );
  await audit(
    ctx.db,
    actor,
    meta,
    'patient-files.images',
    patient.id,
    patient.organization_id,
    {
      patient_id: patient.id,
      images: images.map((i) => i.id),
    },
    'patient',
  );
  return { images };
}

/** Serves a signed download link: the stored bytes with the file's content type. */
export async function openDownload(
  ctx: AppContext,
  fileId: number,
  q: { user: number; disposition: 'attachment' | 'inline'; expires: number; signature: string },
) {
  const file = await repo.findFile(ctx.db, fileId);
  const verdict = file
    ? await verifyClaims(ctx, downloadClaims(file, q.user, q.disposition, q.expires), q.signature, q.expires)
    : 'invalid';
  if (verdict === 'expired') throw forbidden(PATIENT_FILE_MESSAGES.linkExpired);
  if (verdict !== 'ok' || !file) throw forbidden();
  let stream: NodeJS.ReadableStream;
  try {
    stream = ctx.storage.read(file.storage_path);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound();
    throw err;
  }
  return {
    stream,
    name: file.name,
    mimeType: file.mime_type ?? mimeTypeOf(file.name),
    size: file.size_bytes === null ? null : Number(file.size_bytes),
    disposition: q.disposition,
  };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Upload link and PUT                                                                        */
/* ------------------------------------------------------------------------------------------ */

export async function uploadLink(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof UploadLinkQuerySchema>,
  meta: RequestMeta,
) {
  const type = query.type as PatientFileTypeId;
  let organizationId: number;
  let patientId: number | null = null;
  let patientHasIos = false;
  if (query.patient_id !== undefined) {
    const patient = await loadPatient(ctx, actor, query.patient_id);
    if (!mayCreate(actor)) throw forbidden();
    assertWritable(patient);
    organizationId = patient.organization_id;
    patientId = patient.id;
    patientHasIos = await repo.hasIosFile(ctx.db, patient.id);
  } else {
    organizationId = query.organization_id!;
    assertOrganizationWritable(actor, organizationId);
    if (!mayCreate(actor)) throw forbidden();
  }
  const refusal = uploadRefusal({ roles: actor.roles, type, patientHasIos });
  if (refusal) throw forbidden(refusal);
  const extError = extensionError(type, query.name);
  if (extError) throw fieldError('name', extError);
  if (query.size !== undefined) {
    if (query.size > PATIENT_FILE_LIMITS.maxUploadBytes)
      throw fieldError('size', PATIENT_FILE_MESSAGES.tooLarge);
    const zipError = zipSizeError(query.name, query.size);
    if (zipError) throw fieldError('name', zipError);
  }
  if (patientId !== null && !isZipName(query.name)) {
    const { names } = await repo.sectionState(ctx.db, patientId, type);
    if (names.has(query.name.toLowerCase())) throw fieldError('name', PATIENT_FILE_MESSAGES.duplicateName);
  }
  await cleanExpiredUploads(ctx, { limit: 20 }).catch((err: unknown) =>
    ctx.log.warn({ err }, 'could not clean expired uploads'),
  );

  const filePath = `uploads/${crypto.randomUUID()}/${query.name}`;
  const expiresAt = new Date(Date.now() + PATIENT_FILE_LIMITS.uploadLinkSeconds * 1000);
  const uploadId = await repo.insertUpload(ctx.db, {
    storage_path: filePath,
    user_id: actor.userId,
    organization_id: organizationId,
    patient_id: patientId,
    original_name: query.name,
    expires_at: expiresAt,
  });
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const signature = await signClaims(
    ctx,
    uploadClaims(
      {
        id: uploadId,
        storage_path: filePath,
        user_id: actor.userId,
        original_name: query.name,
        patient_id: patientId,
        organization_id: organizationId,
      },
      type,
      exp,
    ),
  );
  const qs = new URLSearchParams({ type: String(type), expires: String(exp), signature });
  await recordAudit(ctx.db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action: 'patient-files.upload-link',
    entityType: 'upload',
    entityId: uploadId,
    organizationId,
    outcome: 'success',
    details: { patient_id: patientId, type, name: query.name },
  });
  return {
    url: `${API_BASE}/patient_files/upload/${uploadId}?${qs.toString()}`,
    file_path: filePath,
    expires_at: expiresAt.toISOString(),
  };
}

const tooLarge = () => new AppError(413, PATIENT_FILE_MESSAGES.tooLarge);

function uploadClaims(
  upload: Pick<
    repo.UploadRow,
    'id' | 'storage_path' | 'user_id' | 'original_name' | 'patient_id' | 'organization_id'
  >,
  type: number,
  exp: number,
) {
  return [
    'upload',
    Number(upload.id),
    upload.storage_path,
    upload.user_id === null ? null : Number(upload.user_id),
    type,
    upload.original_name,
    upload.patient_id === null ? null : Number(upload.patient_id),
    upload.organization_id === null ? null : Number(upload.organization_id),
    exp,
  ] as const;
}

/** PUT <signed url>: streams the body to storage (never buffered whole), up to the size limit. */
export async function receiveUpload(
  ctx: AppContext,
  uploadId: number,
  q: { type: number; expires: number; signature: string },
  body: NodeJS.ReadableStream,
  contentLength: number | undefined,
) {
  const upload = await repo.findUpload(ctx.db, uploadId);
  const verdict = upload
    ? await verifyClaims(ctx, uploadClaims(upload, q.type, q.expires), q.signature, q.expires)
    : 'invalid';
  if (verdict === 'expired') throw forbidden(PATIENT_FILE_MESSAGES.uploadExpired);
  if (verdict !== 'ok' || !upload) throw forbidden();
  if (upload.completed_at) throw notFound();
  if (new Date(upload.expires_at).getTime() < Date.now())
    throw forbidden(PATIENT_FILE_MESSAGES.uploadExpired);
  if (contentLength !== undefined && contentLength > PATIENT_FILE_LIMITS.maxUploadBytes) throw tooLarge();
  try {
    const { size } = await ctx.storage.put(upload.storage_path, body, {
      maxBytes: PATIENT_FILE_LIMITS.maxUploadBytes,
    });
    return { file_path: upload.storage_path, size };
  } catch (err) {
    if (err instanceof StorageTooLargeError) throw tooLarge();
    throw err;
  }
}

/** Deletes the bytes and rows of expired uploads that were never stored. */
export async function cleanExpiredUploads(
  ctx: AppContext,
  opts: { now?: Date; limit?: number } = {},
): Promise<number> {
  const rows = await repo.expiredUploads(ctx.db, opts.now ?? new Date(), opts.limit ?? 500);
  for (const row of rows) await ctx.storage.delete(row.storage_path);
  await repo.deleteUploads(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.length;
}

/* ------------------------------------------------------------------------------------------ */
/* Storing uploads onto a patient (store_uploaded_file and case entry)                        */
/* ------------------------------------------------------------------------------------------ */

export interface UploadItem {
  file_path: string;
  type: PatientFileTypeId;
  name: string;
  tag?: PatientFileTag | null;
  modification_time?: string | number | null;
}

/**
 * The bytes a store touched, so they can be put back (transaction rolled back) or tidied
 * (committed): files moved out of uploads/, files extracted from zips, uploads consumed.
 */
export interface StoreWork {
  moved: { from: string; to: string }[];
  written: string[];
  /** Upload keys to delete once committed (extracted zips, empty files). */
  consumed: string[];
}

const newWork = (): StoreWork => ({ moved: [], written: [], consumed: [] });

/** Undoes the storage side of a store whose transaction did not commit. */
export async function undoStore(storage: StorageDriver, work: StoreWork): Promise<void> {
  for (const key of work.written) await storage.delete(key).catch(() => undefined);
  for (const m of [...work.moved].reverse()) await storage.move(m.to, m.from).catch(() => undefined);
  work.moved = [];
  work.written = [];
}

/** Tidies the storage side of a committed store. */
export async function finishStore(storage: StorageDriver, work: StoreWork): Promise<void> {
  for (const key of work.consumed) await storage.delete(key).catch(() => undefined);
}

function parseModificationTime(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d =
    typeof value === 'number' || /^\d+$/.test(String(value))
      ? new Date(Number(value))
      : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d;
}

async function readHead(storage: StorageDriver, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = storage.read(key) as NodeJS.ReadableStream & { destroy?: () => void };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= HEAD_BYTES) break;
  }
  stream.destroy?.();
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}

/** Runs `fn` with a local path of a stored file (copied to a temp file for remote drivers). */
async function withLocalFile<T>(
  storage: StorageDriver,
  key: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) return fn(storage.localPath(key));
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'archline-zip-'));
  const file = path.join(dir, 'upload.zip');
  try {
    await pipeline(storage.read(key), fs.createWriteStream(file));
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function tagFor(actor: Actor, item: UploadItem, name: string): PatientFileTag | null {
  if (item.type === PATIENT_FILE_TYPES.stl) {
    const explicit = item.tag === 'stl_maxillary' || item.tag === 'stl_mandibular';
    // Management may set the arch by hand; otherwise it comes from the file name.
    return explicit && actor.profile === 'management' ? item.tag! : archFromFileName(name);
  }
  return item.tag === 'tech_backup' && item.type === PATIENT_FILE_TYPES.ios ? 'tech_backup' : null;
}

interface StoreResult {
  rows: repo.FileRow[];
  skipped: string[];
  duplicateIos: boolean;
}

/** One upload checked and, for an extracting zip, unpacked: what remains is to record it. */
interface PreparedItem {
  item: UploadItem;
  uploadId: number;
  uploadPath: string;
  /** The files to record (their storage_path is where they end up). */
  files: repo.NewFile[];
  /** A kept file moves from its upload key at commit. */
  move: { from: string; to: string } | null;
  skipped: string[];
}

type SectionState = Map<number, { count: number; names: Set<string> }>;

/** Counts and names per section, claimed one file at a time (duplicates and limits). */
function sectionClaims(executor: Executor, patientId: number) {
  const sections: SectionState = new Map();
  return async (type: PatientFileTypeId, name: string) => {
    let s = sections.get(type);
    if (!s) {
      s = await repo.sectionState(executor, patientId, type);
      sections.set(type, s);
    }
    if (s.names.has(name.toLowerCase())) throw fieldError('name', PATIENT_FILE_MESSAGES.duplicateName);
    s.names.add(name.toLowerCase());
    s.count += 1;
    const max = PATIENT_FILE_LIMITS.perSection[type];
    if (s.count > max)
      throw fieldError('name', PATIENT_FILE_MESSAGES.tooManyFiles(max, PATIENT_FILE_SECTION_NAMES[type]));
  };
}

function assertUploadUsable(
  upload: repo.UploadRow | undefined,
  actor: Actor,
  patient: repo.PatientRef,
  opts: { allowOrganizationUploads: boolean },
): asserts upload is repo.UploadRow {
  const belongs =
    upload &&
    Number(upload.user_id) === actor.userId &&
    !upload.completed_at &&
    (upload.patient_id === null
      ? opts.allowOrganizationUploads && Number(upload.organization_id) === patient.organization_id
      : Number(upload.patient_id) === patient.id);
  if (!upload || !belongs) throw fieldError('file_path', PATIENT_FILE_MESSAGES.uploadMissing);
  if (new Date(upload.expires_at).getTime() < Date.now())
    throw fieldError('file_path', PATIENT_FILE_MESSAGES.uploadExpired);
}

/**
 * Checks uploads and unpacks extracting zips, before the recording transaction (so a long
 * extraction holds no lock). Per item: the upload belongs to the actor and to this patient (or,
 * for case entry, to the patient's organization), is not expired or used, has bytes; the name's
 * extension suits the section; the content matches the extension; zips are at least the minimum
 * size; the role rules; duplicates and limits against the files already there. Zips of extracting
 * sections are unpacked (safely, streaming) under the patient's folder; every byte written is
 * noted in `work`. `commitItems` re-checks what may have changed meanwhile.
 */
async function prepareItems(
  ctx: AppContext,
  executor: Executor,
  actor: Actor,
  patient: repo.PatientRef,
  items: UploadItem[],
  work: StoreWork,
  opts: { allowOrganizationUploads: boolean },
): Promise<PreparedItem[]> {
  const patientHasIos = await repo.hasIosFile(executor, patient.id);
  const claim = sectionClaims(executor, patient.id);
  const destination = (name: string) => `patients/${patient.id}/${crypto.randomUUID()}/${name}`;
  const prepared: PreparedItem[] = [];
  const uploads = await repo.findUploadsByPaths(
    executor,
    items.map((i) => i.file_path),
  );

  for (const item of items) {
    const type = item.type;
    const upload = uploads.get(item.file_path);
    assertUploadUsable(upload, actor, patient, opts);
    if (fileExtension(item.name) !== fileExtension(upload.original_name))
      throw fieldError('name', PATIENT_FILE_MESSAGES.invalidExtension);
    const refusal = uploadRefusal({ roles: actor.roles, type, tag: item.tag ?? null, patientHasIos });
    if (refusal) throw forbidden(refusal);
    const extError = extensionError(type, item.name);
    if (extError) throw fieldError('name', extError);
    const stat = await ctx.storage.stat(upload.storage_path);
    if (!stat) throw fieldError('file_path', PATIENT_FILE_MESSAGES.uploadMissing);
    const base = { item, uploadId: Number(upload.id), uploadPath: upload.storage_path };
    if (stat.size === 0) {
      // Empty files are skipped.
      prepared.push({ ...base, files: [], move: null, skipped: [item.name] });
      continue;
    }
    const head = await readHead(ctx.storage, upload.storage_path);
    if (!contentMatches(item.name, head, stat.size))
      throw fieldError('name', PATIENT_FILE_MESSAGES.invalidContent);
    const zipError = zipSizeError(item.name, stat.size);
    if (zipError) throw fieldError('name', zipError);
    const modified = parseModificationTime(item.modification_time);
    const row = (name: string, key: string, size: number): repo.NewFile => ({
      patient_id: patient.id,
      patient_file_type_id: type,
      name,
      original_name: name,
      storage_path: key,
      size_bytes: size,
      mime_type: mimeTypeOf(name),
      tag: tagFor(actor, item, name),
      file_modification_date: modified,
      uploaded_by_user_id: actor.userId,
    });

    if (isZipName(item.name) && PATIENT_FILE_TYPE_RULES[type].zip === 'extract') {
      const extracted: repo.NewFile[] = [];
      try {
        const plan = await withLocalFile(ctx.storage, upload.storage_path, (file) =>
          extractZip(file, {
            limits: {
              maxEntries: PATIENT_FILE_LIMITS.zipMaxEntries,
              maxTotalBytes: PATIENT_FILE_LIMITS.zipMaxTotalBytes,
              maxRatio: PATIENT_FILE_LIMITS.zipMaxRatio,
            },
            accept: (name) => isAcceptedEntry(type, name),
            check: async (p) => {
              if (p.extract.length > PATIENT_FILE_LIMITS.defaultMaxFiles)
                throw fieldError(
                  'name',
                  PATIENT_FILE_MESSAGES.tooManyFiles(
                    PATIENT_FILE_LIMITS.defaultMaxFiles,
                    PATIENT_FILE_SECTION_NAMES[type],
                  ),
                );
              for (const e of p.extract) await claim(type, e.name);
            },
            write: async (entry, stream) => {
              const key = destination(entry.name);
              work.written.push(key);
              const { size } = await ctx.storage.put(key, stream, { maxBytes: entry.size });
              const entryHead = await readHead(ctx.storage, key);
              if (!contentMatches(entry.name, entryHead, size))
                throw fieldError('name', PATIENT_FILE_MESSAGES.invalidContent);
              extracted.push(row(entry.name, key, size));
            },
          }),
        );
        if (!plan.extract.length && !plan.empty.length)
          throw fieldError('name', PATIENT_FILE_MESSAGES.zipNoFiles);
        prepared.push({ ...base, files: extracted, move: null, skipped: plan.empty });
      } catch (err) {
        if (err instanceof ZipRefusal)
          throw fieldError(
            'name',
            err.reason === 'unsafe' ? PATIENT_FILE_MESSAGES.zipUnsafe : PATIENT_FILE_MESSAGES.zipInvalid,
          );
        throw err;
      }
      continue;
    }

    await claim(type, item.name);
    const key = destination(item.name);
    prepared.push({
      ...base,
      files: [row(item.name, key, stat.size)],
      move: { from: upload.storage_path, to: key },
      skipped: [],
    });
  }
  return prepared;
}

/**
 * Records prepared uploads inside the transaction: locks the patient, re-checks the uploads
 * (still unused), the role rules (the IOS state may have changed), duplicates and limits, moves
 * kept files into the patient's folder, inserts the rows, marks the uploads used and keeps
 * patients.ios_file_id right.
 */
async function commitItems(
  ctx: AppContext,
  trx: Executor,
  actor: Actor,
  patient: repo.PatientRef,
  prepared: PreparedItem[],
  work: StoreWork,
  opts: { allowOrganizationUploads: boolean },
): Promise<StoreResult> {
  await repo.lockPatient(trx, patient.id);
  const patientHasIos = await repo.hasIosFile(trx, patient.id);
  const claim = sectionClaims(trx, patient.id);
  const pending: repo.NewFile[] = [];
  const skipped: string[] = [];
  const uploads = await repo.findUploadsByPaths(
    trx,
    prepared.map((p) => p.item.file_path),
    { forUpdate: true },
  );
  for (const p of prepared) {
    const upload = uploads.get(p.item.file_path);
    assertUploadUsable(upload, actor, patient, opts);
    const refusal = uploadRefusal({
      roles: actor.roles,
      type: p.item.type,
      tag: p.item.tag ?? null,
      patientHasIos,
    });
    if (refusal) throw forbidden(refusal);
    for (const f of p.files) await claim(p.item.type, f.original_name);
    skipped.push(...p.skipped);
    pending.push(...p.files);
  }
  if (!pending.length)
    throw unprocessable(PATIENT_FILE_MESSAGES.emptyFile, { name: [PATIENT_FILE_MESSAGES.emptyFile] });
  if (pending.length > PATIENT_FILE_LIMITS.defaultMaxFiles)
    throw fieldError(
      'name',
      PATIENT_FILE_MESSAGES.tooManyFiles(PATIENT_FILE_LIMITS.defaultMaxFiles, 'one upload'),
    );
  for (const p of prepared) {
    if (p.move) {
      await ctx.storage.move(p.move.from, p.move.to);
      work.moved.push(p.move);
    } else {
      // Extracted zips and empty files: the upload goes once committed.
      work.consumed.push(p.uploadPath);
    }
  }
  const rows = await repo.insertFiles(trx, pending);
  await repo.completeUploads(
    trx,
    prepared.map((p) => p.uploadId),
  );
  const iosAdded = pending.some(
    (p) => p.patient_file_type_id === PATIENT_FILE_TYPES.ios && p.tag !== 'tech_backup',
  );
  if (iosAdded) await repo.refreshIosFile(trx, patient.id);
  return { rows, skipped, duplicateIos: iosAdded && patientHasIos };
}

/** POST /patient_files/store_uploaded_file */
export async function storeUploadedFile(
  ctx: AppContext,
  actor: Actor,
  input: StoreInput,
  meta: RequestMeta,
): Promise<StoreUploadedFileResponse> {
  const patient = await loadPatient(ctx, actor, input.patient_id);
  if (!mayCreate(actor)) throw forbidden();
  assertWritable(patient);
  const work = newWork();
  const opts = { allowOrganizationUploads: false };
  let result: StoreResult;
  try {
    const item: UploadItem = {
      file_path: input.file_path,
      type: input.type as PatientFileTypeId,
      name: input.name,
      tag: input.tag ?? null,
      modification_time: input.modification_time ?? null,
    };
    const prepared = await prepareItems(ctx, ctx.db, actor, patient, [item], work, opts);
    result = await ctx.db.transaction().execute(async (trx) => {
      const r = await commitItems(ctx, trx, actor, patient, prepared, work, opts);
      for (const row of r.rows)
        await audit(trx, actor, meta, 'patient-files.store', Number(row.id), patient.organization_id, {
          patient_id: patient.id,
          type: row.patient_file_type_id,
          name: row.name,
          size: Number(row.size_bytes),
          tag: row.tag,
          from_zip: r.rows.length > 1 || row.name !== input.name,
          duplicate_ios: r.duplicateIos,
        });
      return r;
    });
  } catch (err) {
    await undoStore(ctx.storage, work);
    throw err;
  }
  await finishStore(ctx.storage, work);
  const seesRelu = seesReluDetails(actor.roles);
  const files = result.rows.map((r) => toPatientFile(r, seesRelu));
  return {
    file: files[0]!,
    files,
    message: PATIENT_FILE_MESSAGES.uploaded,
    skipped: result.skipped,
    duplicate_ios: result.duplicateIos,
  };
}

/**
 * Case entry: validates the uploads made for the organization (upload_link with organization_id)
 * and records them as files of the patient just created, inside the caller's transaction. The
 * caller must run `undo()` if its transaction rolls back (puts the bytes back where they were)
 * and `finish()` once it committed (removes consumed uploads):
 *
 *   const attached = { undo: async () => {}, finish: async () => {} };
 *   try {
 *     await ctx.db.transaction().execute(async (trx) => {
 *       const patient = ...insert...;
 *       Object.assign(attached, await attachUploadsToPatient(trx, ctx, { uploads, patient, actor }));
 *     });
 *   } catch (err) { await attached.undo(); throw err; }
 *   await attached.finish();
 */
export async function attachUploadsToPatient(
  trx: Executor,
  ctx: AppContext,
  input: {
    uploads: { file_path: string; name: string; tag?: PatientFileTag | null; type: PatientFileTypeId }[];
    patient: { id: number; organization_id: number };
    actor: Actor;
    meta?: RequestMeta;
  },
): Promise<{
  files: PatientFile[];
  skipped: string[];
  undo: () => Promise<void>;
  finish: () => Promise<void>;
}> {
  const work = newWork();
  const undo = () => undoStore(ctx.storage, work);
  const finish = () => finishStore(ctx.storage, work);
  if (!input.uploads.length) return { files: [], skipped: [], undo, finish };
  if (!mayCreate(input.actor)) throw forbidden();
  const patient = await repo.findPatient(trx, input.patient.id, { kind: 'all', includeArchived: true });
  if (!patient || patient.organization_id !== input.patient.organization_id) throw notFound();
  try {
    const opts = { allowOrganizationUploads: true };
    const items = input.uploads.map((u) => ({
      file_path: u.file_path,
      name: u.name,
      tag: u.tag ?? null,
      type: u.type,
    }));
    const prepared = await prepareItems(ctx, trx, input.actor, patient, items, work, opts);
    const result = await commitItems(ctx, trx, input.actor, patient, prepared, work, opts);
    const meta = input.meta ?? { ip: null, requestId: null };
    for (const row of result.rows)
      await audit(trx, input.actor, meta, 'patient-files.store', Number(row.id), patient.organization_id, {
        patient_id: patient.id,
        type: row.patient_file_type_id,
        name: row.name,
        case_entry: true,
      });
    const seesRelu = seesReluDetails(input.actor.roles);
    return {
      files: result.rows.map((r) => toPatientFile(r, seesRelu)),
      skipped: result.skipped,
      undo,
      finish,
    };
  } catch (err) {
    await undo();
    throw err;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Delete and relu                                                                            */
/* ------------------------------------------------------------------------------------------ */

export async function deletePatientFile(ctx: AppContext, actor: Actor, fileId: number, meta: RequestMeta) {
  const { file, patient } = await loadFile(ctx, actor, fileId);
  if (!mayDelete(actor)) throw forbidden();
  assertWritable(patient);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockPatient(trx, patient.id);
    const patientHasIos = await repo.hasIosFile(trx, patient.id);
    const allowed = canDeleteFileByRole({
      roles: actor.roles,
      type: file.patient_file_type_id as PatientFileTypeId,
      tag: (file.tag as PatientFileTag | null) ?? null,
      patientHasIos,
    });
    if (!allowed) throw forbidden(PATIENT_FILE_MESSAGES.deleteNotAllowed);
    await repo.deleteFile(trx, Number(file.id));
    if (file.patient_file_type_id === PATIENT_FILE_TYPES.ios) await repo.refreshIosFile(trx, patient.id);
    await audit(trx, actor, meta, 'patient-files.delete', Number(file.id), patient.organization_id, {
      patient_id: patient.id,
      type: file.patient_file_type_id,
      name: file.name,
      tag: file.tag,
    });
  });
  // The bytes go once the row is gone for good.
  await ctx.storage.delete(file.storage_path);
  return { message: PATIENT_FILE_MESSAGES.deleted };
}

export async function flagReluJob(
  ctx: AppContext,
  actor: Actor,
  fileId: number,
  remarks: string,
  meta: RequestMeta,
) {
  authorize(actor, 'patient-files.relu.flag-job');
  const { file, patient } = await loadFile(ctx, actor, fileId);
  const status = (file.relu_status as ReluStatus | null) ?? null;
  if (!file.relu_job_id || status === null) throw unprocessable(PATIENT_FILE_MESSAGES.reluNoJob);
  if (!reluFlagAllowed({ relu_status: status })) throw unprocessable(PATIENT_FILE_MESSAGES.reluNotAllowed);
  const state = await reluServiceOf(ctx).flagJob({
    jobId: file.relu_job_id,
    fileId: Number(file.id),
    remarks,
  });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateRelu(trx, Number(file.id), {
      relu_job_id: state.jobId,
      relu_status: state.status,
      relu_request: { job_id: state.jobId, status: state.status, message: state.message, remarks },
    });
    await audit(trx, actor, meta, 'patient-files.relu.flag', Number(file.id), patient.organization_id, {
      patient_id: patient.id,
      job_id: state.jobId,
      remarks,
    });
    return updated;
  });
  return {
    message: PATIENT_FILE_MESSAGES.reluFlagged,
    data: toPatientFile(row, seesReluDetails(actor.roles)),
  };
}

export async function reprocessReluJob(ctx: AppContext, actor: Actor, fileId: number, meta: RequestMeta) {
  authorize(actor, 'patient-files.relu.reprocess-job');
  const { file, patient } = await loadFile(ctx, actor, fileId);
  const status = (file.relu_status as ReluStatus | null) ?? null;
  const tag = (file.tag as PatientFileTag | null) ?? null;
  if (tag === 'relu') throw unprocessable(PATIENT_FILE_MESSAGES.reluReprocessTagged);
  if (status === null) throw unprocessable(PATIENT_FILE_MESSAGES.reluNoJob);
  if (!reluReprocessAllowed({ relu_status: status, tag }))
    throw unprocessable(PATIENT_FILE_MESSAGES.reluNotAllowed);
  const state = await reluServiceOf(ctx).reprocessJob({ jobId: file.relu_job_id, fileId: Number(file.id) });
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateRelu(trx, Number(file.id), {
      relu_job_id: state.jobId,
      relu_status: state.status,
      relu_request: { job_id: state.jobId, status: state.status, message: state.message },
    });
    await audit(trx, actor, meta, 'patient-files.relu.reprocess', Number(file.id), patient.organization_id, {
      patient_id: patient.id,
      previous_job_id: file.relu_job_id,
      job_id: state.jobId,
    });
    return updated;
  });
  return {
    message: PATIENT_FILE_MESSAGES.reluReprocessed,
    data: toPatientFile(row, seesReluDetails(actor.roles)),
  };
}
