/**
 * Errors a use case may raise. The error handler turns each into the API's error body:
 * { message, errors?: { field: string[] }, code? }.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly code?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, please try again.';

export const badRequest = (message: string, errors?: Record<string, string[]>, code?: number) =>
  new AppError(400, message, errors, code);

/** A validation error on one field: the message names the field's rule, errors carries it by field. */
export const fieldError = (field: string, message: string, statusCode = 422) =>
  new AppError(statusCode, message, { [field]: [message] });

export const unauthenticated = (message = 'Unauthenticated.', code?: number) =>
  new AppError(401, message, undefined, code);
export const forbidden = (message = 'This action is unauthorized.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new AppError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string[]>, code?: number) =>
  new AppError(422, message, errors, code);
export const tooManyRequests = (message = 'Too many attempts. Please wait a moment and try again.') =>
  new AppError(429, message);
