import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ApplicantCheckDto } from '../applicants/dto/applicant-check.dto.js';
import { ReviewScreeningHitDto } from './hit-review.dto.js';
import { ScreeningReviews } from './screening-reviews.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** A reviewer's verdict on one sanctions hit of the applicant. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/screening-reviews')
export class ScreeningReviewsController {
  constructor(private readonly reviews: ScreeningReviews) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantCheckDto, description: 'The `sanctions-screening` check with the review applied (audited)' })
  @ApiNotFoundResponse({ description: 'APPLICANT_NOT_FOUND, or SCREENING_HIT_NOT_FOUND: the check has no such hit' })
  @ApiOperation({
    summary: 'Review a sanctions hit',
    description: 'A reviewer marks one hit of the `sanctions-screening` check as a true or a false match, with a note (audited).',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'SCREENING_HIT_NOT_FOUND')
  review(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: ReviewScreeningHitDto): Promise<ApplicantCheckDto> {
    return this.reviews.review(user, id, userId, body);
  }
}
