/**
 * What a test sees of the stored files, whichever the driver (local disk, or the loopback S3
 * server with STORAGE_DRIVER=s3): keys, bytes, and a way to alter them behind the server's back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PART_BYTES, PART_QUEUE } from '../src/platform/storage/s3.ts';
import type { TestApp } from './test-app.ts';

/** The stored keys under a folder (`patients/12`), in no particular order. */
export async function storedKeysUnder(t: TestApp, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.ctx.storage.listKeys()) if (key.startsWith(`${folder}/`)) keys.push(key);
  return keys;
}

/** The file names (last segments) stored under a folder. */
export async function storedNamesUnder(t: TestApp, folder: string): Promise<string[]> {
  return (await storedKeysUnder(t, folder)).map((k) => k.slice(k.lastIndexOf('/') + 1));
}

export async function isStored(t: TestApp, key: string): Promise<boolean> {
  return (await t.ctx.storage.stat(key)) !== null;
}

export async function storedBytes(t: TestApp, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of t.ctx.storage.read(key) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Replaces stored bytes without the server knowing (damage, tampering) or adds a stray file. */
export async function overwriteStored(t: TestApp, key: string, bytes: Buffer | string): Promise<void> {
  await t.ctx.storage.put(key, Buffer.from(bytes));
}

/**
 * How many bytes of the uploads in progress the storage holds so far: on disk, the largest
 * partial file of the temp area; on the S3 server, the parts received (written as they arrive).
 */
export function bytesReceivedSoFar(t: TestApp): number {
  const sizes = (dir: string, keep: (file: string) => boolean) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile() && keep(d.name))
          .map((d) => fs.statSync(path.join(d.parentPath, d.name)).size)
      : [];
  if (t.s3)
    // s3rver keeps the parts of multipart uploads in progress as `._S3rver_uploads/{id}/{n}`.
    return sizes(path.join(t.s3.directory, t.s3.settings.bucket, '._S3rver_uploads'), (f) => /^\d+$/.test(f))
      .concat(0)
      .reduce((sum, n) => sum + n, 0);
  return Math.max(0, ...sizes(path.join(t.dataDir, 'files', '.tmp'), () => true));
}

/**
 * The bytes a streaming upload may hold in memory before they reach the storage: the copy
 * buffers on disk; on S3, one part besides (parts go out once full).
 */
export function bytesHeldBack(t: TestApp): number {
  return 4 * 1024 * 1024 + (t.s3 ? PART_BYTES : 0);
}

/**
 * The live memory a streaming upload of `size` bytes may grow by: under half the file on disk;
 * on S3, the parts in flight besides (PART_QUEUE parts sending and one filling, 15 MiB), which a
 * slow bucket keeps alive for longer. A body held whole would take the file's size or more.
 */
export function liveMemoryAllowed(t: TestApp, size: number): number {
  return size / 2 + (t.s3 ? PART_BYTES * (PART_QUEUE + 1) : 0);
}
