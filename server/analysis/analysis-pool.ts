import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { QualityReport, QualityThresholds } from '../document-reading/index.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import type { AnalysisTask } from './analysis.worker.js';
import type { DocumentImage, DocumentReadResult } from './document-reader.js';
import type { FaceImages, FaceReadResult } from './face-reader.js';
import { builtWorkerFile } from '../common/worker-file.js';
import { BACKGROUND_NICE, type PoolWorkerData } from './worker-threads.js';

/**
 * Who waits for the work: an end user at capture (the photo's measures, the pre-fill),
 * or nobody (the analysis of a submission, queued).
 */
export type AnalysisPriority = 'capture' | 'background';

/**
 * Worker threads for the CPU-heavy part of analysis (image measures, OCR, barcodes), so
 * it never blocks the event loop that answers HTTP: one pool per priority, each of up
 * to ANALYSIS_THREADS threads. Threads start on first use and end after a minute idle
 * (each holds an OCR engine of some tens of MB).
 */
@Injectable()
export class AnalysisPool implements OnApplicationShutdown {
  private readonly pools = new Map<AnalysisPriority, Piscina>();

  constructor(@Inject(appConfig.KEY) private readonly env: AppConfig) {}

  assessQuality(image: Buffer, thresholds: QualityThresholds): Promise<QualityReport> {
    return this.run('capture', { task: 'quality', image, thresholds }) as Promise<QualityReport>;
  }

  readDocument(priority: AnalysisPriority, documentType: string | null, images: DocumentImage[], today: Date): Promise<DocumentReadResult> {
    return this.run(priority, { task: 'read-document', documentType, images, today: today.toISOString() }) as Promise<DocumentReadResult>;
  }

  /** The faces of an applicant's document portrait and selfies (only ever background work). */
  readFaces(images: FaceImages): Promise<FaceReadResult> {
    return this.run('background', { task: 'read-faces', images }) as Promise<FaceReadResult>;
  }

  /** After the runners (onModuleDestroy) let their jobs finish. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.destroy()));
  }

  private run(priority: AnalysisPriority, task: AnalysisTask): Promise<unknown> {
    let pool = this.pools.get(priority);
    if (!pool) {
      const workerData: PoolWorkerData = { nice: priority === 'background' ? BACKGROUND_NICE : 0 };
      pool = new Piscina({ filename: builtWorkerFile(import.meta.url, 'analysis.worker.js'), minThreads: 0, maxThreads: this.env.analysis.threads, idleTimeout: 60_000, workerData });
      this.pools.set(priority, pool);
    }
    return pool.run(task);
  }
}
