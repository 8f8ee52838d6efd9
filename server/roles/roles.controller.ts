import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { ExactRole } from '../common/access/roles.decorator.js';
import { RoleDto, RoleNameDto, UpdateRolesDto } from './dto/role.dto.js';
import { RolesService } from './roles.service.js';

@ApiTags('roles')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequirePermission('roles', 'read')
  @ApiOkResponse({ type: [RoleDto], description: 'Every role with its permissions' })
  list(): Promise<RoleDto[]> {
    return this.roles.list();
  }

  @Get(':id')
  @ApiOkResponse({ type: RoleNameDto })
  get(@Param('id') id: string): RoleNameDto {
    return this.roles.get(id);
  }

  @Put()
  @ExactRole('super-admin')
  @RequirePermission('roles', 'update')
  @ApiOkResponse({ type: [RoleDto], description: 'The saved matrix' })
  @ApiConflictResponse({ description: 'An entry was saved by someone else since it was read' })
  @ApiForbiddenResponse({ description: 'Only a super-admin may change permissions' })
  replace(@Body() body: UpdateRolesDto): Promise<RoleDto[]> {
    return this.roles.replace(body.data);
  }
}
