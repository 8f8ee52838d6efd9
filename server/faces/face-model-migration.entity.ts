import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import type { FaceModel } from '../face-reading/index.js';

/**
 * One move of the stored faces (applicants' and the blocklist's) to another embedding
 * model, done in the background by FaceModelMigrations (analysis/): its cursors make it
 * resumable after a restart, its counts are the super-admin's progress.
 */
@Entity('face_model_migrations')
export class FaceModelMigration {
  @PrimaryGeneratedColumn('increment')
  id: number;

  /** The model the faces are moved to. */
  @Column({ type: 'varchar', length: 16 })
  model: FaceModel;

  /** running: faces of other models remain; completed: none left, the old embeddings deleted; stopped: the operator chose another model meanwhile. */
  @Column({ type: 'varchar', length: 16 })
  state: 'running' | 'completed' | 'stopped';

  /** Faces to move: those done and failed, and those of another model not reached yet. */
  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'integer', default: 0 })
  done: number;

  /** Faces no embedding could be computed for (no photo or crop with a usable face). */
  @Column({ type: 'integer', default: 0 })
  failed: number;

  /** Of those done, computed from the stored crop (the selfie photo gone, or a blocklist entry whose applicant is gone). */
  @Column({ type: 'integer', default: 0 })
  fromCrops: number;

  /** The highest applicant_faces id reached. */
  @Column({ type: 'integer', default: 0 })
  faceCursor: number;

  /** The highest face_blocklist id reached. */
  @Column({ type: 'integer', default: 0 })
  blocklistCursor: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastFailure: string | null;

  @CreateDateColumn({ type: TIMESTAMP })
  startedAt: Date;

  @Column({ type: TIMESTAMP, nullable: true })
  finishedAt: Date | null;
}
