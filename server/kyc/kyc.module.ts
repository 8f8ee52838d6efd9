import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { KycController } from './kyc.controller.js';
import { StatusStreamService } from './status-stream.service.js';
import { SumsubClient } from './sumsub/sumsub.client.js';
import { SumsubController } from './sumsub/sumsub.controller.js';
import { VerificationSessionService } from './verification-session.service.js';
import { VerificationStepsService } from './verification-steps.service.js';
import { VerificationTokensService } from './verification-tokens.service.js';
import { WidgetTokenGuard } from './widget-token.guard.js';
import { WidgetTokenService } from './widget-token.service.js';

/**
 * The verification page's API: widget tokens, the built-in widget's steps, live status
 * and the Sumsub provider. It reads applicants through ApplicantsQueryService and
 * changes them only through the ApplicantLifecycle.
 */
@Module({
  imports: [OrganizationsModule, WebhooksModule, ApplicantsModule],
  controllers: [KycController, SumsubController],
  providers: [
    VerificationTokensService,
    VerificationSessionService,
    VerificationStepsService,
    SumsubClient,
    WidgetTokenService,
    WidgetTokenGuard,
    StatusStreamService,
  ],
  exports: [StatusStreamService],
})
export class KycModule {}
