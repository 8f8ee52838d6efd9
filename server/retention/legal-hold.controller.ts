import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { LegalHoldDto } from '../applicants/dto/legal-hold.dto.js';
import { LegalHoldRequestDto } from './legal-hold.dto.js';
import { LegalHolds } from './legal-holds.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** Legal hold of an applicant: exempt from the retention policy and from erasure while it lasts. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/legal-hold')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Applicant not found' })
@ApiForbiddenResponse({ description: 'APPLICANT_ERASURE_FORBIDDEN: neither the owner nor an administrator' })
@ApiBadRequestResponse({ description: 'No reason (3 to 500 characters)' })
export class LegalHoldController {
  constructor(private readonly holds: LegalHolds) {}

  @Put()
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: LegalHoldDto, description: 'Placed: retention and erasure skip the applicant until it is lifted' })
  @ApiConflictResponse({ description: 'LEGAL_HOLD_ALREADY_PLACED' })
  @ApiOperation({ summary: 'Place a legal hold', description: 'Keeps the applicant, with a reason: retention and erasure skip it until the hold is lifted.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_ERASURE_FORBIDDEN', 'LEGAL_HOLD_ALREADY_PLACED')
  place(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: LegalHoldRequestDto): Promise<LegalHoldDto> {
    return this.holds.place(user, id, userId, body.reason);
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Lifted: the retention policy applies again from its next run' })
  @ApiConflictResponse({ description: 'LEGAL_HOLD_NOT_PLACED' })
  @ApiOperation({
    summary: 'Lift a legal hold',
    description: "Ends the applicant's legal hold, with a reason: the retention policy applies again from its next run.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_ERASURE_FORBIDDEN', 'LEGAL_HOLD_NOT_PLACED')
  lift(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: LegalHoldRequestDto): Promise<void> {
    return this.holds.lift(user, id, userId, body.reason);
  }
}
