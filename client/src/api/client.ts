// The one API client: the generated SDK's fetch client, configured here once. Every call
// is same-origin, sends the session cookie and the X-Requested-With header the server's
// CSRF defence requires, and a failed call throws an ApiError. Features call operations
// from ./sdk (which imports this file first), never from ./generated directly.
import type { Client } from './generated/client';
import { createQuerySerializer } from './generated/client/utils.gen';
import { client } from './generated/client.gen';

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

/**
 * The server's machine codes (`code` of every error body) the client decides on. The
 * list is open: any other code still reaches `ApiError.code`.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'MALFORMED_JSON'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_ERROR'
  | 'APPLICANT_NOT_FOUND'
  | 'APPLICANT_CHANGED'
  | 'APPLICANT_ALREADY_SUBMITTED'
  | 'VERIFICATION_INCOMPLETE'
  | 'ORGANIZATION_NOT_FOUND'
  | 'WEBHOOK_NOT_CONFIGURED'
  | 'invalid-token'
  | 'COMPANY_KEY_INVALID'
  | (string & Record<never, never>);

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
  /** The server's machine code (e.g. 'APPLICANT_CHANGED'); undefined when the answer had none. */
  readonly code: ErrorCode | undefined;
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
    // Calls pass `throwOnError: true` too, so their types say "data, or an exception".
    throwOnError: true,
  });
  target.interceptors.error.use(toApiError);
  return target;
}

/** The generated SDK's client, configured: every operation in ./sdk goes through it. */
export const apiClient = configureClient(client);

// ---------------------------------------------------------------------------
// Transitional: the hand-typed URL wrapper, kept only until every feature calls the SDK.
// Nothing new may use it; it goes once the last feature has moved.

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

export interface RequestOptions {
  query?: QueryParams;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      // Spec §5: empty strings are treated as absent.
      if (item === undefined || item === null || item === '') continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // Aborts belong to react-query's cancellation, not to the user.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, FALLBACK_ERROR_MESSAGE);
  }

  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) {
    const statusText = response.statusText || STATUS_TEXT[response.status];
    throw new ApiError(response.status, messageFromErrorResponse(data, statusText), data);
  }
  return data as T;
}

/** @deprecated Call an operation from ./sdk instead. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};
