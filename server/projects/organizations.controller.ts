import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { OwnerCheckDto } from './owner-check.dto.js';
import { OwnerCheckService } from './owner-check.service.js';

/**
 * /api/organizations routes. Started by the accounts work with the owner check only;
 * the projects module may add routes here (and take over registering this controller).
 */
@ApiTags('organizations')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@Controller('organizations')
export class OrganizationsController {
  constructor(private readonly owners: OwnerCheckService) {}

  // No @RequirePermission: it answers about the caller's own account, and the delete-account
  // page needs it for every role, whatever the matrix says about organizations.
  @Get('owner-check')
  @ApiOkResponse({ type: OwnerCheckDto, description: 'Whether the signed-in user owns an organization' })
  async ownerCheck(@CurrentUser() user: User): Promise<OwnerCheckDto> {
    return { response: await this.owners.ownsAnOrganization(user.id) };
  }
}
