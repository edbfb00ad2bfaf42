import type { SurveyQuestionResponse } from '@archline/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /survey_questions/{id}: the question asked in Account Details (null when there is none). */
export function fetchSurveyQuestion(id: number, signal?: AbortSignal): Promise<SurveyQuestionResponse> {
  return api.get<SurveyQuestionResponse>(`/survey_questions/${id}`, { signal });
}

export const surveyQuestionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['survey-questions', id],
    queryFn: ({ signal }) => fetchSurveyQuestion(id, signal),
    staleTime: Infinity,
  });

export function useSurveyQuestion(id: number) {
  return useQuery(surveyQuestionQueryOptions(id));
}
