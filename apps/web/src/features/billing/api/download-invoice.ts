import { API_BASE, ApiError, joinMessages } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { getToken } from '../../../lib/session-store.ts';

/** The file name of a Content-Disposition header (filename* first), or undefined. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || undefined;
}

/** GET /orders/{id}/download_invoice?type=pdf|csv, saved under the server's file name. */
export async function downloadInvoice(orderId: number, type: 'pdf' | 'csv'): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}/orders/${orderId}/download_invoice?type=${type}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(joinMessages(body?.message) || 'The download failed.', response.status);
  }
  const name =
    fileNameFromDisposition(response.headers.get('content-disposition')) ?? `invoice-${orderId}.${type}`;
  saveBlob(await response.blob(), name);
}
