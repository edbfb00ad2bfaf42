import {
  DEFAULT_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ERROR_MESSAGE,
} from '@archline/contracts/http-messages';
import { getToken, setToken } from './session-store.ts';

export const API_BASE = '/services/api/v2';

/** A failed call: the server's message (objects joined), field errors and error code. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly code: number | undefined;

  constructor(message: string, status: number, errors: Record<string, string[]> = {}, code?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

/** The caller cancelled the request (component unmounted, query superseded): never shown. */
export class CancelledError extends Error {
  constructor() {
    super('Request cancelled');
    this.name = 'CancelledError';
  }
}

export function isCancelled(error: unknown): boolean {
  return error instanceof CancelledError || (error instanceof DOMException && error.name === 'AbortError');
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** The app installs the handler that resets its state and navigates to /login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  signal?: AbortSignal;
  /** Milliseconds; 0 disables the timeout (installer uploads). Default 120 seconds. */
  timeoutMs?: number;
  /** The login call itself answers 401 for bad credentials: that must not end the session. */
  skipUnauthorizedRedirect?: boolean;
  /** A bearer token other than the session's (the viewer launcher checks a link's token). */
  token?: string;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Joins a message that arrived as an object (field -> messages) into one text. */
export function joinMessages(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(joinMessages).filter(Boolean).join(' ');
  if (value && typeof value === 'object')
    return Object.values(value).map(joinMessages).filter(Boolean).join(' ');
  return '';
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown; code?: unknown };
    const errors =
      b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)
        ? Object.fromEntries(
            Object.entries(b.errors as Record<string, unknown>).map(([k, v]) => [
              k,
              Array.isArray(v) ? v.map(String) : [String(v)],
            ]),
          )
        : {};
    const message = joinMessages(b.message) || joinMessages(errors) || DEFAULT_ERROR_MESSAGE;
    return new ApiError(message, response.status, errors, typeof b.code === 'number' ? b.code : undefined);
  }
  return new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
}

/** Calls the API under /services/api/v2 with the bearer token and returns the parsed JSON body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeoutMs) : undefined;
  const forwardAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', forwardAbort, { once: true });
  }

  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_ERROR_MESSAGE, 0);
    if (controller.signal.aborted) throw new CancelledError();
    if (error instanceof TypeError) throw new ApiError(TIMEOUT_ERROR_MESSAGE, 0);
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // Only the session that sent the request ends: a late answer to a request of a session that
    // has since signed out (or been replaced) must not sign the next one out or redirect again.
    if (
      response.status === 401 &&
      !options.skipUnauthorizedRedirect &&
      !options.token &&
      token &&
      getToken() === token
    ) {
      setToken(null);
      onUnauthorized();
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The text to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}
