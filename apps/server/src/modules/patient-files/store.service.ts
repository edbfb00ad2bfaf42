/**
 * The store pipeline (store_uploaded_file and case entry): uploads checked and moved onto a
 * patient (zips extracted) in one transaction, the bytes put back when it does not commit.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_MESSAGES,
  PATIENT_FILE_SECTION_NAMES,
  PATIENT_FILE_TYPE_RULES,
  PATIENT_FILE_TYPES,
  archFromFileName,
  extensionError,
  fileExtension,
  isAcceptedEntry,
  isZipName,
  seesReluDetails,
  uploadRefusal,
  zipSizeError,
  type PatientFile,
  type PatientFileTag,
  type PatientFileTypeId,
  type StoreUploadedFileResponse,
} from '@archline/contracts';
import type { z } from 'zod';
import type { StoreUploadedFileRequest } from '@archline/contracts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import {
  StorageKeyError,
  StorageTooLargeError,
  isStorableFileName,
  type StorageDriver,
} from '../../platform/storage/index.ts';
import { HEAD_BYTES, contentMatches, mimeTypeOf } from './content.ts';
import * as repo from './repository.ts';
import { ZipRefusal, extractZip } from './zip.ts';
import { loadPatient, mayCreate, assertWritable, toPatientFile, audit, type Executor } from './access.ts';

type StoreInput = z.output<typeof StoreUploadedFileRequest>;

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
  /** The store's intent id: the storage keeps what it is about to touch until it is settled. */
  id: string;
  moved: { from: string; to: string }[];
  written: string[];
  /** Upload keys to delete once committed (extracted zips, empty files). */
  consumed: string[];
}

const newWork = (): StoreWork => ({ id: crypto.randomUUID(), moved: [], written: [], consumed: [] });

/**
 * Records what the store is about to touch before it touches it, so that after a crash
 * (`sweepStaleStores`) the bytes of a store that never committed are removed or put back and
 * nothing is left on disk without its row.
 */
async function noteIntent(storage: StorageDriver, work: StoreWork): Promise<void> {
  await storage.writeIntent(work.id, { moved: work.moved, written: work.written, consumed: work.consumed });
}

/** Undoes the storage side of a store whose transaction did not commit. */
export async function undoStore(storage: StorageDriver, work: StoreWork): Promise<void> {
  for (const key of work.written) await storage.delete(key).catch(() => undefined);
  for (const m of [...work.moved].reverse()) await storage.move(m.to, m.from).catch(() => undefined);
  work.moved = [];
  work.written = [];
  await storage.deleteIntent(work.id).catch(() => undefined);
}

/** Tidies the storage side of a committed store. */
export async function finishStore(storage: StorageDriver, work: StoreWork): Promise<void> {
  for (const key of work.consumed) await storage.delete(key).catch(() => undefined);
  await storage.deleteIntent(work.id).catch(() => undefined);
}

/**
 * Settles the stores of processes that died half-way (kill -9, power loss): a key written or
 * moved by a store whose rows never committed is removed (or moved back to its upload); once
 * committed, the consumed uploads go. Runs at start and periodically.
 */
export async function sweepStaleStores(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  opts: { maxAgeMs?: number } = {},
): Promise<{ undone: number; temp: number }> {
  const maxAgeMs = opts.maxAgeMs ?? 60 * 60 * 1000;
  let undone = 0;
  for (const stale of await ctx.storage.staleIntents(maxAgeMs)) {
    const intent = stale.intent as Partial<Omit<StoreWork, 'id'>>;
    const written = intent.written ?? [];
    const moved = intent.moved ?? [];
    const kept = await repo.fileStoragePaths(ctx.db, [...written, ...moved.map((m) => m.to)]);
    const committed = kept.size > 0;
    if (committed) {
      for (const key of intent.consumed ?? []) await ctx.storage.delete(key).catch(() => undefined);
    } else {
      for (const key of written) await ctx.storage.delete(key).catch(() => undefined);
      for (const m of [...moved].reverse())
        if (await ctx.storage.stat(m.to)) await ctx.storage.move(m.to, m.from).catch(() => undefined);
      undone++;
    }
    await stale.remove();
  }
  const temp = await ctx.storage.sweepTemp(maxAgeMs);
  if (undone || temp) ctx.log.warn({ undone, temp }, 'removed the files of interrupted uploads and stores');
  return { undone, temp };
}

/** Checks stored bytes against the SHA-256 recorded when they were received (null: not recorded). */
async function assertIntact(ctx: AppContext, key: string, expected: string | null): Promise<void> {
  if (!expected) return;
  const actual = await ctx.storage.hash(key);
  if (actual !== expected) {
    ctx.log.error({ key, expected, actual }, 'stored file does not match its recorded checksum');
    throw conflict(PATIENT_FILE_MESSAGES.fileDamaged, { name: [PATIENT_FILE_MESSAGES.fileDamaged] });
  }
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
    if (!isStorableFileName(item.name)) throw fieldError('name', PATIENT_FILE_MESSAGES.fileName);
    const stat = await ctx.storage.stat(upload.storage_path);
    if (!stat) throw fieldError('file_path', PATIENT_FILE_MESSAGES.uploadMissing);
    // A presigned PUT went straight to the bucket: the object must be exactly the size its URL
    // was bound to (a service that does not check the signed length, or an object replaced by
    // other means, is caught here) and within the limit. Its SHA-256 is computed from the bytes.
    if (upload.presigned_size !== null && stat.size !== Number(upload.presigned_size)) {
      ctx.log.warn(
        { key: upload.storage_path, announced: Number(upload.presigned_size), found: stat.size },
        'uploaded object is not the size its presigned URL was bound to',
      );
      await ctx.storage.delete(upload.storage_path).catch(() => undefined);
      throw fieldError('file_path', PATIENT_FILE_MESSAGES.uploadSizeMismatch);
    }
    if (stat.size > PATIENT_FILE_LIMITS.maxUploadBytes)
      throw fieldError('name', PATIENT_FILE_MESSAGES.tooLarge);
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
    const row = (name: string, key: string, size: number, sha256: string): repo.NewFile => ({
      patient_id: patient.id,
      patient_file_type_id: type,
      name,
      original_name: name,
      storage_path: key,
      size_bytes: size,
      sha256,
      mime_type: mimeTypeOf(name),
      tag: tagFor(actor, item, name),
      file_modification_date: modified,
      uploaded_by_user_id: actor.userId,
    });

    if (isZipName(item.name) && PATIENT_FILE_TYPE_RULES[type].zip === 'extract') {
      const extracted: repo.NewFile[] = [];
      await assertIntact(ctx, upload.storage_path, upload.sha256);
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
              for (const e of p.extract) {
                if (!isStorableFileName(e.name)) throw fieldError('name', PATIENT_FILE_MESSAGES.zipEntryName);
                await claim(type, e.name);
              }
            },
            write: async (entry, stream) => {
              const key = destination(entry.name);
              work.written.push(key);
              await noteIntent(ctx.storage, work);
              const { size, sha256 } = await ctx.storage.put(key, stream, { maxBytes: entry.size });
              const entryHead = await readHead(ctx.storage, key);
              if (!contentMatches(entry.name, entryHead, size))
                throw fieldError('name', PATIENT_FILE_MESSAGES.invalidContent);
              extracted.push(row(entry.name, key, size, sha256));
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
            err.reason === 'unsafe'
              ? PATIENT_FILE_MESSAGES.zipUnsafe
              : err.reason === 'encrypted'
                ? PATIENT_FILE_MESSAGES.zipEncrypted
                : PATIENT_FILE_MESSAGES.zipInvalid,
          );
        // An entry longer than its declared size, or a name the storage refuses.
        if (err instanceof StorageTooLargeError) throw fieldError('name', PATIENT_FILE_MESSAGES.zipInvalid);
        if (err instanceof StorageKeyError) throw fieldError('name', PATIENT_FILE_MESSAGES.zipEntryName);
        throw err;
      }
      continue;
    }

    await claim(type, item.name);
    const key = destination(item.name);
    const sha256 = upload.sha256 ?? (await ctx.storage.hash(upload.storage_path));
    prepared.push({
      ...base,
      files: [row(item.name, key, stat.size, sha256)],
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
    if (p.move) work.moved.push(p.move);
    // Extracted zips and empty files: the upload goes once committed.
    else work.consumed.push(p.uploadPath);
  }
  // Noted before the first move: a crash before the commit puts the uploads back.
  await noteIntent(ctx.storage, work);
  for (const p of prepared) if (p.move) await ctx.storage.move(p.move.from, p.move.to);
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
