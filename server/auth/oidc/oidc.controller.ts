import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ACCESS_ERRORS } from '../../common/access/access.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';
import { UserDto } from '../../users/dto/user.dto.js';
import { toUserDto } from '../../users/user.mapper.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { PasswordConfirmationDto } from '../dto/auth.dto.js';
import type { Request, Response } from 'express';
import { Public } from '../../common/access/public.decorator.js';
import { AppError } from '../../common/errors/app-error.js';
import { sessionOf, startSession } from '../../sessions/session-lifecycle.js';
import { OidcProviderDto } from './dto/oidc-provider.dto.js';
import { OidcService } from './oidc.service.js';

/** Client routes the browser lands on: the dashboard, or the sign-in page naming what went wrong. */
const SIGNED_IN_PAGE = '/dashboard';
const refusedPage = (code: string) => `/login?sso_error=${encodeURIComponent(code)}`;
/** The sign-in page asking for the password of the account the provider's identity is to be linked to. */
const linkPage = (providerId: string) => `/login?sso_link=${encodeURIComponent(providerId)}`;

/**
 * Staff single sign-on with OpenID Connect. `start` and `callback` are browser
 * navigations, so they answer with redirects, never JSON: a refusal lands on the
 * sign-in page with its code (`/login?sso_error=OIDC_…`).
 */
@ApiTags('auth')
@Controller('auth/oidc')
export class OidcController {
  constructor(private readonly oidc: OidcService) {}

  @Get('providers')
  @Public()
  @ApiOkResponse({ type: [OidcProviderDto], description: 'The single sign-on providers the operator configured (OIDC_PROVIDERS); empty when none' })
  @ApiOperation({
    summary: 'List single sign-on providers',
    description: 'The single sign-on providers the operator configured (OIDC_PROVIDERS), for the sign-in page; empty when none.',
  })
  providers(): OidcProviderDto[] {
    return this.oidc.providers();
  }

  @Get(':provider/start')
  @Public()
  @ApiParam({ name: 'provider', description: 'A provider id from GET /api/auth/oidc/providers' })
  @ApiFoundResponse({ description: "Redirect to the provider's sign-in (state, nonce and PKCE verifier kept in the session), or to /login?sso_error=<code>" })
  @ApiOperation({
    summary: 'Single sign-on: start',
    description:
      "Redirects the browser to the provider's sign-in, keeping state, nonce and PKCE verifier in the session; an unknown provider redirects to /login?sso_error=OIDC_UNKNOWN_PROVIDER.",
  })
  async start(@Param('provider') providerId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    try {
      const session = sessionOf(req);
      const { url, pending } = await this.oidc.begin(req.ip, providerId);
      session.oidc = pending;
      await new Promise<void>((resolve, reject) => session.save((err) => (err ? reject(err) : resolve())));
      res.redirect(url);
    } catch (error) {
      res.redirect(refusedPage(refusalCode(error)));
    }
  }

  @Get(':provider/callback')
  @Public()
  @ApiParam({ name: 'provider', description: 'The provider the sign-in started with' })
  @ApiFoundResponse({
    description:
      'Signed in under a new session id and sent to /dashboard; sent to /login?sso_link=<provider> when a confirmed account must give its password before the link; or sent to /login?sso_error=<code>',
  })
  @ApiOperation({
    summary: "Single sign-on: the provider's answer",
    description:
      'Where the provider sends the browser back: signs in under a new session id and redirects to /dashboard. The first sign-in of an identity whose verified e-mail belongs to a confirmed account with a password redirects to /login?sso_link=<provider>, where that password links them (POST /api/auth/oidc/link). A refusal redirects to /login?sso_error=<code>.',
  })
  async callback(@Param('provider') providerId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    // One answer per started sign-in: the pending step is spent whatever happens next.
    const pending = req.session?.oidc;
    if (req.session) delete req.session.oidc;
    const query = new URL(req.originalUrl, 'http://callback.invalid').searchParams;
    try {
      const outcome = await this.oidc.complete(req.ip, providerId, pending, query);
      if (outcome.link) {
        const session = sessionOf(req);
        session.ssoLink = outcome.link;
        await new Promise<void>((resolve, reject) => session.save((err) => (err ? reject(err) : resolve())));
        res.redirect(linkPage(outcome.link.provider));
        return;
      }
      await startSession(req, outcome.user.id);
      res.redirect(SIGNED_IN_PAGE);
    } catch (error) {
      res.redirect(refusedPage(refusalCode(error)));
    }
  }

  @Post('link')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: UserDto, description: 'The identity is linked and the account signed in under a new session id (session cookie set)' })
  @ApiBadRequestResponse({ description: 'Wrong password' })
  @ApiUnauthorizedResponse({ description: 'No single sign-on waits in this browser for a password' })
  @ApiOperation({
    summary: 'Single sign-on: link with the password',
    description:
      "After /login?sso_link=<provider>: the account's password, given once, links the provider's identity to the account and signs in. Throttled with the account's sign-ins.",
  })
  @ApiErrors(AUTH_ERRORS, 'OIDC_LINK_NOT_PENDING', 'WRONG_PASSWORD', 'LOGIN_THROTTLED', 'OIDC_ACCOUNT_LINKED')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async link(@Req() req: Request, @Body() dto: PasswordConfirmationDto): Promise<UserDto> {
    const session = sessionOf(req);
    const user = await this.oidc.confirmLink(req.ip, session.ssoLink, dto.password);
    await startSession(req, user.id);
    return toUserDto(user);
  }
}

/** The OIDC_* code of a refusal; anything else (e.g. the database down) goes on to the exception filter. */
function refusalCode(error: unknown): string {
  if (error instanceof AppError && error.code.startsWith('OIDC_')) return error.code;
  throw error;
}
