import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { TWO_FACTOR_SCOPES, type TwoFactorScope } from '../two-factor-policy.entity.js';
import { AUTH_MESSAGES } from '../../../users/account.messages.js';

export class TwoFactorStatusDto {
  @ApiProperty({ description: 'An authenticator app (TOTP) guards sign-in' })
  totpEnabled: boolean;

  @ApiProperty({ description: 'Recovery codes not used yet' })
  recoveryCodesLeft: number;
}

export class TwoFactorOverviewDto extends TwoFactorStatusDto {
  @ApiProperty({ description: 'Passkeys of the account' })
  passkeys: number;

  @ApiProperty({ description: 'A platform or organization rule requires two-factor sign-in of this account' })
  required: boolean;

  @ApiProperty({ description: 'Required and none set up: every route but enrolment answers 403 TWO_FACTOR_ENROLMENT_REQUIRED' })
  enrolmentRequired: boolean;
}

export class TwoFactorPolicyInputDto {
  @ApiProperty({
    enum: TWO_FACTOR_SCOPES,
    description: 'Whose sign-in needs a second factor: nobody platform-wide, administrators (admin, super-admin), or every account',
  })
  @IsIn(TWO_FACTOR_SCOPES)
  requiredFor: TwoFactorScope;
}

export class TwoFactorPolicyDto extends TwoFactorPolicyInputDto {
  @ApiProperty({ type: String, nullable: true })
  updatedByName: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
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

/** Proof that the signed-in person holds the account: a current code of the authenticator app, or the password. */
export class AccountProofDto {
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
