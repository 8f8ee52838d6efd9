import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { performance } from 'node:perf_hooks';
import { DataSource, IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import { Applicant } from '../applicants/applicant.entity.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { submittedPhotos } from '../applicants/submitted-photos.js';
import { Clock } from '../common/clock.js';
import { JobLockService } from '../common/jobs/job-lock.service.js';
import { packEmbedding, type FaceModel } from '../face-reading/index.js';
import { ApplicantFace } from '../faces/applicant-face.entity.js';
import { FaceBlocklistEntry } from '../faces/face-blocklist-entry.entity.js';
import { FaceModelMigration } from '../faces/face-model-migration.entity.js';
import { FaceModels } from '../faces/face-models.js';
import { AnalysisPool } from './analysis-pool.js';

/** How often the background move looks for work (a replica wins the slot, FACE_MIGRATION_SLOT_MS). */
const MIGRATION_INTERVAL_MS = 5_000;
/** One replica's turn: it moves faces for at most MIGRATION_BUDGET_MS of it, the rest of the slot is left to the analysis of submissions. */
const MIGRATION_SLOT_MS = 30_000;
const MIGRATION_BUDGET_MS = 20_000;
/** Faces read per query; each is moved in its own short transaction (its row and the cursor together). */
const BATCH = 8;

type Source = { embedding: Float32Array; fromCrop: boolean } | { failure: string };

/**
 * Moves the stored faces (applicants' faces and the blocklist's) to the configured embedding
 * model in the background, without downtime (issue 35): each face of another model gets a
 * row under the new one, its embedding computed again from the applicant's encrypted selfie
 * photo (the one of the submission analysed), or, when that photo is gone or shows no usable
 * face, from the stored encrypted face crop (192 px; a blocklist entry's own crop when its
 * applicant is gone). On the analysis pool's background threads (nice 19), one face at a time,
 * within a budget per slot. Resumable and idempotent: the cursors and counts are written with
 * each face's row in one transaction, a face that already has a row of the new model is only
 * counted, and `(applicantId, model)` is unique. While it runs, new faces are stored under
 * both models and searched in each model's index (FaceModels.active); once every face is
 * reached, the old model's rows are deleted and the search drops their indexes.
 */
@Injectable()
export class FaceModelMigrations {
  private readonly logger = new Logger(FaceModelMigrations.name);
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly pool: AnalysisPool,
    private readonly models: FaceModels,
    private readonly jobs: JobLockService,
    private readonly clock: Clock,
  ) {}

  @Interval('face-model-migration', MIGRATION_INTERVAL_MS)
  async runScheduled(): Promise<void> {
    if (this.models.migrationMode === 'paused' || this.running) return;
    this.running = true;
    try {
      await this.jobs.runOnce('face-model-migration', MIGRATION_SLOT_MS, async () => {
        await this.step({ budgetMs: MIGRATION_BUDGET_MS });
      });
    } catch (error) {
      this.logger.error(`Moving stored faces: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  /**
   * One turn: starts a move when faces of another model are stored, moves faces until the
   * budget or `limit` is spent, completes the move when none is left. The move, or null.
   */
  async step({
    budgetMs = MIGRATION_BUDGET_MS,
    limit = Number.POSITIVE_INFINITY,
  }: { budgetMs?: number; limit?: number } = {}): Promise<FaceModelMigration | null> {
    const migration = await this.current();
    if (!migration) return null;
    const until = performance.now() + budgetMs;
    let moved = 0;
    while (moved < limit && performance.now() < until) {
      const count = await this.moveBatch(migration, Math.min(BATCH, limit - moved));
      if (count === 0) {
        await this.complete(migration);
        break;
      }
      moved += count;
    }
    return this.dataSource.getRepository(FaceModelMigration).findOneByOrFail({ id: migration.id });
  }

  /** The move under way to the configured model; a new one when faces of another model remain; null when there are none. */
  private async current(): Promise<FaceModelMigration | null> {
    const repository = this.dataSource.getRepository(FaceModelMigration);
    const target = this.models.target;
    const running = await repository.findOne({ where: { state: 'running' }, order: { id: 'DESC' } });
    if (running?.model === target) return running;
    // The operator chose another model meanwhile: that move stops where it is, a move to this one starts.
    if (running) await repository.update({ id: running.id }, { state: 'stopped', finishedAt: this.clock.now() });
    await this.dropTwinned(this.dataSource.manager, target);
    const remaining = await this.remaining(target, 0, 0);
    if (remaining === 0) return null;
    this.logger.log(`Moving ${remaining} stored face(s) to the ${target} embedding`);
    return repository.save(
      repository.create({ model: target, state: 'running', total: remaining, startedAt: this.clock.now(), finishedAt: null, lastFailure: null }),
    );
  }

  /** Faces of another model past the cursors. */
  private async remaining(target: FaceModel, faceCursor: number, blocklistCursor: number): Promise<number> {
    const faces = await this.dataSource.getRepository(ApplicantFace).countBy({ model: Not(target), id: MoreThan(faceCursor) });
    const entries = await this.dataSource.getRepository(FaceBlocklistEntry).countBy({ model: Not(target), id: MoreThan(blocklistCursor) });
    return faces + entries;
  }

  /** Moves up to `size` faces (the applicants' first, then the blocklist's); how many it reached. */
  private async moveBatch(migration: FaceModelMigration, size: number): Promise<number> {
    const target = migration.model;
    const faces = await this.dataSource.getRepository(ApplicantFace).find({
      where: { model: Not(target), id: MoreThan(migration.faceCursor) },
      order: { id: 'ASC' },
      take: size,
    });
    for (const face of faces) await this.moveFace(migration, face);
    if (faces.length > 0) return faces.length;
    const entries = await this.dataSource.getRepository(FaceBlocklistEntry).find({
      where: { model: Not(target), id: MoreThan(migration.blocklistCursor) },
      order: { id: 'ASC' },
      take: size,
    });
    for (const entry of entries) await this.moveEntry(migration, entry);
    return entries.length;
  }

  private async moveFace(migration: FaceModelMigration, face: ApplicantFace): Promise<void> {
    const target = migration.model;
    const moved = await this.dataSource.getRepository(ApplicantFace).exists({ where: { applicantId: face.applicantId, model: target } });
    const source = moved ? null : await this.applicantSource(face, target);
    await this.dataSource.transaction(async (manager) => {
      if (source && 'embedding' in source) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(ApplicantFace)
          .values({
            organizationId: face.organizationId,
            applicantId: face.applicantId,
            model: target,
            embedding: packEmbedding(source.embedding),
            crop: face.crop,
          })
          .orIgnore()
          .execute();
      }
      await this.record(manager, migration, { faceCursor: face.id }, source);
    });
  }

  private async moveEntry(migration: FaceModelMigration, entry: FaceBlocklistEntry): Promise<void> {
    const target = migration.model;
    const twin = { organizationId: entry.organizationId, userId: entry.userId, model: target, applicantId: entry.applicantId ?? IsNull() };
    const moved = await this.dataSource.getRepository(FaceBlocklistEntry).exists({ where: twin });
    const source = moved ? null : await this.blocklistSource(entry, target);
    await this.dataSource.transaction(async (manager) => {
      if (source && 'embedding' in source) {
        const { organizationId, applicantId, userId, crop, reason, createdById, createdAt } = entry;
        await manager.insert(FaceBlocklistEntry, {
          organizationId,
          applicantId,
          userId,
          model: target,
          embedding: packEmbedding(source.embedding),
          crop,
          reason,
          createdById,
          createdAt,
        });
      }
      await this.record(manager, migration, { blocklistCursor: entry.id }, source);
    });
  }

  /** The face's cursor and counts, in the transaction that wrote its row (a restart resumes after it, never counts it twice). */
  private async record(
    manager: EntityManager,
    migration: FaceModelMigration,
    cursor: Partial<Pick<FaceModelMigration, 'faceCursor' | 'blocklistCursor'>>,
    source: Source | null,
  ): Promise<void> {
    Object.assign(migration, cursor);
    if (source && 'failure' in source) {
      migration.failed += 1;
      migration.lastFailure = source.failure.slice(0, 500);
    } else {
      migration.done += 1;
      if (source?.fromCrop) migration.fromCrops += 1;
    }
    migration.total = migration.done + migration.failed + (await this.remainingIn(manager, migration));
    const { faceCursor, blocklistCursor, done, failed, fromCrops, lastFailure, total } = migration;
    await manager.update(FaceModelMigration, { id: migration.id }, { faceCursor, blocklistCursor, done, failed, fromCrops, lastFailure, total });
  }

  private async remainingIn(manager: EntityManager, migration: FaceModelMigration): Promise<number> {
    const faces = await manager.countBy(ApplicantFace, { model: Not(migration.model), id: MoreThan(migration.faceCursor) });
    const entries = await manager.countBy(FaceBlocklistEntry, { model: Not(migration.model), id: MoreThan(migration.blocklistCursor) });
    return faces + entries;
  }

  /** An applicant's face: from the selfie photo of the submission analysed, else from the stored crop. */
  private async applicantSource(face: ApplicantFace, target: FaceModel): Promise<Source> {
    const applicant = await this.dataSource
      .getRepository(Applicant)
      .findOne({ where: { id: face.applicantId }, select: { id: true, dataSessionId: true, attempt: true } });
    const selfie = applicant
      ? await this.dataSource.getRepository(ApplicantImage).findOne({ where: { ...submittedPhotos(applicant), docType: 'SELFIE', side: IsNull() } })
      : null;
    if (selfie) {
      const embedding = await this.embed(selfie.data, target);
      if (embedding) return { embedding, fromCrop: false };
    }
    const embedding = await this.embed(face.crop, target);
    return embedding ? { embedding, fromCrop: true } : { failure: `applicant ${face.applicantId}: no usable face on its selfie photo or its stored crop` };
  }

  /**
   * A blocklist entry's face: when its applicant's stored face is still the one listed (same
   * old embedding), that face's new embedding (already moved); else its own crop.
   */
  private async blocklistSource(entry: FaceBlocklistEntry, target: FaceModel): Promise<Source> {
    if (entry.applicantId) {
      const faces = await this.dataSource.getRepository(ApplicantFace).findBy({ applicantId: entry.applicantId });
      const same = faces.some((face) => face.model === entry.model && face.embedding.equals(entry.embedding));
      const moved = faces.find((face) => face.model === target);
      if (same && moved)
        return { embedding: Float32Array.from(new Int8Array(moved.embedding.buffer, moved.embedding.byteOffset, moved.embedding.length)), fromCrop: false };
    }
    const embedding = await this.embed(entry.crop, target);
    return embedding ? { embedding, fromCrop: true } : { failure: `blocklist entry ${entry.id}: no usable face on its stored crop` };
  }

  private async embed(image: Buffer, target: FaceModel): Promise<Float32Array | null> {
    try {
      const { selfie } = await this.pool.readFaces({ portrait: null, selfie: image, turned: null }, [target]);
      return selfie?.found ? (selfie.embeddings[target] ?? null) : null;
    } catch (error) {
      this.logger.warn(`Moving stored faces: a face could not be read (${(error as Error).message})`);
      return null;
    }
  }

  /** Every face reached: the old models' rows go (failed faces' too: they cannot be compared with new faces), the move is complete. */
  private async complete(migration: FaceModelMigration): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ApplicantFace, { model: Not(migration.model) });
      await manager.delete(FaceBlocklistEntry, { model: Not(migration.model) });
      await manager.update(
        FaceModelMigration,
        { id: migration.id },
        { state: 'completed', finishedAt: this.clock.now(), total: migration.done + migration.failed },
      );
    });
    this.logger.log(`Stored faces moved to the ${migration.model} embedding: ${migration.done} done, ${migration.failed} failed`);
  }

  /**
   * Rows of another model whose face also has a row of the target: left by a face analysis
   * that stored both while a move was completing. Deleted before deciding whether a move is needed.
   */
  private async dropTwinned(manager: EntityManager, target: FaceModel): Promise<void> {
    const twinned = await manager
      .getRepository(ApplicantFace)
      .createQueryBuilder('f')
      .select('f.id', 'id')
      .where('f.model != :target', { target })
      .andWhere(
        (query) =>
          `EXISTS ${query.subQuery().select('1').from(ApplicantFace, 't').where('t.applicantId = f.applicantId').andWhere('t.model = :target').getQuery()}`,
      )
      .getRawMany<{ id: number }>();
    if (twinned.length > 0)
      await manager.delete(
        ApplicantFace,
        twinned.map((row) => row.id),
      );
  }
}
