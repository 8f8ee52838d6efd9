import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { RecentAuthentication } from '../common/access/recent-authentication.decorator.js';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { NotDemo } from '../common/access/not-demo.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { API_KEYS_NOT_FOR_DEMO, API_KEY_ERRORS } from './api-keys.errors.js';
import { ApiKeysService } from './api-keys.service.js';
import { ApiKeyDto } from './dto/api-key.dto.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

@ApiTags('api-keys')
@Controller('api-keys')
@NotDemo(API_KEYS_NOT_FOR_DEMO)
@ApiForbiddenResponse({ description: `'${API_KEYS_NOT_FOR_DEMO}' for demo accounts` })
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Get()
  @RequirePermission('api-keys', 'read')
  @ApiOkResponse({ type: ApiKeyDto, description: 'The account’s secret key (created on the first request)' })
  @ApiConflictResponse({ description: 'The stored key cannot be decrypted any more; regenerate it' })
  @ApiOperation({
    summary: 'Show the API key',
    description: "The account's secret API key (`kyc_sk_…`), created on the first request. Only in the dashboard: the key cannot read itself.",
  })
  @ApiErrors(API_KEY_ERRORS, 'API_KEY_UNREADABLE')
  get(@CurrentUser() user: User): Promise<ApiKeyDto> {
    return this.apiKeys.get(user.id);
  }

  @Post('regenerate')
  @RecentAuthentication()
  @HttpCode(200)
  @RequirePermission('api-keys', 'update')
  @ApiOkResponse({ type: ApiKeyDto, description: 'The new key; the old one stops working at once' })
  @ApiOperation({ summary: 'Regenerate the API key', description: "Replaces the account's API key; the old one stops working at that moment." })
  regenerate(@CurrentUser() user: User): Promise<ApiKeyDto> {
    return this.apiKeys.regenerate(user);
  }
}
