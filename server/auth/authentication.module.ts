import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { CsrfMiddleware } from '../common/http/csrf.middleware.js';
import { SessionMiddleware } from '../sessions/session.middleware.js';
import { AuthenticationMiddleware } from './authentication.middleware.js';

/** On every request: CSRF defence, the session, then who the caller is (session or API key). */
@Module({
  providers: [AuthenticationMiddleware],
})
export class AuthenticationModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CsrfMiddleware, SessionMiddleware, AuthenticationMiddleware).forRoutes('{*path}');
  }
}
