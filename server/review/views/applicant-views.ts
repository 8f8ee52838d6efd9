import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import type { ApplicantViewDto, CreateApplicantViewDto } from './applicant-view.dto.js';
import { ApplicantView } from './applicant-view.entity.js';
import { viewLimitReached, viewNotFound, viewShareManagersOnly } from './views.errors.js';

const MAX_VIEWS_PER_USER = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Saved views of the applicants list: each person's own, and those the owner or an admin shared with the organization. */
@Injectable()
export class ApplicantViews {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
  ) {}

  async list(user: User, organizationId: string): Promise<ApplicantViewDto[]> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    const views = await this.dataSource.manager
      .getRepository(ApplicantView)
      .createQueryBuilder('v')
      .where('v.organizationId = :org AND (v.ownerId = :me OR v.shared = :shared)', { org: organization.id, me: user.id, shared: true })
      .orderBy('v.shared', 'ASC')
      .addOrderBy('v.name', 'ASC')
      .getMany();
    return views.map((view) => this.toDto(view, user, canManage));
  }

  async create(user: User, organizationId: string, body: CreateApplicantViewDto): Promise<ApplicantViewDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    const shared = body.shared === true;
    if (shared && !this.manages(user, canManage)) throw viewShareManagersOnly();
    return this.dataSource.transaction(async (manager) => {
      if ((await manager.count(ApplicantView, { where: { organizationId: organization.id, ownerId: user.id } })) >= MAX_VIEWS_PER_USER)
        throw viewLimitReached();
      const view = await manager.save(
        ApplicantView,
        manager.create(ApplicantView, { organizationId: organization.id, ownerId: user.id, name: body.name, query: body.query, shared }),
      );
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'applicant_view.saved',
        detail: { viewId: view.id, name: view.name, shared },
      });
      return this.toDto(view, user, canManage);
    });
  }

  async remove(user: User, organizationId: string, viewId: string): Promise<void> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    await this.dataSource.transaction(async (manager) => {
      const view = UUID.test(viewId) ? await manager.findOneBy(ApplicantView, { id: viewId.toLowerCase(), organizationId: organization.id }) : null;
      if (!view || (view.ownerId !== user.id && !view.shared)) throw viewNotFound();
      if (!this.toDto(view, user, canManage).deletable) throw viewShareManagersOnly();
      await manager.delete(ApplicantView, { id: view.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'applicant_view.deleted',
        detail: { viewId: view.id, name: view.name, shared: view.shared },
      });
    });
  }

  private manages(user: User, canManage: boolean): boolean {
    return canManage || user.role === 'admin';
  }

  private toDto(view: ApplicantView, user: User, canManage: boolean): ApplicantViewDto {
    const mine = view.ownerId === user.id;
    return { id: view.id, name: view.name, query: view.query, shared: view.shared, mine, deletable: view.shared ? this.manages(user, canManage) : mine };
  }
}
