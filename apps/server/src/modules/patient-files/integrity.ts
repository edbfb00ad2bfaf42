/** The integrity scan (`npm run files:verify`): stored bytes against the rows that name them. */
import type { AppContext } from '../../platform/context.ts';
import { StorageNotFoundError } from '../../platform/storage/index.ts';
import * as repo from './repository.ts';

export interface FileProblem {
  key: string;
  /** The patient file or upload the key belongs to (none for an orphan). */
  file_id?: number;
  upload_id?: number;
  /** Another stored file: a bracket library, an arch wire, an installer or a machine learning file. */
  owner?: { kind: StoredObjectKind; id: number };
  detail?: string;
}

export type StoredObjectKind = 'bracket_library' | 'arch_wire' | 'installer' | 'machine_learning_file';

/** Stored files other than patient files (libraries, installers), checked the same way. */
export interface StoredObjectSource {
  objects: { kind: StoredObjectKind; id: number; key: string; sha256: string | null }[];
  /** false: these files never carry a checksum (only a missing one is reported, none counts as unchecked). */
  checksums?: boolean;
  /** Keys under this prefix that no object and no `known` key names are reported as orphans. */
  prefix?: string;
  known?: string[];
}

export interface IntegrityReport {
  checked: number;
  /** A row names bytes the storage does not have. */
  missing: FileProblem[];
  /** Bytes no row names (neither a patient file nor an upload in progress). */
  orphaned: FileProblem[];
  /** Bytes whose SHA-256 differs from the one recorded when they were stored. */
  altered: FileProblem[];
  /** Files stored before checksums were recorded (reported, not a failure). */
  unchecked: number;
}

export const hasProblems = (r: IntegrityReport) =>
  r.missing.length + r.orphaned.length + r.altered.length > 0;

async function hashOf(ctx: Pick<AppContext, 'storage'>, key: string): Promise<string | null> {
  try {
    return await ctx.storage.hash(key);
  } catch (err) {
    if (err instanceof StorageNotFoundError || (err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Reads every stored file once: missing, orphaned and altered files. Patient files and their
 * uploads always; `sources` add other stored files (library and installer files).
 */
export async function verifyStoredFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  sources: StoredObjectSource[] = [],
): Promise<IntegrityReport> {
  const { files, uploads } = await repo.storedObjects(ctx.db);
  const report: IntegrityReport = { checked: 0, missing: [], orphaned: [], altered: [], unchecked: 0 };
  const known = new Set<string>();
  for (const f of files) {
    known.add(f.storage_path);
    const actual = await hashOf(ctx, f.storage_path);
    report.checked++;
    if (actual === null) report.missing.push({ key: f.storage_path, file_id: f.id });
    else if (!f.sha256) report.unchecked++;
    else if (actual !== f.sha256)
      report.altered.push({
        key: f.storage_path,
        file_id: f.id,
        detail: `expected ${f.sha256}, found ${actual}`,
      });
  }
  for (const u of uploads) {
    known.add(u.storage_path);
    // An upload's bytes are moved away when it is stored, or may not be sent yet.
    if (u.completed_at || !u.sha256) continue;
    const actual = await hashOf(ctx, u.storage_path);
    report.checked++;
    if (actual === null) report.missing.push({ key: u.storage_path, upload_id: u.id });
    else if (actual !== u.sha256)
      report.altered.push({
        key: u.storage_path,
        upload_id: u.id,
        detail: `expected ${u.sha256}, found ${actual}`,
      });
  }
  const prefixes = ['patients/', 'uploads/'];
  for (const source of sources) {
    for (const o of source.objects) {
      known.add(o.key);
      const actual = await hashOf(ctx, o.key);
      report.checked++;
      const owner = { kind: o.kind, id: o.id };
      if (actual === null) report.missing.push({ key: o.key, owner });
      else if (!o.sha256) {
        if (source.checksums !== false) report.unchecked++;
      } else if (actual !== o.sha256)
        report.altered.push({ key: o.key, owner, detail: `expected ${o.sha256}, found ${actual}` });
    }
    for (const key of source.known ?? []) known.add(key);
    if (source.prefix) prefixes.push(source.prefix);
  }
  for await (const key of ctx.storage.listKeys()) {
    if (!prefixes.some((p) => key.startsWith(p))) continue;
    if (!known.has(key)) report.orphaned.push({ key });
  }
  return report;
}
