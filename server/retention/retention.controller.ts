import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { RetentionRunDto } from './retention-run.dto.js';
import { Retention } from './retention.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** The owner applies the organization's retention policy now rather than at the next hourly run. */
@ApiTags('organizations')
@Controller('projects/:id/retention-policy')
export class RetentionController {
  constructor(private readonly retention: Retention) {}

  // Like the policy itself: the owner's decision (or a super-admin's), whatever the matrix says.
  @Post('apply')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: RetentionRunDto, description: 'Applied: what was removed (audited like the hourly run)' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) applies it' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Apply the retention policy now',
    description:
      "Runs the organization's retention policy at once instead of at the next hourly run, and answers what was removed (audited like the hourly run).",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  apply(@CurrentUser() user: User, @Param('id') id: string): Promise<RetentionRunDto> {
    return this.retention.applyNow(user, id);
  }
}
