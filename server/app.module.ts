import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { ConfigModule } from './config/config.module.js';
import { databaseRoot } from './database-root.js';
import { AppSqlModule } from './database/app-sql.module.js';
import { AnalysisModule } from './analysis/analysis.module.js';
import { AuthenticationModule } from './auth/authentication.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { EventsModule } from './common/events/events.module.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { HealthModule } from './health/health.module.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { ScheduleModule } from '@nestjs/schedule';
import { AuthModule } from './auth/auth.module.js';
import { UsersModule } from './users/users.module.js';
import { RolesModule } from './roles/roles.module.js';
import { OrganizationsModule } from './organizations/organizations.module.js';
import { ApplicantsModule } from './applicants/applicants.module.js';
import { AuditModule } from './audit/audit.module.js';
import { KycModule } from './kyc/kyc.module.js';
import { ReviewModule } from './review/review.module.js';
import { FacesModule } from './faces/faces.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { PolicyModule } from './policy/policy.module.js';
import { ApplicantScreeningModule } from './applicant-screening/applicant-screening.module.js';
import { AdminModule } from './admin/admin.module.js';
import { DemoModule } from './demo/demo.module.js';
import { SanctionsPickupModule } from './sanctions/sanctions-pickup.module.js';
import { SanctionsModule } from './sanctions/sanctions.module.js';
import { loadEnvironment } from './config/environment.js';
import { staticAssetHeaders } from './common/http/cache-control.js';

const clientDir = loadEnvironment().clientDir;

@Module({
  imports: [
    ConfigModule,
    databaseRoot(),
    AppSqlModule,
    ServeStaticModule.forRoot({
      rootPath: clientDir,
      exclude: ['/api/{*path}'],
      // Hashed assets (assets/*-[hash].js) for a year; index.html and the rest revalidated.
      serveStaticOptions: { index: false, setHeaders: staticAssetHeaders(clientDir) },
    }),
    // The hot read routes first: Express tries each route in turn until one matches (a
    // test makes sure no request matches routes of two controllers, so order is speed only).
    UsersModule,
    ReviewModule,
    ApplicantsModule,
    SessionsModule,
    AuthenticationModule,
    EventsModule,
    JobsModule,
    RateLimitModule,
    HealthModule,
    ScheduleModule.forRoot(),
    ApiKeysModule,
    WebhooksModule,
    AuthModule,
    RolesModule,
    OrganizationsModule,
    AuditModule,
    AnalysisModule.register('app'),
    KycModule,
    FacesModule,
    RetentionModule,
    PolicyModule,
    ApplicantScreeningModule,
    AdminModule,
    DemoModule,
    SanctionsModule,
    SanctionsPickupModule,
  ],
})
export class AppModule {}
