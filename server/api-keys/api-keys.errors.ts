import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of the API-key routes, with its stable code. */
export const API_KEY_ERRORS = errorCatalogue('api-keys', {
  API_KEY_UNREADABLE: {
    status: HttpStatus.CONFLICT,
    message: 'Your API key can no longer be shown (the server secret changed); regenerate it to get a new one',
  },
});

export const API_KEYS_NOT_FOR_DEMO = 'API keys are not available for demo accounts';
