import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { builtWorkerFile } from '../config/worker-file.js';
import { SanctionsListsService } from '../sanctions/sanctions-lists.service.js';
import type { ListEntity, ScreeningHit, ScreeningOptions, ScreeningQuery } from '../screening/index.js';
import type { ScreeningSearchTask } from './screening-search.worker.js';
import { BACKGROUND_NICE, type PoolWorkerData } from './worker-threads.js';

/** Listed persons read from the database, and sent to the thread, per page. */
const LOAD_PAGE = 2000;

/** Screens applicants against the index of the lists in force, on its worker thread. */
export interface Screener {
  screen(queries: ScreeningQuery[], options: ScreeningOptions): Promise<ScreeningHit<ListEntity>[][]>;
}

export interface ListsInForce {
  /** null when no list is imported. */
  screener: Screener | null;
  lists: { source: string; version: string | null }[];
}

/**
 * The screening index of the lists in force, on one worker thread at background priority:
 * built there once per set of active list versions (the listed persons sent a page at a
 * time, the loop getting a turn between pages) and shared by every screening job of this
 * process. A job asks only which imports are active (one small query) and the index is
 * rebuilt when that changed. Concurrent jobs share one build.
 */
@Injectable()
export class ScreeningIndexCache implements OnApplicationShutdown {
  private readonly logger = new Logger(ScreeningIndexCache.name);
  private current: { key: string; built: Promise<ListsInForce> } | null = null;
  private pool: Piscina | null = null;
  /** Builds run one after another: the thread collects one set of lists at a time. */
  private building: Promise<unknown> = Promise.resolve();

  constructor(private readonly lists: SanctionsListsService) {}

  async inForce(): Promise<ListsInForce> {
    const active = await this.lists.activeImports();
    const key = active
      .map((row) => row.id)
      .sort()
      .join(',');
    if (this.current?.key !== key) {
      const lists = active.map(({ source, version }) => ({ source, version }));
      const built = key === '' ? Promise.resolve({ screener: null, lists }) : this.building.catch(() => undefined).then(() => this.build(key, lists));
      this.building = built;
      this.current = { key, built };
      // A failed build is not kept: the next job tries again.
      built.catch(() => this.forget(built));
    }
    return this.current.built;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.destroy();
  }

  private forget(built: Promise<ListsInForce>): void {
    if (this.current?.built === built) this.current = null;
  }

  private async build(key: string, lists: ListsInForce['lists']): Promise<ListsInForce> {
    const started = Date.now();
    for await (const page of this.lists.activeEntityPages(LOAD_PAGE)) {
      const persons = page.filter((entity) => entity.kind === 'person');
      if (persons.length > 0) await this.run({ task: 'load', key, entities: persons });
      await nextTurn();
    }
    const size = (await this.run({ task: 'build', key })) as number;
    this.logger.log(`Screening index of ${size} listed persons built in ${Date.now() - started} ms`);
    const built = this.current?.key === key ? this.current.built : null;
    if (!built) throw new Error('the lists in force changed while their index was built');
    const screener: Screener = {
      screen: async (queries, options) => {
        try {
          return (await this.run({ task: 'screen', key, queries, options })) as ScreeningHit<ListEntity>[][];
        } catch (error) {
          // The thread lost its index (replaced after a crash): build again for the next job.
          this.forget(built);
          throw error;
        }
      },
    };
    return { screener, lists };
  }

  /** One thread (the index lives in it), started on first use, kept for the process's life. */
  private run(task: ScreeningSearchTask): Promise<unknown> {
    const workerData: PoolWorkerData = { nice: BACKGROUND_NICE };
    this.pool ??= new Piscina({
      filename: builtWorkerFile(import.meta.url, 'screening-search.worker.js'),
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
    return this.pool.run(task);
  }
}
