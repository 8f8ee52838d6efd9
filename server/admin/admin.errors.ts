import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of administrator accounts, with its stable code. */
export const ADMIN_ERRORS = errorCatalogue('admin', {
  ADMIN_IDENTITY_TAKEN: { status: HttpStatus.CONFLICT, message: 'That username or e-mail address is already in use' },
});
