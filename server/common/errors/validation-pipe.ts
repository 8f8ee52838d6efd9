import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { GENERIC_ERRORS } from './app-error.js';

/** Whitelisting validation whose 400 lists every problem in `message`, with the code VALIDATION_FAILED. */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  }

  override createExceptionFactory() {
    return (errors: ValidationError[] = []) => GENERIC_ERRORS.error('VALIDATION_FAILED', this.flattenValidationErrors(errors));
  }
}
