import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import { ACCESS_ERRORS } from '../access/access.errors.js';
import { SESSION_COOKIE } from './session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * GET routes that change something, checked like writes: the spec's GET /get-new-token
 * creates an applicant and a widget session. A link on another site (a top-level
 * navigation carries the SameSite=Lax cookie) cannot set the header, so it cannot make a
 * signed-in reviewer's browser create them.
 */
const CHANGING_GETS = new Set(['/api/get-new-token']);

/** The header our client sends on every call; a cross-site HTML form cannot set it. */
export const CSRF_HEADER = 'x-requested-with';

/** Whether the Cookie header carries a cookie of this name (whatever its value). */
export function carriesCookie(cookieHeader: string | undefined, name: string): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trimStart().startsWith(`${name}=`));
}

/** The origin's host, or undefined for anything that is not a URL (a garbage header is nobody's origin). */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for cookie-authenticated writes. A write that carries the session
 * cookie must carry the custom header, and if the browser names its Origin, it must
 * be ours — whatever else it carries (an Authorization or X-Payload-Digest header
 * proves nothing about who made the browser send it). A write without the session
 * cookie has no ambient credential a forged request could ride on, so it is not
 * checked: API keys, widget tokens and provider webhooks authenticate with headers.
 */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  private readonly allowedOrigins: Set<string>;

  constructor(@Inject(appConfig.KEY) env: AppConfig) {
    this.allowedOrigins = new Set([new URL(env.publicUrl).origin]);
  }

  use(req: Request, _res: Response, next: NextFunction): void {
    if ((SAFE_METHODS.has(req.method) && !CHANGING_GETS.has(req.path)) || !carriesCookie(req.headers.cookie, SESSION_COOKIE)) return next();
    const origin = req.headers.origin;
    const sameHost = origin !== undefined && origin !== 'null' && hostOf(origin) === req.headers.host;
    if (origin !== undefined && !sameHost && !this.allowedOrigins.has(origin)) {
      return next(ACCESS_ERRORS.error('CSRF_ORIGIN_REFUSED'));
    }
    if (!req.headers[CSRF_HEADER]) {
      return next(ACCESS_ERRORS.error('CSRF_HEADER_MISSING'));
    }
    next();
  }
}
