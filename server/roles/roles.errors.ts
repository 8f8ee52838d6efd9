import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of the permission matrix routes, with its stable code. */
export const ROLE_ERRORS = errorCatalogue('roles', {
  ROLE_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Unknown role' },
  PERMISSION_ENTRY_UNKNOWN: { status: HttpStatus.BAD_REQUEST, message: 'The permission matrix names an entry that does not exist' },
  ROLE_VERSION_CONFLICT: {
    status: HttpStatus.CONFLICT,
    message: 'The permissions were changed by someone else meanwhile. Reload them and try again.',
    description: 'PUT /roles with an entry whose `version` is not the stored one: nothing was saved.',
  },
});
