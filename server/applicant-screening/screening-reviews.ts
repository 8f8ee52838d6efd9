import { Injectable } from '@nestjs/common';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';
import type { User } from '../users/user.entity.js';
import type { ApplicantCheckDto } from '../applicants/dto/applicant-check.dto.js';
import { ScreeningChanges } from './screening-changes.js';
import { AutomaticDecisions } from '../policy/automatic-decisions.js';
import type { ReviewScreeningHitDto } from './hit-review.dto.js';

/** Staff verdicts on sanctions hits: the tenancy check, the lifecycle, then the policy looks again. */
@Injectable()
export class ScreeningReviews {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly screening: ScreeningChanges,
    private readonly decisions: AutomaticDecisions,
  ) {}

  async review(user: User, organizationId: string, userId: string, body: ReviewScreeningHitDto): Promise<ApplicantCheckDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const check = await this.screening.reviewScreeningHit(
      { organizationId: organization.id, userId },
      { hitKey: body.hit, verdict: body.verdict, note: body.note },
      { actor: user },
    );
    // A hit resolved may be all an automatic policy was waiting for.
    await this.decisions.decide(check.applicantId);
    const { name, verdict, score, detail, evidence, createdAt } = check;
    return { name, verdict, passed: verdict === 'passed', score, detail, evidence, createdAt };
  }
}
