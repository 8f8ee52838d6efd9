import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { ApplicantReviewService } from './applicant-review.service.js';
import { ApplicantImage } from './applicant-image.entity.js';
import { Applicant } from './applicant.entity.js';
import { ApplicantsOverviewController } from './applicants-overview.controller.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import { ApplicantsController } from './applicants.controller.js';

/** Applicant review: list, details, images, edit, reset, decisions and activity. */
@Module({
  imports: [TypeOrmModule.forFeature([Applicant, ApplicantImage]), ProjectsModule, AuditModule, WebhooksModule],
  controllers: [ApplicantsOverviewController, ApplicantsController],
  providers: [ApplicantsQueryService, ApplicantReviewService],
  exports: [ApplicantsQueryService, ApplicantReviewService],
})
export class ApplicantsModule {}
