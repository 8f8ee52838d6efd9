import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TIMESTAMP } from '../../database/column-types.js';
import type { AccuracyReportBody } from './accuracy-report.js';

/** One run of `npm run accuracy-report`: the instance's exam reads and its reviewers' labels, as written then. */
@Entity('accuracy_reports')
export class AccuracyReport {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'simple-json' })
  report: AccuracyReportBody;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}
