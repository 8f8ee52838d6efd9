import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AUTH_MESSAGES } from '../../../users/account.messages.js';

/** A base64url field of a credential: bounded so a huge body is a 400, not work. */
const B64 = 16_384;

export class PasskeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'The name the user gave it' })
  name: string;

  @ApiProperty({ description: 'The authenticator reported it synced to other devices' })
  backedUp: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'The last sign-in with it' })
  lastUsedAt: string | null;
}

export class PasskeyOptionsDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'WebAuthn options in their JSON form (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON), for @simplewebauthn/browser',
  })
  options: Record<string, unknown>;
}

/** The authenticator's answer, as PublicKeyCredential.toJSON() gives it (attestation or assertion fields). */
export class CredentialResponseDto {
  @ApiProperty()
  @IsString()
  @MaxLength(B64)
  clientDataJSON: string;

  @ApiPropertyOptional({ description: 'Registration' })
  @IsOptional()
  @IsString()
  @MaxLength(B64)
  attestationObject?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(B64)
  authenticatorData?: string;

  @ApiPropertyOptional({ description: 'Sign-in' })
  @IsOptional()
  @IsString()
  @MaxLength(B64)
  signature?: string;

  @ApiPropertyOptional({ description: 'Sign-in: the account id the passkey was made for' })
  @IsOptional()
  @IsString()
  @MaxLength(B64)
  userHandle?: string;

  @ApiPropertyOptional({ description: 'Registration' })
  @IsOptional()
  @IsString()
  @MaxLength(B64)
  publicKey?: string;

  @ApiPropertyOptional({ description: 'Registration' })
  @IsOptional()
  @IsInt()
  publicKeyAlgorithm?: number;

  @ApiPropertyOptional({ type: [String], description: 'Registration' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  transports?: string[];
}

export class PasskeyCredentialDto {
  @ApiProperty({ description: 'The credential id (base64url)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1400)
  id: string;

  @ApiProperty()
  @IsString()
  @MaxLength(1400)
  rawId: string;

  @ApiProperty({ enum: ['public-key'] })
  @IsIn(['public-key'])
  type: 'public-key';

  @ApiProperty({ type: CredentialResponseDto })
  @IsObject()
  @ValidateNested()
  @Type(() => CredentialResponseDto)
  response: CredentialResponseDto;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  clientExtensionResults: Record<string, unknown>;

  @ApiPropertyOptional({ enum: ['platform', 'cross-platform'] })
  @IsOptional()
  @IsIn(['platform', 'cross-platform'])
  authenticatorAttachment?: 'platform' | 'cross-platform';
}

export class RegisterPasskeyDto {
  @ApiProperty({ maxLength: 64, example: 'Work laptop' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: AUTH_MESSAGES.passkeyNameRequired })
  @IsNotEmpty({ message: AUTH_MESSAGES.passkeyNameRequired })
  @MaxLength(64, { message: AUTH_MESSAGES.passkeyNameRequired })
  name: string;

  @ApiProperty({ type: PasskeyCredentialDto })
  @IsObject()
  @ValidateNested()
  @Type(() => PasskeyCredentialDto)
  credential: PasskeyCredentialDto;
}

export class PasskeyAssertionDto {
  @ApiProperty({ type: PasskeyCredentialDto })
  @IsObject()
  @ValidateNested()
  @Type(() => PasskeyCredentialDto)
  credential: PasskeyCredentialDto;
}
