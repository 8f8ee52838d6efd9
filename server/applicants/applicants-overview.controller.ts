import { Controller, Get, Query } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import { ApplicantPageDto, ApplicantsOverviewQueryDto } from './dto/applicant-list.dto.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { APPLICANT_ERRORS } from './applicants.errors.js';

/**
 * The spec's generic GET /applicants: applicants across every organization the
 * caller may see. Per-applicant routes live under /projects/:id/applicants, since a
 * userId is only unique within one organization.
 */
@ApiTags('applicants')
@Controller('applicants')
export class ApplicantsOverviewController {
  constructor(private readonly applicants: ApplicantsQueryService) {}

  @Get()
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ApplicantPageDto })
  @ApiBadRequestResponse({ description: 'A query value is out of range, orderBy is not a sortable column, or search is shorter than 3 characters' })
  @ApiNotFoundResponse({ description: 'organizationId names an organization the caller may not see' })
  @ApiOperation({
    summary: 'List applicants across organizations',
    description:
      "The applicants of every organization the caller can see (or of one, with `organizationId`), filtered, sorted and paged like an organization's list.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'LIST_READ_TOO_SLOW')
  list(@CurrentUser() user: User, @Query() query: ApplicantsOverviewQueryDto): Promise<ApplicantPageDto> {
    return this.applicants.listAcrossOrganizations(user, query);
  }
}
