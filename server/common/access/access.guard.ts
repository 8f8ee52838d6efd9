import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Clock } from '../clock.js';
import type { Request } from 'express';
import { isRoleName, roleRank } from '../../config/role-name.js';
import { ACCESS_ERRORS } from './access.errors.js';
import { API_KEY_ALLOWED } from './api-key-allowed.decorator.js';
import { NOT_DEMO } from './not-demo.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRED_PERMISSION, type RequiredPermission } from './require-permission.decorator.js';
import { ROLE_REQUIREMENT, type RoleRequirement } from './roles.decorator.js';
import { lastAuthenticatedAt, RECENT_AUTHENTICATION, RECENT_AUTHENTICATION_MS } from './recent-authentication.decorator.js';

/** A route's access requirements, as its decorators (on the handler or its controller) state them. */
interface RouteAccess {
  isPublic: boolean;
  apiKeyAllowed: boolean;
  role: RoleRequirement | undefined;
  demoMessage: string | undefined;
  permission: RequiredPermission | undefined;
  recentAuthentication: boolean;
}

/**
 * Deny by default: every route needs a signed-in account unless marked @Public(); an
 * API key only reaches routes marked @ApiKeyAllowed(); then the role requirement,
 * demo restriction and stored permission are checked, and a session on a
 * @RecentAuthentication() route must have proved its account within 5 minutes. A route's decorators are read once
 * and kept (metadata does not change after start).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly routes = new WeakMap<object, WeakMap<object, RouteAccess>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly clock: Clock,
  ) {}

  private accessOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byController = this.routes.get(handler);
    if (!byController) this.routes.set(handler, (byController = new WeakMap()));
    let access = byController.get(controller);
    if (!access) {
      const targets = [handler, controller];
      access = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true,
        apiKeyAllowed: this.reflector.getAllAndOverride<boolean>(API_KEY_ALLOWED, targets) === true,
        role: this.reflector.getAllAndOverride<RoleRequirement | undefined>(ROLE_REQUIREMENT, targets),
        demoMessage: this.reflector.getAllAndOverride<string | undefined>(NOT_DEMO, targets),
        permission: this.reflector.getAllAndOverride<RequiredPermission | undefined>(REQUIRED_PERMISSION, targets),
        recentAuthentication: this.reflector.getAllAndOverride<boolean>(RECENT_AUTHENTICATION, targets) === true,
      };
      byController.set(controller, access);
    }
    return access;
  }

  canActivate(context: ExecutionContext): boolean {
    const access = this.accessOf(context);
    if (access.isPublic) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const user = request.user;
    if (!user) throw ACCESS_ERRORS.error('SIGN_IN_REQUIRED');
    if (request.authMethod === 'api-key' && !access.apiKeyAllowed) throw ACCESS_ERRORS.error('API_KEY_NOT_ALLOWED');
    if (!isRoleName(user.role)) throw ACCESS_ERRORS.error('ROLE_UNKNOWN', `Unknown role '${user.role}'`);

    const roleRequirement = access.role;
    if (roleRequirement) {
      const allowed = roleRequirement.exact ? user.role === roleRequirement.role : roleRank(user.role) >= roleRank(roleRequirement.role);
      if (!allowed) throw ACCESS_ERRORS.error('PERMISSION_DENIED');
    }

    if (access.demoMessage && user.isDemo) throw ACCESS_ERRORS.error('DEMO_NOT_ALLOWED', access.demoMessage);

    // The role's stored rights, read with the account in the same statement (AuthenticationMiddleware).
    const permission = access.permission;
    if (permission && !request.rights?.[permission.resource]?.includes(permission.action)) {
      throw ACCESS_ERRORS.error('PERMISSION_DENIED');
    }

    if (
      access.recentAuthentication &&
      request.authMethod === 'session' &&
      this.clock.now().getTime() - lastAuthenticatedAt(request.session) > RECENT_AUTHENTICATION_MS
    ) {
      throw ACCESS_ERRORS.error('REAUTHENTICATION_REQUIRED');
    }
    return true;
  }
}
