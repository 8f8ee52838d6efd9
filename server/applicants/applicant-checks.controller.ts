import { Controller, Get, Param } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import { ApplicantCheckDto } from './dto/applicant-check.dto.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from './applicants.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** The automatic checks of the applicant's last submission, for the reviewer. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/checks')
export class ApplicantChecksController {
  constructor(private readonly applicants: ApplicantsQueryService) {}

  @Get()
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [ApplicantCheckDto] })
  @ApiOperation({
    summary: 'List the checks of an applicant',
    description:
      'Every automatic check of the applicant (document not expired, age, duplicate document, document read, data matches document, face match, sanctions screening…) with its verdict (`passed`, `failed`, `needs-review`, `unavailable`), score and evidence.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  list(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantCheckDto[]> {
    return this.applicants.checks(user, id, userId);
  }
}
