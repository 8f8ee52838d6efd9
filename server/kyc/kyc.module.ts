import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisPoolModule } from '../analysis/analysis-pool.module.js';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { ReviewModule } from '../review/review.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AbandonedCleanupService } from './abandoned-cleanup.service.js';
import { IdempotencyModule } from '../common/idempotency/idempotency.module.js';
import { AbuseLimitsService } from './abuse-limits.service.js';
import { KycController } from './kyc.controller.js';
import { VerificationSessionsService } from './sessions/verification-sessions.service.js';
import { StatusStreamService } from './status-stream.service.js';
import { SumsubClient } from './sumsub/sumsub.client.js';
import { SumsubController } from './sumsub/sumsub.controller.js';
import { VerificationSession } from './verification-session.entity.js';
import { Organization } from '../organizations/organization.entity.js';
import { VerificationChanges } from './verification-changes.js';
import { VerificationStepsService } from './verification-steps.service.js';
import { CaptureSlots } from './capture-slots.js';
import { WidgetStateService } from './widget-state.service.js';
import { WidgetTokenGuard } from './widget-token.guard.js';
import { WidgetTokenService } from './widget-token.service.js';

/**
 * The verification page's API: sessions (server-created links, companyKey starts, staff),
 * widget tokens, the built-in widget's steps, live status, abuse limits, the clean-up of
 * abandoned verifications and the Sumsub provider. It reads applicants through
 * ApplicantsQueryService and changes them only through the ApplicantLifecycle (its own
 * use cases: VerificationChanges).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([VerificationSession, Organization]),
    IdempotencyModule,
    AuditModule,
    OrganizationsModule,
    WebhooksModule,
    ApplicantsModule,
    ReviewModule,
    AnalysisPoolModule,
  ],
  controllers: [KycController, SumsubController],
  providers: [
    VerificationSessionsService,
    WidgetStateService,
    VerificationChanges,
    VerificationStepsService,
    CaptureSlots,
    AbuseLimitsService,
    AbandonedCleanupService,
    SumsubClient,
    WidgetTokenService,
    WidgetTokenGuard,
    StatusStreamService,
  ],
  exports: [StatusStreamService],
})
export class KycModule {}
