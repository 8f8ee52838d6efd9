import { ApiProperty } from '@nestjs/swagger';

/** What a new password must be, for the forms' hints and checks. */
export class PasswordPolicyDto {
  @ApiProperty({ type: 'integer', minimum: 4, maximum: 32, example: 8, description: 'Shortest new password (PASSWORD_MIN_LENGTH)' })
  minLength: number;

  @ApiProperty({ type: 'integer', example: 32 })
  maxLength: number;

  @ApiProperty({ description: 'Common passwords (a bundled list) and the username or e-mail address are refused' })
  rejectsCommonPasswords: boolean;
}
