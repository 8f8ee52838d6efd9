import { Injectable } from '@nestjs/common';
import type { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';

/** What one kind of analysis does with a claimed job. */
export interface AnalysisHandler {
  /** Runs the analysis and records its results; runs again after a crash, so it must be repeatable. */
  run(job: AnalysisJob, signal?: AbortSignal): Promise<void>;
  /** Records that the analysis could not be done (after the last attempt), so nobody waits for it. */
  giveUp(job: AnalysisJob, reason: string): Promise<void>;
}

/** The handlers by job kind; each analysis module registers its own at start-up. */
@Injectable()
export class AnalysisHandlers {
  private readonly byKind = new Map<string, AnalysisHandler>();

  register(kind: string, handler: AnalysisHandler): void {
    this.byKind.set(kind, handler);
  }

  get(kind: string): AnalysisHandler | undefined {
    return this.byKind.get(kind);
  }
}
