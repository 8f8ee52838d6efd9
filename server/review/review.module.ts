import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { OrganizationActivityController } from './activity/organization-activity.controller.js';
import { OrganizationActivity } from './activity/organization-activity.js';
import { AssignmentController } from './assignment/assignment.controller.js';
import { ApplicantAssignments } from './assignment/applicant-assignments.js';
import { ReviewSla } from './assignment/review-sla.js';
import { DecisionChanges } from './decisions/decision-changes.js';
import { DecisionLabels } from './decisions/decision-labels.js';
import { ApplicantDecisionsController, ReviewerPreferencesController, ReviewSettingsController } from './decisions/decisions.controller.js';
import { Decisions } from './decisions/decisions.js';
import { ApplicantDetails } from './details/applicant-details.js';
import { ApplicantReviewService } from './details/applicant-review.service.js';
import { ApplicantsController } from './details/applicants.controller.js';
import { ApplicantExports } from './export/applicant-exports.js';
import { ApplicantNotesController } from './notes/notes.controller.js';
import { ApplicantNotes } from './notes/applicant-notes.js';
import { ApplicantStatsService } from './stats/applicant-stats.service.js';
import { OrganizationStatsController } from './stats/organization-stats.controller.js';
import { ApplicantTagsController, TagsController } from './tags/tags.controller.js';
import { ApplicantTags } from './tags/applicant-tags.js';
import { ApplicantViewsController } from './views/applicant-views.controller.js';
import { ApplicantViews } from './views/applicant-views.js';

/**
 * The reviewer's workspace: an organization's applicants list and one applicant's details,
 * staff edits and resets, decisions (with their labels, undo window and four-eyes step),
 * notes, tags, assignment and the next unassigned, saved views, the CSV export, statistics
 * and the organization's Activity. It reads applicants through ApplicantsModule and
 * changes them only through the ApplicantLifecycle (its own use cases: DecisionChanges,
 * ApplicantReviewService).
 */
@Module({
  imports: [OrganizationsModule, AuditModule, WebhooksModule, ApplicantsModule, PolicyModule],
  controllers: [
    ApplicantsController,
    ApplicantTagsController,
    TagsController,
    OrganizationStatsController,
    ReviewSettingsController,
    ApplicantDecisionsController,
    ReviewerPreferencesController,
    ApplicantNotesController,
    AssignmentController,
    ApplicantViewsController,
    OrganizationActivityController,
  ],
  providers: [
    ApplicantDetails,
    ApplicantReviewService,
    ApplicantStatsService,
    DecisionChanges,
    DecisionLabels,
    Decisions,
    ApplicantNotes,
    ApplicantTags,
    ApplicantExports,
    ApplicantAssignments,
    ReviewSla,
    ApplicantViews,
    OrganizationActivity,
  ],
  exports: [DecisionChanges, DecisionLabels, Decisions],
})
export class ReviewModule {}
