import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, DEFAULT_ERROR_MESSAGE } from './errors.ts';

interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  code?: number;
}

/** Maps every thrown error to { message, errors?, code? } with a fitting status. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.code !== undefined) body.code = error.code;
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const p = issue.instancePath.split('/').filter(Boolean);
        const field = p.length ? p.join('.') : '_';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'Invalid value';
      return reply.status(400).send({ message: first, errors } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: DEFAULT_ERROR_MESSAGE } satisfies ErrorBody);
    }
    const fe = error as FastifyError;
    if (fe.statusCode && fe.statusCode < 500) {
      // Fastify's own client errors (bad JSON, payload too large, rate limit, ...)
      return reply.status(fe.statusCode).send({ message: fe.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: DEFAULT_ERROR_MESSAGE } satisfies ErrorBody);
  });
}
