import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { AUTH_MESSAGES } from '../../../users/account.messages.js';

export class TwoFactorStatusDto {
  @ApiProperty({ description: 'An authenticator app (TOTP) guards sign-in' })
  totpEnabled: boolean;

  @ApiProperty({ description: 'Recovery codes not used yet' })
  recoveryCodesLeft: number;
}

export class TotpSetupDto {
  @ApiProperty({ description: 'The base32 secret, for typing into the app by hand' })
  secret: string;

  @ApiProperty({ description: 'otpauth:// URI, the content of the QR code' })
  otpauthUrl: string;

  @ApiProperty({ description: 'The QR code as an SVG data URL' })
  qrCode: string;
}

export class TwoFactorCodeDto {
  @ApiProperty({ description: 'A 6-digit code from the authenticator app, or a recovery code', example: '123456' })
  @IsString({ message: AUTH_MESSAGES.invalidTwoFactorCode })
  @IsNotEmpty({ message: AUTH_MESSAGES.invalidTwoFactorCode })
  @MaxLength(32, { message: AUTH_MESSAGES.invalidTwoFactorCode })
  code: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Ten single-use recovery codes, shown this once' })
  recoveryCodes: string[];
}

export class RemoveTotpDto {
  @ApiPropertyOptional({ description: 'A current code from the authenticator app (or the password)' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  code?: string;

  @ApiPropertyOptional({ format: 'password', description: "The account's password (or a current code)" })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  password?: string;
}
