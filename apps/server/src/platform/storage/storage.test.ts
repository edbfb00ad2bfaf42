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
    expect(await storage.put('uploads/u1/a.txt', Buffer.from('hello'))).toEqual({
      size: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(await storage.hash('uploads/u1/a.txt')).toBe(
      '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    );
    expect(fs.readFileSync(path.join(dir, 'files/uploads/u1/a.txt'), 'utf8')).toBe('hello');
    expect(
      await storage.put('uploads/u2/b.txt', Readable.from([Buffer.from('ab'), Buffer.from('cd')])),
    ).toMatchObject({
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

  it('refuses names over 255 bytes, not only over 255 characters', () => {
    expect(isValidStorageKey(`k/${'a'.repeat(255)}`)).toBe(true);
    expect(isValidStorageKey(`k/${'é'.repeat(128)}`)).toBe(false);
    expect(isValidStorageKey('k/bell\u0007.stl')).toBe(false);
  });

  it('sweeps the partial files and intents of a writer that is gone, keeps its own', async () => {
    fs.mkdirSync(path.join(dir, 'files/.tmp'), { recursive: true });
    // pid 2^22+1 is above Linux's pid_max: no such process.
    const host = os.hostname().replace(/[^\w-]/g, '_');
    fs.writeFileSync(path.join(dir, `files/.tmp/4194305-${host}.dead.part`), 'x');
    fs.writeFileSync(path.join(dir, `files/.tmp/${process.pid}-${host}.live.part`), 'x');
    await storage.writeIntent('store-1', { written: ['patients/1/a/b.stl'] });
    fs.mkdirSync(path.join(dir, 'files/.intents'), { recursive: true });
    fs.writeFileSync(path.join(dir, `files/.intents/4194305-${host}.store-2.json`), '{"written":[]}');
    expect(await storage.sweepTemp(60_000)).toBe(1);
    expect(fs.readdirSync(path.join(dir, 'files/.tmp'))).toEqual([`${process.pid}-${host}.live.part`]);
    const stale = await storage.staleIntents(60_000);
    expect(stale.map((s) => [s.id, s.intent])).toEqual([['store-2', { written: [] }]]);
    await stale[0]!.remove();
    await storage.deleteIntent('store-1');
    expect(fs.readdirSync(path.join(dir, 'files/.intents'))).toEqual([]);
    // Neither area is reachable by key, nor listed.
    expect(() => storage.read('.intents/x.json')).toThrow(StorageKeyError);
    await storage.put('patients/1/a/b.stl', Buffer.from('b'));
    const keys: string[] = [];
    for await (const k of storage.listKeys()) keys.push(k);
    expect(keys).toEqual(['patients/1/a/b.stl']);
  });
});
