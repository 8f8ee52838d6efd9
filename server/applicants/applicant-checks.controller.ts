import { Controller, Get, Param } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import { ApplicantCheckDto } from './dto/applicant-check.dto.js';

/** The automatic checks of the applicant's last submission, for the reviewer. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/checks')
export class ApplicantChecksController {
  constructor(private readonly applicants: ApplicantsQueryService) {}

  @Get()
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [ApplicantCheckDto] })
  list(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantCheckDto[]> {
    return this.applicants.checks(user, id, userId);
  }
}
