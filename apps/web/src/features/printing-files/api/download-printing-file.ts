import { api } from '../../../lib/api-client.ts';

/**
 * GET /patient_files/{id}/download_link, then lets the browser save the file under its name (the
 * link is short-lived and signed, so it is fetched at the moment of the click).
 */
export async function downloadPrintingFile(file: { id: number; name: string }): Promise<void> {
  const { url } = await api.get<{ url: string }>(`/patient_files/${file.id}/download_link`);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
