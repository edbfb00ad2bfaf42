import crypto from 'node:crypto';
import os from 'node:os';
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
  put(
    key: string,
    body: Buffer | NodeJS.ReadableStream,
    opts?: PutOptions,
  ): Promise<{ size: number; sha256: string }>;
  /** Streams the bytes; throws (StorageNotFoundError) when the key does not exist. */
  read(key: string): NodeJS.ReadableStream;
  stat(key: string): Promise<{ size: number } | null>;
  move(from: string, to: string): Promise<void>;
  /** Missing keys are fine. */
  delete(key: string): Promise<void>;
  /** The file's path on this machine, for drivers that keep files on local disk (zip extraction reads it in place). */
  localPath?(key: string): string;
  /** The SHA-256 (hex) of the stored bytes; throws (StorageNotFoundError) when the key does not exist. */
  hash(key: string): Promise<string>;
  /**
   * Every stored key (the temp and intent areas excluded), for integrity scans.
   */
  listKeys(): AsyncIterable<string>;
  /**
   * Intents: small records saying which keys a multi-step write is about to touch, written before
   * the first byte, so the writes of a process that died half-way can be undone.
   */
  writeIntent(id: string, intent: unknown): Promise<void>;
  deleteIntent(id: string): Promise<void>;
  /** Intents left by writers that are gone (process no longer running, or older than `maxAgeMs`). */
  staleIntents(maxAgeMs: number): Promise<{ id: string; intent: unknown; remove: () => Promise<void> }[]>;
  /** Removes partial writes left by writers that are gone or older than `maxAgeMs`; returns how many. */
  sweepTemp(maxAgeMs: number): Promise<number>;
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
  // File systems limit a name to 255 bytes (not characters).
  return key
    .split('/')
    .every((seg) => seg !== '' && seg !== '.' && seg !== '..' && Buffer.byteLength(seg, 'utf8') <= 255);
}

/** Whether a file name can be the last segment of a storage key (the storage can hold it). */
export function isStorableFileName(name: string): boolean {
  return !name.includes('/') && isValidStorageKey(name);
}

/** `{pid}-{hostname}`: who wrote a temp file or an intent, to tell whether it is still running. */
const WRITER = `${process.pid}-${os.hostname().replace(/[^\w-]/g, '_')}`;

function writerGone(writer: string): boolean {
  const m = /^(\d+)-(.*)$/.exec(writer);
  if (!m || m[2] !== os.hostname().replace(/[^\w-]/g, '_')) return false;
  const pid = Number(m[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function assertValidKey(key: string): void {
  if (!isValidStorageKey(key)) throw new StorageKeyError(key);
}

/** Local-disk storage under `{dataDir}/files`. */
export function createStorage(config: { dataDir: string }): StorageDriver {
  const root = path.resolve(config.dataDir, 'files');
  const tmpDir = path.join(root, '.tmp');
  const intentDir = path.join(root, '.intents');

  function resolve(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new StorageKeyError(key);
    // The temp area is not addressable by keys.
    for (const hidden of [tmpDir, intentDir])
      if (full === hidden || full.startsWith(hidden + path.sep)) throw new StorageKeyError(key);
    return full;
  }

  async function isStale(full: string, name: string, maxAgeMs: number): Promise<boolean> {
    const writer = name.split('.')[0] ?? '';
    if (writerGone(writer)) return true;
    try {
      return Date.now() - (await fsp.stat(full)).mtimeMs > maxAgeMs;
    } catch {
      return false;
    }
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
      const tmp = path.join(tmpDir, `${WRITER}.${crypto.randomUUID()}.part`);
      let size = 0;
      const max = opts.maxBytes;
      const digest = crypto.createHash('sha256');
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (max !== undefined && size > max) cb(new StorageTooLargeError(max));
          else {
            digest.update(chunk);
            cb(null, chunk);
          }
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
      return { size, sha256: digest.digest('hex') };
    },

    async hash(key) {
      const file = resolve(key);
      const digest = crypto.createHash('sha256');
      try {
        await pipeline(fs.createReadStream(file), digest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw err;
      }
      return digest.digest('hex');
    },

    async *listKeys() {
      async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const full = path.join(dir, e.name);
          if (full === tmpDir || full === intentDir) continue;
          if (e.isDirectory()) yield* walk(full, `${prefix}${e.name}/`);
          else if (e.isFile()) yield `${prefix}${e.name}`;
        }
      }
      yield* walk(root, '');
    },

    async writeIntent(id, intent) {
      if (!/^[\w-]{1,100}$/.test(id)) throw new StorageKeyError(id);
      await fsp.mkdir(intentDir, { recursive: true });
      const file = path.join(intentDir, `${WRITER}.${id}.json`);
      const tmp = `${file}.${crypto.randomUUID()}.tmp`;
      await fsp.writeFile(tmp, JSON.stringify(intent));
      await fsp.rename(tmp, file);
    },

    async deleteIntent(id) {
      if (!/^[\w-]{1,100}$/.test(id)) throw new StorageKeyError(id);
      await fsp.rm(path.join(intentDir, `${WRITER}.${id}.json`), { force: true });
    },

    async staleIntents(maxAgeMs) {
      let names: string[];
      try {
        names = await fsp.readdir(intentDir);
      } catch {
        return [];
      }
      const found: { id: string; intent: unknown; remove: () => Promise<void> }[] = [];
      for (const name of names) {
        const full = path.join(intentDir, name);
        if (!(await isStale(full, name, maxAgeMs))) continue;
        const m = /^(.+)\.([\w-]+)\.json$/.exec(name);
        if (!m) {
          await fsp.rm(full, { force: true });
          continue;
        }
        try {
          found.push({
            id: m[2]!,
            intent: JSON.parse(await fsp.readFile(full, 'utf8')),
            remove: () => fsp.rm(full, { force: true }),
          });
        } catch {
          await fsp.rm(full, { force: true });
        }
      }
      return found;
    },

    async sweepTemp(maxAgeMs) {
      let removed = 0;
      for (const dir of [tmpDir, intentDir]) {
        let names: string[];
        try {
          names = await fsp.readdir(dir);
        } catch {
          continue;
        }
        for (const name of names) {
          if (dir === intentDir && name.endsWith('.json')) continue; // undone by staleIntents' caller
          const full = path.join(dir, name);
          if (await isStale(full, name, maxAgeMs)) {
            await fsp.rm(full, { force: true });
            removed++;
          }
        }
      }
      return removed;
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
