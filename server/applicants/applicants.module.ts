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
import { SanctionsModule } from '../sanctions/sanctions.module.js';
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
import { ScreeningChanges } from './screening/screening-changes.js';
import { OrganizationStatsController } from './organization-stats.controller.js';
import { AutomaticDecisions } from './policy/automatic-decisions.js';
import { VerificationPolicyController } from './policy/verification-policy.controller.js';
import { VerificationPolicies } from './policy/verification-policies.js';
import { ScreeningMonitorController } from './screening/screening-monitor.controller.js';
import { ScreeningMonitor } from './screening/screening-monitor.js';
import { ScreeningReviewsController } from './screening/screening-reviews.controller.js';
import { ScreeningReviews } from './screening/screening-reviews.js';
import { DecisionLabels } from './decisions/decision-labels.js';
import { ApplicantDecisionsController, ReviewerPreferencesController, ReviewSettingsController } from './decisions/decisions.controller.js';
import { Decisions } from './decisions/decisions.js';
import { ApplicantNotesController } from './notes/notes.controller.js';
import { ApplicantNotes } from './notes/applicant-notes.js';

/**
 * Applicants: list, details, images, checks, statistics, staff review, the
 * ApplicantLifecycle — the kernel through which every change of an applicant goes — with
 * the use cases of its subfolders (decisions, screening, analysis results), and the table of
 * their analysis jobs (run by the analysis module), their stored faces and the face blocklist,
 * sanctions hits and their review, ongoing monitoring, and the organization's verification policy;
 * the work queue: assignment, tags, saved views and the CSV export of the list.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Applicant, ApplicantImage, ApplicantCheck, AnalysisJob]),
    OrganizationsModule,
    AuditModule,
    WebhooksModule,
    SanctionsModule,
  ],
  controllers: [
    ApplicantsOverviewController,
    ApplicantsController,
    ApplicantTagsController,
    TagsController,
    ApplicantChecksController,
    OrganizationStatsController,
    FaceBlocklistController,
    FaceCropsController,
    ScreeningReviewsController,
    VerificationPolicyController,
    ScreeningMonitorController,
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
    ScreeningChanges,
    AnalysisJobs,
    ApplicantFaces,
    VerificationPolicies,
    AutomaticDecisions,
    ScreeningReviews,
    ScreeningMonitor,
    DecisionLabels,
    Decisions,
    ApplicantNotes,
    ApplicantTags,
    ApplicantExports,
    ApplicantErasures,
    LegalHolds,
    Retention,
  ],
  exports: [
    DecisionLabels,
    Decisions,
    ApplicantsQueryService,
    ApplicantLifecycle,
    AnalysisOutcomes,
    DecisionChanges,
    ScreeningChanges,
    AnalysisJobs,
    ApplicantFaces,
    AutomaticDecisions,
    VerificationPolicies,
    ScreeningMonitor,
  ],
})
export class ApplicantsModule {}
