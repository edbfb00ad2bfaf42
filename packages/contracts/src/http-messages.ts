/** Client-side texts of the error catalogue (document 1, section 8); re-exported by http.ts. */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, please try again.';
export const TIMEOUT_ERROR_MESSAGE =
  'Something went wrong. Please check your internet connection and try again.';
export const REQUEST_TIMEOUT_MS = 120_000;
