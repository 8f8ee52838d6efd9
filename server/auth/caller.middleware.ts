import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CsrfMiddleware } from '../common/http/csrf.middleware.js';
import { SessionMiddleware } from '../sessions/session.middleware.js';
import { AuthenticationMiddleware } from './authentication.middleware.js';

/**
 * CSRF defence, the session, then who the caller is (session or API key), in that order:
 * one middleware running the three, so a request is matched against one route layer
 * instead of three.
 */
@Injectable()
export class CallerMiddleware implements NestMiddleware {
  constructor(
    private readonly csrf: CsrfMiddleware,
    private readonly session: SessionMiddleware,
    private readonly authentication: AuthenticationMiddleware,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    this.csrf.use(req, res, (refused?: unknown) => {
      if (refused) return next(refused);
      this.session.use(req, res, (failed?: unknown) => (failed ? next(failed) : void this.authentication.use(req, res, next)));
    });
  }
}
