import type { Onboarding } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { onboardingKey } from './keys.ts';

/** GET /onboardings/{id}: the checklist state of one organization. */
export async function getOnboarding(id: number, signal?: AbortSignal): Promise<Onboarding> {
  return (await api.get<{ onboarding: Onboarding }>(`/onboardings/${id}`, { signal })).onboarding;
}

export const onboardingQuery = (id: number) =>
  queryOptions({ queryKey: onboardingKey(id), queryFn: ({ signal }) => getOnboarding(id, signal) });

export function useOnboarding(id: number | null, enabled = true) {
  return useQuery({ ...onboardingQuery(id ?? 0), enabled: enabled && id !== null });
}
