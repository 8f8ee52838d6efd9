import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post, Put, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { PRIVATE_NO_STORE } from '../../common/http/cache-control.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { DecisionLabels } from './decision-labels.js';
import {
  ApplicantReviewStateDto,
  DecisionLabelDeletionDto,
  DecisionLabelDto,
  DecisionLabelInputDto,
  DecisionResultDto,
  ResubmissionRequestDto,
  ReviewerPreferencesDto,
  ReviewSettingsDetailsDto,
  ReviewSettingsDto,
  ConfirmProposalDto,
} from './decisions.dto.js';
import { Decisions } from './decisions.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../../applicants/applicants.errors.js';
import { DECISION_ERRORS } from './decisions.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** An organization's decision labels and review settings (four-eyes). */
@ApiTags('projects')
@Controller('projects/:id')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
export class ReviewSettingsController {
  constructor(
    private readonly labels: DecisionLabels,
    private readonly decisions: Decisions,
  ) {}

  @Get('decision-labels')
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [DecisionLabelDto], description: 'Every label, archived ones included (the defaults are seeded on first read)' })
  @ApiOperation({
    summary: 'List decision labels',
    description: 'Every decision label of the organization, archived ones included; the defaults are created on the first read.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  listLabels(@CurrentUser() user: User, @Param('id') id: string): Promise<DecisionLabelDto[]> {
    return this.labels.list(user, id);
  }

  @Post('decision-labels')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionLabelDto })
  @ApiBadRequestResponse({ description: 'A field is missing, too long, or the code is not like DOCUMENT_EXPIRED' })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'LABEL_CODE_TAKEN' })
  @ApiOperation({
    summary: 'Create a decision label',
    description:
      'A new reject, hold or resubmission label for the organization: a machine code (sent in webhooks as `data.label`), a title, and the text the end user sees.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'MANAGERS_ONLY', 'LABEL_CODE_TAKEN')
  createLabel(@CurrentUser() user: User, @Param('id') id: string, @Body() body: DecisionLabelInputDto): Promise<DecisionLabelDto> {
    return this.labels.create(user, id, body);
  }

  @Put('decision-labels/:labelId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionLabelDto })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'LABEL_CODE_TAKEN' })
  @ApiOperation({ summary: 'Change a decision label', description: "Changes a label's code, title or end-user text, or archives it." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'MANAGERS_ONLY', 'LABEL_NOT_FOUND', 'LABEL_CODE_TAKEN')
  updateLabel(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('labelId') labelId: string,
    @Body() body: DecisionLabelInputDto,
  ): Promise<DecisionLabelDto> {
    return this.labels.update(user, id, labelId, body);
  }

  @Delete('decision-labels/:labelId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionLabelDeletionDto, description: 'Deleted, or archived when a decision used it' })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  @ApiOperation({ summary: 'Delete a decision label', description: 'Deletes a label, or archives it when a decision already used it.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'MANAGERS_ONLY', 'LABEL_NOT_FOUND')
  removeLabel(@CurrentUser() user: User, @Param('id') id: string, @Param('labelId') labelId: string): Promise<DecisionLabelDeletionDto> {
    return this.labels.remove(user, id, labelId);
  }

  @Get('review-settings')
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ReviewSettingsDetailsDto })
  @ApiOperation({ summary: 'Read the review settings', description: "The organization's undo window and four-eyes rule." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  settings(@CurrentUser() user: User, @Param('id') id: string): Promise<ReviewSettingsDetailsDto> {
    return this.decisions.settings(user, id);
  }

  @Put('review-settings')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ReviewSettingsDetailsDto })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  @ApiOperation({
    summary: 'Change the review settings',
    description: 'The owner or an administrator sets the undo window and the four-eyes rule of the organization.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'MANAGERS_ONLY')
  saveSettings(@CurrentUser() user: User, @Param('id') id: string, @Body() body: ReviewSettingsDto): Promise<ReviewSettingsDetailsDto> {
    return this.decisions.saveSettings(user, id, body);
  }
}

/** Undo, four-eyes confirmation and one-step resubmission on an applicant; staff sessions only. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Applicant not found' })
export class ApplicantDecisionsController {
  constructor(private readonly decisions: Decisions) {}

  @Get('review')
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ApplicantReviewStateDto })
  @ApiOperation({
    summary: 'Read the review state of an applicant',
    description:
      'What the decision dock shows: the pending four-eyes proposal, the decisions that can still be undone within the undo window, and the resubmission in progress.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  review(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantReviewStateDto> {
    return this.decisions.reviewState(user, id, userId);
  }

  @Post('decisions/:decisionId/undo')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'The applicant is back to what the decision replaced; its webhook was never sent' })
  @ApiForbiddenResponse({ description: 'UNDO_NOT_ALLOWED' })
  @ApiConflictResponse({ description: 'UNDO_WINDOW_OVER, DECISION_ALREADY_UNDONE or DECISION_SUPERSEDED' })
  @ApiOperation({
    summary: 'Undo a decision',
    description:
      "Within the organization's undo window, puts the applicant back to what the decision replaced. The decision's webhook is held back during the window, so an undone decision is never announced.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'DECISION_NOT_FOUND', 'UNDO_NOT_ALLOWED', 'UNDO_WINDOW_OVER', 'DECISION_ALREADY_UNDONE', 'DECISION_SUPERSEDED')
  undo(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Param('decisionId') decisionId: string,
  ): Promise<DecisionResultDto> {
    return this.decisions.undo(user, id, userId, decisionId);
  }

  @Post('pending-decision/:proposalId/confirm')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: "The proposed decision is made, as the confirmer's, the proposer recorded" })
  @ApiForbiddenResponse({ description: 'SAME_REVIEWER: the proposer cannot confirm their own proposal' })
  @ApiOperation({
    summary: 'Confirm a proposed decision',
    description:
      "Four-eyes: a second reviewer confirms the decision another reviewer proposed. It is made as the confirmer's, with the proposer recorded, and its webhook is sent. An approval past the applicant's risks keeps the proposer's override reason; `overrideReason` gives one when the proposal has none (a risk that appeared after it).",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'PROPOSAL_NOT_FOUND', 'SAME_REVIEWER', 'OVERRIDE_REASON_REQUIRED')
  confirm(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Param('proposalId') proposalId: string,
    @Body() body: ConfirmProposalDto,
  ): Promise<DecisionResultDto> {
    return this.decisions.confirm(user, id, userId, proposalId, body.overrideReason);
  }

  @Post('pending-decision/:proposalId/decline')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'The proposal is dropped; the applicant stays as it was' })
  @ApiOperation({
    summary: 'Decline a proposed decision',
    description: 'Four-eyes: a second reviewer drops the proposed decision; the applicant stays as it was and nothing is sent.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'PROPOSAL_NOT_FOUND')
  decline(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Param('proposalId') proposalId: string,
  ): Promise<DecisionResultDto> {
    return this.decisions.decline(user, id, userId, proposalId);
  }

  @Post('request-resubmission')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'kycStatus pending for the one step; older links revoked; applicant.resubmission_requested sent' })
  @ApiBadRequestResponse({ description: 'Unknown step, a label of another kind, or a back side the document does not have' })
  @ApiConflictResponse({ description: 'NOT_SUBMITTED' })
  @ApiOperation({
    summary: 'Ask the end user to redo one step',
    description:
      'Sends the applicant back to the verification page for one step only (document front, back, selfie or personal data), with a resubmission label saying why. Older links are revoked; the `applicant.resubmission_requested` webhook is sent.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'APPLICANT_CHANGED')
  @ApiErrors(DECISION_ERRORS, 'NOT_SUBMITTED', 'STEP_NOT_APPLICABLE', 'FIELDS_NEED_PERSONAL_DATA', 'LABEL_NOT_FOUND', 'LABEL_ARCHIVED', 'LABEL_KIND_MISMATCH')
  requestResubmission(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: ResubmissionRequestDto,
  ): Promise<DecisionResultDto> {
    return this.decisions.requestResubmission(user, id, userId, body);
  }

  @Get('earlier-images/:imageId')
  @RequirePermission('applicants', 'read')
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'A photo replaced by a resubmission' })
  @ApiOperation({
    summary: 'Download a replaced photo',
    description: 'The bytes of a document photo or selfie that a resubmission replaced, kept so that the reviewer can compare the old and the new one.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND', 'IMAGE_NOT_FOUND')
  async earlierImage(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Param('imageId') imageId: string,
  ): Promise<StreamableFile> {
    const image = await this.decisions.earlierImage(user, id, userId, imageId);
    return new StreamableFile(image.data, { type: image.contentType, length: image.data.length, disposition: 'inline' });
  }
}

/** The signed-in reviewer's own decision preferences. */
@ApiTags('users')
@Controller('users/me/reviewer-preferences')
export class ReviewerPreferencesController {
  constructor(private readonly decisions: Decisions) {}

  @Get()
  @ApiOkResponse({ type: ReviewerPreferencesDto })
  @ApiOperation({
    summary: 'Read my reviewer preferences',
    description: "The signed-in reviewer's work-queue choices: the columns shown and the list's default order.",
  })
  get(@CurrentUser() user: User): Promise<ReviewerPreferencesDto> {
    return this.decisions.preferences(user);
  }

  @Put()
  @ApiOkResponse({ type: ReviewerPreferencesDto })
  @ApiOperation({ summary: 'Save my reviewer preferences', description: "Replaces the signed-in reviewer's work-queue choices (columns and default order)." })
  save(@CurrentUser() user: User, @Body() body: ReviewerPreferencesDto): Promise<ReviewerPreferencesDto> {
    return this.decisions.savePreferences(user, body);
  }
}
