import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  StorageKeyError,
  StorageNotFoundError,
  StorageTooLargeError,
  WRITER,
  assertValidKey,
  writerGone,
  type StorageDriver,
} from './common.ts';
import { createS3Storage, type S3Settings } from './s3.ts';

export * from './common.ts';
export type { S3Settings } from './s3.ts';

/** The driver STORAGE_DRIVER names: local disk (the default) or an S3-compatible bucket. */
export function createStorage(config: {
  dataDir: string;
  storage?: { driver: 'local' | 's3'; s3: Partial<S3Settings> };
}): StorageDriver {
  if (config.storage?.driver === 's3') return createS3Storage(config.storage.s3);
  return createLocalStorage(config);
}

/** Local-disk storage under `{dataDir}/files`. */
export function createLocalStorage(config: { dataDir: string }): StorageDriver {
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
