import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Guards applied before a single byte of a zip is extracted. */
export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of the extracted entries. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry (above 1 MB). */
  maxRatio: number;
}

/** The zip is malformed, unsafe (path traversal, bomb) or over a limit. */
export class ZipRefusal extends Error {
  constructor(
    readonly reason: 'invalid' | 'unsafe' | 'encrypted',
    detail: string,
  ) {
    super(detail);
    this.name = 'ZipRefusal';
  }
}

export interface ZipEntryToExtract {
  /** The entry's path inside the zip. */
  path: string;
  /** Its base name: what the extracted file is called. */
  name: string;
  size: number;
}

export interface ZipPlan {
  extract: ZipEntryToExtract[];
  /** Accepted entries skipped because they are empty. */
  empty: string[];
}

const RATIO_FLOOR_BYTES = 1024 * 1024;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) =>
        err || !zip ? reject(new ZipRefusal('invalid', String(err?.message ?? err))) : resolve(zip),
    );
  });
}

function isUnsafePath(p: string): boolean {
  if (p.startsWith('/') || p.includes('\\') || /^[a-zA-Z]:/.test(p) || p.includes('\u0000')) return true;
  return p.split('/').some((seg) => seg === '..');
}

function readEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(new ZipRefusal('unsafe', `too many entries (${zip.entryCount})`));
      return;
    }
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    // yauzl itself refuses absolute and '..' entry names here.
    zip.on('error', (err: Error) =>
      reject(
        /invalid relative path|absolute path|invalid characters/i.test(err.message)
          ? new ZipRefusal('unsafe', err.message)
          : new ZipRefusal(/encrypt/i.test(err.message) ? 'encrypted' : 'invalid', err.message),
      ),
    );
    zip.readEntry();
  });
}

/**
 * An entry's bytes as a stream of our own. yauzl's stream can emit an error after its consumer
 * stopped listening ('too many bytes in the stream' when the central directory understates a
 * size): it keeps a listener for good, so no error of an entry ever goes unhandled, and the
 * first one reaches the consumer as a ZipRefusal.
 */
function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(new ZipRefusal('invalid', String(err?.message ?? err)));
        return;
      }
      const out = new PassThrough();
      const source = stream as Readable & { destroy: () => void };
      const stop = () => {
        source.unpipe(out);
        try {
          source.destroy();
        } catch {
          // already gone
        }
      };
      source.on('error', (e: Error) => {
        stop();
        if (!out.destroyed) out.destroy(new ZipRefusal('invalid', e.message));
      });
      out.on('error', () => undefined); // the consumer's pipeline gets it too
      out.on('close', () => {
        if (!source.readableEnded) stop();
      });
      source.pipe(out);
      resolve(out);
    });
  });
}

/**
 * Extracts the accepted entries of a zip on disk, one at a time, as streams (never the whole
 * archive in memory). Reads the central directory first and refuses the whole zip, before writing
 * anything, when it has too many entries, an entry path escapes ('../x', '/x', 'C:x'), the
 * declared uncompressed total is over the limit, or an entry's compression ratio is suspicious.
 * Directories, '__MACOSX/' metadata and entries `accept` refuses are ignored; empty accepted
 * entries are reported, not extracted. `write` receives each entry's stream; yauzl checks that
 * the bytes match the declared size.
 */
export async function extractZip(
  file: string,
  opts: {
    limits: ZipLimits;
    accept: (name: string) => boolean;
    write: (entry: ZipEntryToExtract, stream: Readable) => Promise<void>;
    /** Called with the plan before anything is written (may throw to refuse). */
    check?: (plan: ZipPlan) => void | Promise<void>;
  },
): Promise<ZipPlan> {
  const zip = await openZip(file);
  // An error of the archive after its entries were read (a damaged entry) must not go unhandled.
  zip.on('error', () => undefined);
  try {
    const entries = await readEntries(zip, opts.limits);
    const plan: ZipPlan = { extract: [], empty: [] };
    const chosen: yauzl.Entry[] = [];
    let total = 0;
    for (const entry of entries) {
      const p = entry.fileName;
      if (isUnsafePath(p)) throw new ZipRefusal('unsafe', `unsafe path ${p}`);
      if (p.endsWith('/')) continue;
      if (entry.isEncrypted()) throw new ZipRefusal('encrypted', `encrypted entry ${p}`);
      const name = p.split('/').pop()!;
      if (p.startsWith('__MACOSX/') || name.startsWith('._') || !opts.accept(name)) continue;
      if (entry.uncompressedSize === 0) {
        plan.empty.push(name);
        continue;
      }
      total += entry.uncompressedSize;
      if (total > opts.limits.maxTotalBytes)
        throw new ZipRefusal('unsafe', 'uncompressed total over the limit');
      if (
        entry.uncompressedSize > RATIO_FLOOR_BYTES &&
        (entry.compressedSize === 0 || entry.uncompressedSize / entry.compressedSize > opts.limits.maxRatio)
      )
        throw new ZipRefusal('unsafe', `compression ratio of ${p}`);
      plan.extract.push({ path: p, name, size: entry.uncompressedSize });
      chosen.push(entry);
    }
    await opts.check?.(plan);
    for (let i = 0; i < chosen.length; i++) {
      const stream = await openEntry(zip, chosen[i]!);
      await opts.write(plan.extract[i]!, stream);
    }
    return plan;
  } finally {
    zip.close();
  }
}
