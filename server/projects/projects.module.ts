import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';
import { OrganizationAccessService } from './organization-access.service.js';
import { OrganizationMember } from './organization-member.entity.js';
import { Organization } from './organization.entity.js';
import { ProjectStatsService } from './project-stats.service.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';

/**
 * Organizations (projects), their members and the tenancy check every organization
 * and applicant route goes through (OrganizationAccessService). The owner check
 * lives in OwnerCheckModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Organization, OrganizationMember]), AuditModule],
  controllers: [ProjectsController, MembersController],
  providers: [OrganizationAccessService, ProjectsService, MembersService, ProjectStatsService],
  exports: [OrganizationAccessService],
})
export class ProjectsModule {}
