import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { ApplicantCheck } from '../applicants/applicant-check.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { User } from '../users/user.entity.js';
import { AccuracyReport } from './accuracy/accuracy-report.entity.js';
import { AccuracyReportsController } from './accuracy/accuracy-reports.controller.js';
import { AccuracyReportsService } from './accuracy/accuracy-reports.service.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminUsersController } from './admin-users.controller.js';

/** Administrator accounts (the first super-admin, `npm run create-admin`, admin invitations) and the instance's accuracy reports. */
@Module({
  imports: [TypeOrmModule.forFeature([User, AccuracyReport, Applicant, AuditEvent, ApplicantCheck]), AuthModule],
  controllers: [AdminUsersController, AccuracyReportsController],
  providers: [AdminAccountsService, AccuracyReportsService],
  exports: [AdminAccountsService, AccuracyReportsService],
})
export class AdminModule {}
