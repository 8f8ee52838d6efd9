import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAllowed } from '../../common/access/api-key-allowed.decorator.js';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AuditEventPageDto } from '../../audit/dto/audit-event.dto.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { PRIVATE_NO_STORE } from '../../common/http/cache-control.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantReviewService } from './applicant-review.service.js';
import { ApplicantDetails } from './applicant-details.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import { ApplicantChangeDto, ApplicantDetailsDto } from './applicant-details.dto.js';
import { ApproveApplicantDto, DecisionResultDto } from '../decisions/decisions.dto.js';
import { Decisions } from '../decisions/decisions.js';
import { ApplicantPageDto, ApplicantQueueQueryDto, NextApplicantDto, NextApplicantQueryDto } from '../../applicants/dto/applicant-list.dto.js';
import { ApplicantExports } from '../export/applicant-exports.js';
import { ReviewSla } from '../assignment/review-sla.js';
import { ASSIGNMENT_ERRORS } from '../assignment/assignment.errors.js';
import { HoldApplicantDto, RejectApplicantDto } from '../decisions/decision.dto.js';
import { ResetApplicantDto } from './reset-applicant.dto.js';
import { UpdateApplicantDto } from './update-applicant.dto.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../../applicants/applicants.errors.js';
import { DECISION_ERRORS } from '../decisions/decisions.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';
import { APPLICANT_DETAILS_EXAMPLE, APPLICANT_PAGE_EXAMPLE } from './applicants.examples.js';

/** The applicants of one organization; every route is limited to its members (404 otherwise). */
@ApiTags('applicants')
@Controller('projects/:id/applicants')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Applicant not found' })
export class ApplicantsController {
  constructor(
    private readonly applicants: ApplicantsQueryService,
    private readonly applicantDetails: ApplicantDetails,
    private readonly review: ApplicantReviewService,
    private readonly decisions: Decisions,
    private readonly exports: ApplicantExports,
    private readonly sla: ReviewSla,
  ) {}

  @Get()
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ApplicantPageDto, example: APPLICANT_PAGE_EXAMPLE })
  @ApiBadRequestResponse({ description: 'A query value is out of range, orderBy is not a sortable column, or search is shorter than 3 characters' })
  @ApiOperation({
    summary: "List an organization's applicants",
    description:
      "The organization's applicants, filtered (status, review answer, flagged check, assignee, submission dates, document type, tag, notes, SLA breached), sorted and paged: the work queue.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'LIST_READ_TOO_SLOW')
  @ApiErrors(ASSIGNMENT_ERRORS, 'SLA_NOT_SET')
  async list(@CurrentUser() user: User, @Param('id') id: string, @Query() query: ApplicantQueueQueryDto): Promise<ApplicantPageDto> {
    return this.applicants.listInOrganization(user, id, query, await this.sla.forQuery(user, id, query));
  }

  @Get('next')
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: NextApplicantDto, description: 'The applicant after `after` in the same filters and order (approve & next)' })
  @ApiBadRequestResponse({ description: 'A filter value is not valid' })
  @ApiOperation({ summary: 'Find the next applicant', description: 'The applicant after `after` in the same filters and order: what "approve & next" opens.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'LIST_READ_TOO_SLOW')
  @ApiErrors(ASSIGNMENT_ERRORS, 'SLA_NOT_SET')
  async next(@CurrentUser() user: User, @Param('id') id: string, @Query() query: NextApplicantQueryDto): Promise<NextApplicantDto> {
    return this.applicants.next(user, id, query, await this.sla.forQuery(user, id, query));
  }

  @Get('export.csv')
  @RequirePermission('applicants', 'read')
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @ApiProduces('text/csv')
  @ApiOkResponse({
    schema: { type: 'string' },
    description: 'The filtered list as CSV, streamed; X-Total-Count gives the rows expected. Recorded as applicant.list_exported',
  })
  @ApiOperation({
    summary: 'Export applicants as CSV',
    description:
      'The filtered work-queue list as a CSV file, streamed; `X-Total-Count` gives the number of rows expected. Recorded as applicant.list_exported.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'LIST_READ_TOO_SLOW')
  @ApiErrors(ASSIGNMENT_ERRORS, 'SLA_NOT_SET')
  async exportCsv(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Query() query: ApplicantQueueQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { expectedRows, stream } = await this.exports.exportCsv(user, id, query);
    response.setHeader('X-Total-Count', String(expectedRows));
    response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
    return new StreamableFile(stream, { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="applicants.csv"' });
  }

  @Get(':userId')
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ApplicantDetailsDto, description: 'Recorded in the audit trail as applicant.viewed', example: APPLICANT_DETAILS_EXAMPLE })
  @ApiOperation({
    summary: 'Get an applicant',
    description:
      'Everything known about one applicant: identity data, document, images, review answer, checks summary, tags and assignee. Each read is recorded in the audit trail as applicant.viewed.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  details(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantDetailsDto> {
    return this.applicantDetails.details(user, id, userId);
  }

  @Put(':userId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantDetailsDto, description: 'The applicant after the edit' })
  @ApiBadRequestResponse({ description: 'A value is too long or not one of its select options' })
  @ApiOperation({
    summary: 'Edit an applicant',
    description:
      "Staff correct the applicant's data or set a status that is not a decision; the `applicant.updated` webhook is sent. Completed and on hold are decisions, made through approve, reject and hold (four-eyes, undo window, labels). Changing the identity of a completed applicant re-opens it: `kycStatus` queued, no review answer, and a decision still waiting out its undo window is not sent.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_CHANGED', 'STATUS_IS_A_DECISION')
  update(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: UpdateApplicantDto): Promise<ApplicantDetailsDto> {
    return this.review.update(user, id, userId, body);
  }

  @Post(':userId/reset')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'delete')
  @ApiOkResponse({ type: ApplicantChangeDto, description: 'Identity data, images and review answer cleared; kycStatus init' })
  @ApiOperation({
    summary: 'Reset an applicant',
    description:
      'Clears the identity data, images and review answer (`kycStatus` init) so that the end user starts again; older links end and the `applicant.reset` webhook is sent. The reviewer gives a reason (1–500 characters), kept in the audit entry and shown in the activity.',
  })
  @ApiBadRequestResponse({ description: 'The reason is missing, empty or longer than 500 characters' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_CHANGED')
  reset(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: ResetApplicantDto): Promise<ApplicantChangeDto> {
    return this.review.reset(user, id, userId, body.reason, body.version);
  }

  @Post(':userId/approve')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({
    type: DecisionResultDto,
    description: 'kycStatus completed, reviewAnswer approved (or, under the four-eyes rule, a proposal awaiting a second reviewer)',
  })
  @ApiOperation({
    summary: 'Approve an applicant',
    description:
      "Staff approve the verification: `kycStatus` completed, `reviewAnswer` approved, and the `applicant.decided` webhook is sent (after the undo window, if the organization has one). Under the four-eyes rule the approval is a proposal that a second reviewer confirms. Approving past the applicant's risks (`risk.risks` of GET …/review) needs `overrideReason`, kept in the audit entry and sent as the webhook's `data.decision` (`{ automatic: false, overrideReason, risks }`); if the policy says so (`secondReviewerForOverrides`) it is a proposal too.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_CHANGED')
  @ApiErrors(DECISION_ERRORS, 'DECISION_PENDING', 'OVERRIDE_REASON_REQUIRED')
  approve(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: ApproveApplicantDto): Promise<DecisionResultDto> {
    return this.decisions.decide(user, id, userId, { kind: 'approve', note: body.note, version: body.version, overrideReason: body.overrideReason });
  }

  @Post(':userId/reject')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({
    type: DecisionResultDto,
    description: "kycStatus completed, reviewAnswer rejected with the reason (the label's title when a label is given)",
  })
  @ApiBadRequestResponse({ description: 'Neither labelId nor reason and rejectType; a label of another kind or archived' })
  @ApiOperation({
    summary: 'Reject an applicant',
    description:
      'Staff reject the verification, finally or asking for a resubmission, with a reject label (or, as older integrations do, a reason and rejectType); the `applicant.decided` webhook is sent. Under the four-eyes rule it is a proposal.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_CHANGED')
  @ApiErrors(DECISION_ERRORS, 'DECISION_PENDING', 'REASON_OR_LABEL_REQUIRED', 'LABEL_NOT_FOUND', 'LABEL_ARCHIVED', 'LABEL_KIND_MISMATCH')
  reject(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: RejectApplicantDto): Promise<DecisionResultDto> {
    const { labelId, reason, rejectType, note, version } = body;
    return this.decisions.decide(user, id, userId, { kind: 'reject', labelId, reason, rejectType, note, version });
  }

  @Post(':userId/hold')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'kycStatus onHold' })
  @ApiOperation({
    summary: 'Put an applicant on hold',
    description: 'Staff put the verification on hold (`kycStatus` onHold) with a reason or a hold label; the `applicant.on_hold` webhook is sent.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_CHANGED')
  @ApiErrors(DECISION_ERRORS, 'DECISION_PENDING', 'REASON_OR_LABEL_REQUIRED', 'LABEL_NOT_FOUND', 'LABEL_ARCHIVED', 'LABEL_KIND_MISMATCH')
  hold(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: HoldApplicantDto): Promise<DecisionResultDto> {
    return this.decisions.decide(user, id, userId, {
      kind: 'hold',
      labelId: body.labelId,
      reason: body.reason || undefined,
      note: body.note,
      version: body.version,
    });
  }

  @Get(':userId/activity')
  @ApiKeyAllowed()
  @RequirePermission('audit', 'read')
  @ApiOkResponse({ type: AuditEventPageDto, description: "The applicant's audit trail, newest first" })
  @ApiOperation({
    summary: "Read an applicant's activity",
    description: "The applicant's audit trail, newest first: every step of the end user (with its session id and IP address) and every change by staff.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  activity(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Query() query: PageQueryDto): Promise<AuditEventPageDto> {
    return this.applicantDetails.activity(user, id, userId, query);
  }

  @Get(':userId/images/:imageId')
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'read')
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The image bytes, for members only' })
  @ApiOperation({
    summary: "Download an applicant's image",
    description: 'The bytes of one document photo or selfie of the applicant (`Cache-Control: private, no-store`).',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'IMAGE_NOT_FOUND')
  async image(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('imageId') imageId: string): Promise<StreamableFile> {
    const image = await this.applicants.image(user, id, userId, imageId);
    return new StreamableFile(image.data, { type: image.contentType, length: image.data.length, disposition: 'inline' });
  }
}
