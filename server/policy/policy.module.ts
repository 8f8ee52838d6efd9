import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { AutomaticDecisions } from './automatic-decisions.js';
import { VerificationPolicies } from './verification-policies.js';
import { VerificationPolicyController } from './verification-policy.controller.js';

/**
 * An organization's verification policy (automatic approval and rejection, the screening
 * threshold) and the automatic decisions it makes once a submission's analyses are in:
 * each decision one change through the applicant lifecycle.
 */
@Module({
  imports: [OrganizationsModule, AuditModule, ApplicantsModule],
  controllers: [VerificationPolicyController],
  providers: [VerificationPolicies, AutomaticDecisions],
  exports: [VerificationPolicies, AutomaticDecisions],
})
export class PolicyModule {}
