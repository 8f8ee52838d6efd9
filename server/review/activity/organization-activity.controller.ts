import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { OrganizationActivityPageDto, OrganizationActivityQueryDto } from './organization-activity.dto.js';
import { OrganizationActivity } from './organization-activity.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

@ApiTags('projects')
@Controller('projects/:id/activity')
export class OrganizationActivityController {
  constructor(private readonly activity: OrganizationActivity) {}

  @Get()
  @RequirePermission('audit', 'read')
  @ApiOkResponse({ type: OrganizationActivityPageDto, description: "The organization's audit trail, newest first" })
  @ApiBadRequestResponse({ description: 'A filter is malformed (actorId not a uuid, action unknown, from/to not ISO 8601 dates)' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) sees the whole trail' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: "Read the organization's activity",
    description:
      "The organization's audit trail, newest first, filtered by who, what and when: what the Activity screen shows. Only the owner (or a super-admin) sees the whole trail.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  list(@CurrentUser() user: User, @Param('id') id: string, @Query() query: OrganizationActivityQueryDto): Promise<OrganizationActivityPageDto> {
    return this.activity.list(user, id, query);
  }
}
