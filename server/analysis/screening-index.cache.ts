import { Injectable, Logger } from '@nestjs/common';
import { SanctionsListsService } from '../sanctions/sanctions-lists.service.js';
import { ScreeningIndex, type ListEntity } from '../screening/index.js';

export interface ListsInForce {
  /** null when no list is imported. */
  index: ScreeningIndex<ListEntity> | null;
  lists: { source: string; version: string | null }[];
}

/**
 * The screening index of the lists in force, built once per set of active list versions
 * and shared by every screening job of this process: a job asks only which imports are
 * active (one small query) and rebuilds when that changed. Concurrent jobs share one build.
 */
@Injectable()
export class ScreeningIndexCache {
  private readonly logger = new Logger(ScreeningIndexCache.name);
  private current: { key: string; built: Promise<ListsInForce> } | null = null;

  constructor(private readonly lists: SanctionsListsService) {}

  async inForce(): Promise<ListsInForce> {
    const active = await this.lists.activeImports();
    const key = active.map((row) => row.id).sort().join(',');
    if (this.current?.key !== key) {
      const lists = active.map(({ source, version }) => ({ source, version }));
      const built = key === '' ? Promise.resolve({ index: null, lists }) : this.build(lists);
      this.current = { key, built };
      // A failed build is not kept: the next job tries again.
      built.catch(() => {
        if (this.current?.built === built) this.current = null;
      });
    }
    return this.current.built;
  }

  private async build(lists: ListsInForce['lists']): Promise<ListsInForce> {
    const started = Date.now();
    const entities = (await this.lists.activeEntities()).filter((entity) => entity.kind === 'person');
    const index = new ScreeningIndex(entities);
    this.logger.log(`Screening index of ${index.size} listed persons built in ${Date.now() - started} ms`);
    return { index, lists };
  }
}
