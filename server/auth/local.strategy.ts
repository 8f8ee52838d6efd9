import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { User } from '../users/user.entity.js';
import { AuthService } from './auth.service.js';

/** passport-local: `username` (or the e-mail address) and `password` from the JSON body. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(req: Request, username: string, password: string): Promise<User> {
    return this.auth.validateCredentials({ ip: req.ip }, String(username), String(password));
  }
}
