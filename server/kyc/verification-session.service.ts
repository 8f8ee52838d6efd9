import { Injectable } from '@nestjs/common';
import type { Applicant } from '../applicants/applicant.entity.js';
import { kycSessionStatus } from '../applicants/applicant-status.publisher.js';
import { ApplicantsQueryService } from '../applicants/applicants-query.service.js';
import { canResubmit } from '../applicants/lifecycle/applicant-lifecycle.service.js';
import type { ApplicantStatusEvent } from '../common/events/status-event.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { OwnerSettingsReader } from '../webhooks/owner-settings.reader.js';
import { PERSONAL_FIELDS, type WidgetSessionDto } from './dto/kyc.dto.js';
import { invalidToken } from './kyc.errors.js';
import { SumsubClient } from './sumsub/sumsub.client.js';
import type { WidgetTokenClaims } from './widget-token.service.js';

/** What the verification page reads back: the applicant a token is bound to, its progress and status. */
@Injectable()
export class VerificationSessionService {
  constructor(
    private readonly applicants: ApplicantsQueryService,
    private readonly organizations: OrganizationsService,
    private readonly ownerSettings: OwnerSettingsReader,
    private readonly sumsub: SumsubClient,
  ) {}

  /** The applicant a token is bound to; any mismatch is the widget's `invalid-token`. */
  async applicantFor(claims: WidgetTokenClaims): Promise<Applicant> {
    const applicant = await this.applicants.findById(claims.applicantId);
    if (!applicant || applicant.organizationId !== claims.organizationId || applicant.userId !== claims.userId) {
      throw invalidToken();
    }
    return applicant;
  }

  async companyKeyMatches(organizationId: string, companyKey: string): Promise<boolean> {
    return (await this.organizations.findById(organizationId))?.companyKey === companyKey;
  }

  /** The first event of a status stream: where the applicant stands now. */
  async currentStatus(applicant: Applicant): Promise<ApplicantStatusEvent> {
    return {
      organizationId: applicant.organizationId,
      userId: applicant.userId,
      status: kycSessionStatus(applicant),
      redirectUrl: await this.redirectUrl(applicant.organizationId),
    };
  }

  async session(claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    const applicant = await this.applicantFor(claims);
    const organization = await this.organizations.findById(applicant.organizationId);
    const images = await this.applicants.listImageKinds(applicant.id);
    return {
      userId: applicant.userId,
      organizationName: organization?.name ?? '',
      status: kycSessionStatus(applicant),
      provider: this.sumsub.enabled ? 'sumsub' : 'builtin',
      documentType: applicant.documentType,
      images: images.map(({ docType, side }) => ({ docType, side })),
      personalData: pickPersonalData(applicant),
      redirectUrl: await this.redirectUrl(applicant.organizationId),
      canResubmit: canResubmit(applicant),
    };
  }

  private async redirectUrl(organizationId: string): Promise<string | null> {
    return (await this.ownerSettings.forOrganization(organizationId))?.redirectUrl ?? null;
  }
}

function pickPersonalData(applicant: Applicant): WidgetSessionDto['personalData'] {
  const data = {} as WidgetSessionDto['personalData'];
  for (const field of PERSONAL_FIELDS) data[field] = applicant[field];
  return data;
}
