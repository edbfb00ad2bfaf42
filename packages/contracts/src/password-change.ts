import { z } from 'zod';
import {
  PASSWORD_MISMATCH_MESSAGE,
  PasswordConfirmationSchema,
  PasswordSchema,
  REQUIRED_MESSAGE,
} from './auth.ts';

/**
 * Changing one's own password (the account page's User tab):
 * - PUT /profile/password   ChangePasswordRequest → ChangePasswordResponse
 * The new password follows the sign-up rules; the current one must be right (422 otherwise). The
 * other sessions of the user end; the one that changed the password stays signed in.
 */
export const PASSWORD_CHANGE_MESSAGES = {
  changed: 'Your password has been changed. Your other sessions have been signed out.',
  wrongCurrent: 'The current password is incorrect.',
  sameAsCurrent: 'The new password must be different from the current one.',
} as const;

export const ChangePasswordRequest = z
  .object({
    current_password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(255),
    password: PasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORD_MISMATCH_MESSAGE,
  })
  .refine((v) => v.password !== v.current_password, {
    path: ['password'],
    message: PASSWORD_CHANGE_MESSAGES.sameAsCurrent,
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = z.object({
  message: z.string(),
  /** How many other sessions were signed out. */
  sessions_ended: z.number().int().nonnegative(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;
