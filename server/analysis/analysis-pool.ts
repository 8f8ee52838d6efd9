import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { QualityReport, QualityThresholds } from '../document-reading/index.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import type { AnalysisTask } from './analysis.worker.js';
import type { DocumentImage, DocumentReadResult } from './document-reader.js';

/**
 * The compiled worker module: beside this file in dist/, or dist/'s copy when this file
 * runs from source (the server test command builds dist first).
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL('./analysis.worker.js', import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL('../../dist/server/analysis/analysis.worker.js', import.meta.url));
}

/**
 * Worker threads for the CPU-heavy part of analysis (image measures, OCR, barcodes), so
 * it never blocks the event loop that answers HTTP. Threads start on first use and end
 * after a minute idle (each holds an OCR engine of some tens of MB).
 */
@Injectable()
export class AnalysisPool implements OnApplicationShutdown {
  private pool: Piscina | undefined;

  constructor(@Inject(appConfig.KEY) private readonly env: AppConfig) {}

  assessQuality(image: Buffer, thresholds: QualityThresholds): Promise<QualityReport> {
    return this.run({ task: 'quality', image, thresholds }) as Promise<QualityReport>;
  }

  readDocument(documentType: string | null, images: DocumentImage[], today: Date): Promise<DocumentReadResult> {
    return this.run({ task: 'read-document', documentType, images, today: today.toISOString() }) as Promise<DocumentReadResult>;
  }

  /** After the runners (onModuleDestroy) let their jobs finish. */
  async onApplicationShutdown(): Promise<void> {
    await this.pool?.destroy();
  }

  private run(task: AnalysisTask): Promise<unknown> {
    this.pool ??= new Piscina({ filename: workerFile(), minThreads: 0, maxThreads: this.env.analysis.threads, idleTimeout: 60_000 });
    return this.pool.run(task);
  }
}
