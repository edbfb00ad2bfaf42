import type { FastifyRequest } from 'fastify';
import { findUnstorableText, unstorableTextMessage } from '@archline/contracts';
import { badRequest } from './errors.ts';

/**
 * Refuses, before validation, any request whose path, query or body holds text PostgreSQL cannot
 * store (a NUL character or an unpaired surrogate): 400 naming each such field. One check for
 * every route, whatever its schema says about the field.
 */
export async function rejectUnstorableText(request: FastifyRequest) {
  const fields = [
    ...findUnstorableText(request.params),
    ...findUnstorableText(request.query),
    ...findUnstorableText(request.body),
  ];
  if (fields.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const field of fields) errors[field] ??= [unstorableTextMessage(field)];
  throw badRequest(Object.values(errors)[0]![0]!, errors);
}
