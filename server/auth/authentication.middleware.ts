import { Injectable, type NestMiddleware } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import type { Repository } from 'typeorm';
import { sha256 } from '../common/crypto.js';
import { API_KEY_PREFIX } from '../api-keys/api-key.js';
import { User } from '../users/user.entity.js';

/**
 * Identifies the caller: a secret API key in `Authorization: Bearer`, else the
 * session cookie. Whether the caller may go on is the AccessGuard's decision.
 */
@Injectable()
export class AuthenticationMiddleware implements NestMiddleware {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    try {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (bearer?.startsWith(API_KEY_PREFIX)) {
        const user = await this.users.findOneBy({ apiKeyHash: sha256(bearer) });
        if (user && !user.isDemo) {
          req.user = user;
          req.authMethod = 'api-key';
        }
      } else if (req.session?.userId) {
        const user = await this.users.findOneBy({ id: req.session.userId });
        const revoked =
          !user ||
          (user.sessionsValidAfter !== null && (req.session.authenticatedAt ?? 0) < user.sessionsValidAfter.getTime());
        if (revoked) {
          await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        } else {
          req.user = user;
          req.authMethod = 'session';
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}
