import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';

/** importing: its entities are being stored; nobody screens against it, nor lists it. */
export type ListImportStatus = 'importing' | 'active' | 'superseded' | 'failed';
export type ListImportTrigger = 'upload' | 'cli' | 'directory';

/**
 * One attempt to import a list file. Per source one import is `active` (its entities are
 * the ones screened); a newer good file supersedes it; a bad file is kept as `failed` with
 * its error and changes nothing else.
 */
@Entity('sanctions_list_imports')
@Index(['source', 'status'])
export class SanctionsListImport {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** ofac-sdn, un-consolidated, eu-consolidated, uk-consolidated; null when the file was not recognised. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  source: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  format: string | null;

  /** The publication date or generation stamp the file carries. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  version: string | null;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  /** SHA-256 of the file: the pick-up directory imports a file once. */
  @Index()
  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  @Column({ type: 'integer', default: 0 })
  entityCount: number;

  @Column({ type: 'integer', default: 0 })
  personCount: number;

  @Column({ type: 'varchar', length: 16 })
  status: ListImportStatus;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;

  @Column({ type: 'varchar', length: 16 })
  trigger: ListImportTrigger;

  @Column({ type: 'uuid', nullable: true })
  importedById: string | null;

  @Column({ type: 'varchar', length: 64 })
  importedByName: string;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
