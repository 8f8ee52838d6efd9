import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApplicantsQueryService } from '../applicants/applicants-query.service.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequirePermission } from '../common/decorators/require-permission.decorator.js';
import { OrganizationAccessService } from '../projects/organization-access.service.js';
import type { User } from '../users/user.entity.js';
import { ApplicantCheck } from './applicant-check.entity.js';

export class ApplicantCheckDto {
  @ApiProperty({ enum: ['document-not-expired', 'adult', 'document-number-unique', 'images-readable'] }) name: string;
  @ApiProperty() passed: boolean;
  @ApiProperty() detail: string;
  @ApiProperty() createdAt: Date;
}

/** The automatic checks of the applicant's last submission, for the reviewer. */
@ApiTags('applicants')
@Controller('projects/:id/applicants/:userId/checks')
export class ApplicantChecksController {
  constructor(
    private readonly access: OrganizationAccessService,
    private readonly applicants: ApplicantsQueryService,
    @InjectRepository(ApplicantCheck) private readonly checks: Repository<ApplicantCheck>,
  ) {}

  @Get()
  @RequirePermission('applicants', 'read')
  @ApiOkResponse({ type: [ApplicantCheckDto] })
  async list(@CurrentUser() user: User, @Param('id') id: string, @Param('userId') userId: string): Promise<ApplicantCheckDto[]> {
    const { organization } = await this.access.requireMember(user, id);
    const applicant = await this.applicants.findApplicant(organization.id, userId);
    const rows = await this.checks.find({ where: { applicantId: applicant.id }, order: { name: 'ASC' } });
    return rows.map(({ name, passed, detail, createdAt }) => ({ name, passed, detail, createdAt }));
  }
}
