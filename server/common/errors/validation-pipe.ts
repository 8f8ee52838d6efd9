import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { handCheck } from '../validation/hand-checked-query.js';
import { GENERIC_ERRORS } from './app-error.js';

/**
 * Whitelisting validation whose 400 lists every problem in `message`, with the code
 * VALIDATION_FAILED. A hot list's plainly valid query is built by its hand checks
 * (common/validation/hand-checked-query.ts) without class-transformer and class-validator.
 */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const checked = metadata.type === 'query' ? handCheck(metadata.metatype, value) : undefined;
    return checked ? Promise.resolve(checked) : super.transform(value, metadata);
  }

  override createExceptionFactory() {
    return (errors: ValidationError[] = []) => GENERIC_ERRORS.error('VALIDATION_FAILED', this.flattenValidationErrors(errors));
  }
}
