import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_ERROR_MESSAGE,
  REPORT_MESSAGES,
  reportFileName,
  type ExportReportRequest,
  type ReportKey,
} from '@archline/contracts';
import { API_BASE, ApiError, CancelledError, joinMessages } from '../../../lib/api-client.ts';
import { getToken, setToken } from '../../../lib/session-store.ts';

export interface ExportReportInput extends ExportReportRequest {
  report: ReportKey;
}

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
}

/** The browser's own time zone: the range is read from the start of its first day to the end of its last there. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The file name in a Content-Disposition header (filename* first), or null. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    errors?: Record<string, string[]>;
  } | null;
  const errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
  return new ApiError(joinMessages(body?.message) || DEFAULT_ERROR_MESSAGE, response.status, errors);
}

/** Hands the bytes to the browser as a download under the given name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * POST /export-reports/{report}: reads the CSV as it streams (reporting the bytes received), then
 * saves it under the server's file name. A refused request throws the server's message and field
 * errors; a transfer that breaks off throws 'The download was interrupted. Please try again.'.
 */
export async function exportReport(
  input: ExportReportInput,
  onProgress?: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ fileName: string; bytes: number }> {
  const { report, ...body } = input;
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/export-reports/${encodeURIComponent(report)}`, {
      method: 'POST',
      headers: {
        accept: 'text/csv, application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    if (signal?.aborted) throw new CancelledError();
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  }
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401 && token && getToken() === token) setToken(null);
    throw error;
  }
  const fileName =
    fileNameFrom(response.headers.get('content-disposition')) ??
    reportFileName(report, body.date_from, body.date_to);
  const chunks: BlobPart[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (!reader) {
      const blob = await response.blob();
      chunks.push(blob);
      received = blob.size;
    } else {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        onProgress?.({ received });
      }
    }
  } catch {
    if (signal?.aborted) throw new CancelledError();
    throw new ApiError(REPORT_MESSAGES.interrupted, 0);
  }
  saveFile(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
  return { fileName, bytes: received };
}

export function useExportReport(onProgress?: (progress: DownloadProgress) => void) {
  return useMutation({
    mutationFn: (input: ExportReportInput) => exportReport(input, onProgress),
  });
}
