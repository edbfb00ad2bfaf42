import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import type { HubSearchQuery } from './search-hub.ts';

/** GET /organizations-users/export: the hub search result as CSV, saved as a file. */
export async function exportHub(query: HubSearchQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && key !== 'page' && key !== 'perPage')
      params.append(key, String(value));
  }
  await downloadFile('/organizations-users/export', 'organizations-users.csv', { query: params });
}

export function useExportHub() {
  return useMutation({ mutationFn: exportHub });
}
