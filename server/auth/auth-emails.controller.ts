import { Body, Controller, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { Public } from '../common/access/public.decorator.js';
import type { User } from '../users/user.entity.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';
import { AuthEmailsService } from './auth-emails.service.js';
import { ConfirmEmailQuery, EmailedLinkDto, MessageDto, ResetPasswordDto, ResetPasswordStartQuery } from './dto/auth-emails.dto.js';
import { SecondFactorAttempts } from './two-factor/second-factor-attempts.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** The e-mailed links: password reset (also the invited admin's set-password link) and e-mail confirmation. */
@ApiTags('auth-emails')
@Controller('auth-emails')
export class AuthEmailsController {
  constructor(
    private readonly emails: AuthEmailsService,
    private readonly secondFactor: SecondFactorAttempts,
  ) {}

  @Post('reset-password/start')
  @Public()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: MessageDto, description: 'Always the same answer, whether or not the address has an account' })
  @ApiBadRequestResponse({ description: 'Not an e-mail address' })
  @ApiOperation({
    summary: 'Request a password reset',
    description: 'Sends a reset link to the address if an account uses it. The answer is the same whether or not it does.',
  })
  startPasswordReset(@Query() query: ResetPasswordStartQuery): MessageDto {
    this.emails.startPasswordReset(query.email);
    return { message: AUTH_MESSAGES.resetStarted };
  }

  @Post('reset-password/reset')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageDto, description: 'Password set; every session of the account has ended' })
  @ApiBadRequestResponse({ description: 'The link is invalid, expired or used, or the password is not 4 to 32 characters' })
  @ApiOperation({
    summary: 'Set a new password from a reset link',
    description: 'Sets the password with the token of a reset link; every session of the account ends.',
  })
  @ApiErrors(AUTH_ERRORS, 'LINK_INVALID', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_COMMON', 'PASSWORD_IS_IDENTITY')
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<MessageDto> {
    await this.emails.resetPassword(dto.user, dto.token, dto.password);
    return { message: AUTH_MESSAGES.passwordChanged };
  }

  @Post('confirm-email/start')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: MessageDto, description: "A confirmation link was sent to the account's address" })
  @ApiBadRequestResponse({ description: 'The address is already confirmed' })
  @ApiTooManyRequestsResponse({ description: 'Several confirmation e-mails were sent recently' })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({ summary: 'Send a confirmation e-mail', description: "Sends a new confirmation link to the signed-in account's address." })
  @ApiErrors(AUTH_ERRORS, 'EMAIL_ALREADY_CONFIRMED', 'CONFIRMATION_TOO_SOON')
  async startConfirmation(@CurrentUser() user: User): Promise<MessageDto> {
    await this.emails.startConfirmation(user);
    return { message: AUTH_MESSAGES.confirmationSent };
  }

  @Post('confirm-email/confirm')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageDto, description: 'The address is confirmed' })
  @ApiBadRequestResponse({ description: 'The link is invalid, expired or already used' })
  @ApiOperation({ summary: 'Confirm an e-mail address', description: "Confirms the account's e-mail address with the token from the confirmation link." })
  @ApiErrors(AUTH_ERRORS, 'LINK_INVALID')
  async confirmEmail(@Query() query: ConfirmEmailQuery): Promise<MessageDto> {
    await this.emails.confirmEmail(query.user, query.token);
    return { message: AUTH_MESSAGES.emailConfirmed };
  }

  @Post('unlock-second-factor')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: MessageDto, description: 'The authenticator app and passkeys of the account work again' })
  @ApiBadRequestResponse({ description: 'The link is invalid, expired or already used' })
  @ApiOperation({
    summary: 'Unlock the second factor from the e-mailed link',
    description:
      'After ten wrong second factors in a row the account holder is e-mailed a link (valid 24 hours); following it lets the authenticator app and passkeys sign in again.',
  })
  @ApiErrors(AUTH_ERRORS, 'LINK_INVALID')
  async unlockSecondFactor(@Body() dto: EmailedLinkDto): Promise<MessageDto> {
    await this.secondFactor.unlock(dto.user, dto.token);
    return { message: AUTH_MESSAGES.secondFactorUnlocked };
  }
}
