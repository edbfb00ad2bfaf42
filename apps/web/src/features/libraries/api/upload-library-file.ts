import type { LibraryUploadUrlResponse } from '@archline/contracts';
import { api } from '../../../lib/api-client.ts';
import { putFile } from '../../../lib/api/upload-file.ts';
import { libraryPath, type LibraryKind } from './keys.ts';

/**
 * One file of the add dialog: request-upload-url, then the PUT of the raw bytes (its progress
 * drives the row's bar). Resolves with the upload id the Save sends.
 */
export async function uploadLibraryFile(
  organizationId: number,
  kind: LibraryKind,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<number> {
  const link = await api.get<LibraryUploadUrlResponse>(
    `${libraryPath(organizationId, kind)}/request-upload-url`,
    {
      query: { name: file.name, size: file.size },
      signal,
    },
  );
  await putFile(link.url, file, onProgress, signal);
  return link.id;
}
