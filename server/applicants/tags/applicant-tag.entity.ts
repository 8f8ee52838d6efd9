import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Applicant } from '../applicant.entity.js';
import { Tag } from './tag.entity.js';

/** One tag on one applicant: the source of applicants.tagIds, and the index the list's tag filter reads. */
@Entity('applicant_tags')
@Index(['tagId', 'applicantId'])
export class ApplicantTag {
  @PrimaryColumn({ type: 'uuid' })
  applicantId: string;

  @PrimaryColumn({ type: 'uuid' })
  tagId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  @ManyToOne(() => Tag, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tagId' })
  tag?: Tag;
}
