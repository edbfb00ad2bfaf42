import { api } from '../../../lib/api-client.ts';
import { libraryPath, type LibraryKind } from './keys.ts';

/**
 * GET .../request-download-url, then the browser follows the signed link: the file streams
 * straight to disk, never held in the page's memory.
 */
export async function downloadLibrary(organizationId: number, kind: LibraryKind, id: number): Promise<void> {
  const { url } = await api.get<{ url: string }>(
    `${libraryPath(organizationId, kind)}/${id}/request-download-url`,
  );
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
