import { ApiProperty } from '@nestjs/swagger';

export class ActiveSessionDto {
  @ApiProperty({ description: 'Opaque id of the session (for revoking it), not the cookie value' })
  id: string;

  @ApiProperty({ example: 'Firefox on Windows', description: 'Browser and system, from the User-Agent at sign-in' })
  device: string;

  @ApiProperty({ nullable: true, type: String, description: 'Address at sign-in' })
  ip: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', description: 'Last request, to the minute the idle timeout allows' })
  lastSeenAt: string;

  @ApiProperty({ description: 'The session of this browser' })
  current: boolean;
}
