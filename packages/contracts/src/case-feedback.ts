import { z } from 'zod';

/**
 * Case feedback: after a case is completed or shipped, a practice user is asked how it went.
 * Spec: document 1 sections 3 (Case feedback), 5 (Case feedback ratings), 7; document 3 section 7.
 *
 * Endpoints (base /services/api/v2, bearer token; practice users of the organization):
 * - GET  /organizations/{id}/feedback-suggestion  → FeedbackSuggestionResponse (data null: nothing to ask)
 * - POST /patients/{id}/submit-feedback           SubmitFeedbackRequest → SubmitFeedbackResponse
 */

/** Case feedback ratings: Great=10, Ok=5, Bad=1. */
export const CASE_FEEDBACK_RATINGS = [
  { key: 'great', label: 'Great', score: 10 },
  { key: 'ok', label: 'Ok', score: 5 },
  { key: 'bad', label: 'Bad', score: 1 },
] as const;
export type CaseFeedbackScore = (typeof CASE_FEEDBACK_RATINGS)[number]['score'];
export const CASE_FEEDBACK_SCORES: readonly CaseFeedbackScore[] = CASE_FEEDBACK_RATINGS.map((r) => r.score);

export const CASE_FEEDBACK_MESSAGES = {
  title: 'Case Feedback',
  disableOption: "Don't ask again",
  dismiss: 'Dismiss',
  submitted: 'Thank you for your feedback!',
  scoreRequired: 'The score is required.',
  scoreInvalid: 'The score must be 1, 5 or 10.',
  disableInvalid: 'The disable option must be true or false.',
  practiceOnly: 'Case feedback is given by the practice.',
  notFinished: 'Only a completed or shipped case can be rated.',
} as const;

/** The dialog's question about one case. */
export function caseFeedbackQuestion(patientName: string): string {
  return `How was your case ${patientName}?`;
}

export const CaseFeedbackPatient = z.object({ id: z.number().int(), name: z.string() });
export type CaseFeedbackPatient = z.infer<typeof CaseFeedbackPatient>;

/** Case feedback: patient (id, name) and whether the "Don't ask again" option is offered. */
export const CaseFeedbackSuggestion = z.object({
  patient: CaseFeedbackPatient,
  showDisableOption: z.boolean(),
});
export type CaseFeedbackSuggestion = z.infer<typeof CaseFeedbackSuggestion>;

export const FeedbackSuggestionResponse = z.object({ data: CaseFeedbackSuggestion.nullable() });
export type FeedbackSuggestionResponse = z.infer<typeof FeedbackSuggestionResponse>;

export const SubmitFeedbackRequest = z.object({
  score: z.union([z.literal(10), z.literal(5), z.literal(1)], {
    error: (issue) =>
      issue.input === undefined ? CASE_FEEDBACK_MESSAGES.scoreRequired : CASE_FEEDBACK_MESSAGES.scoreInvalid,
  }),
  options: z
    .object({
      disable: z.boolean({ error: CASE_FEEDBACK_MESSAGES.disableInvalid }).optional(),
    })
    .default({}),
});
export type SubmitFeedbackRequest = z.input<typeof SubmitFeedbackRequest>;

/** Case feedback: patient, rating (1, 5 or 10) and whether the user asked not to be asked again. */
export const CaseFeedback = z.object({
  patient: CaseFeedbackPatient,
  rating: z.number().int(),
  disabled: z.boolean(),
});
export type CaseFeedback = z.infer<typeof CaseFeedback>;

export const SubmitFeedbackResponse = z.object({ message: z.string(), data: CaseFeedback });
export type SubmitFeedbackResponse = z.infer<typeof SubmitFeedbackResponse>;
