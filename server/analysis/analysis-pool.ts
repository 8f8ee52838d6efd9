import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { QualityReport, QualityThresholds } from '../document-reading/index.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import type { AnalysisTask } from './analysis.worker.js';
import type { DocumentImage, DocumentReadResult } from './document-reader.js';
import type { PhotoLiveness } from '../document-liveness/index.js';
import type { FaceImages, FaceReadResult } from './face-reader.js';
import type { FaceModel } from '../face-reading/index.js';
import { builtWorkerFile } from '../config/worker-file.js';
import { BACKGROUND_NICE, type PoolWorkerData } from './worker-threads.js';
import { FairLane, type CaptureTicket } from './fair-lane.js';

export type { CaptureTicket } from './fair-lane.js';

/**
 * A capture task still running this long is stopped (its thread ended, a new one started
 * on the next task): it holds a thread every end user at capture shares.
 */
export const CAPTURE_TASK_LIMIT_MS = 15_000;

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
 *
 * The capture lane is shared out by owner (the end user's address, FairLane): one
 * address uploading as fast as it can does not make another end user wait behind its
 * queue, and work given up (its upload answered without it) is dropped before it starts.
 */
@Injectable()
export class AnalysisPool implements OnApplicationShutdown {
  private readonly pools = new Map<AnalysisPriority, Piscina>();
  private readonly captureLane: FairLane;

  constructor(@Inject(appConfig.KEY) private readonly env: AppConfig) {
    this.captureLane = new FairLane(env.analysis.threads);
  }

  /** A photo's measures at capture, for the end user waiting on the upload. */
  assessQuality(image: Buffer, thresholds: QualityThresholds, ticket: CaptureTicket): Promise<QualityReport> {
    return this.capture(ticket, { task: 'quality', image, thresholds }) as Promise<QualityReport>;
  }

  /** A document's reading: at capture (the pre-fill, with the end user's ticket) or in the background (a submission's analysis). */
  readDocument(
    priority: AnalysisPriority,
    documentType: string | null,
    images: DocumentImage[],
    today: Date,
    ticket?: CaptureTicket,
  ): Promise<DocumentReadResult> {
    // A capture task is ended by terminating its thread when it overruns its time budget; terminated inside a run of
    // the recogniser's native code (onnxruntime-node), a thread aborts the whole process. Capture reads (the pre-fill)
    // are tesseract's alone; background reads, which nothing terminates while they run, use the recogniser.
    const task: AnalysisTask = { task: 'read-document', documentType, images, today: today.toISOString(), recognizer: priority !== 'capture' };
    if (priority === 'capture') return this.capture(ticket ?? { owner: '' }, task) as Promise<DocumentReadResult>;
    return this.run(priority, task) as Promise<DocumentReadResult>;
  }

  /** The document liveness signals of a submission's document photos (only ever background work). */
  assessDocumentLiveness(images: DocumentImage[]): Promise<PhotoLiveness[]> {
    return this.run('background', { task: 'document-liveness', images }) as Promise<PhotoLiveness[]>;
  }

  /** The faces of an applicant's document portrait and selfies, with the embeddings of `models` (only ever background work). */
  readFaces(images: FaceImages, models: FaceModel[]): Promise<FaceReadResult> {
    return this.run('background', { task: 'read-faces', images, models }) as Promise<FaceReadResult>;
  }

  /** After the runners (onModuleDestroy) let their jobs finish. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.destroy()));
  }

  /** Capture tasks wait in the fair lane, which hands the pool at most ANALYSIS_THREADS at a time. */
  private capture(ticket: CaptureTicket, task: AnalysisTask): Promise<unknown> {
    return this.captureLane.run(ticket, () => this.run('capture', task, AbortSignal.timeout(CAPTURE_TASK_LIMIT_MS)));
  }

  private run(priority: AnalysisPriority, task: AnalysisTask, signal?: AbortSignal): Promise<unknown> {
    let pool = this.pools.get(priority);
    if (!pool) {
      const workerData: PoolWorkerData = { nice: priority === 'background' ? BACKGROUND_NICE : 0 };
      pool = new Piscina({
        filename: builtWorkerFile(import.meta.url, 'analysis.worker.js'),
        minThreads: 0,
        maxThreads: this.env.analysis.threads,
        idleTimeout: 60_000,
        workerData,
      });
      this.pools.set(priority, pool);
    }
    return pool.run(task, signal ? { signal } : undefined);
  }
}
