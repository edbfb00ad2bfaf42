import { PassThrough } from 'node:stream';
import { badRequest } from './errors.ts';

/**
 * A streaming multipart/form-data reader for large uploads (installers): text fields are
 * collected (each capped), a file part is handed to `onFile` as a stream while it arrives, so
 * memory stays flat whatever the file's size. Backpressure is kept: the request is read only as
 * fast as the file's consumer writes.
 */
export interface MultipartLimits {
  /** Longest text field, in bytes. */
  fieldBytes: number;
  /** Most parts (fields and files) in one request. */
  parts: number;
  /** Most header bytes of one part. */
  headerBytes?: number;
}

export interface MultipartHandlers {
  /** A file part: consume `stream` fully (or throw); the next part is read once this settles. */
  onFile(
    field: string,
    fileName: string,
    stream: NodeJS.ReadableStream,
    fields: Record<string, string>,
  ): Promise<void>;
}

export const MULTIPART_MESSAGES = {
  malformed: 'The upload could not be read.',
  fieldTooLong: 'A form field is too long.',
  tooManyParts: 'The upload has too many parts.',
} as const;

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function dispositionOf(headers: string): { name: string; fileName: string | null } | null {
  const line = headers.split('\r\n').find((h) => /^content-disposition:/i.test(h));
  if (!line) return null;
  const param = (key: string) => {
    const re = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${key}=([^;\\s]+)`, 'i');
    const m = re.exec(line);
    if (!m) return null;
    return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? null);
  };
  const name = param('name');
  if (name === null) return null;
  return { name, fileName: param('filename') };
}

/**
 * Reads the whole body. Resolves with the text fields once the closing boundary has been read;
 * rejects (400) on a malformed body or a limit, or with whatever `onFile` threw.
 */
export async function readMultipart(
  body: AsyncIterable<Buffer | string>,
  boundary: string,
  limits: MultipartLimits,
  handlers: MultipartHandlers,
): Promise<Record<string, string>> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headerEnd = Buffer.from('\r\n\r\n');
  const headerMax = limits.headerBytes ?? 16 * 1024;
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble';
  // The body is read as if it began with CRLF, so the first boundary looks like every other.
  let buf: Buffer = Buffer.from('\r\n');
  let parts = 0;
  let field: { name: string; chunks: Buffer[]; size: number } | null = null;
  let file: { stream: PassThrough; done: Promise<void>; failed: unknown } | null = null;

  const malformed = () => badRequest(MULTIPART_MESSAGES.malformed);

  async function writeFile(data: Buffer) {
    if (!file || data.length === 0) return;
    if (file.failed !== undefined) throw file.failed;
    if (!file.stream.write(data)) {
      const f = file;
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          f.stream.off('error', onError);
          resolve();
        };
        const onError = (err: unknown) => {
          f.stream.off('drain', onDrain);
          reject(err);
        };
        f.stream.once('drain', onDrain);
        f.stream.once('error', onError);
        // The consumer may give up (and never drain): its failure ends the wait.
        f.done.then(
          () => undefined,
          (err: unknown) => reject(err),
        );
      });
    }
  }

  async function endPart() {
    if (field) {
      fields[field.name] = Buffer.concat(field.chunks).toString('utf8');
      field = null;
    }
    if (file) {
      const f = file;
      file = null;
      f.stream.end();
      await f.done;
    }
  }

  function bodyData(data: Buffer) {
    if (field) {
      field.size += data.length;
      if (field.size > limits.fieldBytes) throw badRequest(MULTIPART_MESSAGES.fieldTooLong);
      field.chunks.push(Buffer.from(data));
      return Promise.resolve();
    }
    return writeFile(data);
  }

  async function process() {
    for (;;) {
      if (state === 'preamble') {
        const at = buf.indexOf(delimiter);
        if (at < 0) {
          if (buf.length > headerMax) throw malformed();
          return;
        }
        buf = buf.subarray(at + delimiter.length);
        state = 'after';
      } else if (state === 'after') {
        if (buf.length < 2) return;
        const two = buf.subarray(0, 2).toString('latin1');
        if (two === '--') {
          state = 'done';
          return;
        }
        if (two !== '\r\n') throw malformed();
        buf = buf.subarray(2);
        state = 'headers';
      } else if (state === 'headers') {
        const at = buf.indexOf(headerEnd);
        if (at < 0) {
          if (buf.length > headerMax) throw malformed();
          return;
        }
        const headers = buf.subarray(0, at).toString('utf8');
        buf = buf.subarray(at + headerEnd.length);
        parts += 1;
        if (parts > limits.parts) throw badRequest(MULTIPART_MESSAGES.tooManyParts);
        const disposition = dispositionOf(headers);
        if (!disposition) throw malformed();
        if (disposition.fileName !== null) {
          const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
          // Its failure is reported through `onFile`'s promise; the stream's own event is expected.
          stream.on('error', () => undefined);
          const entry: { stream: PassThrough; done: Promise<void>; failed: unknown } = {
            stream,
            done: Promise.resolve(),
            failed: undefined,
          };
          entry.done = handlers.onFile(disposition.name, disposition.fileName, stream, { ...fields });
          entry.done.catch((err: unknown) => {
            entry.failed = err;
          });
          file = entry;
        } else {
          field = { name: disposition.name, chunks: [], size: 0 };
        }
        state = 'body';
      } else if (state === 'body') {
        const at = buf.indexOf(delimiter);
        if (at >= 0) {
          await bodyData(buf.subarray(0, at));
          buf = buf.subarray(at + delimiter.length);
          await endPart();
          state = 'after';
        } else {
          // Keep what could be the start of a delimiter split across chunks.
          const keep = delimiter.length - 1;
          if (buf.length > keep) {
            const out = buf.subarray(0, buf.length - keep);
            buf = Buffer.from(buf.subarray(buf.length - keep));
            await bodyData(out);
          }
          return;
        }
      } else {
        return;
      }
    }
  }

  try {
    for await (const chunk of body) {
      if ((state as string) === 'done') continue;
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      buf = buf.length === 0 ? data : Buffer.concat([buf, data]);
      await process();
    }
    if ((state as string) !== 'done') throw malformed();
    return fields;
  } catch (err) {
    const open = file as { stream: PassThrough; done: Promise<void> } | null;
    if (open) {
      const f = open;
      file = null;
      f.stream.destroy(err instanceof Error ? err : new Error(String(err)));
      await f.done.catch(() => undefined);
    }
    throw err;
  }
}
