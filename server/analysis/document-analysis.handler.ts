import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock.js';
import type { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { submittedPhotos } from '../applicants/submitted-photos.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { AnalysisOutcomes } from './analysis-outcomes.js';
import { DOCUMENT_ANALYSIS, SCREENING_ANALYSIS } from '../applicants/analysis/analysis-kinds.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { documentNationality } from '../applicants/analysis/document-data.js';
import { countryCode } from '../screening/index.js';
import { AnalysisHandlers, type AnalysisHandler } from './analysis-handlers.js';
import { AnalysisPool } from './analysis-pool.js';

/**
 * The document analysis queued at submission: reads the machine-readable zone or barcode
 * of the submitted document photos and measures their liveness signals (on the worker
 * threads), and records what was read, how the typed data compares and the signals, through the applicant lifecycle; a nationality other than
 * the country typed queues the screening again, with the document's. Running it again for
 * the same submission replaces its results.
 */
@Injectable()
export class DocumentAnalysisHandler implements AnalysisHandler, OnModuleInit {
  constructor(
    private readonly handlers: AnalysisHandlers,
    private readonly pool: AnalysisPool,
    private readonly outcomes: AnalysisOutcomes,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: AnalysisJobs,
  ) {}

  onModuleInit(): void {
    this.handlers.register(DOCUMENT_ANALYSIS, this);
  }

  async run(job: AnalysisJob): Promise<void> {
    const applicant = await this.dataSource
      .getRepository(Applicant)
      .findOne({ where: { id: job.applicantId }, select: { id: true, documentType: true, dataSessionId: true, attempt: true, country: true } });
    if (!applicant?.documentType) return; // removed since, or reset: nothing to read
    // The submission's photos (one per side: a new photo of a side replaces the old one).
    const photos = await this.dataSource.getRepository(ApplicantImage).find({ where: { ...submittedPhotos(applicant), docType: applicant.documentType } });
    const images = photos.map((photo) => ({ side: photo.side, data: photo.data }));
    const result = await this.pool.readDocument('background', applicant.documentType, images, this.clock.now());
    const liveness = await this.pool.assessDocumentLiveness(images);
    await this.outcomes.recordDocumentAnalysis(applicant.id, { read: result.read, reason: result.reason, unavailable: false, liveness });
    // A nationality other than the country typed: screen again with the document's (the screening may have run first).
    const nationality = documentNationality(result.read);
    if (nationality && nationality !== countryCode(applicant.country)) {
      await this.dataSource.transaction((manager) => this.jobs.enqueue(manager, applicant.id, SCREENING_ANALYSIS));
      this.jobs.announce();
    }
  }

  async giveUp(job: AnalysisJob, reason: string): Promise<void> {
    await this.outcomes.recordDocumentAnalysis(job.applicantId, {
      read: null,
      reason: `The document could not be analysed: ${reason}`,
      unavailable: true,
      liveness: null,
    });
  }
}
