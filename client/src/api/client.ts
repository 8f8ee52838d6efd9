// The one API client: the generated SDK's fetch client, configured here once. Every call
// is same-origin, sends the session cookie and the X-Requested-With header the server's
// CSRF defence requires, and a failed call throws an ApiError. Features call operations
// from ./sdk (which imports this file first), never from ./generated directly.
import type { Client } from './generated/client';
import { createQuerySerializer } from './generated/client/utils.gen';
import { client } from './generated/client.gen';
import { fetchWithReauthentication } from './reauthentication';
import type { ErrorCode } from './error-codes.gen';

export const FALLBACK_ERROR_MESSAGE = 'Failed to process your request at this time';

// HTTP/2 responses carry no reason phrase, so res.statusText is often empty
// behind a proxy; these keep "the HTTP status text" meaningful there.
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of an HTTP status, for answers that carry none. */
export function statusText(status: number): string | undefined {
  return STATUS_TEXT[status];
}

/** The server's machine codes (`code` of every error body), generated from its error catalogues. */
export type { ErrorCode };

/** Every error body of the server: `message` is for people, `code` is for code. */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  code: ErrorCode;
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const { code } = body as { code: unknown };
  return typeof code === 'string' && code !== '' ? code : undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The server's machine code (e.g. 'APPLICANT_CHANGED'), as it came; undefined when the answer had none. */
  readonly code: string | undefined;
  /** Parsed error body, e.g. `{ statusCode, message, error, code }`; undefined when absent. */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
    this.code = codeOf(body);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for an ApiError carrying this machine code (and this status, when given). */
export function hasErrorCode(error: unknown, code: ErrorCode, status?: number): error is ApiError {
  return isApiError(error) && error.code === code && (status === undefined || error.status === status);
}

/** Spec §8 "request error to message": server message (first of a list), else status text, else fallback. */
export function messageFromErrorResponse(body: unknown, statusText: string | undefined): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    const first: unknown = Array.isArray(message) ? message[0] : message;
    if (typeof first === 'string' && first.trim() !== '') return first;
  }
  if (statusText && statusText.trim() !== '') return statusText;
  return FALLBACK_ERROR_MESSAGE;
}

export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message || FALLBACK_ERROR_MESSAGE;
  return FALLBACK_ERROR_MESSAGE;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The client's error interceptor: what a failed call throws. `error` is the parsed body
 * (JSON, else text) of an error answer, or what fetch threw when there was no answer.
 */
export function toApiError(error: unknown, response: Response | undefined): unknown {
  if (isApiError(error)) return error;
  if (!response) {
    // Aborts belong to react-query's cancellation, not to the user.
    if (isAbort(error)) return error;
    return new ApiError(0, FALLBACK_ERROR_MESSAGE);
  }
  const body = error === '' ? undefined : error;
  const text = response.statusText || STATUS_TEXT[response.status];
  return new ApiError(response.status, messageFromErrorResponse(body, text), body);
}

// The SDK's default query serializer, except that empty strings are absent (spec §5).
const serializeQuery = createQuerySerializer({
  allowReserved: false,
  array: { explode: true, style: 'form' },
  object: { explode: true, style: 'deepObject' },
});

function withoutEmptyStrings(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/**
 * Same-origin. An absolute base (this page's origin) rather than '' so that request URLs
 * parse outside a document too (tests); the browser sends the same requests either way.
 */
function sameOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Applies the app's configuration to a client of the generated SDK. */
export function configureClient(target: Client): Client {
  target.setConfig({
    baseUrl: sameOrigin(),
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    querySerializer: (query) => serializeQuery(withoutEmptyStrings(query)),
    fetch: fetchWithReauthentication,
  });
  target.interceptors.error.use(toApiError);
  return target;
}

/** The generated SDK's client, configured: every operation in ./sdk goes through it. */
export const apiClient = configureClient(client);
