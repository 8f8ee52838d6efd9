import { Injectable } from '@nestjs/common';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';
import { SanctionsListsService } from '../sanctions/sanctions-lists.service.js';
import type { User } from '../users/user.entity.js';
import { ScreeningChanges } from './screening-changes.js';
import type { ScreeningRequestDto } from './screening-request.dto.js';
import { SCREENING_ERRORS } from './screening.errors.js';

/** "Screen now" on an applicant never screened: the tenancy check, a list in force, then the request through the lifecycle. */
@Injectable()
export class ScreeningRequests {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly lists: SanctionsListsService,
    private readonly screening: ScreeningChanges,
  ) {}

  async request(user: User, organizationId: string, userId: string): Promise<ScreeningRequestDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const active = await this.lists.activeImports();
    if (active.length === 0) throw SCREENING_ERRORS.error('NO_SANCTIONS_LIST');
    const lists = active.map(({ source, version }) => ({ source, version }));
    await this.screening.requestScreening({ organizationId: organization.id, userId }, lists, { actor: user });
    return { lists };
  }
}
