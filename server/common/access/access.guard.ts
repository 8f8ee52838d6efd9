import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { isRoleName, roleRank } from './role-name.js';
import { PermissionChecker } from './permission-checker.js';
import { NOT_DEMO } from './not-demo.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRED_PERMISSION, type RequiredPermission } from './require-permission.decorator.js';
import { ROLE_REQUIREMENT, type RoleRequirement } from './roles.decorator.js';

export const NO_PERMISSION_MESSAGE = "You currently don't have permission to do this";

/**
 * Deny by default: every route needs a signed-in account unless marked @Public();
 * then its role requirement, demo restriction and stored permission are checked.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionChecker,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const user = context.switchToHttp().getRequest<Request>().user;
    if (!user) throw new UnauthorizedException('You need to sign in to do this');
    if (!isRoleName(user.role)) throw new ForbiddenException(`Unknown role '${user.role}'`);

    const roleRequirement = this.reflector.getAllAndOverride<RoleRequirement | undefined>(ROLE_REQUIREMENT, targets);
    if (roleRequirement) {
      const allowed = roleRequirement.exact
        ? user.role === roleRequirement.role
        : roleRank(user.role) >= roleRank(roleRequirement.role);
      if (!allowed) throw new ForbiddenException(NO_PERMISSION_MESSAGE);
    }

    const demoMessage = this.reflector.getAllAndOverride<string | undefined>(NOT_DEMO, targets);
    if (demoMessage && user.isDemo) throw new ForbiddenException(demoMessage);

    const permission = this.reflector.getAllAndOverride<RequiredPermission | undefined>(REQUIRED_PERMISSION, targets);
    if (permission && !(await this.permissions.can(user.role, permission.resource, permission.action))) {
      throw new ForbiddenException(NO_PERMISSION_MESSAGE);
    }
    return true;
  }
}
