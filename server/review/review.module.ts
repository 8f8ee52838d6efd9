import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { OrganizationActivityController } from './activity/organization-activity.controller.js';
import { OrganizationActivity } from './activity/organization-activity.js';
import { AssignmentController } from './assignment/assignment.controller.js';
import { ApplicantAssignments } from './assignment/applicant-assignments.js';
import { ApplicantViewsController } from './views/applicant-views.controller.js';
import { ApplicantViews } from './views/applicant-views.js';

/**
 * The reviewer's workspace around the applicants list: who works on which applicant
 * (assignment, the next unassigned), the saved views of the list, and the organization's
 * Activity. It reads applicants through ApplicantsModule and changes none of their
 * lifecycle (an assignment bumps no version).
 */
@Module({
  imports: [OrganizationsModule, AuditModule, ApplicantsModule],
  controllers: [AssignmentController, ApplicantViewsController, OrganizationActivityController],
  providers: [ApplicantAssignments, ApplicantViews, OrganizationActivity],
})
export class ReviewModule {}
