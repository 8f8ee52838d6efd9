import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, errorBody, genericCode } from '../errors/app-error.js';
import { redactAddresses } from '../redact.js';

/**
 * Turns every error into `{ statusCode, message, error, code }`. Errors from a module's
 * catalogue keep their code; any other HttpException gets the generic code of its
 * status. Anything that is not an HttpException is logged and answered as a bare 500,
 * so no stack trace or SQL text ever reaches a client.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (exception instanceof AppError && exception.retryAfterSeconds !== undefined) {
        response.setHeader('Retry-After', String(exception.retryAfterSeconds));
      }
      if (typeof payload === 'string') {
        response.status(status).json(errorBody(status, payload, genericCode(status)));
        return;
      }
      const { message, code, ...extra } = payload as { message?: string | string[]; code?: string };
      response.status(status).json({ ...extra, ...errorBody(status, message ?? exception.message, code ?? genericCode(status)) });
      return;
    }
    this.logger.error(redactAddresses(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)));
    const status = HttpStatus.INTERNAL_SERVER_ERROR;
    response.status(status).json(errorBody(status, 'Internal server error', 'INTERNAL_ERROR'));
  }
}
