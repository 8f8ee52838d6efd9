import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { RecentAuthentication } from '../../common/access/recent-authentication.decorator.js';
import { ApiBadRequestResponse, ApiBody, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAllowed } from '../../common/access/api-key-allowed.decorator.js';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantErasures } from './applicant-erasures.js';
import { ApplicantTombstoneDto, EraseApplicantDto } from './erasure.dto.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../../applicants/applicants.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';
import { ERASE_APPLICANT_EXAMPLE, TOMBSTONE_EXAMPLE } from '../../review/details/applicants.examples.js';

/** Erasure of an applicant (GDPR Art. 17) by the owner or an administrator, or the integrator's API key; its tombstone. */
@ApiTags('applicants')
@Controller('projects/:id/applicants')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Applicant not found' })
export class ApplicantErasureController {
  constructor(private readonly erasures: ApplicantErasures) {}

  @Delete(':userId')
  @RecentAuthentication()
  @HttpCode(HttpStatus.OK)
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'delete')
  @ApiOkResponse({
    type: ApplicantTombstoneDto,
    description: 'Identity data, photos, face data, checks, notes, webhook payload copies and the personal values of audit entries removed; the tombstone',
    example: TOMBSTONE_EXAMPLE,
  })
  @ApiBody({ type: EraseApplicantDto, examples: { 'data subject request': { value: ERASE_APPLICANT_EXAMPLE } } })
  @ApiBadRequestResponse({ description: 'No reason (3 to 500 characters), or confirmUserId is not the userId (ERASURE_NOT_CONFIRMED)' })
  @ApiForbiddenResponse({ description: 'APPLICANT_ERASURE_FORBIDDEN: neither the owner nor an administrator' })
  @ApiOperation({
    summary: 'Erase an applicant',
    description:
      'GDPR Art. 17: identity data, photos, selfie, face data, checks, notes, the webhook events kept for the applicant and the personal values of its audit entries are removed for good. Answers the tombstone. No webhook is sent.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'ERASURE_NOT_CONFIRMED', 'APPLICANT_ERASURE_FORBIDDEN', 'APPLICANT_ON_LEGAL_HOLD')
  erase(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: EraseApplicantDto): Promise<ApplicantTombstoneDto> {
    return this.erasures.erase(user, id, userId, body.reason, body.confirmUserId);
  }

  @Get(':userId/erasures')
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({
    type: [ApplicantTombstoneDto],
    description: 'The tombstones of applicants erased under this userId, newest first (none: an empty list)',
    example: [TOMBSTONE_EXAMPLE],
  })
  @ApiOperation({
    summary: "List an applicant's erasures",
    description: 'The tombstones (applicantId, erasedAt, erasedBy, reason) of applicants erased under this userId, newest first.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  tombstones(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantTombstoneDto[]> {
    return this.erasures.tombstones(user, id, userId);
  }
}
