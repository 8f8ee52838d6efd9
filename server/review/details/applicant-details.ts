import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Applicant } from '../../applicants/applicant.entity.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import { AuditService } from '../../audit/audit.service.js';
import type { AuditEventPageDto } from '../../audit/dto/audit-event.dto.js';
import type { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { EntityRows } from '../../database/plain-sql.js';
import { FaceBlocklistEntry } from '../../faces/face-blocklist-entry.entity.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import type { ApplicantDetailsDto } from './applicant-details.dto.js';
import { ApplicantDetailsReader } from './applicant-details.reader.js';

/** What a reviewer reads of one applicant: the details (recorded as a view) and its activity. */
@Injectable()
export class ApplicantDetails {
  private readonly reader: ApplicantDetailsReader;

  constructor(
    private readonly access: OrganizationAccessService,
    private readonly query: ApplicantsQueryService,
    private readonly audit: AuditService,
    dataSource: DataSource,
  ) {
    this.reader = new ApplicantDetailsReader(query.applicantReader, new EntityRows(dataSource, FaceBlocklistEntry));
  }

  /**
   * The details, recorded in the audit trail as a view of identity data. The record is
   * buffered and written with others within a second (AuditService.recordView): a view
   * is not a synchronous INSERT.
   */
  async details(user: User, organizationId: string, userId: string): Promise<ApplicantDetailsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(organization.id, userId);
    const details = await this.detailsOf(applicant);
    this.audit.recordView({ actor: user, organizationId: organization.id, applicantId: applicant.id, action: 'applicant.viewed' });
    return details;
  }

  /** The details of an applicant already authorised: typed data, images, what was read, where the analysis is. */
  detailsOf(applicant: Applicant): Promise<ApplicantDetailsDto> {
    return this.reader.detailsOf(applicant);
  }

  async activity(user: User, organizationId: string, userId: string, paging: PageQueryDto): Promise<AuditEventPageDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.query.findApplicant(organization.id, userId);
    return this.audit.listForApplicant(organization.id, applicant.id, paging);
  }
}
