import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantViewDto, CreateApplicantViewDto } from './applicant-view.dto.js';
import { ApplicantViews } from './applicant-views.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { VIEW_ERRORS } from './views.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** Saved views of the applicants list (staff only). */
@ApiTags('applicants')
@Controller('projects/:id/applicant-views')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or VIEW_NOT_FOUND' })
export class ApplicantViewsController {
  constructor(private readonly views: ApplicantViews) {}

  @Get()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [ApplicantViewDto], description: "The caller's views, then the shared ones, by name" })
  @ApiOperation({ summary: 'List saved views', description: "The caller's saved views, then the organization's shared ones, by name." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  list(@CurrentUser() user: User, @Param('id') id: string): Promise<ApplicantViewDto[]> {
    return this.views.list(user, id);
  }

  @Post()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: ApplicantViewDto })
  @ApiBadRequestResponse({ description: 'Name empty or too long, query too long, or VIEW_LIMIT_REACHED' })
  @ApiForbiddenResponse({ description: 'VIEW_SHARE_MANAGERS_ONLY: sharing is for the owner and admins' })
  @ApiOperation({
    summary: 'Save a view',
    description:
      "Saves the work queue's filters and order under a name, for the caller or shared with the organization (sharing is for the owner and admins; at most 50 views per person).",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(VIEW_ERRORS, 'VIEW_LIMIT_REACHED', 'VIEW_SHARE_MANAGERS_ONLY')
  create(@CurrentUser() user: User, @Param('id') id: string, @Body() body: CreateApplicantViewDto): Promise<ApplicantViewDto> {
    return this.views.create(user, id, body);
  }

  @Delete(':viewId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'read')
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiForbiddenResponse({ description: 'VIEW_SHARE_MANAGERS_ONLY: a shared view is deleted by the owner or an admin' })
  @ApiOperation({ summary: 'Delete a saved view', description: "Deletes one of the caller's views; a shared view is deleted by the owner or an admin." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(VIEW_ERRORS, 'VIEW_NOT_FOUND', 'VIEW_SHARE_MANAGERS_ONLY')
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('viewId') viewId: string): Promise<void> {
    return this.views.remove(user, id, viewId);
  }
}
