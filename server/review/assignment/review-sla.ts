import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import type { ApplicantQueueQueryDto } from '../../applicants/dto/applicant-list.dto.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { ReviewSettings } from '../decisions/review-settings.entity.js';
import { slaNotSet } from './assignment.errors.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The organization's SLA: hours from submission to a decision (review_settings.slaHours,
 * set by its managers; null: none). An applicant awaiting a decision that was submitted
 * before now − SLA has breached it.
 */
@Injectable()
export class ReviewSla {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly clock: Clock,
  ) {}

  async hoursOf(organizationId: string): Promise<number | null> {
    return (await this.dataSource.getRepository(ReviewSettings).findOneBy({ organizationId }))?.slaHours ?? null;
  }

  /** The submission time before which an applicant awaiting a decision is in breach; null: no SLA. */
  async cutoff(organizationId: string): Promise<Date | null> {
    const hours = await this.hoursOf(organizationId);
    return hours === null ? null : new Date(this.clock.now().getTime() - hours * HOUR_MS);
  }

  /**
   * The cutoff a list query needs: none unless it asks for `sla=breached` (then the caller
   * must be a member, 404 otherwise, as the list's own check says), 400 SLA_NOT_SET if the
   * organization has no SLA.
   */
  async forQuery(user: User, organizationId: string, query: ApplicantQueueQueryDto): Promise<Date | undefined> {
    if (!query.sla) return undefined;
    const { organization } = await this.access.requireMember(user, organizationId);
    const cutoff = await this.cutoff(organization.id);
    if (!cutoff) throw slaNotSet();
    return cutoff;
  }
}
