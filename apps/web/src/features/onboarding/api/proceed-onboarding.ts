import type { OnboardingMessageResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';
import { ONBOARDINGS_KEY, onboardingKey } from './keys.ts';

/** POST /onboardings/{id}/proceed_next_step: completes the next sub-step. */
export function proceedOnboarding(id: number) {
  return api.post<OnboardingMessageResponse>(`/onboardings/${id}/proceed_next_step`);
}

/** The current user's organizations carry the onboarding step (Start a Case notice): refreshed too. */
export function useProceedOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proceedOnboarding,
    onSuccess: (result) => {
      queryClient.setQueryData(onboardingKey(result.onboarding.id), result.onboarding);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
    },
    meta: { silentError: true },
  });
}
