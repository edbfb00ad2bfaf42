import {
  ACCOUNT_SETUP_MESSAGES,
  ACCOUNT_SETUP_STEPS,
  REQUIRED_MESSAGE,
  SURVEY_OTHER_ANSWER_ID,
  looksLikeDefaultAccountName,
  type AccountDetails,
  type AccountDetailsForm,
  type PaymentMethod,
} from '@archline/contracts';

/** The wizard's steps: 0 Welcome, 1 Account Details, 2 Choose Payment Method, 3 Review your Order. */
export type SetupStep = 0 | 1 | 2 | 3;
export const LAST_STEP: SetupStep = 3;

/** The label of a step; anything else is the spec's 'Unknown step' error. */
export function stepLabel(step: number): string {
  const label = ACCOUNT_SETUP_STEPS[step];
  if (label === undefined) throw new Error(ACCOUNT_SETUP_MESSAGES.unknownStep);
  return label;
}

/** A card's expiry ('YYYY-MM-DD', the last day of the month) as MM/YYYY; '' for bank accounts. */
export function cardExpiryLabel(method: Pick<PaymentMethod, 'card_exp_datetime'>): string {
  const value = method.card_exp_datetime;
  if (!value) return '';
  const [year, month] = value.split('-');
  return year && month ? `${month}/${year}` : '';
}

/**
 * The Account Details form's first values: what is saved (the organization name stays empty while
 * it is still the sign-up's default name), the signed-in user's names and e-mail when nothing is
 * saved yet, country USA, and the survey question shown (if any).
 */
export function accountDetailsDefaults(
  saved: AccountDetails | undefined,
  user: { id: number; first_name: string; last_name: string; email: string },
  surveyQuestionId: number | null,
): AccountDetailsForm {
  const organization = saved?.organization ?? '';
  return {
    organization: looksLikeDefaultAccountName(organization) ? '' : organization,
    first_name: saved?.first_name || user.first_name,
    last_name: saved?.last_name || user.last_name,
    email: user.email,
    phone_number: saved?.phone_number ?? '',
    street_address: saved?.street_address ?? '',
    street_address_line_2: saved?.street_address_line_2 ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? '',
    country: saved?.country || 'USA',
    zip_code: saved?.zip_code ?? '',
    survey_question_id: surveyQuestionId,
    survey_answer_id: surveyQuestionId === null ? null : (saved?.survey_answer_id ?? null),
    survey_response_other: saved?.survey_response_other ?? '',
    userId: user.id,
  };
}

/** The primary method first, then the order the server gave. */
export function sortPaymentMethods<T extends Pick<PaymentMethod, 'is_primary'>>(methods: readonly T[]): T[] {
  return [...methods].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
}

/**
 * The survey rules of Account Details ('Must not be empty.' without an answer, 'Required' for the
 * other source), checked on their own: the schema's refinement only runs once every other field
 * is valid, and the form shows all of its errors at once.
 */
export function surveyErrors(
  values: Pick<AccountDetailsForm, 'survey_question_id' | 'survey_answer_id' | 'survey_response_other'>,
): Partial<Record<'survey_answer_id' | 'survey_response_other', string>> {
  const errors: Partial<Record<'survey_answer_id' | 'survey_response_other', string>> = {};
  if (values.survey_question_id != null && values.survey_answer_id == null)
    errors.survey_answer_id = ACCOUNT_SETUP_MESSAGES.surveyAnswerRequired;
  if (values.survey_answer_id === SURVEY_OTHER_ANSWER_ID && !values.survey_response_other?.trim())
    errors.survey_response_other = REQUIRED_MESSAGE;
  return errors;
}
