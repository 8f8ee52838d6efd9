import { Body, Controller, Delete, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../users/current-user.decorator.js';
import { NotDemo } from '../common/access/not-demo.decorator.js';
import { Public } from '../common/access/public.decorator.js';
import { UserDto } from '../users/dto/user.dto.js';
import { toUserDto } from '../users/user.mapper.js';
import type { User } from '../users/user.entity.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';
import { AuthService } from './auth.service.js';
import { ChangeEmailDto, ChangePasswordDto, DeleteAccountDto, LoginDto, RegisterDto } from './dto/auth.dto.js';
import { LocalAuthGuard } from './local-auth.guard.js';
import { endSession, pendingSecondFactorUser, startPendingSecondFactor, startSession } from '../sessions/session-lifecycle.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { TwoFactorCodeDto } from './two-factor/dto/two-factor.dto.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

/**
 * Sign-in, registration and the signed-in user's own credentials. These act on the
 * caller's own account only, so no entry of the permission matrix applies.
 */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Post('register')
  @Public()
  @ApiCreatedResponse({ type: UserDto, description: 'The new account, already signed in (session cookie set)' })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid' })
  @ApiConflictResponse({ description: 'The username or e-mail address is already taken' })
  async register(@Body() dto: RegisterDto, @Req() req: Request): Promise<UserDto> {
    const user = await this.auth.register(dto);
    await startSession(req, user.id);
    return toUserDto(user);
  }

  @Post('login')
  @Public()
  @UseGuards(LocalAuthGuard)
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({ type: UserDto, description: 'Signed in under a new session id (session cookie set)' })
  @ApiUnauthorizedResponse({
    description: `${AUTH_MESSAGES.invalidCredentials}; or TWO_FACTOR_REQUIRED: the password was right, methods lists totp and/or passkey; send the code to POST /auth/login/two-factor or a passkey to POST /auth/login/two-factor/passkey (the session cookie carries the pending step)`,
  })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for this username from this address' })
  async login(@Req() req: Request, @Body() _credentials: LoginDto): Promise<UserDto> {
    const user = req.user as User;
    const methods = await this.twoFactor.methods(user.id);
    if (methods.length > 0) {
      await startPendingSecondFactor(req, user.id);
      const message = methods.includes('totp') ? undefined : AUTH_MESSAGES.passkeyRequired;
      throw AUTH_ERRORS.error('TWO_FACTOR_REQUIRED', message, { methods });
    }
    await startSession(req, user.id);
    return toUserDto(user);
  }

  @Post('login/two-factor')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: UserDto, description: 'Signed in under a new session id (session cookie set)' })
  @ApiBadRequestResponse({ description: 'The code is missing' })
  @ApiUnauthorizedResponse({ description: `'${AUTH_MESSAGES.invalidTwoFactorCode}', or no password step pending` })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for this account from this address' })
  async loginSecondFactor(@Req() req: Request, @Body() dto: TwoFactorCodeDto): Promise<UserDto> {
    const userId = pendingSecondFactorUser(req);
    const user = userId ? await this.auth.findById(userId) : null;
    if (!user) throw AUTH_ERRORS.error('TWO_FACTOR_NOT_PENDING');
    await this.twoFactor.verifySignIn({ ip: req.ip }, user, dto.code);
    await startSession(req, user.id);
    return toUserDto(user);
  }

  @Post('logout')
  @Public()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The session is ended and its cookie cleared (a demo account is deleted)' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.onLogout(req.authMethod === 'session' ? req.user : undefined);
    await endSession(req, res);
  }

  @Delete('delete')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The account is deleted and every one of its sessions ended' })
  @ApiBadRequestResponse({ description: 'Wrong password' })
  @ApiConflictResponse({ description: 'The user still owns an organization' })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  async deleteAccount(
    @CurrentUser() user: User,
    @Body() dto: DeleteAccountDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.auth.deleteAccount({ ip: req.ip }, user, dto.password);
    if (req.authMethod === 'session') await endSession(req, res);
  }

  @Post('change-email')
  @HttpCode(HttpStatus.OK)
  @NotDemo(AUTH_MESSAGES.disabledInDemo)
  @ApiOkResponse({ type: UserDto, description: 'The account with its new, unconfirmed address; a confirmation link is sent there' })
  @ApiBadRequestResponse({ description: 'Wrong password or invalid address' })
  @ApiForbiddenResponse({ description: "Demo accounts cannot change their e-mail ('Disabled in demo')" })
  @ApiConflictResponse({ description: 'Another account uses this address' })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  changeEmail(@CurrentUser() user: User, @Body() dto: ChangeEmailDto, @Req() req: Request): Promise<UserDto> {
    return this.auth.changeEmail({ ip: req.ip }, user, dto);
  }

  @Post('change-password')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Password changed; every session of the account has ended, this one included' })
  @ApiBadRequestResponse({ description: "Wrong old password, or 'Your passwords confirmation does not match'" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  async changePassword(
    @CurrentUser() user: User,
    @Body() dto: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.auth.changePassword({ ip: req.ip }, user, dto);
    if (req.authMethod === 'session') await endSession(req, res);
  }
}
