import { ApiProperty } from '@nestjs/swagger';
import { ROLE_NAMES, type RoleName } from '../../config/role-name.js';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionAction, type PermissionResource } from '../../common/access/permissions.js';

export class UserImageDto {
  @ApiProperty({ description: "Where to load the picture: the user's own, or the default avatar", example: '/api/images/default' })
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

/** What the caller's role may do on one resource, as the stored permission matrix says now. */
export class GrantDto {
  @ApiProperty({ enum: PERMISSION_RESOURCES, enumName: 'PermissionResource' })
  resource: PermissionResource;

  @ApiProperty({ enum: PERMISSION_ACTIONS, enumName: 'PermissionAction', isArray: true })
  actions: PermissionAction[];
}

/** The signed-in account with what its role may do: the dashboard shows or hides actions by it (the server checks each request again). */
export class CurrentUserDto extends UserDto {
  @ApiProperty({
    type: [GrantDto],
    description: "Every resource of the permission matrix with the actions the caller's role holds on it now (none: an empty list)",
  })
  permissions: GrantDto[];
}
