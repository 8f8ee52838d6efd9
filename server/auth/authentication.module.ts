import { Module } from '@nestjs/common';
import { CsrfMiddleware } from '../common/http/csrf.middleware.js';
import { SessionMiddleware } from '../sessions/session.middleware.js';
import { AuthenticationMiddleware } from './authentication.middleware.js';
import { CallerMiddleware } from './caller.middleware.js';

/** The caller's middleware, run on every /api/ request by the front door (common/http/front-door.ts). */
@Module({
  providers: [CsrfMiddleware, SessionMiddleware, AuthenticationMiddleware, CallerMiddleware],
  exports: [CallerMiddleware],
})
export class AuthenticationModule {}
