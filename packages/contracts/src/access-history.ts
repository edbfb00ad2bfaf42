import { z } from 'zod';

/**
 * Access history of a patient (patient details, admins and super admins): the audit rows of the
 * patient, newest first: who, what, when and from where.
 */

/** GET /patients/{id}/access-history: page (1..), per_page (1..100, default 25), user_id. */
export const AccessHistoryQuery = z.object({
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be at least 1.')
    .max(100_000, 'The page must not be greater than 100000.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be a whole number.')
    .min(1, 'The per page must be at least 1.')
    .max(100, 'The per page must not be greater than 100.')
    .default(25),
  user_id: z.coerce
    .number({ error: 'The user must be a number.' })
    .int('The user must be a whole number.')
    .positive('The user must be a positive number.')
    .optional(),
});
export type AccessHistoryQuery = z.input<typeof AccessHistoryQuery>;

export const AccessHistoryEntry = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  action: z.string(),
  outcome: z.string(),
  ip: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** The e-mail recorded with the row (kept when the user is gone). */
  actor_email: z.string().nullable(),
});
export type AccessHistoryEntry = z.infer<typeof AccessHistoryEntry>;

export const AccessHistoryResponse = z.object({
  data: z.array(AccessHistoryEntry),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    /** True when a next page exists (no total: each page is one range of the index). */
    has_more: z.boolean(),
  }),
});
export type AccessHistoryResponse = z.infer<typeof AccessHistoryResponse>;

/** The users who appear in a patient's access history (the filter's choices). */
export const AccessHistoryUsersResponse = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type AccessHistoryUsersResponse = z.infer<typeof AccessHistoryUsersResponse>;
