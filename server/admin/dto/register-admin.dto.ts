import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, Matches, MaxLength } from 'class-validator';
import { USERNAME_PATTERN } from '../../users/username.js';
import { EMAIL_KEY_MAX, IdentityKeyFits } from '../../users/identity-key.js';

export class RegisterAdminDto {
  @ApiProperty({ example: 'jane.admin', description: '3–32 letters, digits, dots, dashes or underscores' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Matches(USERNAME_PATTERN, { message: 'username must be 3–32 letters, digits, dots, dashes or underscores' })
  username: string;

  @ApiProperty({ example: 'jane@example.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  @IdentityKeyFits(EMAIL_KEY_MAX)
  email: string;
}

export class AdminUserDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['admin'] }) role: string;
}
