import os from 'node:os';

// What the storage drivers share: the interface, errors, key rules and who is writing.

/**
 * Where uploaded bytes live. Keys are relative, '/'-separated paths such as
 * `patients/{patientId}/{uuid}/{file name}` or `uploads/{uuid}/{file name}`.
 * The local driver keeps them under `DATA_DIR/files`; the S3 driver (STORAGE_DRIVER=s3) in a
 * bucket of an S3-compatible service (`s3.ts`).
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
  /**
   * Drivers whose bytes browsers reach directly (the S3 driver with presigned URLs): short-lived
   * URLs of the bucket itself. Drivers without it are served through the server's signed routes.
   */
  presign?: Presigner;
}

export interface Presigner {
  /**
   * A URL to PUT exactly `size` bytes of `contentType` to `key` until `expiresInSeconds`; the PUT
   * must carry `headers` as given (they are part of the signature).
   */
  put(
    key: string,
    opts: { size: number; contentType: string; expiresInSeconds: number },
  ): Promise<{ url: string; headers: Record<string, string> }>;
  /** A URL to GET the bytes of `key`, answered with these content type and disposition. */
  get(
    key: string,
    opts: { contentType: string; contentDisposition: string; expiresInSeconds: number },
  ): Promise<string>;
  /** The origins browsers reach the URLs at (for the Content Security Policy). */
  origins: string[];
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
export const WRITER = `${process.pid}-${os.hostname().replace(/[^\w-]/g, '_')}`;

export function writerGone(writer: string): boolean {
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
