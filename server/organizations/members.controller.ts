import { Controller, Delete, Get, HttpCode, HttpStatus, Param } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { MemberDto } from './dto/member.dto.js';
import { MembersService } from './members.service.js';

@ApiTags('projects')
@Controller('projects/:id/members')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @RequirePermission('members', 'read')
  @ApiOkResponse({ type: [MemberDto], description: 'The owner first, then the members' })
  list(@CurrentUser() user: User, @Param('id') id: string): Promise<MemberDto[]> {
    return this.members.list(user, id);
  }

  @Delete(':userId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('members', 'delete')
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiForbiddenResponse({ description: 'Only the owner (or a super-admin) removes others; a member may remove themselves' })
  @ApiConflictResponse({ description: 'The owner cannot be removed' })
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<void> {
    return this.members.remove(user, id, userId);
  }
}
