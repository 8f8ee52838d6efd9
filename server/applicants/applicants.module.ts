import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AnalysisJob } from './analysis/analysis-job.entity.js';
import { AnalysisJobs } from './analysis/analysis-jobs.js';
import { ApplicantCheck } from './applicant-check.entity.js';
import { ApplicantChecksController } from './applicant-checks.controller.js';
import { ApplicantImage } from './applicant-image.entity.js';
import { ApplicantStatusPublisher } from './applicant-status.publisher.js';
import { Applicant } from './applicant.entity.js';
import { ApplicantsOverviewController } from './applicants-overview.controller.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import { ApplicantLifecycle } from './lifecycle/applicant-lifecycle.js';

/**
 * The applicant core: the applicant, its images and checks, the list read model (search,
 * filters, checkpoints), the table of its analysis jobs and the ApplicantLifecycle — the
 * kernel through which every change of an applicant goes. Each use case lives in the
 * module that owns it, above this one: policy/, applicant-screening/, faces/, analysis/,
 * review/, retention/ and kyc/.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Applicant, ApplicantImage, ApplicantCheck, AnalysisJob]), OrganizationsModule, AuditModule, WebhooksModule],
  controllers: [ApplicantsOverviewController, ApplicantChecksController],
  providers: [ApplicantsQueryService, ApplicantStatusPublisher, ApplicantLifecycle, AnalysisJobs],
  exports: [ApplicantsQueryService, ApplicantStatusPublisher, ApplicantLifecycle, AnalysisJobs],
})
export class ApplicantsModule {}
