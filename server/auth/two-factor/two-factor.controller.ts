import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { RecentAuthentication } from '../../common/access/recent-authentication.decorator.js';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { NotDemo } from '../../common/access/not-demo.decorator.js';
import { AUTH_MESSAGES } from '../../users/account.messages.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { EnrolmentAllowed } from '../../common/access/enrolment-allowed.decorator.js';
import { UserPasskey } from '../passkeys/user-passkey.entity.js';
import { RecoveryCodesDto, AccountProofDto, TotpSetupDto, TwoFactorCodeDto, TwoFactorOverviewDto } from './dto/two-factor.dto.js';
import { TwoFactorRequirement } from './two-factor-requirement.js';
import { TwoFactorService } from './two-factor.service.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** The signed-in user's own authenticator app (session only: an API key cannot change how its owner signs in). */
@ApiTags('auth')
@Controller('auth/two-factor')
@EnrolmentAllowed()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly requirement: TwoFactorRequirement,
    @InjectRepository(UserPasskey) private readonly passkeys: Repository<UserPasskey>,
  ) {}

  @Get()
  @ApiOkResponse({ type: TwoFactorOverviewDto })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({
    summary: 'Read my two-factor status',
    description: 'Which second factors the signed-in account has, how many recovery codes are left, and whether a rule requires one.',
  })
  async status(@CurrentUser() user: User): Promise<TwoFactorOverviewDto> {
    const [status, methods, required] = await Promise.all([this.twoFactor.status(user), this.twoFactor.methods(user.id), this.requirement.applies(user)]);
    return { ...status, passkeys: await this.passkeys.countBy({ userId: user.id }), required, enrolmentRequired: required && methods.length === 0 };
  }

  @Post('totp')
  @RecentAuthentication()
  @NotDemo(AUTH_MESSAGES.disabledInDemo)
  @ApiCreatedResponse({ type: TotpSetupDto, description: 'A new secret and its QR code; nothing changes until confirmed' })
  @ApiConflictResponse({ description: AUTH_MESSAGES.totpAlreadyEnabled })
  @ApiForbiddenResponse({ description: "Demo accounts cannot ('Disabled in demo')" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({
    summary: 'Start setting up an authenticator app',
    description: 'A new secret and its QR code for an authenticator app; nothing changes until POST /api/auth/two-factor/totp/confirm.',
  })
  @ApiErrors(AUTH_ERRORS, 'TOTP_ALREADY_ENABLED')
  startSetup(@CurrentUser() user: User): Promise<TotpSetupDto> {
    return this.twoFactor.startSetup(user);
  }

  @Post('totp/confirm')
  @HttpCode(HttpStatus.OK)
  @NotDemo(AUTH_MESSAGES.disabledInDemo)
  @ApiOkResponse({ type: RecoveryCodesDto, description: 'The app now guards sign-in; the recovery codes are shown this once' })
  @ApiBadRequestResponse({ description: AUTH_MESSAGES.totpNotStarted })
  @ApiUnauthorizedResponse({ description: `Not signed in, or '${AUTH_MESSAGES.invalidTwoFactorCode}'` })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes' })
  @ApiOperation({
    summary: 'Confirm the authenticator app',
    description: 'Confirms the setup with a first code; the app then guards sign-in and the recovery codes are shown this once.',
  })
  @ApiErrors(AUTH_ERRORS, 'TOTP_NOT_STARTED', 'TOTP_ALREADY_ENABLED', 'INVALID_TWO_FACTOR_CODE', 'LOGIN_THROTTLED')
  confirm(@CurrentUser() user: User, @Body() dto: TwoFactorCodeDto, @Req() req: Request): Promise<RecoveryCodesDto> {
    return this.twoFactor.confirmSetup({ ip: req.ip }, user, dto.code);
  }

  @Delete('totp')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The authenticator app and the recovery codes are removed' })
  @ApiBadRequestResponse({ description: 'Wrong password, or no app set up' })
  @ApiUnauthorizedResponse({ description: `Not signed in, or '${AUTH_MESSAGES.invalidTwoFactorCode}'` })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes or passwords' })
  @ApiOperation({
    summary: 'Remove the authenticator app',
    description: 'Removes the authenticator app and the recovery codes after proving the account again (a code or the password).',
  })
  @ApiErrors(AUTH_ERRORS, 'TOTP_NOT_ENABLED', 'WRONG_PASSWORD', 'INVALID_TWO_FACTOR_CODE', 'LOGIN_THROTTLED')
  remove(@CurrentUser() user: User, @Body() dto: AccountProofDto, @Req() req: Request): Promise<void> {
    return this.twoFactor.remove({ ip: req.ip }, user, dto);
  }
}
