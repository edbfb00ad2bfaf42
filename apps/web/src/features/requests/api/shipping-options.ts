import type { ShippingMethodsResponse } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /shipping_methods: every method the lab ships with (the shipping edit's choices). */
export function useShippingMethodOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['customer-requests', 'shipping-methods'],
    queryFn: ({ signal }) => api.get<ShippingMethodsResponse>('/shipping_methods', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /patient_files/{id}/download_link: a short-lived address of the file's bytes. */
export async function fileDownloadUrl(fileId: number): Promise<string> {
  return (await api.get<{ url: string }>(`/patient_files/${fileId}/download_link`)).url;
}
