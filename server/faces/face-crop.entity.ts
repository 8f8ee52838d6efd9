import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { encrypted } from '../data-protection/envelope.js';
import { BINARY, TIMESTAMP } from '../database/column-types.js';
import { Applicant } from '../applicants/applicant.entity.js';

/**
 * A face crop a check's evidence shows (the selfie's and the document portrait's faces of
 * `face-match`, another applicant's face matched by `duplicate-face`), encrypted like the
 * photos; the evidence holds only its id, and the reviewer fetches the bytes through
 * `GET …/applicants/:userId/face-crops/:cropId`. It goes with the applicant whose checks
 * show it and with the applicant whose face it is (reset, retention, erasure).
 */
@Entity('face_crops')
export class FaceCrop {
  /** Chosen by the analysis before the evidence that names it is written. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The applicant whose checks show the crop (the route's :userId). */
  @Index()
  @Column({ type: 'uuid' })
  applicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicantId' })
  applicant?: Applicant;

  /** The applicant whose face it is: the same one for `face-match`, another one for a duplicate. */
  @Index()
  @Column({ type: 'uuid' })
  faceOfApplicantId: string;

  @ManyToOne(() => Applicant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'faceOfApplicantId' })
  faceOf?: Applicant;

  /** JPEG. */
  @Column({ type: BINARY, transformer: encrypted })
  data: Buffer;

  @CreateDateColumn({ type: TIMESTAMP })
  createdAt: Date;
}

/** A face crop to store with the checks whose evidence names it (ApplicantLifecycle.recordFaceAnalysis). */
export type NewFaceCrop = Pick<FaceCrop, 'id' | 'applicantId' | 'faceOfApplicantId' | 'data'>;

/**
 * A check whose evidence still carries face crops as data URLs (written before crops
 * were stored apart): filled by the FaceCrops migration, emptied at start once the data
 * key is loaded (moveEvidenceCrops), since a migration cannot encrypt.
 */
@Entity('face_crop_moves')
export class FaceCropMove {
  @PrimaryColumn({ type: 'uuid' })
  checkId: string;
}
