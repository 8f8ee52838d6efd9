import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { invalidToken } from './kyc.errors.js';
import { WidgetTokenService, type WidgetTokenClaims } from './widget-token.service.js';

type WidgetRequest = Request & { widget?: WidgetTokenClaims };

/** Widget routes: `Authorization: Bearer kyc_wt_…`, else the widget's `invalid-token` error. */
@Injectable()
export class WidgetTokenGuard implements CanActivate {
  constructor(private readonly tokens: WidgetTokenService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<WidgetRequest>();
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = this.tokens.verify(bearer);
    if (!claims) throw invalidToken();
    request.widget = claims;
    return true;
  }
}

/** The claims of the verified widget token. */
export const WidgetClaims = createParamDecorator(
  (_data: unknown, context: ExecutionContext): WidgetTokenClaims => context.switchToHttp().getRequest<WidgetRequest>().widget!,
);
