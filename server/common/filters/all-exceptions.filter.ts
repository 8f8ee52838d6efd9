import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';

export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
}

/** Builds the one error shape every failing request answers with. */
export function errorBody(statusCode: number, message: string | string[]): ErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
}

/**
 * Turns every error into `{ statusCode, message, error }`. Anything that is not an
 * HttpException is logged and answered as a bare 500, so no stack trace or SQL text
 * ever reaches a client.
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
      if (typeof payload === 'string') {
        response.status(status).json(errorBody(status, payload));
        return;
      }
      // Our own exceptions may add a machine-readable `code` (e.g. WEBHOOK_NOT_CONFIGURED).
      const { message, code, ...extra } = payload as { message?: string | string[]; code?: string };
      const body = errorBody(status, message ?? exception.message);
      response.status(status).json(code === undefined ? body : { ...extra, ...body, code });
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const status = HttpStatus.INTERNAL_SERVER_ERROR;
    response.status(status).json(errorBody(status, 'Internal server error'));
  }
}
