import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../common/access/require-permission.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { TagDto } from '../dto/applicant-list.dto.js';
import { ApplicantTagsDto, CreateTagDto, UpdateTagDto } from './tag.dto.js';
import { ApplicantTags } from './tags.service.js';

/** The organization's applicant tags: members list them, the owner and admins define them. */
@ApiTags('tags')
@Controller('projects/:id/tags')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member), or Tag not found' })
export class TagsController {
  constructor(private readonly tags: ApplicantTags) {}

  @Get()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [TagDto], description: 'By name' })
  list(@CurrentUser() user: User, @Param('id') id: string): Promise<TagDto[]> {
    return this.tags.list(user, id);
  }

  @Post()
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: TagDto })
  @ApiBadRequestResponse({ description: 'Name empty or too long, colour not in the palette, or TAG_LIMIT_REACHED' })
  @ApiForbiddenResponse({ description: 'TAGS_MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'TAG_NAME_TAKEN' })
  create(@CurrentUser() user: User, @Param('id') id: string, @Body() body: CreateTagDto): Promise<TagDto> {
    return this.tags.create(user, id, body);
  }

  @Patch(':tagId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: TagDto })
  @ApiForbiddenResponse({ description: 'TAGS_MANAGERS_ONLY' })
  @ApiConflictResponse({ description: 'TAG_NAME_TAKEN' })
  update(@CurrentUser() user: User, @Param('id') id: string, @Param('tagId') tagId: string, @Body() body: UpdateTagDto): Promise<TagDto> {
    return this.tags.update(user, id, tagId, body);
  }

  @Delete(':tagId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Deleted, and taken off every applicant' })
  @ApiForbiddenResponse({ description: 'TAGS_MANAGERS_ONLY' })
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
  add(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('tagId') tagId: string): Promise<ApplicantTagsDto> {
    return this.tags.tag(user, id, userId, tagId);
  }

  @Delete(':tagId')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: ApplicantTagsDto, description: 'The applicant no longer has the tag (applicant.untagged)' })
  remove(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string, @Param('tagId') tagId: string): Promise<ApplicantTagsDto> {
    return this.tags.untag(user, id, userId, tagId);
  }
}
