import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { User } from '../users/user.entity.js';
import { newCompanyKey } from './company-key.js';
import type { ProjectDetailsDto, ProjectDto } from './dto/project.dto.js';
import { OrganizationAccessService, type OrganizationRole } from './organization-access.service.js';
import { OrganizationMember } from './organization-member.entity.js';
import { Organization } from './organization.entity.js';

@Injectable()
export class ProjectsService {
  constructor(
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  /** The caller becomes the owner of the new organization. */
  async create(user: User, name: string): Promise<ProjectDto> {
    return this.dataSource.transaction(async (manager) => {
      const organization = await manager.save(
        manager.create(Organization, { name, ownerId: user.id, companyKey: newCompanyKey() }),
      );
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.created',
        detail: { name },
      });
      return toProjectDto(organization, 'owner');
    });
  }

  /** Organizations the caller owns or belongs to (every one for a super-admin), by name. */
  async list(user: User): Promise<ProjectDto[]> {
    const query = this.organizations
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .addSelect('o.name', 'name')
      .addSelect('o.companyKey', 'companyKey')
      .addSelect('o.ownerId', 'ownerId')
      .addSelect(
        (sub) =>
          sub
            .select('COUNT(*)')
            .from(OrganizationMember, 'm')
            .where('m.organizationId = o.id')
            .andWhere('m.userId = :listUserId', { listUserId: user.id }),
        'memberships',
      )
      .orderBy('o.name', 'ASC')
      .addOrderBy('o.id', 'ASC');
    this.access.restrictToMember(query, user, 'o.id');
    const rows = await query.getRawMany<Pick<Organization, 'id' | 'name' | 'companyKey' | 'ownerId'> & { memberships: number | string }>();
    return rows.map((row) => {
      const role: OrganizationRole =
        row.ownerId === user.id ? 'owner' : Number(row.memberships) > 0 ? 'member' : 'super-admin';
      return toProjectDto(row, role);
    });
  }

  async get(user: User, organizationId: string): Promise<ProjectDetailsDto> {
    const { organization, role, isOwner } = await this.access.requireMember(user, organizationId);
    const owner = await this.dataSource.getRepository(User).findOne({
      where: { id: organization.ownerId },
      select: { id: true, username: true },
    });
    return {
      ...toProjectDto(organization, role),
      ownerUsername: owner?.username ?? '',
      isOwner,
      createdAt: organization.createdAt,
    };
  }
}

function toProjectDto(organization: Pick<Organization, 'id' | 'name' | 'companyKey'>, role: OrganizationRole): ProjectDto {
  return { id: organization.id, name: organization.name, companyKey: organization.companyKey, role };
}
