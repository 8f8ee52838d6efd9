import { Injectable } from '@nestjs/common';
import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.service.js';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import type { User } from '../users/user.entity.js';
import { OwnerSettingsReader } from '../webhooks/owner-settings.reader.js';
import type { KycTokenResponseDto, StaffTokenResponseDto } from './dto/kyc.dto.js';
import { TOKEN_ISSUED_MESSAGE, unknownCompanyKey, webhookNotConfigured } from './kyc.errors.js';
import { WidgetTokenService } from './widget-token.service.js';

/** Widget tokens: who may open the verification page for an applicant. */
@Injectable()
export class VerificationTokensService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly access: OrganizationAccessService,
    private readonly ownerSettings: OwnerSettingsReader,
    private readonly lifecycle: ApplicantLifecycle,
    private readonly tokens: WidgetTokenService,
  ) {}

  /** GET /kyc/get-new-token: the integrator's page, identified by its organization's companyKey. */
  async issueForCompanyKey(companyKey: string | undefined, userId: string): Promise<KycTokenResponseDto> {
    const organization = companyKey ? await this.organizations.findByCompanyKey(companyKey) : null;
    if (!organization) throw unknownCompanyKey();
    const owner = await this.ownerSettings.forOrganization(organization.id);
    if (!owner?.webhookUrl) throw webhookNotConfigured();
    const token = await this.issue(organization.id, userId);
    return { status: 'ok', code: 'OK', message: TOKEN_ISSUED_MESSAGE, token };
  }

  /** GET /get-new-token: a signed-in member of the organization opens the widget for an applicant. */
  async issueForStaff(user: User, organizationId: string, userId: string): Promise<StaffTokenResponseDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    return { token: { token: await this.issue(organization.id, userId) } };
  }

  private async issue(organizationId: string, userId: string): Promise<string> {
    const applicant = await this.lifecycle.open({ organizationId, userId });
    return this.tokens.issue({ applicantId: applicant.id, organizationId, userId }).token;
  }
}
