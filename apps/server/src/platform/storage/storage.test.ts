import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  StorageKeyError,
  StorageNotFoundError,
  StorageTooLargeError,
  createStorage,
  isValidStorageKey,
  type StorageDriver,
} from './index.ts';

let dir: string;
let storage: StorageDriver;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-storage-'));
  storage = createStorage({ dataDir: dir });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) out += chunk.toString();
  return out;
}

describe('local storage', () => {
  it('validates keys against path traversal', () => {
    expect(isValidStorageKey('patients/1/abc/Doe, Jane (upper).stl')).toBe(true);
    for (const bad of [
      '',
      '/etc/passwd',
      '../x',
      'a/../../x',
      'a//b',
      'a/./b',
      'a\\b',
      'a/b\u0000',
      '.tmp/x/..',
    ])
      expect(isValidStorageKey(bad), bad).toBe(false);
    expect(() => storage.read('../outside')).toThrow(StorageKeyError);
    expect(() => storage.read('.tmp/x')).toThrow(StorageKeyError);
  });

  it('puts buffers and streams under DATA_DIR/files, reads, stats, moves and deletes', async () => {
    expect(await storage.put('uploads/u1/a.txt', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(fs.readFileSync(path.join(dir, 'files/uploads/u1/a.txt'), 'utf8')).toBe('hello');
    expect(
      await storage.put('uploads/u2/b.txt', Readable.from([Buffer.from('ab'), Buffer.from('cd')])),
    ).toEqual({
      size: 4,
    });
    expect(await text(storage.read('uploads/u2/b.txt'))).toBe('abcd');
    expect(await storage.stat('uploads/u2/b.txt')).toEqual({ size: 4 });
    expect(await storage.stat('uploads/none')).toBeNull();
    await storage.move('uploads/u1/a.txt', 'patients/7/x/a.txt');
    expect(await storage.stat('uploads/u1/a.txt')).toBeNull();
    // The emptied folder is gone too.
    expect(fs.existsSync(path.join(dir, 'files/uploads/u1'))).toBe(false);
    expect(await text(storage.read('patients/7/x/a.txt'))).toBe('hello');
    await storage.delete('patients/7/x/a.txt');
    await storage.delete('patients/7/x/a.txt');
    expect(() => storage.read('patients/7/x/a.txt')).toThrow(StorageNotFoundError);
    await expect(storage.move('uploads/none', 'uploads/other')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('writes atomically: a failed or too large body leaves nothing behind', async () => {
    await storage.put('k/file.bin', Buffer.from('old'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('k/file.bin', failing)).rejects.toThrow('connection lost');
    expect(await text(storage.read('k/file.bin'))).toBe('old');
    await expect(storage.put('k/big.bin', Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
      StorageTooLargeError,
    );
    expect(await storage.stat('k/big.bin')).toBeNull();
    expect(fs.readdirSync(path.join(dir, 'files/.tmp'))).toEqual([]);
  });
});
