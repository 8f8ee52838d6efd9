import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isRoleName, roleRank } from './role-name.js';
import { ACCESS_ERRORS } from './access.errors.js';
import { API_KEY_ALLOWED } from './api-key-allowed.decorator.js';
import { NOT_DEMO } from './not-demo.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRED_PERMISSION, type RequiredPermission } from './require-permission.decorator.js';
import { ROLE_REQUIREMENT, type RoleRequirement } from './roles.decorator.js';

/**
 * Deny by default: every route needs a signed-in account unless marked @Public(); an
 * API key only reaches routes marked @ApiKeyAllowed(); then the role requirement,
 * demo restriction and stored permission are checked.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const user = request.user;
    if (!user) throw ACCESS_ERRORS.error('SIGN_IN_REQUIRED');
    if (request.authMethod === 'api-key' && !this.reflector.getAllAndOverride<boolean>(API_KEY_ALLOWED, targets)) {
      throw ACCESS_ERRORS.error('API_KEY_NOT_ALLOWED');
    }
    if (!isRoleName(user.role)) throw ACCESS_ERRORS.error('ROLE_UNKNOWN', `Unknown role '${user.role}'`);

    const roleRequirement = this.reflector.getAllAndOverride<RoleRequirement | undefined>(ROLE_REQUIREMENT, targets);
    if (roleRequirement) {
      const allowed = roleRequirement.exact
        ? user.role === roleRequirement.role
        : roleRank(user.role) >= roleRank(roleRequirement.role);
      if (!allowed) throw ACCESS_ERRORS.error('PERMISSION_DENIED');
    }

    const demoMessage = this.reflector.getAllAndOverride<string | undefined>(NOT_DEMO, targets);
    if (demoMessage && user.isDemo) throw ACCESS_ERRORS.error('DEMO_NOT_ALLOWED', demoMessage);

    const permission = this.reflector.getAllAndOverride<RequiredPermission | undefined>(REQUIRED_PERMISSION, targets);
    // The role's stored rights, read with the account in the same statement (AuthenticationMiddleware).
    if (permission && !request.rights?.[permission.resource]?.includes(permission.action)) {
      throw ACCESS_ERRORS.error('PERMISSION_DENIED');
    }
    return true;
  }
}
