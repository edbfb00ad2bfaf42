import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '@archline/contracts';

/** Who asked: recorded in the audit trail, keys the rate limits. */
export interface RequestMeta {
  ip: string | null;
  requestId: string | null;
  userAgent?: string | null;
}

export function requestMeta(request: FastifyRequest): {
  ip: string;
  requestId: string;
  userAgent: string | null;
} {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, requestId: request.id, userAgent: typeof ua === 'string' ? ua : null };
}

/** The error answers a route declares in its schema (all share the error body). */
export function errorResponses<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof ErrorResponse } {
  return Object.fromEntries(codes.map((c) => [c, ErrorResponse])) as {
    [K in C[number]]: typeof ErrorResponse;
  };
}
