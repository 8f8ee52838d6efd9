import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import { ACCESS_ERRORS } from '../access/access.errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The header our client sends on every call; a cross-site HTML form cannot set it. */
export const CSRF_HEADER = 'x-requested-with';

/**
 * CSRF defence for cookie-authenticated writes: a write without an Authorization
 * header must carry the custom header, and if the browser names its Origin, it must
 * be ours. Server-to-server callers (API key, widget token, provider webhooks)
 * authenticate with a header and are not exposed to CSRF.
 */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  private readonly allowedOrigins: Set<string>;

  constructor(@Inject(appConfig.KEY) env: AppConfig) {
    this.allowedOrigins = new Set([new URL(env.publicUrl).origin]);
  }

  use(req: Request, _res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method) || req.headers.authorization || req.headers['x-payload-digest']) return next();
    const origin = req.headers.origin;
    const sameHost = origin !== undefined && origin !== 'null' && new URL(origin).host === req.headers.host;
    if (origin !== undefined && !sameHost && !this.allowedOrigins.has(origin)) {
      return next(ACCESS_ERRORS.error('CSRF_ORIGIN_REFUSED'));
    }
    if (!req.headers[CSRF_HEADER]) {
      return next(ACCESS_ERRORS.error('CSRF_HEADER_MISSING'));
    }
    next();
  }
}
