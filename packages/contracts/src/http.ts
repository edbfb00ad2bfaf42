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

// The API client's texts live apart from the schemas, so every screen can use them without zod.
export { DEFAULT_ERROR_MESSAGE, REQUEST_TIMEOUT_MS, TIMEOUT_ERROR_MESSAGE } from './http-messages.ts';
