import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ListEntityKind, ListSource } from '../screening/index.js';
import { SanctionsListImport } from './sanctions-list-import.entity.js';

/** A listed person or organisation of one import; removed with the import once superseded. */
@Entity('sanctions_list_entities')
export class SanctionsListEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Index()
  @Column({ type: 'uuid' })
  importId: string;

  @ManyToOne(() => SanctionsListImport, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'importId' })
  import?: SanctionsListImport;

  @Column({ type: 'varchar', length: 32 })
  source: ListSource;

  @Column({ type: 'varchar', length: 64 })
  externalId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: ListEntityKind;

  @Column({ type: 'varchar', length: 1000 })
  name: string;

  @Column({ type: 'simple-json' })
  aliases: string[];

  @Column({ type: 'simple-json' })
  datesOfBirth: string[];

  @Column({ type: 'simple-json' })
  nationalities: string[];

  @Column({ type: 'simple-json' })
  programmes: string[];
}
