import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EMAIL_KEY_MAX, IdentityKeyFits } from '../../users/identity-key.js';

export class InviteMemberDto {
  @ApiProperty({
    example: 'jane',
    description: 'Username or e-mail address of the person to invite. The answer is the same whether or not it belongs to an account.',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty({ message: 'usernameOrEmail must not be empty' })
  @MaxLength(254)
  @IdentityKeyFits(EMAIL_KEY_MAX)
  usernameOrEmail: string;
}

export class MemberDto {
  @ApiProperty({ format: 'uuid' })
  userId: string;

  @ApiProperty()
  username: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: ['owner', 'member'] })
  role: 'owner' | 'member';

  @ApiProperty({ type: String, format: 'date-time', description: 'When the user joined (the organization creation for the owner)' })
  addedAt: Date;
}

/** An invitation as its organization's owner sees it: what they typed, never whom it reached. */
export class InvitationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: 'The username or e-mail address as the inviter typed it' })
  invitee: string;

  @ApiProperty({ type: String, nullable: true, description: 'Username of who sent it (null once that account is deleted)' })
  invitedBy: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time', description: 'After this the invitation can no longer be accepted' })
  expiresAt: Date;

  @ApiProperty({ description: 'Whether expiresAt has passed; invite again to send a fresh one' })
  expired: boolean;
}

/** An invitation as the invited account sees it. */
export class ReceivedInvitationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  organizationId: string;

  @ApiProperty()
  organizationName: string;

  @ApiProperty({ type: String, nullable: true, description: 'Username of who sent it (null once that account is deleted)' })
  invitedBy: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt: Date;
}

export class AcceptedInvitationDto {
  @ApiProperty({ format: 'uuid', description: 'The organization the caller is now a member of' })
  organizationId: string;
}
