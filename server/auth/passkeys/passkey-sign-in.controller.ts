import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import { Public } from '../../common/access/public.decorator.js';
import { pendingSecondFactor, startSession } from '../../sessions/session-lifecycle.js';
import { SecondFactorAttempts } from '../two-factor/second-factor-attempts.js';
import { AUTH_MESSAGES } from '../../users/account.messages.js';
import { UserDto } from '../../users/dto/user.dto.js';
import { toUserDto } from '../../users/user.mapper.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { PasskeyAssertionDto, PasskeyOptionsDto } from './dto/passkey.dto.js';
import { PasskeysService } from './passkeys.service.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';
import { ACCESS_ERRORS } from '../../common/access/access.errors.js';

const assertion = (dto: PasskeyAssertionDto) => dto.credential as unknown as AuthenticationResponseJSON;

/** Signing in with a passkey: alone (passwordless, discoverable credentials) or as the second step after the password. */
@ApiTags('auth')
@Controller('auth/login')
@Public()
export class PasskeySignInController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly guard: SecondFactorAttempts,
  ) {}

  @Post('passkey/options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    type: PasskeyOptionsDto,
    description: 'Request options for navigator.credentials.get() (no account named: the authenticator offers its passkeys)',
  })
  @ApiTooManyRequestsResponse({ description: 'More than 60 requests from this address in a minute' })
  @ApiOperation({
    summary: 'Passkey sign-in options',
    description: 'Request options for navigator.credentials.get() that name no account: the authenticator offers the passkeys it holds for this site.',
  })
  @ApiErrors(AUTH_ERRORS, 'LOGIN_THROTTLED')
  async passwordlessOptions(@Req() req: Request): Promise<PasskeyOptionsDto> {
    return { options: { ...(await this.passkeys.authenticationOptions({ ip: req.ip }, 'sign-in', null)) } };
  }

  @Post('passkey')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: UserDto, description: 'Signed in under a new session id (session cookie set)' })
  @ApiBadRequestResponse({ description: 'PASSKEY_CHALLENGE_INVALID: the challenge expired or was used; ask for new options' })
  @ApiUnauthorizedResponse({ description: AUTH_MESSAGES.passkeyNotAccepted })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for this account from this address' })
  @ApiOperation({
    summary: 'Sign in with a passkey',
    description: 'Signs in with a passkey alone: the assertion from navigator.credentials.get() for the options of POST /api/auth/login/passkey/options.',
  })
  @ApiErrors(AUTH_ERRORS, 'PASSKEY_CHALLENGE_INVALID', 'PASSKEY_NOT_ACCEPTED', 'LOGIN_THROTTLED', 'SECOND_FACTOR_LOCKED')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async passwordless(@Req() req: Request, @Body() dto: PasskeyAssertionDto): Promise<UserDto> {
    const user = await this.passkeys.authenticate({ ip: req.ip }, 'sign-in', null, assertion(dto));
    await startSession(req, user.id);
    return toUserDto(user);
  }

  @Post('two-factor/passkey/options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: PasskeyOptionsDto, description: "Request options listing the pending account's passkeys" })
  @ApiUnauthorizedResponse({ description: 'TWO_FACTOR_NOT_PENDING: no password step pending' })
  @ApiOperation({
    summary: 'Passkey options for the second step',
    description: 'Request options listing the passkeys of the account whose password step is pending.',
  })
  @ApiErrors(AUTH_ERRORS, 'TWO_FACTOR_NOT_PENDING')
  async secondFactorOptions(@Req() req: Request): Promise<PasskeyOptionsDto> {
    const pending = pendingSecondFactor(req);
    if (!pending) throw AUTH_ERRORS.error('TWO_FACTOR_NOT_PENDING');
    return { options: { ...(await this.passkeys.authenticationOptions({ ip: req.ip }, 'second-factor', pending.userId)) } };
  }

  @Post('two-factor/passkey')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: UserDto, description: 'Signed in under a new session id (session cookie set)' })
  @ApiBadRequestResponse({ description: 'PASSKEY_CHALLENGE_INVALID: the challenge expired or was used; ask for new options' })
  @ApiUnauthorizedResponse({ description: `TWO_FACTOR_NOT_PENDING, or '${AUTH_MESSAGES.passkeyNotAccepted}'` })
  @ApiForbiddenResponse({ description: 'SECOND_FACTOR_LOCKED: too many wrong second factors in a row' })
  @ApiOperation({
    summary: 'Sign in: a passkey as second step',
    description:
      'The second step of signing in with a passkey, after the password. Counted per account with the authenticator codes (5 failures end the pending step, 10 in a row lock the second factor).',
  })
  @ApiErrors(AUTH_ERRORS, 'TWO_FACTOR_NOT_PENDING', 'PASSKEY_CHALLENGE_INVALID', 'PASSKEY_NOT_ACCEPTED', 'SECOND_FACTOR_LOCKED')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async secondFactor(@Req() req: Request, @Body() dto: PasskeyAssertionDto): Promise<UserDto> {
    const pending = pendingSecondFactor(req);
    if (!pending) throw AUTH_ERRORS.error('TWO_FACTOR_NOT_PENDING');
    const user = await this.guard.pendingStep(req, pending, () => this.passkeys.authenticate({ ip: req.ip }, 'second-factor', pending, assertion(dto)));
    await startSession(req, user.id);
    return toUserDto(user);
  }
}
