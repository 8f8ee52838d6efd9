import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class AddMemberDto {
  @ApiProperty({ example: 'jane', description: 'Username or e-mail address of an existing account' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty({ message: 'usernameOrEmail must not be empty' })
  @MaxLength(254)
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
