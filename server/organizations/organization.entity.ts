import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../database/column-types.js';
import { User } from '../users/user.entity.js';

/** An organization (the spec's "project"): owned by one user, worked on by its members. */
@Entity('organizations')
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Index()
  @Column({ type: 'uuid' })
  ownerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ownerId' })
  owner?: User;

  /** Publishable key (pk_…) that identifies the organization on the /kyc page. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  companyKey: string;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
