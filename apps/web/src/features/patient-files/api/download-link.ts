import { api } from '../../../lib/api-client.ts';

/** GET /patient_files/{id}/download_link: a short-lived signed address of the file's bytes. */
export async function fetchDownloadLink(fileId: number): Promise<string> {
  return (await api.get<{ url: string }>(`/patient_files/${fileId}/download_link`)).url;
}

/** Fetches a fresh link and lets the browser save the file under its name. */
export async function downloadFile(file: { id: number; name: string }): Promise<void> {
  const url = await fetchDownloadLink(file.id);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
