import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { SanctionsModule } from '../sanctions/sanctions.module.js';
import { ScreeningChanges } from './screening-changes.js';
import { ScreeningMonitorController } from './screening-monitor.controller.js';
import { ScreeningMonitor } from './screening-monitor.js';
import { ScreeningRequestsController } from './screening-requests.controller.js';
import { ScreeningRequests } from './screening-requests.js';
import { ScreeningReviewsController } from './screening-reviews.controller.js';
import { ScreeningReviews } from './screening-reviews.js';

/**
 * Sanctions screening of applicants: a submission's screening recorded as a check, the
 * reviewer's verdict on each hit (the policy looks again), "Screen now" on one never
 * screened, and ongoing monitoring — the verified and undecided applicants screened again
 * after a list changed, a verified one on hold at a new hit.
 */
@Module({
  imports: [OrganizationsModule, AuditModule, SanctionsModule, ApplicantsModule, PolicyModule],
  controllers: [ScreeningReviewsController, ScreeningRequestsController, ScreeningMonitorController],
  providers: [ScreeningChanges, ScreeningReviews, ScreeningRequests, ScreeningMonitor],
  exports: [ScreeningChanges, ScreeningMonitor],
})
export class ApplicantScreeningModule {}
