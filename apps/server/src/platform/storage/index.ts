import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live. Keys are relative, '/'-separated paths such as
 * `patients/{patientId}/{uuid}/{file name}` or `uploads/{uuid}/{file name}`.
 * The local driver keeps them under `DATA_DIR/files`.
 */
export interface StorageDriver {
  /** Writes the whole body (atomically: readers never see a partial file). */
  put(key: string, body: Buffer | NodeJS.ReadableStream, opts?: PutOptions): Promise<{ size: number }>;
  /** Streams the bytes; throws (StorageNotFoundError) when the key does not exist. */
  read(key: string): NodeJS.ReadableStream;
  stat(key: string): Promise<{ size: number } | null>;
  move(from: string, to: string): Promise<void>;
  /** Missing keys are fine. */
  delete(key: string): Promise<void>;
  /** The file's path on this machine, for drivers that keep files on local disk (zip extraction reads it in place). */
  localPath?(key: string): string;
}

export interface PutOptions {
  /** Refuses (StorageTooLargeError) and writes nothing once the body exceeds this many bytes. */
  maxBytes?: number;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'StorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`Stored file not found: ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class StorageTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'StorageTooLargeError';
  }
}

/**
 * A key is valid when it is relative, '/'-separated, with no empty, '.' or '..' segment,
 * no backslash, no NUL or control character, and at most 1024 characters.
 */
const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) return false;
  if (key.includes('\\') || hasControlCharacter(key)) return false;
  if (key.startsWith('/')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..' && seg.length <= 255);
}

export function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new StorageKeyError(key);
}

/** Local-disk storage under `{dataDir}/files`. */
export function createStorage(config: { dataDir: string }): StorageDriver {
  const root = path.resolve(config.dataDir, 'files');
  const tmpDir = path.join(root, '.tmp');

  function resolve(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new StorageKeyError(key);
    // The temp area is not addressable by keys.
    if (full === tmpDir || full.startsWith(tmpDir + path.sep)) throw new StorageKeyError(key);
    return full;
  }

  async function removeEmptyParents(file: string): Promise<void> {
    let dir = path.dirname(file);
    while (dir.startsWith(root + path.sep)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  return {
    async put(key, body, opts = {}) {
      const target = resolve(key);
      await fsp.mkdir(tmpDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      let size = 0;
      const max = opts.maxBytes;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (max !== undefined && size > max) cb(new StorageTooLargeError(max));
          else cb(null, chunk);
        },
      });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : (body as NodeJS.ReadableStream);
      try {
        await pipeline(source, counter, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },

    read(key) {
      const file = resolve(key);
      if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new StorageNotFoundError(key);
      return fs.createReadStream(file);
    },

    async stat(key) {
      const file = resolve(key);
      try {
        const s = await fsp.stat(file);
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async move(from, to) {
      const src = resolve(from);
      const dst = resolve(to);
      await fsp.mkdir(path.dirname(dst), { recursive: true });
      try {
        await fsp.rename(src, dst);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(from);
        throw err;
      }
      await removeEmptyParents(src);
    },

    localPath(key) {
      return resolve(key);
    },

    async delete(key) {
      const file = resolve(key);
      await fsp.rm(file, { force: true });
      await removeEmptyParents(file);
    },
  };
}
