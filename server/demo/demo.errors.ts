import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of demo accounts, with its stable code. */
export const DEMO_ERRORS = errorCatalogue('demo', {
  DEMO_LIMIT_REACHED: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    message: 'Too many demo accounts were created from your network. Try again later, or sign up for a free account.',
    description: 'DEMO_ACCOUNTS_PER_HOUR reached for this address; `message` says how long to wait.',
  },
});
