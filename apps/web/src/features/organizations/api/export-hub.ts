import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError, joinMessages } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session-store.ts';
import type { HubSearchQuery } from './search-hub.ts';

/** GET /organizations-users/export: the hub search result as CSV, saved as a file. */
export async function exportHub(query: HubSearchQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && key !== 'page' && key !== 'perPage')
      params.append(key, String(value));
  }
  const token = getToken();
  const response = await fetch(`${API_BASE}/organizations-users/export?${params.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(joinMessages(body?.message) || 'The download failed.', response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'organizations-users.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportHub() {
  return useMutation({ mutationFn: exportHub });
}
