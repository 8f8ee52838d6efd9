import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { PRIVATE_NO_STORE } from '../../common/http/cache-control.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { DecisionLabels } from './decision-labels.service.js';
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
} from './decisions.dto.js';
import { Decisions } from './decisions.service.js';

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
  listLabels(@CurrentUser() user: User, @Param('id') id: string): Promise<DecisionLabelDto[]> {
    return this.labels.list(user, id);
  }

  @Post('decision-labels')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionLabelDto })
  @ApiBadRequestResponse({ description: 'A field is missing, too long, or the code is not like DOCUMENT_EXPIRED' })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'LABEL_CODE_TAKEN' })
  createLabel(@CurrentUser() user: User, @Param('id') id: string, @Body() body: DecisionLabelInputDto): Promise<DecisionLabelDto> {
    return this.labels.create(user, id, body);
  }

  @Put('decision-labels/:labelId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionLabelDto })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'LABEL_CODE_TAKEN' })
  updateLabel(@CurrentUser() user: User, @Param('id') id: string, @Param('labelId') labelId: string, @Body() body: DecisionLabelInputDto): Promise<DecisionLabelDto> {
    return this.labels.update(user, id, labelId, body);
  }

  @Delete('decision-labels/:labelId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionLabelDeletionDto, description: 'Deleted, or archived when a decision used it' })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
  removeLabel(@CurrentUser() user: User, @Param('id') id: string, @Param('labelId') labelId: string): Promise<DecisionLabelDeletionDto> {
    return this.labels.remove(user, id, labelId);
  }

  @Get('review-settings')
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ReviewSettingsDetailsDto })
  settings(@CurrentUser() user: User, @Param('id') id: string): Promise<ReviewSettingsDetailsDto> {
    return this.decisions.settings(user, id);
  }

  @Put('review-settings')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ReviewSettingsDetailsDto })
  @ApiForbiddenResponse({ description: 'MANAGERS_ONLY' })
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
  review(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantReviewStateDto> {
    return this.decisions.reviewState(user, id, userId);
  }

  @Post('decisions/:decisionId/undo')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'The applicant is back to what the decision replaced; its webhook was never sent' })
  @ApiForbiddenResponse({ description: 'UNDO_NOT_ALLOWED' })
  @ApiConflictResponse({ description: 'UNDO_WINDOW_OVER, DECISION_ALREADY_UNDONE or DECISION_SUPERSEDED' })
  undo(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('decisionId') decisionId: string): Promise<DecisionResultDto> {
    return this.decisions.undo(user, id, userId, decisionId);
  }

  @Post('pending-decision/:proposalId/confirm')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'The proposed decision is made, as the confirmer\'s, the proposer recorded' })
  @ApiForbiddenResponse({ description: 'SAME_REVIEWER: the proposer cannot confirm their own proposal' })
  confirm(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('proposalId') proposalId: string): Promise<DecisionResultDto> {
    return this.decisions.confirm(user, id, userId, proposalId);
  }

  @Post('pending-decision/:proposalId/decline')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'The proposal is dropped; the applicant stays as it was' })
  decline(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('proposalId') proposalId: string): Promise<DecisionResultDto> {
    return this.decisions.decline(user, id, userId, proposalId);
  }

  @Post('request-resubmission')
  @HttpCode(HttpStatus.OK)
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: DecisionResultDto, description: 'kycStatus pending for the one step; older links revoked; applicant.resubmission_requested sent' })
  @ApiBadRequestResponse({ description: 'Unknown step, a label of another kind, or a back side the document does not have' })
  @ApiConflictResponse({ description: 'NOT_SUBMITTED' })
  requestResubmission(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: ResubmissionRequestDto): Promise<DecisionResultDto> {
    return this.decisions.requestResubmission(user, id, userId, body);
  }

  @Get('earlier-images/:imageId')
  @RequirePermission('applicants', 'read')
  @Header('Cache-Control', PRIVATE_NO_STORE)
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'A photo replaced by a resubmission' })
  async earlierImage(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('imageId') imageId: string): Promise<StreamableFile> {
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
  get(@CurrentUser() user: User): Promise<ReviewerPreferencesDto> {
    return this.decisions.preferences(user);
  }

  @Put()
  @ApiOkResponse({ type: ReviewerPreferencesDto })
  save(@CurrentUser() user: User, @Body() body: ReviewerPreferencesDto): Promise<ReviewerPreferencesDto> {
    return this.decisions.savePreferences(user, body);
  }
}
