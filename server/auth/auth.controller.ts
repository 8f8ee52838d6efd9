import { Body, Controller, Delete, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
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
import { endSession, pendingSecondFactor, sessionOf, startPendingSecondFactor, startSession } from '../sessions/session-lifecycle.js';
import { SecondFactorAttempts } from './two-factor/second-factor-attempts.js';
import { Clock } from '../common/clock.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { AccountProofDto, TwoFactorCodeDto } from './two-factor/dto/two-factor.dto.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { USER_ERRORS } from '../users/users.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { ACCESS_ERRORS } from '../common/access/access.errors.js';

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
    private readonly guard: SecondFactorAttempts,
    private readonly clock: Clock,
  ) {}

  @Post('register')
  @Public()
  @ApiCreatedResponse({ type: UserDto, description: 'The new account, already signed in (session cookie set)' })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid' })
  @ApiConflictResponse({ description: 'The username or e-mail address is already taken' })
  @ApiOperation({
    summary: 'Create an account',
    description: 'Creates a staff account and signs it in (session cookie set); a confirmation link is sent to its address.',
  })
  @ApiErrors(USER_ERRORS, 'USERNAME_TAKEN')
  @ApiErrors(AUTH_ERRORS, 'EMAIL_TAKEN', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_COMMON', 'PASSWORD_IS_IDENTITY')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async register(@Body() dto: RegisterDto, @Req() req: Request): Promise<UserDto> {
    sessionOf(req); // refused before the account is created
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
  @ApiOperation({
    summary: 'Sign in',
    description:
      'Signs in with a username (or e-mail address) and password and sets the session cookie under a new session id. When the account has a second factor, answers 401 TWO_FACTOR_REQUIRED with the methods to continue.',
  })
  @ApiErrors(AUTH_ERRORS, 'INVALID_CREDENTIALS', 'TWO_FACTOR_REQUIRED', 'LOGIN_THROTTLED')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async login(@Req() req: Request, @Body() _credentials: LoginDto): Promise<UserDto> {
    const user = req.user as User;
    const methods = await this.twoFactor.methods(user.id);
    if (methods.length > 0) {
      await startPendingSecondFactor(req, user.id, user.secondFactorFailures);
      const message = methods.includes('totp') ? undefined : AUTH_MESSAGES.passkeyRequired;
      throw AUTH_ERRORS.error('TWO_FACTOR_REQUIRED', message, { methods, locked: user.secondFactorLockedAt !== null });
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
  @ApiForbiddenResponse({ description: `SECOND_FACTOR_LOCKED: '${AUTH_MESSAGES.secondFactorLocked}'` })
  @ApiOperation({
    summary: 'Sign in: the authenticator code',
    description:
      "The second step of signing in: the authenticator app's code, or a recovery code, after the password. Wrong codes are counted per account: after 5 the pending step ends (sign in with the password again), after 10 in a row the authenticator app and passkeys lock until a recovery code is used or the e-mailed unlock link followed.",
  })
  @ApiErrors(AUTH_ERRORS, 'TWO_FACTOR_NOT_PENDING', 'INVALID_TWO_FACTOR_CODE', 'SECOND_FACTOR_LOCKED')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async loginSecondFactor(@Req() req: Request, @Body() dto: TwoFactorCodeDto): Promise<UserDto> {
    const pending = pendingSecondFactor(req);
    const user = pending ? await this.auth.findById(pending.userId) : null;
    if (!pending || !user) throw AUTH_ERRORS.error('TWO_FACTOR_NOT_PENDING');
    await this.guard.pendingStep(req, pending, () => this.twoFactor.verifySignIn(user, dto.code, pending.failuresBaseline));
    await startSession(req, user.id);
    return toUserDto(user);
  }

  @Post('reauthenticate')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The session counts as freshly authenticated for 5 minutes' })
  @ApiBadRequestResponse({ description: 'Wrong password' })
  @ApiUnauthorizedResponse({ description: `Not signed in, or '${AUTH_MESSAGES.invalidTwoFactorCode}'` })
  @ApiOperation({
    summary: 'Confirm it is me',
    description:
      'Proves the signed-in person holds the account again (the password, or a current code of the authenticator app) before a destructive or credential-changing request, which answers 403 REAUTHENTICATION_REQUIRED without one in the last 5 minutes. An account with neither signs in again instead.',
  })
  @ApiErrors(AUTH_ERRORS, 'WRONG_PASSWORD', 'INVALID_TWO_FACTOR_CODE', 'SECOND_FACTOR_LOCKED', 'LOGIN_THROTTLED')
  @ApiErrors(ACCESS_ERRORS, 'API_KEY_CANNOT_SIGN_IN')
  async reauthenticate(@CurrentUser() user: User, @Body() dto: AccountProofDto, @Req() req: Request): Promise<void> {
    const session = sessionOf(req);
    await this.twoFactor.verifyProof({ ip: req.ip }, user, dto);
    session.reauthenticatedAt = this.clock.now().getTime();
    await new Promise<void>((resolve, reject) => session.save((err) => (err ? reject(err) : resolve())));
  }

  @Post('logout')
  @Public()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The session is ended and its cookie cleared (a demo account is deleted)' })
  @ApiOperation({ summary: 'Sign out', description: 'Ends the session and clears its cookie (a demo account is deleted).' })
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
  @ApiOperation({
    summary: 'Delete my account',
    description:
      'Deletes the signed-in account after checking its password and ends all its sessions. An account that owns an organization must delete it or hand it over first.',
  })
  @ApiErrors(AUTH_ERRORS, 'WRONG_PASSWORD', 'ACCOUNT_OWNS_ORGANIZATION', 'LAST_SUPER_ADMIN')
  async deleteAccount(@CurrentUser() user: User, @Body() dto: DeleteAccountDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
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
  @ApiOperation({
    summary: 'Change my e-mail address',
    description: "Changes the signed-in account's address after checking its password; the new address is unconfirmed and a confirmation link is sent there.",
  })
  @ApiErrors(AUTH_ERRORS, 'WRONG_PASSWORD', 'EMAIL_UNCHANGED', 'EMAIL_TAKEN')
  changeEmail(@CurrentUser() user: User, @Body() dto: ChangeEmailDto, @Req() req: Request): Promise<UserDto> {
    return this.auth.changeEmail({ ip: req.ip }, user, dto);
  }

  @Post('change-password')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Password changed; every session of the account has ended, this one included' })
  @ApiBadRequestResponse({ description: "Wrong old password, or 'Your passwords confirmation does not match'" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({
    summary: 'Change my password',
    description: "Changes the signed-in account's password after checking the old one; every session of the account ends, this one included.",
  })
  @ApiErrors(AUTH_ERRORS, 'WRONG_PASSWORD', 'PASSWORD_CONFIRMATION_MISMATCH', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_COMMON', 'PASSWORD_IS_IDENTITY')
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
