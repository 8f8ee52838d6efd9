import { Controller, Get, Param } from '@nestjs/common';
import { ApiKeyAllowed } from '../../common/access/api-key-allowed.decorator.js';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantStatsService } from './applicant-stats.service.js';
import { OrganizationStatsDto } from './organization-stats.dto.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** GET /api/projects/:id/stats: the organization dashboard's figures, all counted over its applicants. */
@ApiTags('projects')
@Controller('projects/:id/stats')
export class OrganizationStatsController {
  constructor(private readonly stats: ApplicantStatsService) {}

  @Get()
  @ApiKeyAllowed()
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: OrganizationStatsDto })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: "Read an organization's figures",
    description: 'How many applicants the organization has in each status, and the review figures of the dashboard.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<OrganizationStatsDto> {
    return this.stats.stats(user, id);
  }
}
