import type { SubmitFeedbackRequest, SubmitFeedbackResponse } from '@archline/contracts/case-feedback';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /patients/{id}/submit-feedback: the user's rating of a finished case. */
export function submitFeedback({ patientId, ...body }: SubmitFeedbackRequest & { patientId: number }) {
  return api.post<SubmitFeedbackResponse>(`/patients/${patientId}/submit-feedback`, body);
}

/** Failures show the server's message (the query client's error snackbar). */
export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
