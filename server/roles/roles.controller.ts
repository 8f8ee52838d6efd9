import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { ExactRole } from '../common/access/roles.decorator.js';
import { RoleDto, RoleNameDto, UpdateRolesDto } from './dto/role.dto.js';
import { RolesService } from './roles.service.js';
import { ROLE_ERRORS } from './roles.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

@ApiTags('roles')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequirePermission('roles', 'read')
  @ApiOkResponse({ type: [RoleDto], description: 'Every role with its permissions' })
  @ApiOperation({ summary: 'List roles', description: 'Every role with its permissions: the permission matrix.' })
  list(): Promise<RoleDto[]> {
    return this.roles.list();
  }

  @Get(':id')
  @ApiOkResponse({ type: RoleNameDto })
  @ApiOperation({ summary: 'Get a role', description: 'One role with the permissions the stored matrix gives it.' })
  @ApiErrors(ROLE_ERRORS, 'ROLE_NOT_FOUND')
  get(@Param('id') id: string): RoleNameDto {
    return this.roles.get(id);
  }

  @Put()
  @ExactRole('super-admin')
  @RequirePermission('roles', 'update')
  @ApiOkResponse({ type: [RoleDto], description: 'The saved matrix' })
  @ApiConflictResponse({ description: 'An entry was saved by someone else since it was read' })
  @ApiForbiddenResponse({ description: 'Only a super-admin may change permissions' })
  @ApiOperation({
    summary: 'Change the permission matrix',
    description: 'A super-admin saves the permission matrix; each entry carries the version it was read at, so that concurrent edits are refused.',
  })
  @ApiErrors(ROLE_ERRORS, 'PERMISSION_ENTRY_UNKNOWN', 'ROLE_VERSION_CONFLICT')
  replace(@Body() body: UpdateRolesDto): Promise<RoleDto[]> {
    return this.roles.replace(body.data);
  }
}
