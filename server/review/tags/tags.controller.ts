import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put } from '@nestjs/common';
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
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { TagDto } from '../../applicants/dto/applicant-list.dto.js';
import { ApplicantTagsDto, CreateTagDto, UpdateTagDto } from './tag.dto.js';
import { ApplicantTags } from './applicant-tags.js';
import { ORGANIZATION_ERRORS } from '../../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../../applicants/applicants.errors.js';
import { TAG_ERRORS } from './tags.errors.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

/** The organization's applicant tags: members list them, the owner and admins define them. */
@ApiTags('tags')
@Controller('projects/:id/tags')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Tag not found' })
export class TagsController {
  constructor(private readonly tags: ApplicantTags) {}

  @Get()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [TagDto], description: 'By name' })
  @ApiOperation({ summary: 'List tags', description: "The organization's tags, by name." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  list(@CurrentUser() user: User, @Param('id') id: string): Promise<TagDto[]> {
    return this.tags.list(user, id);
  }

  @Post()
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: TagDto })
  @ApiBadRequestResponse({ description: 'Name empty or too long, colour not in the palette, or TAG_LIMIT_REACHED' })
  @ApiForbiddenResponse({ description: 'TAGS_MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'TAG_NAME_TAKEN' })
  @ApiOperation({
    summary: 'Create a tag',
    description: "A new tag for the organization's applicants: a name and a colour from the palette (at most 100 tags).",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(TAG_ERRORS, 'TAGS_MANAGERS_ONLY', 'TAG_NAME_TAKEN', 'TAG_LIMIT_REACHED')
  create(@CurrentUser() user: User, @Param('id') id: string, @Body() body: CreateTagDto): Promise<TagDto> {
    return this.tags.create(user, id, body);
  }

  @Patch(':tagId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: TagDto })
  @ApiForbiddenResponse({ description: 'TAGS_MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'TAG_NAME_TAKEN' })
  @ApiOperation({ summary: 'Rename or recolour a tag', description: "Changes a tag's name or colour." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(TAG_ERRORS, 'TAGS_MANAGERS_ONLY', 'TAG_NOT_FOUND', 'TAG_NAME_TAKEN')
  update(@CurrentUser() user: User, @Param('id') id: string, @Param('tagId') tagId: string, @Body() body: UpdateTagDto): Promise<TagDto> {
    return this.tags.update(user, id, tagId, body);
  }

  @Delete(':tagId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Deleted, and taken off every applicant' })
  @ApiForbiddenResponse({ description: 'TAGS_MANAGERS_ONLY' })
  @ApiOperation({ summary: 'Delete a tag', description: 'Deletes the tag and takes it off every applicant.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(TAG_ERRORS, 'TAGS_MANAGERS_ONLY', 'TAG_NOT_FOUND')
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('tagId') tagId: string): Promise<void> {
    return this.tags.remove(user, id, tagId);
  }
}

/** Tags on one applicant (staff workflow: API keys do not reach these). */
@ApiTags('tags')
@Controller('projects/:id/applicants/:userId/tags')
@ApiNotFoundResponse({ description: 'Organization, Applicant or Tag not found' })
export class ApplicantTagsController {
  constructor(private readonly tags: ApplicantTags) {}

  @Put(':tagId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantTagsDto, description: 'The applicant now has the tag (recorded as applicant.tagged when it did not)' })
  @ApiBadRequestResponse({ description: 'TAG_LIMIT_REACHED' })
  @ApiOperation({
    summary: 'Tag an applicant',
    description:
      "Puts one of the organization's tags on the applicant (recorded as applicant.tagged when it did not have it yet). An applicant carries at most 20 tags.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(TAG_ERRORS, 'TAG_NOT_FOUND', 'TAG_LIMIT_REACHED')
  add(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('tagId') tagId: string): Promise<ApplicantTagsDto> {
    return this.tags.tag(user, id, userId, tagId);
  }

  @Delete(':tagId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantTagsDto, description: 'The applicant no longer has the tag (applicant.untagged)' })
  @ApiOperation({ summary: 'Untag an applicant', description: 'Takes a tag off the applicant (recorded as applicant.untagged).' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')
  @ApiErrors(TAG_ERRORS, 'TAG_NOT_FOUND')
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('tagId') tagId: string): Promise<ApplicantTagsDto> {
    return this.tags.untag(user, id, userId, tagId);
  }
}
