import type { Logger } from '@nestjs/common';
import { redactAddresses } from './redact.js';

/**
 * Work that must not delay or fail an answer (e.g. sending an e-mail): started at once,
 * its failure logged (addresses redacted), and awaited at shutdown so nothing is cut off.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  /** `failure` starts the log line of a failed task, e.g. "Sending an account e-mail failed". */
  constructor(
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  run(work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => {
        this.logger.error(`${this.failure}: ${redactAddresses(error instanceof Error ? error.message : String(error))}`);
      })
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every task started so far (and any they started) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
