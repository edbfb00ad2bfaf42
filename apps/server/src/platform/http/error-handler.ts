import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, DEFAULT_ERROR_MESSAGE } from './errors.ts';

interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  code?: number;
}

/** Texts of the framework's own client errors, by Fastify error code. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The content type of the request is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/** The message of a client error Fastify raises itself (bad URL, body, content type). */
function frameworkMessage(error: FastifyError): string {
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return known;
  // The JSON parser's own SyntaxError (malformed JSON body).
  if (error instanceof SyntaxError) return FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  return error.message;
}

/**
 * Errors the router raises before any route runs (a malformed URL: 400; a path parameter over
 * 100 characters: 414; a failing route constraint: 500), answered in the API's error shape.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(status).send({ message: DEFAULT_ERROR_MESSAGE } satisfies ErrorBody);
  }
  return reply.status(status).send({ message: frameworkMessage(error) } satisfies ErrorBody);
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
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Fastify's own client errors (bad JSON, payload too large, unsupported media type, ...)
      return reply.status(fe.statusCode).send({ message: frameworkMessage(fe) } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: DEFAULT_ERROR_MESSAGE } satisfies ErrorBody);
  });
}
