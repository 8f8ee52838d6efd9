import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import { AUTH_MESSAGES } from '../../users/account.messages.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.dto.js';

export class ResetPasswordStartQuery {
  @ApiProperty({ example: 'jane@example.com' })
  @IsEmail({}, { message: AUTH_MESSAGES.emailInvalid })
  @MaxLength(254, { message: AUTH_MESSAGES.emailInvalid })
  email: string;
}

/** The two parameters of an e-mailed link. */
export class EmailedLinkDto {
  @ApiProperty({ format: 'uuid', description: 'The `user` parameter of the e-mailed link' })
  @IsString({ message: AUTH_MESSAGES.invalidLink })
  @MaxLength(64, { message: AUTH_MESSAGES.invalidLink })
  user: string;

  @ApiProperty({ description: 'The `token` parameter of the e-mailed link' })
  @IsString({ message: AUTH_MESSAGES.invalidLink })
  @MaxLength(256, { message: AUTH_MESSAGES.invalidLink })
  token: string;
}

export class ResetPasswordDto extends EmailedLinkDto {
  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @IsString({ message: AUTH_MESSAGES.passwordLength })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: AUTH_MESSAGES.passwordLength })
  password: string;
}

export class ConfirmEmailQuery {
  @ApiProperty({ description: 'The `token` parameter of the e-mailed link' })
  @IsString({ message: AUTH_MESSAGES.invalidLink })
  @MaxLength(256, { message: AUTH_MESSAGES.invalidLink })
  token: string;

  @ApiProperty({ format: 'uuid', description: 'The `user` parameter of the e-mailed link' })
  @IsString({ message: AUTH_MESSAGES.invalidLink })
  @MaxLength(64, { message: AUTH_MESSAGES.invalidLink })
  user: string;
}

export class MessageDto {
  @ApiProperty()
  message: string;
}
