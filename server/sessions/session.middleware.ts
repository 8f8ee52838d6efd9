import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { SESSION_COOKIE } from '../common/http/session-cookie.js';
import { carriesApiKey } from '../api-keys/api-key.js';
import { DatabaseSessionStore, SESSION_IDLE_MS } from './session.store.js';

export { SESSION_COOKIE };

/** express-session on the database store; the cookie is HttpOnly, SameSite=Lax and Secure behind TLS. */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;

  constructor(@Inject(appConfig.KEY) env: AppConfig, store: DatabaseSessionStore) {
    this.handler = session({
      name: SESSION_COOKIE,
      secret: env.appSecret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: env.trustProxy,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: env.publicUrl.startsWith('https://') ? 'auto' : false,
        maxAge: SESSION_IDLE_MS,
        path: '/',
      },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    // An API key is the whole credential: no session is created, loaded or touched for it.
    if (carriesApiKey(req)) return next();
    this.handler(req, res, next);
  }
}
