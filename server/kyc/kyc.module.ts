import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { AuditModule } from '../audit/audit.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { Organization } from '../projects/organization.entity.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { ApplicantCheck } from './applicant-check.entity.js';
import { ApplicantChecksController } from './applicant-checks.controller.js';
import { KycController } from './kyc.controller.js';
import { KycService } from './kyc.service.js';
import { StatusStreamService } from './status-stream.service.js';
import { SumsubController } from './sumsub/sumsub.controller.js';
import { SumsubClient } from './sumsub/sumsub.client.js';
import { WidgetTokenGuard } from './widget-token.guard.js';
import { WidgetTokenService } from './widget-token.service.js';

/** The verification page's API: widget tokens, the built-in widget's steps, live status. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Organization, Applicant, ApplicantImage, ApplicantCheck]),
    ProjectsModule,
    AuditModule,
    WebhooksModule,
    ApplicantsModule,
  ],
  controllers: [KycController, SumsubController, ApplicantChecksController],
  providers: [KycService, SumsubClient, WidgetTokenService, WidgetTokenGuard, StatusStreamService],
  exports: [StatusStreamService],
})
export class KycModule {}
