import { Controller, Delete, Get, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { RecentAuthentication } from '../common/access/recent-authentication.decorator.js';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { MemberDto } from './dto/member.dto.js';
import { MembersService } from './members.service.js';
import { ORGANIZATION_ERRORS } from './organizations.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

@ApiTags('projects')
@Controller('projects/:id/members')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @RequirePermission('members', 'read')
  @ApiOkResponse({ type: [MemberDto], description: 'The owner first, then the members' })
  @ApiOperation({ summary: 'List members', description: "The organization's owner first, then its members with their roles." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  list(@CurrentUser() user: User, @Param('id') id: string): Promise<MemberDto[]> {
    return this.members.list(user, id);
  }

  @Delete(':userId')
  @RecentAuthentication()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('members', 'delete')
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiForbiddenResponse({ description: 'Only the owner (or a super-admin) removes others; a member may remove themselves' })
  @ApiConflictResponse({ description: 'The owner cannot be removed' })
  @ApiOperation({ summary: 'Remove a member', description: 'The owner removes a member; a member may remove themselves (leave).' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY', 'MEMBER_NOT_FOUND', 'OWNER_NOT_REMOVABLE')
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<void> {
    return this.members.remove(user, id, userId);
  }
}
