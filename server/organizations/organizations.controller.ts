import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { RecentAuthentication } from '../common/access/recent-authentication.decorator.js';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../users/current-user.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import {
  CreateOrganizationDto,
  DeleteOrganizationDto,
  OrganizationDetailsDto,
  OrganizationDto,
  RetentionPolicyDto,
  TransferOwnershipDto,
  TwoFactorRequirementDto,
  VerificationSettingsDto,
} from './dto/organization.dto.js';
import { OwnerCheckDto } from './dto/owner-check.dto.js';
import { OrganizationsService } from './organizations.service.js';
import { ORGANIZATION_ERRORS } from './organizations.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** Organizations: the spec's /api/projects routes, and /api/organizations/owner-check. */
@ApiTags('projects')
@Controller()
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Post('projects')
  @RequirePermission('organizations', 'create')
  @ApiCreatedResponse({ type: OrganizationDto, description: 'The new organization; the caller owns it' })
  @ApiOperation({ summary: 'Create an organization', description: 'A new organization (a "project" in the paths) owned by the caller, with its companyKey.' })
  create(@CurrentUser() user: User, @Body() body: CreateOrganizationDto): Promise<OrganizationDto> {
    return this.organizations.create(user, body.name);
  }

  @Get('projects')
  @ApiKeyAllowed()
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: [OrganizationDto], description: 'Organizations the caller owns or belongs to (all for a super-admin)' })
  @ApiOperation({
    summary: 'List organizations',
    description: 'The organizations the caller owns or belongs to (all for a super-admin), with their companyKeys.',
  })
  list(@CurrentUser() user: User): Promise<OrganizationDto[]> {
    return this.organizations.list(user);
  }

  @Get('projects/:id')
  @ApiKeyAllowed()
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: OrganizationDetailsDto })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Get an organization',
    description: 'One organization the caller owns or belongs to: name, companyKey, verification settings, retention policy and two-factor rule.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<OrganizationDetailsDto> {
    return this.organizations.get(user, id);
  }

  // An integration setting, like the webhook: the same permission guards it.
  @Put('projects/:id/verification-settings')
  @RequirePermission('webhooks', 'update')
  @ApiOkResponse({ type: VerificationSettingsDto, description: 'Saved; the verification page follows them at once' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) changes them' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Change the verification settings',
    description:
      "The verification page's settings: photo quality thresholds, the origins a session's redirectUrl may use, and whether public companyKey links work.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  setVerificationSettings(@CurrentUser() user: User, @Param('id') id: string, @Body() body: VerificationSettingsDto): Promise<VerificationSettingsDto> {
    return this.organizations.setVerificationSettings(user, id, body);
  }

  // How long personal data is kept is the owner's decision (or a super-admin's), whatever the matrix says.
  @Put('projects/:id/retention-policy')
  @ApiOkResponse({ type: RetentionPolicyDto, description: 'Saved; the hourly retention job follows it from its next run' })
  @ApiBadRequestResponse({ description: 'A value outside its range, or not a whole number of days (null keeps the data)' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) changes it' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Change the retention policy',
    description: 'How many days the organization keeps applicants in each state (null keeps them); the hourly retention job follows it from its next run.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  setRetentionPolicy(@CurrentUser() user: User, @Param('id') id: string, @Body() body: RetentionPolicyDto): Promise<RetentionPolicyDto> {
    return this.organizations.setRetentionPolicy(user, id, body);
  }

  @Put('projects/:id/two-factor-requirement')
  @ApiOkResponse({ type: TwoFactorRequirementDto, description: 'Saved; members without a second factor can only set one up from their next request' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) changes it' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Require two-factor sign-in of members',
    description: "The owner requires a second factor of the organization's members; those without one can only set one up from their next request.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  setTwoFactorRequirement(@CurrentUser() user: User, @Param('id') id: string, @Body() body: TwoFactorRequirementDto): Promise<TwoFactorRequirementDto> {
    return this.organizations.setTwoFactorRequirement(user, id, body.requireTwoFactor);
  }

  // Deleting or handing over an organization is the owner's decision (or a super-admin's), whatever the matrix says.
  @Delete('projects/:id')
  @RecentAuthentication()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({
    description:
      'Deleted with its applicants, images, checks, members, webhook events and deliveries; its audit trail is kept, pseudonymised, and the other members are e-mailed',
  })
  @ApiConflictResponse({ description: 'ORGANIZATION_HAS_LEGAL_HOLDS: an applicant is on legal hold' })
  @ApiBadRequestResponse({ description: "ORGANIZATION_NAME_MISMATCH: confirmName is not the organization's name" })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) deletes it' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({
    summary: 'Delete an organization',
    description:
      'The owner deletes the organization with its applicants, images, checks, members, webhook events and deliveries, confirming with its name and a sign-in (or re-authentication) within the last 5 minutes. Refused while any applicant is on legal hold. The audit trail is never deleted: entries about applicants keep no personal data, and one entry records the deletion. The other members are told by e-mail.',
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY', 'ORGANIZATION_NAME_MISMATCH', 'ORGANIZATION_HAS_LEGAL_HOLDS')
  remove(@CurrentUser() user: User, @Param('id') id: string, @Body() body: DeleteOrganizationDto): Promise<void> {
    return this.organizations.delete(user, id, body.confirmName);
  }

  @Post('projects/:id/transfer-ownership')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: OrganizationDetailsDto, description: 'The new owner is in place; the previous owner is a member' })
  @ApiBadRequestResponse({ description: 'NEW_OWNER_NOT_MEMBER: userId is not a member of the organization' })
  @ApiForbiddenResponse({ description: 'MEMBERS_OWNER_ONLY: only the owner (or a super-admin) transfers it' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiOperation({ summary: 'Hand the organization over', description: 'The owner makes a member the new owner and stays on as a member.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY', 'NEW_OWNER_NOT_MEMBER')
  transferOwnership(@CurrentUser() user: User, @Param('id') id: string, @Body() body: TransferOwnershipDto): Promise<OrganizationDetailsDto> {
    return this.organizations.transferOwnership(user, id, body.userId);
  }

  // No @RequirePermission: it answers about the caller's own account, and the delete-account
  // page needs it for every role, whatever the matrix says about organizations.
  @Get('organizations/owner-check')
  @ApiTags('organizations')
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOkResponse({ type: OwnerCheckDto, description: 'Whether the signed-in user owns an organization' })
  @ApiOperation({
    summary: 'Do I own an organization?',
    description: 'Whether the signed-in account owns an organization (an owner cannot delete the account).',
  })
  async ownerCheck(@CurrentUser() user: User): Promise<OwnerCheckDto> {
    return { response: await this.organizations.ownsAnOrganization(user.id) };
  }
}
