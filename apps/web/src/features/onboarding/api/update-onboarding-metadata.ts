import type { OnboardingMessageResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ONBOARDINGS_KEY, onboardingKey } from './keys.ts';

/** PUT /onboardings/{id}/metadata: the given checklist inputs by key (the others stay). */
export function updateOnboardingMetadata({ id, metadata }: { id: number; metadata: Record<string, string> }) {
  return api.put<OnboardingMessageResponse>(`/onboardings/${id}/metadata`, { metadata });
}

export function useUpdateOnboardingMetadata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboardingMetadata,
    onSuccess: (result) => {
      queryClient.setQueryData(onboardingKey(result.onboarding.id), result.onboarding);
      return queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
    },
    meta: { silentError: true },
  });
}
