import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ENROLMENT_ALLOWED } from '../../common/access/enrolment-allowed.decorator.js';
import { IS_PUBLIC } from '../../common/access/public.decorator.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { TwoFactorRequirement } from './two-factor-requirement.js';

/**
 * Required two-factor sign-in, enforced on the server: a session whose account a rule
 * binds and which has no second factor reaches only the routes marked @EnrolmentAllowed().
 * API keys are not sign-ins and are not bound (the integrator's server has no phone).
 */
@Injectable()
export class TwoFactorEnrolmentGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly requirement: TwoFactorRequirement,
  ) {}

  /** Answers at once unless a signed-in session must be checked (API keys and public routes never are). */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.user || request.authMethod !== 'session') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(ENROLMENT_ALLOWED, targets)) return true;
    return this.requirement.enrolmentDue(request.user).then((due) => {
      if (due) throw AUTH_ERRORS.error('TWO_FACTOR_ENROLMENT_REQUIRED');
      return true;
    });
  }
}
