import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { SanctionsListsService } from './sanctions-lists.service.js';

const JOB = 'sanctions-lists-pickup';
/** Files larger than this are left alone (the largest official list is ~30 MB). */
export const MAX_LIST_FILE_BYTES = 100 * 1024 * 1024;

/**
 * Picks list files up from SANCTIONS_LISTS_DIR every SANCTIONS_LISTS_POLL_MINUTES: each
 * file whose bytes were never imported (nor refused) before is imported, so an operator
 * (or a cron job downloading the official files) only has to drop them there. One replica
 * runs each slot (a job lock).
 */
@Injectable()
export class ListDirectoryService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ListDirectoryService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly lists: SanctionsListsService,
    private readonly jobs: JobLockService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const { directory, pollMs } = this.env.sanctionsLists;
    if (!directory) return;
    this.scheduler.addInterval(
      JOB,
      setInterval(() => void this.runScheduled(), pollMs),
    );
    this.logger.log(`Watching ${directory} for list files every ${Math.round(pollMs / 60_000)} minute(s)`);
  }

  onModuleDestroy(): void {
    if (this.scheduler.doesExist('interval', JOB)) this.scheduler.deleteInterval(JOB);
  }

  async runScheduled(): Promise<void> {
    try {
      await this.jobs.runOnce(JOB, Math.max(1_000, this.env.sanctionsLists.pollMs - 5_000), () => this.pickUp().then(() => undefined));
    } catch (error) {
      this.logger.error(`Picking up list files failed: ${(error as Error).message}`);
    }
  }

  /** Imports the new files of the directory; resolves with how many were tried. */
  async pickUp(): Promise<number> {
    const directory = this.env.sanctionsLists.directory;
    if (!directory) return 0;
    let tried = 0;
    const names = (await readdir(directory)).filter((name) => !name.startsWith('.')).sort();
    for (const name of names) {
      const path = join(directory, name);
      const info = await stat(path);
      if (!info.isFile() || info.size > MAX_LIST_FILE_BYTES) continue;
      const content = await readFile(path);
      if (await this.lists.seen(createHash('sha256').update(content).digest('hex'))) continue;
      tried++;
      // A bad file is recorded as a failed import by the service; the next files still go.
      await this.lists.importFile({ content, fileName: name, actor: { id: null, username: 'list directory' }, trigger: 'directory' }).catch(() => undefined);
    }
    return tried;
  }
}
