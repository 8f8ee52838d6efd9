import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { VerificationPolicyDetailsDto, VerificationPolicyDto } from './verification-policy.dto.js';
import { VerificationPolicies } from './verification-policies.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** The organization's verification policy: which checks are required, and what is decided without a person. */
@ApiTags('projects')
@Controller('projects/:id/verification-policy')
export class VerificationPolicyController {
  constructor(private readonly policies: VerificationPolicies) {}

  @Get()
  @ApiKeyAllowed()
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: VerificationPolicyDetailsDto, description: 'The policy in force (the default until the owner saves one)' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Read the verification policy',
    description:
      "The organization's verification policy in force: which checks are required, when to approve or reject automatically, and the thresholds (the default until the owner saves one).",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<VerificationPolicyDetailsDto> {
    return this.policies.get(user, id);
  }

  // An integration setting, like the webhook and the verification settings: the same permission guards it.
  @Put()
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: VerificationPolicyDetailsDto, description: 'Saved; submissions analysed from now on follow it' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) changes it' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Change the verification policy',
    description: 'The owner sets the verification policy; submissions analysed from then on follow it.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  set(@CurrentUser() user: User, @Param('id') id: string, @Body() body: VerificationPolicyDto): Promise<VerificationPolicyDetailsDto> {
    return this.policies.set(user, id, body);
  }
}
