import type { FeedbackSuggestionResponse } from '@archline/contracts/case-feedback';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const feedbackSuggestionKey = (organizationId: number) =>
  ['case-feedback', 'suggestion', organizationId] as const;

/** GET /organizations/{id}/feedback-suggestion: the finished case to ask the user about, or null. */
export function fetchFeedbackSuggestion(
  organizationId: number,
  signal?: AbortSignal,
): Promise<FeedbackSuggestionResponse> {
  return api.get<FeedbackSuggestionResponse>(`/organizations/${organizationId}/feedback-suggestion`, {
    signal,
  });
}

/** The question is a courtesy: a failure to fetch it stays silent. */
export function useFeedbackSuggestion(organizationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: feedbackSuggestionKey(organizationId ?? 0),
    queryFn: ({ signal }) => fetchFeedbackSuggestion(organizationId!, signal),
    enabled: enabled && organizationId !== null,
    staleTime: Infinity,
    meta: { silentError: true },
  });
}
