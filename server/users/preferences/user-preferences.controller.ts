import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../current-user.decorator.js';
import type { User } from '../user.entity.js';
import { UserPreferencesDto } from './user-preferences.dto.js';
import { UserPreferencesService } from './user-preferences.service.js';

/** The signed-in staff member's back-office settings (not for API keys). */
@ApiTags('users')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@Controller('users/me/preferences')
export class UserPreferencesController {
  constructor(private readonly preferences: UserPreferencesService) {}

  @Get()
  @ApiOkResponse({ type: UserPreferencesDto, description: 'The keys set; an absent key has its default' })
  @ApiOperation({ summary: 'Read my settings', description: "The signed-in account's interface settings; an absent key has its default." })
  get(@CurrentUser() user: User): Promise<UserPreferencesDto> {
    return this.preferences.get(user);
  }

  @Put()
  @ApiOkResponse({ type: UserPreferencesDto, description: 'All the settings after the change' })
  @ApiBadRequestResponse({ description: 'A value of the wrong type or shape' })
  @ApiOperation({ summary: 'Change my settings', description: "Changes some of the signed-in account's interface settings and answers all of them." })
  update(@CurrentUser() user: User, @Body() body: UserPreferencesDto): Promise<UserPreferencesDto> {
    return this.preferences.update(user, body);
  }
}
