import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { FACE_MODEL_NAMES, FACE_MODELS, type FaceModel } from '../face-reading/index.js';
import { ApplicantFace } from './applicant-face.entity.js';
import { FaceBlocklistEntry } from './face-blocklist-entry.entity.js';
import { FaceModelMigration } from './face-model-migration.entity.js';

/** What the super-admin sees of the stored faces' models and of their move (GET /api/admin/face-models). */
export interface FaceModelsStatus {
  /** The model new faces are stored and compared under (FACE_EMBEDDING_MODEL). */
  model: FaceModel;
  /** background: faces of another model are moved as they are found; paused (FACE_MODEL_MIGRATION): not moved. */
  migrationMode: 'background' | 'paused';
  models: { name: FaceModel; label: string; threshold: number; faces: number; blocklist: number }[];
  /** The latest move, or none. */
  migration: {
    model: FaceModel;
    state: 'running' | 'completed' | 'stopped';
    total: number;
    done: number;
    failed: number;
    fromCrops: number;
    lastFailure: string | null;
    startedAt: string;
    finishedAt: string | null;
  } | null;
}

/**
 * Which embedding models are in use: the configured one, and while stored faces of another
 * model remain (a move under way), that one too — a new face is then embedded under each,
 * stored once per model and searched in each model's index with its own embedding, so an
 * applicant submitted mid-move is still found as a duplicate of an earlier one.
 */
@Injectable()
export class FaceModels {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(appConfig.KEY) private readonly env: AppConfig,
  ) {}

  /** The model new faces are stored and compared under. */
  get target(): FaceModel {
    return this.env.analysis.faceModel;
  }

  get migrationMode(): 'background' | 'paused' {
    return this.env.analysis.faceMigration;
  }

  /** The models a new face is embedded, stored and searched under: the target first, then any other stored faces still have. */
  async active(): Promise<FaceModel[]> {
    const others: FaceModel[] = [];
    for (const model of FACE_MODEL_NAMES) {
      if (model === this.target) continue;
      // One indexed look per table and model: cheap enough for every face analysis.
      const stored =
        (await this.dataSource.getRepository(ApplicantFace).exists({ where: { model } })) ||
        (await this.dataSource.getRepository(FaceBlocklistEntry).exists({ where: { model } }));
      if (stored) others.push(model);
    }
    return [this.target, ...others];
  }

  async status(): Promise<FaceModelsStatus> {
    const counts = async (entity: typeof ApplicantFace | typeof FaceBlocklistEntry) => {
      const rows = await this.dataSource
        .getRepository<ApplicantFace | FaceBlocklistEntry>(entity)
        .createQueryBuilder('f')
        .select('f.model', 'model')
        .addSelect('COUNT(*)', 'count')
        .groupBy('f.model')
        .getRawMany<{ model: string; count: string | number }>();
      return new Map(rows.map((row) => [row.model, Number(row.count)]));
    };
    const [faces, blocklist] = [await counts(ApplicantFace), await counts(FaceBlocklistEntry)];
    const latest = await this.dataSource.getRepository(FaceModelMigration).findOne({ where: {}, order: { id: 'DESC' } });
    return {
      model: this.target,
      migrationMode: this.migrationMode,
      models: FACE_MODEL_NAMES.map((name) => ({
        name,
        label: FACE_MODELS[name].label,
        threshold: FACE_MODELS[name].threshold,
        faces: faces.get(name) ?? 0,
        blocklist: blocklist.get(name) ?? 0,
      })),
      migration: latest && {
        model: latest.model,
        state: latest.state,
        total: latest.total,
        done: latest.done,
        failed: latest.failed,
        fromCrops: latest.fromCrops,
        lastFailure: latest.lastFailure,
        startedAt: latest.startedAt.toISOString(),
        finishedAt: latest.finishedAt?.toISOString() ?? null,
      },
    };
  }
}
