import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../../common/errors/app-error.js';

/** Every error of the accuracy report, with its stable code. */
export const ACCURACY_ERRORS = errorCatalogue('accuracy', {
  ACCURACY_REPORT_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    message: 'No accuracy report has been written on this instance yet: run npm run accuracy-report',
  },
});
