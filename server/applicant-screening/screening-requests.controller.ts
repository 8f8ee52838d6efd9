import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ScreeningRequestDto } from './screening-request.dto.js';
import { ScreeningRequests } from './screening-requests.js';
import { SCREENING_ERRORS } from './screening.errors.js';

/** A reviewer's "Screen now" on an applicant never screened against a sanctions list. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/screening')
export class ScreeningRequestsController {
  constructor(private readonly requests: ScreeningRequests) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RequirePermission('applicants', 'update')
  @ApiAcceptedResponse({ type: ScreeningRequestDto, description: 'The screening is queued (audited as applicant.screening_requested)' })
  @ApiOperation({
    summary: 'Screen an applicant now',
    description:
      'Screens a submitted applicant never screened against a sanctions list (no `sanctions-screening` check, or its last run found no list or could not run) against the lists in force. The analysis runners do it; the check replaces the last one when done.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(SCREENING_ERRORS, 'NO_SANCTIONS_LIST', 'SCREENING_NOT_SUBMITTED', 'ALREADY_SCREENED')
  request(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ScreeningRequestDto> {
    return this.requests.request(user, id, userId);
  }
}
