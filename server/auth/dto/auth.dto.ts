import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { USERNAME_PATTERN } from '../../users/username.js';
import { AUTH_MESSAGES } from '../../users/account.messages.js';
import { EMAIL_KEY_MAX, IdentityKeyFits } from '../../users/identity-key.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lowerCased = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** New passwords: 4 to 32 characters (spec §5, the reset form's rule, applied to every new password). */
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 32;

export class LoginDto {
  @ApiProperty({ description: 'Username or e-mail address', example: 'jane.doe' })
  @IsString({ message: AUTH_MESSAGES.usernameRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.usernameRequired })
  @MaxLength(254)
  username: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  @MaxLength(256)
  password: string;
}

export class RegisterDto {
  @ApiProperty({ example: 'jane@example.com' })
  @Transform(lowerCased)
  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(254, { message: AUTH_MESSAGES.emailInvalid })
  @IdentityKeyFits(EMAIL_KEY_MAX, { message: AUTH_MESSAGES.emailInvalid })
  email: string;

  @ApiProperty({ example: 'jane.doe', pattern: USERNAME_PATTERN.source })
  @Transform(trimmed)
  @IsString({ message: AUTH_MESSAGES.usernameFormat })
  @Matches(USERNAME_PATTERN, { message: AUTH_MESSAGES.usernameFormat })
  username: string;

  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @IsString({ message: AUTH_MESSAGES.passwordLength })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: AUTH_MESSAGES.passwordLength })
  password: string;
}

export class ChangeEmailDto {
  @ApiProperty({ format: 'password', description: 'The current password' })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  @MaxLength(256)
  password: string;

  @ApiProperty({ example: 'jane@example.com' })
  @Transform(lowerCased)
  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(254, { message: AUTH_MESSAGES.emailInvalid })
  @IdentityKeyFits(EMAIL_KEY_MAX, { message: AUTH_MESSAGES.emailInvalid })
  email: string;
}

export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired })
  @MaxLength(256)
  oldPassword: string;

  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @IsString({ message: AUTH_MESSAGES.passwordLength })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: AUTH_MESSAGES.passwordLength })
  newPassword: string;

  @ApiProperty({ format: 'password', description: 'Must equal newPassword' })
  @IsString({ message: AUTH_MESSAGES.passwordConfirmationMismatch })
  newPasswordConfirm: string;
}

/** The signed-in (or signing-in) account's own password, given again to confirm an action. */
export class PasswordConfirmationDto {
  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN })
  @IsString({ message: AUTH_MESSAGES.passwordRequired })
  @MinLength(PASSWORD_MIN, { message: AUTH_MESSAGES.wrongPassword })
  @MaxLength(256)
  password: string;
}

export class DeleteAccountDto extends PasswordConfirmationDto {}
