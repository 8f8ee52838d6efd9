import { Module, type DynamicModule } from '@nestjs/common';
import { ApplicantScreeningModule } from '../applicant-screening/applicant-screening.module.js';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { FacesModule } from '../faces/faces.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { AnalysisOutcomes } from './analysis-outcomes.js';
import { AnalysisExecutor } from './analysis-executor.js';
import { AnalysisHandlers } from './analysis-handlers.js';
import { AnalysisPoolModule } from './analysis-pool.module.js';
import { DocumentAnalysisHandler } from './document-analysis.handler.js';
import { FaceAnalysisHandler } from './face-analysis.handler.js';
import { FaceSearch } from './face-search.js';
import { FaceModelMigrations } from './face-model-migrations.js';
import { ScreeningAnalysisHandler } from './screening-analysis.handler.js';
import { ScreeningIndexCache } from './screening-index.cache.js';
import { SanctionsModule } from '../sanctions/sanctions.module.js';
import { ANALYSIS_ROLE, BullRunner, type AnalysisRole } from './bull-runner.js';
import { EmbeddedRunner } from './embedded-runner.js';

/**
 * Runs the applicants' analysis jobs: in the app on its own (embedded, the database as
 * the queue) or over BullMQ with REDIS_URL, where `npm run worker` processes take part.
 */
@Module({})
export class AnalysisModule {
  static register(role: AnalysisRole): DynamicModule {
    return {
      module: AnalysisModule,
      imports: [ApplicantsModule, FacesModule, PolicyModule, ApplicantScreeningModule, AnalysisPoolModule, SanctionsModule],
      providers: [
        { provide: ANALYSIS_ROLE, useValue: role },
        AnalysisHandlers,
        AnalysisOutcomes,
        AnalysisExecutor,
        DocumentAnalysisHandler,
        FaceAnalysisHandler,
        FaceSearch,
        FaceModelMigrations,
        ScreeningIndexCache,
        ScreeningAnalysisHandler,
        EmbeddedRunner,
        BullRunner,
      ],
      exports: [AnalysisHandlers, FaceModelMigrations],
    };
  }
}
