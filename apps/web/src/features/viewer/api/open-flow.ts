import type {
  GenerateStreamingUrlResponse,
  UnstableSoftwareUsageResponse,
  ViewerOptionsResponse,
} from '@archline/contracts/installers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /patients/{id}/viewer-options: the case's organization and its allowed DIBS options. */
export function useViewerOptions(patientId: number | null) {
  return useQuery({
    queryKey: ['viewer', 'options', patientId],
    queryFn: async ({ signal }) =>
      (await api.get<ViewerOptionsResponse>(`/patients/${patientId}/viewer-options`, { signal })).data,
    enabled: patientId !== null,
    retry: false,
    meta: { silentError: true },
  });
}

/** GET /organizations/{id}/check-unstable-software-usage */
export function checkUnstableSoftwareUsage(organizationId: number, signal?: AbortSignal) {
  return api.get<UnstableSoftwareUsageResponse>(
    `/organizations/${organizationId}/check-unstable-software-usage`,
    {
      signal,
    },
  );
}

/** POST /dibs-on-demand/generate-streaming-url with the single-use launch code. */
export async function generateStreamingUrl(code: string, patientId: number | null): Promise<string> {
  const res = await api.post<GenerateStreamingUrlResponse>('/dibs-on-demand/generate-streaming-url', {
    dibs_launch_code: code,
    ...(patientId === null ? {} : { q: patientId }),
  });
  return res.streaming_url;
}
