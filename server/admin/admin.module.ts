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
import { FacesModule } from '../faces/faces.module.js';
import { FaceModelsController } from './face-models/face-models.controller.js';

/** Administrator accounts (the first super-admin, `npm run create-admin`, admin invitations), the instance's accuracy reports, the stored faces' embedding models. */
@Module({
  imports: [TypeOrmModule.forFeature([User, AccuracyReport, Applicant, AuditEvent, ApplicantCheck]), AuthModule, FacesModule],
  controllers: [AdminUsersController, AccuracyReportsController, FaceModelsController],
  providers: [AdminAccountsService, AccuracyReportsService],
  exports: [AdminAccountsService, AccuracyReportsService],
})
export class AdminModule {}
