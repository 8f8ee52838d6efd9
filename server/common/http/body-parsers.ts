import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import { errorBody, genericCode } from '../errors/app-error.js';

/** Largest JSON body accepted: a 5 MB image travels base64-encoded inside JSON. */
export const JSON_BODY_LIMIT = '8mb';

/**
 * Body-parser failures happen before Nest's router, so they get their own error
 * handler that answers in the API's error shape instead of Express's HTML page.
 */
const bodyErrorHandler: ErrorRequestHandler = (err: { type?: string; status?: number }, _req, res, next) => {
  if (err.type === 'entity.parse.failed') {
    res.status(400).json(errorBody(400, 'The request body is not valid JSON', 'MALFORMED_JSON'));
  } else if (err.type === 'entity.too.large') {
    res.status(413).json(errorBody(413, `The request body is too large (the limit is ${JSON_BODY_LIMIT.toUpperCase()})`, 'PAYLOAD_TOO_LARGE'));
  } else if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    res.status(err.status).json(errorBody(err.status, 'The request body could not be read', genericCode(err.status)));
  } else {
    next(err);
  }
};

/** A request whose JSON body is also kept as received, for signatures computed over the raw bytes. */
export type RawBodyRequest = Request & { rawBody?: Buffer };

export function installBodyParsers(app: Express): void {
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      // The parsed body and this reference share one buffer: no copy is made.
      verify: (req, _res, buffer) => {
        (req as RawBodyRequest).rawBody = buffer;
      },
    }),
  );
  app.use(bodyErrorHandler);
}
