import { EnrolmentAllowed } from '../common/access/enrolment-allowed.decorator.js';
import { Body, Controller, Get, Headers, Param, ParseUUIDPipe, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PRIVATE_NO_STORE } from '../common/http/cache-control.js';
import { CurrentUser } from './current-user.decorator.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { CurrentUserDto, UserDto } from './dto/user.dto.js';
import type { User } from './user.entity.js';
import { UsersService } from './users.service.js';
import { USER_ERRORS } from './users.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/**
 * The caller's own account. These routes act on oneself only, so no entry of the
 * permission matrix applies (its 'users' resource is the administration of others).
 */
@ApiTags('users')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  @EnrolmentAllowed()
  @ApiKeyAllowed()
  @ApiOkResponse({ type: CurrentUserDto, description: 'The signed-in account (session cookie or `Authorization: Bearer <API key>`) and what its role may do' })
  @ApiOperation({
    summary: 'Who am I',
    description:
      "The signed-in account, by its session cookie or its API key: with a key, the account the key belongs to. `permissions` lists what the account's role may do now, as the stored permission matrix says.",
  })
  me(@CurrentUser() user: User, @Req() request: Request): CurrentUserDto {
    return this.users.me(user, request.rights ?? {});
  }

  @Put()
  @ApiOkResponse({ type: UserDto, description: 'The updated account' })
  @ApiBadRequestResponse({ description: 'Invalid username, or the picture is not a JPEG/PNG/WebP of at most 5 MB' })
  @ApiForbiddenResponse({ description: "Demo accounts cannot change their username ('Disabled in demo')" })
  @ApiConflictResponse({ description: 'The username is already taken' })
  @ApiOperation({
    summary: 'Change my profile',
    description: "Changes the signed-in account's username and picture (multipart; a JPEG, PNG or WebP of at most 5 MB).",
  })
  @ApiErrors(
    USER_ERRORS,
    'USERNAME_INVALID',
    'USERNAME_TAKEN',
    'DEMO_ACCOUNT_LOCKED',
    'PICTURE_NOT_AN_IMAGE',
    'PICTURE_DAMAGED',
    'PICTURE_TOO_LARGE',
    'PICTURE_TOO_MANY_PIXELS',
  )
  update(@CurrentUser() user: User, @Body() dto: UpdateUserDto): Promise<UserDto> {
    return this.users.update(user, dto);
  }

  @Get(':id/image')
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiOkResponse({ description: "The user's picture", schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'The user has no picture' })
  @ApiOperation({ summary: "A user's picture", description: 'The profile picture of a user (`Cache-Control: private, no-store`).' })
  @ApiErrors(USER_ERRORS, 'PICTURE_NOT_FOUND')
  async image(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    const image = await this.users.image(id);
    res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    res.setHeader('ETag', image.etag);
    if (ifNoneMatch === image.etag) {
      res.status(304);
      return undefined;
    }
    const { contentType, data } = await image.load();
    return new StreamableFile(data, { type: contentType, length: data.length, disposition: 'inline' });
  }
}
