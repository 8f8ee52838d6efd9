import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { DataSource, In, MoreThan } from 'typeorm';
import { ApplicantFace } from '../faces/applicant-face.entity.js';
import { FaceBlocklistEntry } from '../faces/face-blocklist-entry.entity.js';
import type { FaceHit, FaceSearchTask, FaceSet } from './face-search.worker.js';
import type { FaceModel } from '../face-reading/index.js';
import { builtWorkerFile } from '../config/worker-file.js';
import { BACKGROUND_NICE, type PoolWorkerData } from './worker-threads.js';

/** Rows loaded per query when an index catches up with the database. */
const LOAD_BATCH = 5000;
/**
 * Row ids are given in insertion order but may commit out of it (two transactions on
 * PostgreSQL): each catch-up looks again this far below the last id loaded; the index
 * skips the ids it already has.
 */
const LOAD_OVERLAP = 200;
/** The most matches a search returns per set. */
const SEARCH_LIMIT = 20;

/** A hit and the model it was found under. */
export type ModelHit = FaceHit & { model: FaceModel };

export interface FaceSearchHits {
  faces: ModelHit[];
  blocklist: ModelHit[];
}

/** One model's query: the face's embedding under that model and the model's threshold. */
export interface FaceQuery {
  model: FaceModel;
  embedding: Float32Array;
  threshold: number;
}

/**
 * The 1:N face search: each organization's stored faces and blocklist in FaceIndexes on
 * one worker thread at background priority, one index per embedding model, loaded from the
 * database on first use and brought up to date (new rows of that model only) before each
 * search. Hits are row ids, which the caller resolves against the database, so a face
 * removed since it was loaded is never reported.
 */
@Injectable()
export class FaceSearch implements OnApplicationShutdown {
  private pool: Piscina | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Searches each query's model's indexes with that query's embedding (never another
   * model's): the hits of the first query first. The indexes of models not queried are dropped.
   */
  async search(organizationId: string, queries: FaceQuery[]): Promise<FaceSearchHits> {
    const hits: FaceSearchHits = { faces: [], blocklist: [] };
    if (queries.length === 0) return hits;
    await this.run({ task: 'retain', models: queries.map((query) => query.model) });
    for (const { model, embedding, threshold } of queries) {
      const last = (await this.run({ task: 'last-ids', organizationId, model })) as Record<FaceSet, number>;
      for (const set of ['faces', 'blocklist'] as const) {
        await this.catchUp(organizationId, set, model, last[set]);
        const found = (await this.run({ task: 'search', organizationId, set, model, embedding, threshold, limit: SEARCH_LIMIT })) as FaceHit[];
        hits[set].push(...(await this.withoutRemoved(organizationId, set, model, found)).map((hit) => ({ ...hit, model })));
      }
    }
    return hits;
  }

  /**
   * Hits whose rows are gone (erased, reset, unlisted — on any replica) leave the index
   * here and now, so an erased face's embedding does not stay in this thread's memory
   * once it would have matched.
   */
  private async withoutRemoved(organizationId: string, set: FaceSet, model: FaceModel, hits: FaceHit[]): Promise<FaceHit[]> {
    if (hits.length === 0) return hits;
    const repository = this.dataSource.getRepository<ApplicantFace | FaceBlocklistEntry>(set === 'faces' ? ApplicantFace : FaceBlocklistEntry);
    const present = new Set((await repository.find({ where: { id: In(hits.map((hit) => hit.id)) }, select: { id: true } })).map((row) => row.id));
    const removed = hits.filter((hit) => !present.has(hit.id)).map((hit) => hit.id);
    if (removed.length > 0) await this.run({ task: 'remove', organizationId, set, model, ids: removed });
    return hits.filter((hit) => present.has(hit.id));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.destroy();
  }

  private async catchUp(organizationId: string, set: FaceSet, model: FaceModel, lastId: number): Promise<void> {
    const repository = this.dataSource.getRepository<ApplicantFace | FaceBlocklistEntry>(set === 'faces' ? ApplicantFace : FaceBlocklistEntry);
    let after = Math.max(0, lastId - LOAD_OVERLAP);
    for (;;) {
      const rows = await repository.find({
        where: { organizationId, model, id: MoreThan(after) },
        select: { id: true, embedding: true },
        order: { id: 'ASC' },
        take: LOAD_BATCH,
      });
      if (rows.length === 0) return;
      await this.run({ task: 'add', organizationId, set, model, faces: rows.map((row) => ({ id: row.id, embedding: row.embedding })) });
      after = rows[rows.length - 1].id;
      if (rows.length < LOAD_BATCH) return;
    }
  }

  /** One thread (the indexes live in it), started on first use, kept for the process's life. */
  private run(task: FaceSearchTask): Promise<unknown> {
    const workerData: PoolWorkerData = { nice: BACKGROUND_NICE };
    this.pool ??= new Piscina({
      filename: builtWorkerFile(import.meta.url, 'face-search.worker.js'),
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    });
    return this.pool.run(task);
  }
}
