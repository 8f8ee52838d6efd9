import { ApiProperty } from '@nestjs/swagger';
import { ROLE_NAMES, type RoleName } from '../../config/role-name.js';

export class UserImageDto {
  @ApiProperty({ description: 'Where to load the picture: the user\'s own, or the default avatar', example: '/api/images/default' })
  url: string;

  @ApiProperty({ description: 'Whether the user uploaded a picture' })
  hasImage: boolean;
}

/** The signed-in account as the dashboard and integrators see it. */
export class UserDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'jane.doe' })
  username: string;

  @ApiProperty({ example: 'jane@example.com' })
  email: string;

  @ApiProperty({ type: UserImageDto })
  image: UserImageDto;

  @ApiProperty()
  isDemo: boolean;

  @ApiProperty()
  isConfirmed: boolean;

  @ApiProperty({ enum: ROLE_NAMES, enumName: 'RoleName' })
  role: RoleName;

  @ApiProperty({ type: String, nullable: true, description: 'Webhook URL receiving verification results', example: null })
  webhook: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Where the verification page sends the applicant afterwards', example: null })
  redirectUrl: string | null;
}
