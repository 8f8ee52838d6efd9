import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of sanctions list imports, with its stable code. */
export const SANCTIONS_ERRORS = errorCatalogue('sanctions', {
  SANCTIONS_LIST_INVALID: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: 'The list file could not be read',
    description:
      'The file is not one of the supported list formats, or is damaged; the message names the line or element. The previous version stays in force.',
  },
  SANCTIONS_LIST_FILE_MISSING: { status: HttpStatus.BAD_REQUEST, message: 'Attach the list file as the multipart field "file"' },
});
