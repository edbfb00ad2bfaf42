import { API_BASE, ApiError, joinMessages } from './api-client.ts';
import { getToken } from './session-store.ts';

/** Hands a file to the browser to save under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Calls the API for a file (a CSV, a PDF) with the bearer token and saves it as `fileName`. A
 * refusal throws an ApiError with the server's message.
 */
export async function downloadFile(
  path: string,
  fileName: string,
  options: { method?: 'GET' | 'POST'; query?: URLSearchParams; body?: unknown } = {},
): Promise<void> {
  const token = getToken();
  const qs = options.query?.toString();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}${qs ? `?${qs}` : ''}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(joinMessages(body?.message) || 'The download failed.', response.status);
  }
  saveBlob(await response.blob(), fileName);
}
