import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { RecentAuthentication } from '../../common/access/recent-authentication.decorator.js';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import { EnrolmentAllowed } from '../../common/access/enrolment-allowed.decorator.js';
import { NotDemo } from '../../common/access/not-demo.decorator.js';
import { AUTH_MESSAGES } from '../../users/account.messages.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { AccountProofDto } from '../two-factor/dto/two-factor.dto.js';
import { PasskeyDto, PasskeyOptionsDto, RegisterPasskeyDto } from './dto/passkey.dto.js';
import { PasskeysService } from './passkeys.service.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** The signed-in user's own passkeys (session only: an API key cannot change how its owner signs in). */
@ApiTags('auth')
@Controller('auth/passkeys')
@EnrolmentAllowed()
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @Get()
  @ApiOkResponse({ type: [PasskeyDto] })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({ summary: 'List my passkeys', description: 'The passkeys of the signed-in account, with their names and when they were last used.' })
  list(@CurrentUser() user: User): Promise<PasskeyDto[]> {
    return this.passkeys.list(user);
  }

  @Post('options')
  @RecentAuthentication()
  @HttpCode(HttpStatus.OK)
  @NotDemo(AUTH_MESSAGES.disabledInDemo)
  @ApiOkResponse({ type: PasskeyOptionsDto, description: 'Creation options for navigator.credentials.create(); the challenge is good once, for 5 minutes' })
  @ApiForbiddenResponse({ description: "Demo accounts cannot ('Disabled in demo')" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({
    summary: 'Start adding a passkey',
    description: 'Creation options for navigator.credentials.create(); the challenge is good once, for 5 minutes.',
  })
  async options(@CurrentUser() user: User): Promise<PasskeyOptionsDto> {
    return { options: { ...(await this.passkeys.registrationOptions(user)) } };
  }

  @Post()
  @NotDemo(AUTH_MESSAGES.disabledInDemo)
  @ApiCreatedResponse({ type: PasskeyDto, description: 'The passkey now signs in (alone, or as the second step after the password)' })
  @ApiBadRequestResponse({ description: 'PASSKEY_REGISTRATION_FAILED (wrong origin, bad attestation…) or PASSKEY_CHALLENGE_INVALID' })
  @ApiConflictResponse({ description: AUTH_MESSAGES.passkeyAlreadyRegistered })
  @ApiForbiddenResponse({ description: "Demo accounts cannot ('Disabled in demo')" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({
    summary: 'Add a passkey',
    description: 'Registers the new passkey from navigator.credentials.create(); it then signs in alone or as the second step after the password.',
  })
  @ApiErrors(AUTH_ERRORS, 'PASSKEY_REGISTRATION_FAILED', 'PASSKEY_CHALLENGE_INVALID', 'PASSKEY_ALREADY_REGISTERED')
  register(@CurrentUser() user: User, @Body() dto: RegisterPasskeyDto): Promise<PasskeyDto> {
    return this.passkeys.register(user, dto.name, dto.credential as unknown as RegistrationResponseJSON);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The passkey no longer signs in' })
  @ApiBadRequestResponse({ description: 'Wrong password' })
  @ApiNotFoundResponse({ description: AUTH_MESSAGES.passkeyNotFound })
  @ApiUnauthorizedResponse({ description: `Not signed in, or '${AUTH_MESSAGES.invalidTwoFactorCode}'` })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes or passwords' })
  @ApiOperation({ summary: 'Remove a passkey', description: 'Removes a passkey after proving the account again (an authenticator code or the password).' })
  @ApiErrors(AUTH_ERRORS, 'PASSKEY_NOT_FOUND', 'WRONG_PASSWORD', 'INVALID_TWO_FACTOR_CODE', 'LOGIN_THROTTLED')
  remove(@CurrentUser() user: User, @Param('id', new ParseUUIDPipe()) id: string, @Body() dto: AccountProofDto, @Req() req: Request): Promise<void> {
    return this.passkeys.remove({ ip: req.ip }, user, id, dto);
  }
}
