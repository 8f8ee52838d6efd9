import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../errors/app-error.js';

/** Idempotent creates (`Idempotency-Key` header). */
export const IDEMPOTENCY_ERRORS = errorCatalogue('idempotency', {
  IDEMPOTENCY_KEY_INVALID: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice)',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: HttpStatus.CONFLICT,
    message: 'This Idempotency-Key was already used with a different request body: use a new key for a new request',
    description: 'A key names one request for 24 hours; the same key with another body is refused and nothing is created.',
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: HttpStatus.CONFLICT,
    message: 'A request with this Idempotency-Key is still being processed: retry in a moment',
    description: 'Another request with the same key has not finished within 10 seconds; retrying later returns its answer.',
  },
});
