import { z } from 'zod';

/**
 * Signing the DIBS desktop viewer in: the signed-in browser asks for a single-use code (valid one
 * minute) and hands it over in the deep link; the viewer exchanges it for a session of its own.
 */
export const ViewerSignInCodeResponse = z.object({
  code: z.string(),
  expires_at: z.string().datetime({ offset: true }),
});
export type ViewerSignInCodeResponse = z.infer<typeof ViewerSignInCodeResponse>;

export const ViewerSignInExchangeRequest = z.object({ code: z.string().min(1).max(200) });
export type ViewerSignInExchangeRequest = z.infer<typeof ViewerSignInExchangeRequest>;

export const ViewerSignInExchangeResponse = z.object({
  access_token: z.string(),
  expires_at: z.string().datetime({ offset: true }),
});
export type ViewerSignInExchangeResponse = z.infer<typeof ViewerSignInExchangeResponse>;

export const VIEWER_SIGN_IN_MESSAGES = {
  invalidCode: 'This sign-in code is invalid or has expired.',
} as const;
