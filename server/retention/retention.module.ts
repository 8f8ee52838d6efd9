import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { ApplicantErasureController } from './erasure/applicant-erasure.controller.js';
import { ApplicantErasures } from './erasure/applicant-erasures.js';
import { LegalHoldController } from './legal-hold.controller.js';
import { LegalHolds } from './legal-holds.js';
import { RetentionController } from './retention.controller.js';
import { Retention } from './retention.js';

/**
 * Retention and erasure: the organization's retention policy and its scheduled runs,
 * legal holds that exempt an applicant from both, and the erasure of an applicant (a
 * tombstone left in its place). Above the reviewer's workspace: erasing an applicant
 * removes what review and faces kept of it.
 */
@Module({
  imports: [OrganizationsModule, AuditModule],
  controllers: [ApplicantErasureController, LegalHoldController, RetentionController],
  providers: [ApplicantErasures, LegalHolds, Retention],
})
export class RetentionModule {}
