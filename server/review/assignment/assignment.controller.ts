import { Body, Controller, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantQueueQueryDto, NextApplicantDto } from '../../applicants/dto/applicant-list.dto.js';
import { ApplicantAssignmentDto, AssignApplicantDto } from './assignment.dto.js';
import { ApplicantAssignments } from './applicant-assignments.js';
import { ReviewSla } from './review-sla.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../../applicants/applicants.errors.js';
import { ASSIGNMENT_ERRORS } from './assignment.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** Who works on which applicant: staff workflow (API keys do not reach these routes). */
@ApiTags('applicants')
@Controller('projects/:id/applicants')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Applicant not found' })
export class AssignmentController {
  constructor(
    private readonly assignments: ApplicantAssignments,
    private readonly sla: ReviewSla,
  ) {}

  @Post('next-unassigned')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({
    type: NextApplicantDto,
    description: 'The oldest applicant awaiting a decision that nobody holds, within the filters, now assigned to the caller; null when none is left',
  })
  @ApiBadRequestResponse({ description: 'A filter value is not valid' })
  @ApiOperation({
    summary: 'Take the next unassigned applicant',
    description:
      'Assigns the caller, with a lock (REVIEW_LOCK_MINUTES), the first applicant awaiting a decision (prechecked, queued or on hold, and submitted) that is unassigned or whose lock ended, within every filter of the list and its `search`; oldest submission first unless `orderBy` is given. A decided applicant is never handed out, whatever the filters. Audited as applicant.assigned (`via: next-unassigned`).',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(ASSIGNMENT_ERRORS, 'SLA_NOT_SET')
  async nextUnassigned(@CurrentUser() user: User, @Param('id') id: string, @Query() query: ApplicantQueueQueryDto): Promise<NextApplicantDto> {
    return this.assignments.nextUnassigned(user, id, query, await this.sla.forQuery(user, id, query));
  }

  @Post(':userId/open')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({
    type: ApplicantAssignmentDto,
    description: 'Who holds the case now: the caller (assigned, or their lock moved on), or the reviewer who already had it',
  })
  @ApiOperation({
    summary: 'Open an applicant for review',
    description:
      "Called when a reviewer opens a case. One awaiting a decision that is unassigned, or whose lock ended, is assigned to the caller with a lock of REVIEW_LOCK_MINUTES (applicant.assigned, `via: opened`); reopening one's own case moves the lock on (not audited); a case someone else holds is left with them and returned. A decided case is not assigned.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  open(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantAssignmentDto> {
    return this.assignments.open(user, id, userId);
  }

  @Post(':userId/assign')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantAssignmentDto, description: 'Assigned (applicant.assigned, with from/to), without a lock; version and updatedAt unchanged' })
  @ApiBadRequestResponse({ description: 'ASSIGNEE_NOT_MEMBER: userId is not a member of the organization' })
  @ApiOperation({
    summary: 'Assign an applicant',
    description:
      "Gives the applicant to one reviewer of the organization (recorded as applicant.assigned, with from and to); the applicant's version does not change.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(ASSIGNMENT_ERRORS, 'ASSIGNEE_NOT_MEMBER')
  assign(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: AssignApplicantDto,
  ): Promise<ApplicantAssignmentDto> {
    return this.assignments.assign(user, id, userId, body.userId);
  }

  @Post(':userId/unassign')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantAssignmentDto, description: 'Released (applicant.unassigned, with from)' })
  @ApiOperation({ summary: 'Unassign an applicant', description: 'Releases the applicant from its reviewer (recorded as applicant.unassigned).' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  unassign(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantAssignmentDto> {
    return this.assignments.unassign(user, id, userId);
  }
}
