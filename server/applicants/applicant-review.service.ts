import { Injectable } from '@nestjs/common';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';
import type { User } from '../users/user.entity.js';
import { IDENTITY_FIELDS } from './applicant-fields.js';
import { toApplicantSummary } from './applicant.mapper.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import type { ApplicantChangeDto, ApplicantDetailsDto } from './dto/applicant-details.dto.js';
import type { UpdateApplicantDto } from './dto/update-applicant.dto.js';
import { ApplicantLifecycle } from './lifecycle/applicant-lifecycle.service.js';
import type { ApplicantChanges } from './lifecycle/transitions.js';

/** Staff changes to an applicant: the tenancy check, then the lifecycle, then the answer's DTO. */
@Injectable()
export class ApplicantReviewService {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly query: ApplicantsQueryService,
    private readonly lifecycle: ApplicantLifecycle,
  ) {}

  /** The edit form: sets the fields sent ('' clears), each change recorded as { field, from, to }. */
  async update(user: User, organizationId: string, userId: string, body: UpdateApplicantDto): Promise<ApplicantDetailsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const wanted: ApplicantChanges = {};
    for (const field of IDENTITY_FIELDS) {
      const value = body[field];
      if (value !== undefined) wanted[field] = value === null || value === '' ? null : value;
    }
    // null passes @IsOptional() like undefined, and means the same: no new status (it reached a NOT NULL column: a 500).
    if (body.kycStatus != null) wanted.kycStatus = body.kycStatus;
    const updated = await this.lifecycle.edit({ organizationId: organization.id, userId }, wanted, {
      actor: user,
      expectedVersion: body.version,
    });
    return this.query.detailsOf(updated);
  }

  /** Back to the start: identity, images and review answer gone, kycStatus init. */
  async reset(user: User, organizationId: string, userId: string, version?: number): Promise<ApplicantChangeDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const updated = await this.lifecycle.reset({ organizationId: organization.id, userId }, { actor: user, expectedVersion: version });
    return { applicant: toApplicantSummary(updated) };
  }
}
