import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayUnique, IsArray, IsIn, IsInt, IsObject, IsUUID, Min, ValidateNested } from 'class-validator';
import { ROLE_NAMES, type RoleName } from '../../config/role-name.js';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type PermissionAction, type PermissionResource } from '../../common/access/permissions.js';

export class PermissionDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id: string;

  @ApiProperty({ enum: PERMISSION_RESOURCES })
  @IsIn(PERMISSION_RESOURCES)
  resource: PermissionResource;

  @ApiProperty({ enum: PERMISSION_ACTIONS, isArray: true })
  @IsArray()
  @ArrayUnique()
  @IsIn(PERMISSION_ACTIONS, { each: true })
  actions: PermissionAction[];

  @ApiProperty({ description: 'Optimistic-lock version; a stale one makes the save answer 409.' })
  @IsInt()
  @Min(1)
  version: number;
}

export class RoleDto {
  @ApiProperty({ enum: ROLE_NAMES })
  @IsIn(ROLE_NAMES)
  name: RoleName;

  @ApiProperty({ type: [PermissionDto] })
  @IsArray()
  // ValidateNested alone lets an array inside the array through ([[]]): each entry must be an object.
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PermissionDto)
  permissions: PermissionDto[];
}

export class RoleNameDto {
  @ApiProperty({ enum: ROLE_NAMES })
  name: RoleName;
}

export class UpdateRolesDto {
  @ApiProperty({ type: [RoleDto], description: 'The whole permission matrix' })
  @IsArray()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => RoleDto)
  data: RoleDto[];
}
