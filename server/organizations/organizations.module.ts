import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { InvitationsController, OrganizationInvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { OrganizationInvitation } from './organization-invitation.entity.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';
import { OrganizationAccessService } from './organization-access.service.js';
import { OrganizationMember } from './organization-member.entity.js';
import { Organization } from './organization.entity.js';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsService } from './organizations.service.js';

/**
 * Organizations (projects), their members (who join by invitation) and the tenancy check every organization
 * and applicant route goes through (OrganizationAccessService), and the owner check
 * account deletion asks (OrganizationsService.ownsAnOrganization).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Organization, OrganizationMember, OrganizationInvitation]), AuditModule, MailModule],
  controllers: [OrganizationsController, MembersController, OrganizationInvitationsController, InvitationsController],
  providers: [OrganizationAccessService, OrganizationsService, MembersService, InvitationsService],
  exports: [OrganizationAccessService, OrganizationsService],
})
export class OrganizationsModule {}
