import { z } from 'zod';

/** The error body of every API failure. */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ engine: z.enum(['postgres', 'pglite']), ok: z.boolean(), latency_ms: z.number() }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Client-side texts of the error catalogue (document 1, section 8). */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, please try again.';
export const TIMEOUT_ERROR_MESSAGE =
  'Something went wrong. Please check your internet connection and try again.';
export const REQUEST_TIMEOUT_MS = 120_000;
