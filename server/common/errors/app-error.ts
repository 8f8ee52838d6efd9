import { HttpException, HttpStatus } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';

/** The one error shape every failing request answers with; `code` is stable, `message` is for people. */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  code: string;
}

export function errorBody(statusCode: number, message: string | string[], code: string): ErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', code };
}

/** An error with a machine code from a module's catalogue. `extra` adds fields a contract needs (e.g. `token`). */
export class AppError extends HttpException {
  /** Sent as the Retry-After header (429 answers). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    status: HttpStatus,
    message: string | string[],
    extra: Record<string, unknown> = {},
  ) {
    super({ ...extra, ...errorBody(status, message, code) }, status);
  }

  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }
}

export interface ErrorDefinition {
  status: HttpStatus;
  message: string;
  /** What an integrator or the client should understand by it; listed in docs/api.md. */
  description?: string;
}

export interface ErrorCatalogue<Code extends string> {
  readonly module: string;
  readonly entries: Readonly<Record<Code, ErrorDefinition>>;
  /** The error for `code`, with the catalogue's message unless one is given (e.g. with details filled in). */
  error(code: Code, message?: string | string[], extra?: Record<string, unknown>): AppError;
}

/** A module's errors in one place: each stable machine code with its HTTP status and message. */
export function errorCatalogue<Code extends string>(module: string, entries: Record<Code, ErrorDefinition>): ErrorCatalogue<Code> {
  return {
    module,
    entries,
    error: (code, message, extra) => new AppError(code, entries[code].status, message ?? entries[code].message, extra),
  };
}

/**
 * Codes for errors that no module raised itself (the framework's own, or a bare
 * HttpException): the status decides.
 */
export const GENERIC_ERRORS = errorCatalogue('generic', {
  BAD_REQUEST: { status: HttpStatus.BAD_REQUEST, message: 'Bad Request', description: 'The request could not be read.' },
  MALFORMED_JSON: { status: HttpStatus.BAD_REQUEST, message: 'The request body is not valid JSON' },
  VALIDATION_FAILED: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Validation failed',
    description: 'A field is missing or invalid; `message` lists every problem.',
  },
  UNAUTHENTICATED: { status: HttpStatus.UNAUTHORIZED, message: 'You need to sign in to do this', description: 'No valid session or API key.' },
  FORBIDDEN: {
    status: HttpStatus.FORBIDDEN,
    message: "You currently don't have permission to do this",
    description: 'Signed in, but the role or the permission matrix does not allow it.',
  },
  NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Not Found', description: 'No such route or resource.' },
  CONFLICT: { status: HttpStatus.CONFLICT, message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'Payload Too Large', description: 'The body is larger than the route accepts.' },
  UNSUPPORTED_MEDIA_TYPE: { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message: 'Unsupported Media Type' },
  TOO_MANY_REQUESTS: { status: HttpStatus.TOO_MANY_REQUESTS, message: 'Too Many Requests', description: 'A rate limit; try again later.' },
  INTERNAL_ERROR: { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', description: 'Unexpected; the server log has the details.' },
  SERVICE_UNAVAILABLE: { status: HttpStatus.SERVICE_UNAVAILABLE, message: 'Service Unavailable' },
});

type GenericCode = keyof typeof GENERIC_ERRORS.entries;

/** The generic code for an HTTP status no catalogue named. */
export function genericCode(status: number): GenericCode {
  const code = (Object.keys(GENERIC_ERRORS.entries) as GenericCode[]).find(
    (candidate) => candidate !== 'VALIDATION_FAILED' && candidate !== 'MALFORMED_JSON' && GENERIC_ERRORS.entries[candidate].status === status,
  );
  return code ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
