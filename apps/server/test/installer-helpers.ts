import crypto from 'node:crypto';

/** A tiny Windows executable look-alike: the MZ signature and random bytes. */
export function exeBytes(size = 64): Buffer {
  const buf = crypto.randomBytes(size);
  buf.write('MZ', 0, 'latin1');
  return buf;
}

/** The compound-file signature an .msi starts with, then random bytes. */
export function msiBytes(size = 64): Buffer {
  const buf = crypto.randomBytes(size);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf);
  return buf;
}

/** The 7z signature, then random bytes. */
export function sevenZipBytes(size = 64): Buffer {
  const buf = crypto.randomBytes(size);
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]).copy(buf);
  return buf;
}

export type Part =
  { name: string; value: string } | { name: string; fileName: string; data: Buffer; contentType?: string };

/** A multipart/form-data body of the parts, in order. */
export function multipart(parts: Part[], boundary = `----archline${crypto.randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n`));
      chunks.push(Buffer.from(p.value, 'utf8'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.data);
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
