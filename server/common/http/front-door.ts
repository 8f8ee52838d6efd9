import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/config.module.js';
import { inputReader } from './body-parsers.js';
import { logRequest } from './request-logger.js';
import { securityHeaders } from './security-headers.js';

/**
 * What every request passes before Nest's router, as one Express layer: the security
 * headers (and `Cache-Control: no-store` on /api), the request log, the body and the
 * input check, then for /api/ the caller (auth/authentication.module.ts: CSRF, session,
 * API key or session account). Express matches each layer against the path, and Nest's
 * route-scoped middleware runs path-to-regexp per request: one plain layer costs neither.
 */
export function frontDoor(
  env: Pick<AppConfig, 'publicUrl' | 'sumsub'>,
  caller: { use(req: Request, res: Response, next: NextFunction): void },
): RequestHandler {
  const setSecurityHeaders = securityHeaders(env);
  const readInput = inputReader();
  return (req, res, next) => {
    const path = req.path;
    setSecurityHeaders(path, res);
    logRequest(res);
    readInput(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      if (!path.startsWith('/api/')) return next();
      caller.use(req, res, next);
    });
  };
}
