/**
 * Texts and codes of the sign-in answers, without schemas: the login page shows them without
 * loading zod (re-exported by auth.ts).
 */

/** Server answers (and client texts of the error catalogue). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  unverified:
    'Your email address is not verified. Please click VERIFY in the e-mail we sent you, or resend it.',
  managementOnly: 'This account cannot sign in to the Admin Dashboard. Please use the regular sign in.',
  practiceOnly: 'Staff accounts sign in through the Admin Dashboard.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  registered: 'Your account has been created. Please click VERIFY in the e-mail we sent you to log in.',
  resetRequested: 'If an account exists for this e-mail, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now sign in with the new password.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  verificationResent: 'If this e-mail is waiting for verification, we have sent a new link.',
  verificationFailed: 'There was an issue verifying your account.',
  verified: 'Your account has been verified.',
  invitationFailed: 'There was an issue confirming your invitation.',
  invitationConfirmed: 'The invitation was confirmed. Please, try to log in now.',
  userCreated: 'Your account has been created. Please, log in now.',
  loggedOut: 'You have been logged out.',
  profileUpdated: 'Profile successfully updated.',
  organizationSwitched: 'Current organization changed.',
  emailAdded: 'Email successfully added.',
  emailRemoved: 'Email successfully removed.',
  emailAvailable: 'The email is available.',
} as const;

/** Error code of a login refused because the e-mail is not verified (the screen offers 'Resend Email'). */
export const UNVERIFIED_EMAIL_CODE = 2200;
