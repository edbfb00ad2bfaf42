import {
  type PatientFileTag,
  type PatientFileTypeId,
  type StoreUploadedFileRequest,
  type StoreUploadedFileResponse,
  type UploadLinkResponse,
} from '@archline/contracts/patient-files';
import { DEFAULT_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from '@archline/contracts/http';
import { api, ApiError, CancelledError, joinMessages } from '../api-client.ts';

/** GET /patient_files/upload_link: where to PUT the bytes of one file. */
export function getUploadLink(
  query: { name: string; type: PatientFileTypeId; patient_id: number; size: number },
  signal?: AbortSignal,
): Promise<UploadLinkResponse> {
  return api.get<UploadLinkResponse>('/patient_files/upload_link', { query, signal });
}

/**
 * PUTs the raw bytes to the signed address with XMLHttpRequest, whose upload events report the
 * progress (fetch cannot). `onProgress` receives 0..100. No timeout: large scans take long.
 * The address is the server's own upload route or, with S3 storage, a presigned URL of the
 * bucket: either way the PUT carries exactly the headers the link names (the bucket checks them
 * against its signature) and no credentials.
 */
export function putFile(
  link: string | { url: string; headers?: Record<string, string> },
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { url, headers: given } = typeof link === 'string' ? { url: link, headers: undefined } : link;
    xhr.open('PUT', url);
    const headers = Object.entries(given ?? {});
    if (!headers.length) headers.push(['content-type', 'application/octet-stream']);
    for (const [name, value] of headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let message = '';
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown; errors?: unknown };
        message = joinMessages(body.message) || joinMessages(body.errors);
      } catch {
        message = '';
      }
      reject(new ApiError(message || DEFAULT_ERROR_MESSAGE, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(TIMEOUT_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new CancelledError());
    if (signal) {
      if (signal.aborted) {
        reject(new CancelledError());
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

/** POST /patient_files/store_uploaded_file: turns the uploaded bytes into the patient's file(s). */
export function storeUploadedFile(
  body: StoreUploadedFileRequest,
  signal?: AbortSignal,
): Promise<StoreUploadedFileResponse> {
  return api.post<StoreUploadedFileResponse>('/patient_files/store_uploaded_file', body, { signal });
}

export interface UploadInput {
  file: File;
  patientId: number;
  type: PatientFileTypeId;
  tag: PatientFileTag | null;
}

/** The whole flow for one file: upload_link, PUT with progress, store_uploaded_file. */
export async function uploadPatientFile(
  { file, patientId, type, tag }: UploadInput,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<StoreUploadedFileResponse> {
  const link = await getUploadLink({ name: file.name, type, patient_id: patientId, size: file.size }, signal);
  await putFile(link, file, onProgress, signal);
  return storeUploadedFile(
    {
      file_path: link.file_path,
      patient_id: patientId,
      type,
      name: file.name,
      modification_time: file.lastModified ? new Date(file.lastModified).toISOString() : null,
      tag,
    },
    signal,
  );
}
