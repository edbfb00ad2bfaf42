import crypto from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import {
  StorageKeyError,
  StorageNotFoundError,
  StorageTooLargeError,
  createStorage,
  type StorageDriver,
} from './index.ts';

let s3: TestS3Server;
let storage: StorageDriver;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = createStorage({ dataDir: os.tmpdir(), storage: { driver: 's3', s3: s3.settings } });
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}, 60_000);
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

async function bytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every object in the bucket, the intent and temp areas included. */
async function allObjects(): Promise<string[]> {
  const res = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

/** `total` bytes of random data in 1 MB chunks, generated as read (never whole in memory). */
function randomStream(total: number, digest?: crypto.Hash): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = crypto.randomBytes(Math.min(1024 * 1024, total - sent));
      sent += chunk.length;
      digest?.update(chunk);
      this.push(chunk);
    },
  });
}

// Each test talks to a server in another process: seconds on a busy machine.
describe('S3 storage (against a loopback S3-protocol server)', { timeout: 20_000 }, () => {
  it('puts buffers and streams, reads, stats, hashes, moves and deletes', async () => {
    const name = 'patients/7/u1/Doe, Jane (upper) é+%.stl';
    expect(await storage.put(name, Buffer.from('hello'))).toEqual({
      size: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(await storage.hash(name)).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(
      await storage.put('uploads/u2/b.txt', Readable.from([Buffer.from('ab'), Buffer.from('cd')])),
    ).toMatchObject({ size: 4 });
    expect((await bytes(storage.read('uploads/u2/b.txt'))).toString()).toBe('abcd');
    expect(await storage.stat('uploads/u2/b.txt')).toEqual({ size: 4 });
    expect(await storage.stat('uploads/none')).toBeNull();
    await storage.move(name, 'patients/7/x/a b.stl');
    expect(await storage.stat(name)).toBeNull();
    expect((await bytes(storage.read('patients/7/x/a b.stl'))).toString()).toBe('hello');
    await storage.delete('patients/7/x/a b.stl');
    await storage.delete('patients/7/x/a b.stl');
    await expect(bytes(storage.read('patients/7/x/a b.stl'))).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.hash('patients/7/x/a b.stl')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.move('uploads/none', 'uploads/other')).rejects.toBeInstanceOf(StorageNotFoundError);
    // Empty files are files too.
    expect(await storage.put('uploads/u3/empty.stl', Buffer.alloc(0))).toMatchObject({ size: 0 });
    expect(await storage.stat('uploads/u3/empty.stl')).toEqual({ size: 0 });
    await storage.delete('uploads/u2/b.txt');
    await storage.delete('uploads/u3/empty.stl');
  });

  it('refuses keys outside the stored area, the intent and temp areas included', () => {
    for (const bad of ['../x', '/etc/passwd', 'a//b', '.intents/x.json', '.tmp/x'])
      expect(() => storage.read(bad), bad).toThrow(StorageKeyError);
  });

  it('streams a large body in parts, and stops at maxBytes leaving nothing behind', async () => {
    const digest = crypto.createHash('sha256');
    const total = 20 * 1024 * 1024 + 123;
    const result = await storage.put('uploads/big/scan.zip', randomStream(total, digest));
    expect(result).toEqual({ size: total, sha256: digest.digest('hex') });
    expect(await storage.stat('uploads/big/scan.zip')).toEqual({ size: total });
    expect(await storage.hash('uploads/big/scan.zip')).toBe(result.sha256);
    // Reading part of it and stopping releases the object's answer.
    const stream = storage.read('uploads/big/scan.zip') as Readable;
    for await (const chunk of stream) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break;
    }
    await storage.delete('uploads/big/scan.zip');

    await expect(
      storage.put('uploads/big/over.zip', randomStream(18 * 1024 * 1024), { maxBytes: 17 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(StorageTooLargeError);
    await expect(storage.put('k/small.bin', Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
      StorageTooLargeError,
    );
    expect(await storage.stat('uploads/big/over.zip')).toBeNull();
    expect(await storage.stat('k/small.bin')).toBeNull();
    expect(await allObjects()).toEqual([]);
  }, 60_000);

  it('writes atomically: a failed body keeps the previous bytes', async () => {
    await storage.put('k/file.bin', Buffer.from('old'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('k/file.bin', failing)).rejects.toThrow('connection lost');
    expect((await bytes(storage.read('k/file.bin'))).toString()).toBe('old');
    await storage.delete('k/file.bin');
    expect(await allObjects()).toEqual([]);
  });

  it('keeps intents as objects, finds those of writers that are gone, lists only stored keys', async () => {
    const host = os.hostname().replace(/[^\w-]/g, '_');
    await storage.writeIntent('store-1', { written: ['patients/1/a/b.stl'] });
    // pid 2^22+1 is above Linux's pid_max: no such process.
    await client.send(
      new PutObjectCommand({
        Bucket: s3.settings.bucket,
        Key: `.intents/4194305-${host}.store-2.json`,
        Body: '{"written":[]}',
      }),
    );
    await client.send(
      new PutObjectCommand({ Bucket: s3.settings.bucket, Key: `.tmp/4194305-${host}.dead.part`, Body: 'x' }),
    );
    await client.send(
      new PutObjectCommand({
        Bucket: s3.settings.bucket,
        Key: `.tmp/${process.pid}-${host}.live.part`,
        Body: 'x',
      }),
    );
    expect(await storage.sweepTemp(60_000)).toBe(1);
    const stale = await storage.staleIntents(60_000);
    expect(stale.map((s) => [s.id, s.intent])).toEqual([['store-2', { written: [] }]]);
    await stale[0]!.remove();
    // An intent older than the age limit is stale whoever wrote it.
    expect((await storage.staleIntents(-1)).map((s) => s.id)).toEqual(['store-1']);
    await storage.deleteIntent('store-1');
    expect(await allObjects()).toEqual([`.tmp/${process.pid}-${host}.live.part`]);
    expect(await storage.sweepTemp(-1)).toBe(1);

    await storage.put('patients/1/a/b.stl', Buffer.from('b'));
    await storage.put('uploads/9/c.stl', Buffer.from('c'));
    await storage.writeIntent('store-3', { written: [] });
    const keys: string[] = [];
    for await (const k of storage.listKeys()) keys.push(k);
    expect(keys.sort()).toEqual(['patients/1/a/b.stl', 'uploads/9/c.stl']);
    await storage.deleteIntent('store-3');
    await storage.delete('patients/1/a/b.stl');
    await storage.delete('uploads/9/c.stl');
  });

  it('presigns a PUT bound to length and type and a GET with the answer headers, for the public address', async () => {
    const make = (extra: Record<string, unknown>) =>
      createStorage({ dataDir: os.tmpdir(), storage: { driver: 's3', s3: { ...s3.settings, ...extra } } });
    const put = await storage.presign!.put('uploads/p/a b.stl', {
      size: 12,
      contentType: 'model/stl',
      expiresInSeconds: 300,
    });
    const u = new URL(put.url);
    expect(u.origin).toBe(new URL(s3.settings.endpoint!).origin);
    expect(u.pathname).toBe(`/${s3.settings.bucket}/uploads/p/a%20b.stl`);
    expect(u.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(u.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(put.headers).toEqual({ 'content-type': 'model/stl' });
    const sent = await fetch(put.url, { method: 'PUT', headers: put.headers, body: 'solid a\nend\n' });
    expect(sent.status).toBe(200);

    const get = await storage.presign!.get('uploads/p/a b.stl', {
      contentType: 'model/stl',
      contentDisposition: 'attachment; filename="a b.stl"',
      expiresInSeconds: 60,
    });
    const got = await fetch(get);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="a b.stl"');
    expect(await got.text()).toBe('solid a\nend\n');
    await storage.delete('uploads/p/a b.stl');
    await expect(
      storage.presign!.put('../x', { size: 1, contentType: 'x', expiresInSeconds: 1 }),
    ).rejects.toThrow(StorageKeyError);

    // Browsers reach the bucket at another address: the URLs (and the CSP origins) name it.
    const published = make({ publicEndpoint: 'https://files.example.com' });
    expect(published.presign!.origins).toEqual(['https://files.example.com']);
    expect(
      (
        await published.presign!.get('k', {
          contentType: 'x',
          contentDisposition: 'inline',
          expiresInSeconds: 5,
        })
      ).startsWith(`https://files.example.com/${s3.settings.bucket}/k?`),
    ).toBe(true);
    // AWS itself: virtual-hosted addresses.
    const aws = make({ endpoint: undefined, region: 'eu-central-1', bucket: 'archline-files' });
    expect(aws.presign!.origins).toContain('https://archline-files.s3.eu-central-1.amazonaws.com');
    expect(
      (
        await aws.presign!.get('k', { contentType: 'x', contentDisposition: 'inline', expiresInSeconds: 5 })
      ).startsWith('https://archline-files.s3.eu-central-1.amazonaws.com/k?'),
    ).toBe(true);
    // S3_PRESIGNED_URLS=0: no presigning, the server's own routes serve the bytes.
    expect(make({ presignedUrls: false }).presign).toBeUndefined();
  });

  it('refuses to start without a bucket', () => {
    expect(() => createStorage({ dataDir: os.tmpdir(), storage: { driver: 's3', s3: {} } })).toThrow(
      'S3_BUCKET',
    );
  });
});

describe('S3 storage: multipart uploads left behind (a service that lists them)', () => {
  it('aborts the uploads whose last part is older than the age limit, not a long upload still sending', async () => {
    const hour = 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const aborted: string[] = [];
    // s3rver cannot list multipart uploads: the service's answers are played here.
    const send = vi.spyOn(S3Client.prototype, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof ListObjectsV2Command) return { Contents: [] };
      if (command instanceof ListMultipartUploadsCommand)
        return command.input.KeyMarker
          ? {
              Uploads: [{ Key: 'uploads/3/late.stl', UploadId: 'u3', Initiated: ago(3 * hour) }],
              IsTruncated: false,
            }
          : {
              Uploads: [
                { Key: 'uploads/1/dead.stl', UploadId: 'u1', Initiated: ago(2 * hour) },
                { Key: 'uploads/2/slow.stl', UploadId: 'u2', Initiated: ago(2 * hour) },
                { Key: 'uploads/4/new.stl', UploadId: 'u4', Initiated: ago(60_000) },
              ],
              IsTruncated: true,
              NextKeyMarker: 'uploads/4/new.stl',
              NextUploadIdMarker: 'u4',
            };
      if (command instanceof ListPartsCommand) {
        const id = command.input.UploadId;
        if (id === 'u2')
          return {
            Parts: [
              { PartNumber: 1, LastModified: ago(hour + 60_000) },
              { PartNumber: 2, LastModified: ago(5_000) },
            ],
          };
        if (id === 'u3') return { Parts: [] };
        return { Parts: [{ PartNumber: 1, LastModified: ago(hour + 60_000) }] };
      }
      if (command instanceof AbortMultipartUploadCommand) {
        aborted.push(command.input.UploadId!);
        return {};
      }
      throw new Error(`unexpected ${(command as object).constructor.name}`);
    }) as never);
    try {
      const remote = createStorage({
        dataDir: os.tmpdir(),
        storage: {
          driver: 's3',
          s3: { bucket: 'b', endpoint: 'http://127.0.0.1:9', accessKeyId: 'k', secretAccessKey: 's' },
        },
      });
      expect(await remote.sweepTemp(hour)).toBe(2);
      expect(aborted).toEqual(['u1', 'u3']);
    } finally {
      send.mockRestore();
    }
  });
});
