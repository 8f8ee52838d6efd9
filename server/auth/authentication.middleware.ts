import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { sha256 } from '../common/crypto.js';
import { apiKeyOf } from '../api-keys/api-key.js';
import { APP_SQL } from '../database/app-sql.module.js';
import { EntityRows, type SqlExecutor } from '../database/plain-sql.js';
import { User } from '../users/user.entity.js';
import { CallerReader } from './caller-reader.js';
import { markApiKeyCaller } from '../common/access/tenancy-reach.js';

/**
 * Identifies the caller: a secret API key in `Authorization: Bearer`, else the
 * session cookie. Whether the caller may go on is the AccessGuard's decision, from the
 * role's rights read here in the same statement as the account.
 */
@Injectable()
export class AuthenticationMiddleware implements NestMiddleware {
  private readonly callers: CallerReader;

  constructor(dataSource: DataSource, @Inject(APP_SQL) sql: SqlExecutor) {
    this.callers = new CallerReader(sql, new EntityRows(dataSource, User));
  }

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    try {
      const apiKey = apiKeyOf(req);
      if (apiKey) {
        const caller = await this.callers.byApiKeyHash(sha256(apiKey));
        if (caller && !caller.user.isDemo) {
          req.user = caller.user;
          req.rights = caller.rights;
          req.authMethod = 'api-key';
          markApiKeyCaller(caller.user);
        }
      } else if (req.session?.userId) {
        const caller = await this.callers.byId(req.session.userId);
        const validAfter = caller?.user.sessionsValidAfter ?? null;
        if (!caller || (validAfter !== null && (req.session.authenticatedAt ?? 0) < validAfter.getTime())) {
          await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        } else {
          req.user = caller.user;
          req.rights = caller.rights;
          req.authMethod = 'session';
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}
