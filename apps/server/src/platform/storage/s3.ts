import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  StorageKeyError,
  StorageNotFoundError,
  StorageTooLargeError,
  WRITER,
  assertValidKey,
  writerGone,
  type Presigner,
  type StorageDriver,
} from './common.ts';

/** The S3_* variables: which bucket of which S3-compatible service, and how to sign in. */
export interface S3Settings {
  /** The service's address (MinIO, R2, s3rver...); unset for AWS S3 itself. */
  endpoint?: string;
  /** The bucket's region; `us-east-1` when unset (R2 takes `auto`). */
  region?: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables, profile). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * The service's address as browsers reach it, when it differs from `endpoint` (a MinIO on a
   * private network behind a public name); presigned URLs are signed for it.
   */
  publicEndpoint?: string;
  /** Hand browsers presigned URLs of the bucket (on unless false). */
  presignedUrls?: boolean;
}

/**
 * The parts of a streamed upload (5 MiB is S3's smallest; 10,000 parts make 50 GB): an upload
 * holds about PART_BYTES × (PART_QUEUE + 1) in memory, whatever the file's size.
 */
export const PART_BYTES = 5 * 1024 * 1024;
export const PART_QUEUE = 2;

/** Areas the keys cannot name: intents (small JSON objects) and temp objects. */
const INTENT_PREFIX = '.intents/';
const TEMP_PREFIX = '.tmp/';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * CopySource is `bucket/key`, percent-encoded. The sub-delimiters `, ; : @ & = + $` stay as they
 * are: S3, MinIO and R2 path-decode the header (a `+` is a plus), and some S3-compatible servers
 * decode it with decodeURI, which leaves their escapes undecoded. `?` and `#` are escaped.
 */
const copySource = (bucket: string, key: string) =>
  `${bucket}/${key
    .split('/')
    .map((seg) =>
      encodeURIComponent(seg).replace(/%(2C|3B|3A|40|26|3D|2B|24)/gi, (e) => decodeURIComponent(e)),
    )
    .join('/')}`;

/**
 * Storage in a bucket of an S3-compatible service (AWS S3, MinIO, Cloudflare R2). The interface's
 * promises hold as on local disk:
 * - put streams the body in parts (lib-storage), counting and hashing as it goes, and stops at
 *   maxBytes; an object appears only when its upload completes, so readers never see a partial
 *   file and a failed put leaves the previous object (or none);
 * - move is a copy and a delete (the copy appears whole);
 * - intents are small JSON objects under `.intents/`, named by their writer as on disk;
 * - sweepTemp aborts multipart uploads left by writers that died (older than maxAgeMs) and removes
 *   stale objects of the temp area.
 * There is no local path: zip extraction copies the zip to a temp file (its central directory is
 * at the end) and writes the entries back to the bucket as streams.
 */
export function createS3Storage(settings: Partial<S3Settings>): StorageDriver {
  if (!settings.bucket)
    throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET (and S3_ENDPOINT for MinIO or R2)');
  const bucket = settings.bucket;
  const region = settings.region || 'us-east-1';
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Only the checksums S3 asks for: MinIO, R2 and older services refuse unknown checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(settings.endpoint);
  const publicEndpoint = settings.publicEndpoint || settings.endpoint;
  const publicClient = publicEndpoint === settings.endpoint ? client : clientFor(publicEndpoint);

  function resolve(key: string): string {
    assertValidKey(key);
    if (key.startsWith(INTENT_PREFIX) || key.startsWith(TEMP_PREFIX)) throw new StorageKeyError(key);
    return key;
  }

  const intentId = (id: string) => {
    if (!/^[\w-]{1,100}$/.test(id)) throw new StorageKeyError(id);
    return id;
  };

  async function getBody(key: string): Promise<Readable> {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async function* listObjects(prefix?: string) {
    for await (const page of paginateListObjectsV2(
      { client, pageSize: 1000 },
      { Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}) },
    ))
      for (const o of page.Contents ?? []) if (o.Key) yield o;
  }

  /** When the newest part of a multipart upload arrived (null: no part yet). */
  async function lastPartAt(key: string, uploadId: string): Promise<Date | null> {
    let newest: Date | null = null;
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const part of page.Parts ?? [])
        if (part.LastModified && (!newest || part.LastModified > newest)) newest = part.LastModified;
      if (!page.IsTruncated || !page.NextPartNumberMarker) return newest;
      marker = page.NextPartNumberMarker;
    }
  }

  /** A writer that is gone (this host, pid no longer running), or an object older than maxAgeMs. */
  const isStale = (name: string, modified: Date | undefined, maxAgeMs: number) =>
    writerGone(name.split('.')[0] ?? '') || (!!modified && Date.now() - modified.getTime() > maxAgeMs);

  const driver: StorageDriver = {
    async put(key, body, opts = {}) {
      const target = resolve(key);
      const max = opts.maxBytes;
      const source: AsyncIterable<Buffer> = Buffer.isBuffer(body)
        ? Readable.from([body])
        : (body as unknown as AsyncIterable<Buffer>);
      let size = 0;
      const digest = crypto.createHash('sha256');
      async function* counted() {
        for await (const chunk of source) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += buf.length;
          if (max !== undefined && size > max) throw new StorageTooLargeError(max);
          digest.update(buf);
          yield buf;
        }
      }
      const counting = Readable.from(counted(), { objectMode: false });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: target, Body: counting, Metadata: { writer: WRITER } },
        partSize: PART_BYTES,
        queueSize: PART_QUEUE,
        // A failed upload is aborted: none of its parts is kept, and no object appears.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        counting.destroy();
        (body as { destroy?: () => void }).destroy?.();
        // The reason the body stopped beats the SDK's report of the aborted upload.
        const cause = (counting as { errored?: unknown }).errored ?? err;
        throw cause instanceof StorageTooLargeError
          ? cause
          : err instanceof StorageTooLargeError
            ? err
            : cause;
      }
      return { size, sha256: digest.digest('hex') };
    },

    read(key) {
      const target = resolve(key);
      // The object is fetched on the first read; a missing key errors the stream (StorageNotFoundError).
      async function* bytes() {
        const body = await getBody(target);
        try {
          for await (const chunk of body as AsyncIterable<Buffer>) yield chunk;
        } finally {
          body.destroy();
        }
      }
      return Readable.from(bytes(), { objectMode: false });
    },

    async stat(key) {
      const target = resolve(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: target }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async move(from, to) {
      const src = resolve(from);
      const dst = resolve(to);
      try {
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: dst, CopySource: copySource(bucket, src) }),
        );
      } catch (err) {
        if (isMissing(err)) throw new StorageNotFoundError(from);
        throw err;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: src }));
    },

    async delete(key) {
      const target = resolve(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: target }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    async hash(key) {
      const digest = crypto.createHash('sha256');
      await pipeline(await getBody(resolve(key)), digest);
      return digest.digest('hex');
    },

    async *listKeys() {
      for await (const o of listObjects())
        if (!o.Key!.startsWith(INTENT_PREFIX) && !o.Key!.startsWith(TEMP_PREFIX)) yield o.Key!;
    },

    async writeIntent(id, intent) {
      // One PUT: the object appears whole.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${INTENT_PREFIX}${WRITER}.${intentId(id)}.json`,
          Body: JSON.stringify(intent),
          ContentType: 'application/json',
        }),
      );
    },

    async deleteIntent(id) {
      await client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: `${INTENT_PREFIX}${WRITER}.${intentId(id)}.json` }),
      );
    },

    async staleIntents(maxAgeMs) {
      const found: { id: string; intent: unknown; remove: () => Promise<void> }[] = [];
      for await (const o of listObjects(INTENT_PREFIX)) {
        const key = o.Key!;
        const name = key.slice(INTENT_PREFIX.length);
        if (!isStale(name, o.LastModified, maxAgeMs)) continue;
        const remove = async () => {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        };
        const m = /^(.+)\.([\w-]+)\.json$/.exec(name);
        if (!m) {
          await remove();
          continue;
        }
        try {
          let text = '';
          for await (const chunk of await getBody(key)) text += String(chunk);
          found.push({ id: m[2]!, intent: JSON.parse(text), remove });
        } catch (err) {
          if (err instanceof StorageNotFoundError) continue; // settled meanwhile
          await remove();
        }
      }
      return found;
    },

    async sweepTemp(maxAgeMs) {
      let removed = 0;
      for await (const o of listObjects(TEMP_PREFIX)) {
        if (!isStale(o.Key!.slice(TEMP_PREFIX.length), o.LastModified, maxAgeMs)) continue;
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key! }));
        removed++;
      }
      // Multipart uploads of writers that died mid-way (a bucket lifecycle rule does it too).
      let keyMarker: string | undefined;
      let uploadMarker: string | undefined;
      try {
        for (;;) {
          const page = await client.send(
            new ListMultipartUploadsCommand({
              Bucket: bucket,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadMarker,
            }),
          );
          for (const u of page.Uploads ?? []) {
            if (!u.Key || !u.UploadId || !u.Initiated) continue;
            if (Date.now() - u.Initiated.getTime() <= maxAgeMs) continue;
            // A long upload still sending parts is alive: its last part counts, not its start.
            const lastPart = await lastPartAt(u.Key, u.UploadId);
            if (lastPart && Date.now() - lastPart.getTime() <= maxAgeMs) continue;
            await client.send(
              new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }),
            );
            removed++;
          }
          if (!page.IsTruncated) break;
          keyMarker = page.NextKeyMarker;
          uploadMarker = page.NextUploadIdMarker;
        }
      } catch (err) {
        // Services without the listing (some S3-compatible ones) rely on the lifecycle rule.
        if ((err as { name?: string }).name !== 'NotImplemented') throw err;
      }
      return removed;
    },
  };
  if (settings.presignedUrls !== false)
    driver.presign = presigner(publicClient, bucket, region, publicEndpoint);
  return driver;
}

/**
 * Presigned URLs (signature V4 in the query string) of the bucket, for browsers: a PUT bound to
 * the announced length and content type (S3 refuses another length or type), and a GET answered
 * with the file's own content type, disposition and `private, no-store`.
 */
function presigner(
  client: S3Client,
  bucket: string,
  region: string,
  publicEndpoint: string | undefined,
): Presigner {
  return {
    async put(key, { size, contentType, expiresInSeconds }) {
      assertValidKey(key);
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: size, ContentType: contentType }),
        {
          expiresIn: expiresInSeconds,
          // Kept as signed headers (not hoisted into the query): the browser sends them itself.
          signableHeaders: new Set(['content-length', 'content-type']),
          unhoistableHeaders: new Set(['content-type']),
        },
      );
      return { url, headers: { 'content-type': contentType } };
    },
    async get(key, { contentType, contentDisposition, expiresInSeconds }) {
      assertValidKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: expiresInSeconds },
      );
    },
    // Path-style with an endpoint; on AWS virtual-hosted, or path-style for names with dots.
    origins: publicEndpoint
      ? [new URL(publicEndpoint).origin]
      : [`https://${bucket}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`],
  };
}
