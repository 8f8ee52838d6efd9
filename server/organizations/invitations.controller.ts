import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { NotDemo } from '../common/access/not-demo.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AcceptedInvitationDto, InvitationDto, InviteMemberDto, ReceivedInvitationDto } from './dto/member.dto.js';
import { InvitationsService } from './invitations.service.js';
import { ORGANIZATION_ERRORS } from './organizations.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/** The owner's side: invite people into an organization, see who has not answered, revoke. */
@ApiTags('projects')
@Controller('projects/:id/invitations')
@ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
@ApiForbiddenResponse({ description: 'Only the owner (or a super-admin) manages members' })
export class OrganizationInvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @RequirePermission('members', 'read')
  @ApiOkResponse({ type: [InvitationDto], description: 'Invitations not yet accepted or declined, newest first' })
  @ApiOperation({ summary: 'List pending invitations', description: "The organization's invitations not yet accepted or declined, newest first." })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY')
  list(@CurrentUser() user: User, @Param('id') id: string): Promise<InvitationDto[]> {
    return this.invitations.listSent(user, id);
  }

  @Post()
  @RequirePermission('members', 'create')
  @NotDemo('Demo accounts cannot invite members')
  @ApiOperation({
    summary: 'Invite someone by username or e-mail',
    description:
      'They become a member only once they accept. The answer is the same whether or not the username or address belongs to an account; an account, if there is one, is told by e-mail and on its dashboard.',
  })
  @ApiCreatedResponse({ type: InvitationDto })
  @ApiConflictResponse({ description: 'Already a member, the owner, or an invitation to the same name is pending' })
  @ApiTooManyRequestsResponse({ description: 'Too many invitations from this account this hour' })
  @ApiOperation({
    summary: 'Invite a member',
    description: 'The owner invites a person by username or e-mail address to join the organization with a role; the invitation is e-mailed.',
  })
  @ApiErrors(
    ORGANIZATION_ERRORS,
    'ORGANIZATION_NOT_FOUND',
    'MEMBERS_OWNER_ONLY',
    'MEMBER_ALREADY_ADDED',
    'MEMBER_IS_OWNER',
    'INVITATION_PENDING',
    'INVITATIONS_TOO_MANY',
  )
  invite(@CurrentUser() user: User, @Param('id') id: string, @Body() body: InviteMemberDto): Promise<InvitationDto> {
    return this.invitations.invite(user, id, body.usernameOrEmail);
  }

  @Delete(':invitationId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('members', 'delete')
  @ApiNoContentResponse({ description: 'Revoked: it can no longer be accepted' })
  @ApiOperation({ summary: 'Revoke an invitation', description: 'Revokes a pending invitation: it can no longer be accepted.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND', 'MEMBERS_OWNER_ONLY', 'INVITATION_NOT_FOUND')
  revoke(@CurrentUser() user: User, @Param('id') id: string, @Param('invitationId') invitationId: string): Promise<void> {
    return this.invitations.revoke(user, id, invitationId);
  }
}

/** The invitee's side: their pending invitations, to accept or decline. */
@ApiTags('invitations')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @ApiOkResponse({ type: [ReceivedInvitationDto], description: 'The caller’s invitations that can still be accepted, newest first' })
  @ApiOperation({ summary: 'List my invitations', description: 'The invitations to organizations that the signed-in account can still accept, newest first.' })
  list(@CurrentUser() user: User): Promise<ReceivedInvitationDto[]> {
    return this.invitations.listReceived(user);
  }

  @Post(':id/accept')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AcceptedInvitationDto, description: 'The caller is now a member of the organization' })
  @ApiNotFoundResponse({ description: 'No such invitation for the caller (or it expired or was revoked)' })
  @ApiOperation({ summary: 'Accept an invitation', description: 'The signed-in account joins the organization it was invited to, with the invited role.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'INVITATION_NOT_FOUND')
  accept(@CurrentUser() user: User, @Param('id') id: string): Promise<AcceptedInvitationDto> {
    return this.invitations.accept(user, id);
  }

  @Post(':id/decline')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Declined: the invitation is gone' })
  @ApiNotFoundResponse({ description: 'No such invitation for the caller (or it expired or was revoked)' })
  @ApiOperation({ summary: 'Decline an invitation', description: 'Declines an invitation addressed to the signed-in account; it is gone afterwards.' })
  @ApiErrors(ORGANIZATION_ERRORS, 'INVITATION_NOT_FOUND')
  decline(@CurrentUser() user: User, @Param('id') id: string): Promise<void> {
    return this.invitations.decline(user, id);
  }
}
