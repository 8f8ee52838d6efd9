import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantNoteDto, NoteInputDto } from './notes.dto.js';
import { ApplicantNotes } from './applicant-notes.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../../applicants/applicants.errors.js';
import { DECISION_ERRORS } from '../decisions/decisions.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** Internal notes on an applicant: staff sessions only (API keys are refused), never sent anywhere. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/notes')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), Applicant or Note not found' })
export class ApplicantNotesController {
  constructor(private readonly notes: ApplicantNotes) {}

  @Get()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [ApplicantNoteDto], description: 'Newest first' })
  @ApiOperation({ summary: 'List notes', description: 'The internal notes on the applicant, newest first.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  list(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantNoteDto[]> {
    return this.notes.list(user, id, userId);
  }

  @Post()
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantNoteDto })
  @ApiBadRequestResponse({ description: 'Empty, or longer than 4000 characters' })
  @ApiOperation({ summary: 'Add a note', description: "An internal note on the applicant, for the organization's staff only (audited)." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  add(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Body() body: NoteInputDto): Promise<ApplicantNoteDto> {
    return this.notes.add(user, id, userId, body.text);
  }

  @Put(':noteId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantNoteDto })
  @ApiForbiddenResponse({ description: 'NOTE_LOCKED: only its author, within 15 minutes' })
  @ApiOperation({ summary: 'Edit a note', description: 'Changes a note; only its author may, within 15 minutes of writing it.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'NOTE_NOT_FOUND', 'NOTE_LOCKED')
  edit(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Param('noteId') noteId: string,
    @Body() body: NoteInputDto,
  ): Promise<ApplicantNoteDto> {
    return this.notes.edit(user, id, userId, noteId, body.text);
  }

  @Delete(':noteId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiForbiddenResponse({ description: 'NOTE_LOCKED: only its author, within 15 minutes' })
  @ApiOperation({ summary: 'Delete a note', description: 'Deletes a note; only its author may, within 15 minutes of writing it.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(DECISION_ERRORS, 'NOTE_NOT_FOUND', 'NOTE_LOCKED')
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('noteId') noteId: string): Promise<void> {
    return this.notes.remove(user, id, userId, noteId);
  }
}
