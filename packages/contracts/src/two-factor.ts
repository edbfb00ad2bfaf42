import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238: 6 digits, 30-second steps) with ten single-use recovery
 * codes. Any user may enrol from the User tab of the account page; once enrolled, every sign in
 * asks for a code. A super admin may reset a user's two-factor sign-in.
 */

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'A code is required.',
  codeFormat: 'Enter the 6-digit code from your authenticator app or a recovery code.',
  totpFormat: 'Enter the 6-digit code from your authenticator app.',
  invalidCode: 'The code is not valid. Please try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notStarted: 'Start the set-up of two-factor authentication first.',
  notEnabled: 'Two-factor authentication is not enabled.',
  enabled: 'Two-factor authentication is enabled.',
  disabled: 'Two-factor authentication is disabled.',
  reset: 'Two-factor authentication was reset for this user.',
} as const;

export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes: ten groups of `xxxxx-xxxxx` (lower-case letters and digits). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** Spaces and case do not matter in a typed code. */
export const normalizeTwoFactorCode = (value: string) => value.replace(/\s+/g, '').toLowerCase();

/** A 6-digit TOTP code. */
export const TotpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform(normalizeTwoFactorCode)
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.totpFormat),
  );

/** A 6-digit TOTP code or a recovery code. */
export const TwoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(64, TWO_FACTOR_MESSAGES.codeFormat)
  .transform(normalizeTwoFactorCode)
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .refine((v) => /^\d{6}$/.test(v) || RECOVERY_CODE_PATTERN.test(v), TWO_FACTOR_MESSAGES.codeFormat),
  );

/** Sign-in, second step. */
export const TwoFactorLoginRequest = z.object({
  challenge_token: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(200),
  code: TwoFactorCodeSchema,
});
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginRequest>;

export const TwoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponse>;

/** Enrolment step 1: the secret to scan (QR code as an SVG data URL) or type. */
export const TwoFactorSetupResponse = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

/** Enrolment step 2 and disabling: a current code from the app. */
export const TwoFactorConfirmRequest = z.object({ code: TotpCodeSchema });
export type TwoFactorConfirmRequest = z.input<typeof TwoFactorConfirmRequest>;

export const TwoFactorDisableRequest = z.object({ code: TwoFactorCodeSchema });
export type TwoFactorDisableRequest = z.input<typeof TwoFactorDisableRequest>;

/** The recovery codes, shown once. */
export const TwoFactorConfirmResponse = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TwoFactorConfirmResponse = z.infer<typeof TwoFactorConfirmResponse>;
