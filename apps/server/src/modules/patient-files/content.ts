import { fileExtension } from '@archline/contracts';

/** Bytes needed from the start of a file to check its content. */
export const HEAD_BYTES = 132;

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + b.length && head.subarray(at, at + b.length).equals(b);
};

/** STL: ASCII ('solid' after optional whitespace) or binary (84-byte header + 50 bytes per triangle). */
function isStl(head: Buffer, size: number): boolean {
  if (/^\s*solid\b/.test(head.subarray(0, 100).toString('latin1'))) return true;
  return size >= 84 && head.length >= 84 && 84 + 50 * head.readUInt32LE(80) === size;
}

/**
 * Whether a file's first bytes match what its extension claims (PNG, JPEG, GIF, PDF, ZIP,
 * DICOM 'DICM' at 128, STL). Unknown extensions never match.
 */
export function contentMatches(name: string, head: Buffer, size: number): boolean {
  switch (fileExtension(name)) {
    case '.png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case '.jpg':
    case '.jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case '.gif':
      return startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a');
    case '.pdf':
      return startsWith(head, '%PDF-');
    case '.zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case '.dcm':
      return startsWith(head, 'DICM', 128);
    case '.stl':
      return isStl(head, size);
    default:
      return false;
  }
}

/** The content type a stored file is served with. */
export function mimeTypeOf(name: string): string {
  switch (fileExtension(name)) {
    case '.png':
      return 'image/png';
    case '.jpg':
    case '.jpeg':
      return 'image/jpeg';
    case '.gif':
      return 'image/gif';
    case '.pdf':
      return 'application/pdf';
    case '.zip':
      return 'application/zip';
    case '.dcm':
      return 'application/dicom';
    case '.stl':
      return 'model/stl';
    default:
      return 'application/octet-stream';
  }
}

export function isImageMime(mime: string | null): boolean {
  return mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/gif';
}
