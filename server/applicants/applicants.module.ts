import { ApplicantErasureController } from './erasure/applicant-erasure.controller.js';
import { ApplicantErasures } from './erasure/applicant-erasures.js';
import { LegalHoldController } from './retention/legal-hold.controller.js';
import { LegalHolds } from './retention/legal-holds.js';
import { RetentionController } from './retention/retention.controller.js';
import { Retention } from './retention/retention.js';
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
import { ApplicantReviewService } from './applicant-review.service.js';
import { ApplicantStatsService } from './applicant-stats.service.js';
import { ApplicantStatusPublisher } from './applicant-status.publisher.js';
import { Applicant } from './applicant.entity.js';
import { ApplicantsOverviewController } from './applicants-overview.controller.js';
import { ApplicantsQueryService } from './applicants-query.service.js';
import { ApplicantsController } from './applicants.controller.js';
import { ApplicantExports } from './export/applicant-exports.js';
import { ApplicantTagsController, TagsController } from './tags/tags.controller.js';
import { ApplicantTags } from './tags/applicant-tags.js';
import { ApplicantFaces } from './faces/applicant-faces.js';
import { FaceCropsController } from './faces/face-crops.controller.js';
import { FaceBlocklistController } from './faces/face-blocklist.controller.js';
import { ApplicantLifecycle } from './lifecycle/applicant-lifecycle.js';
import { AnalysisOutcomes } from './analysis/analysis-outcomes.js';
import { DecisionChanges } from './decisions/decision-changes.js';
import { OrganizationStatsController } from './organization-stats.controller.js';
import { DecisionLabels } from './decisions/decision-labels.js';
import { ApplicantDecisionsController, ReviewerPreferencesController, ReviewSettingsController } from './decisions/decisions.controller.js';
import { Decisions } from './decisions/decisions.js';
import { ApplicantNotesController } from './notes/notes.controller.js';
import { ApplicantNotes } from './notes/applicant-notes.js';

/**
 * Applicants: list, details, images, checks, statistics, staff review, the
 * ApplicantLifecycle — the kernel through which every change of an applicant goes — with
 * the use cases of its subfolders (decisions, analysis results), the table of their
 * analysis jobs (run by the analysis module), their stored faces and the face blocklist,
 * tags, notes, the CSV export of the list, retention and erasure. The verification policy
 * (policy/), sanctions screening of applicants (applicant-screening/) and the reviewer's
 * workspace (review/) are modules of their own above this one.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Applicant, ApplicantImage, ApplicantCheck, AnalysisJob]), OrganizationsModule, AuditModule, WebhooksModule],
  controllers: [
    ApplicantsOverviewController,
    ApplicantsController,
    ApplicantTagsController,
    TagsController,
    ApplicantChecksController,
    OrganizationStatsController,
    FaceBlocklistController,
    FaceCropsController,
    ReviewSettingsController,
    ApplicantDecisionsController,
    ReviewerPreferencesController,
    ApplicantNotesController,
    ApplicantErasureController,
    LegalHoldController,
    RetentionController,
  ],
  providers: [
    ApplicantsQueryService,
    ApplicantReviewService,
    ApplicantStatsService,
    ApplicantStatusPublisher,
    ApplicantLifecycle,
    AnalysisOutcomes,
    DecisionChanges,
    AnalysisJobs,
    ApplicantFaces,
    DecisionLabels,
    Decisions,
    ApplicantNotes,
    ApplicantTags,
    ApplicantExports,
    ApplicantErasures,
    LegalHolds,
    Retention,
  ],
  exports: [DecisionLabels, Decisions, ApplicantsQueryService, ApplicantLifecycle, AnalysisOutcomes, DecisionChanges, AnalysisJobs, ApplicantFaces],
})
export class ApplicantsModule {}
