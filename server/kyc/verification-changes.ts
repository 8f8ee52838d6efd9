import { Injectable } from '@nestjs/common';
import { In, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { AuditActor } from '../audit/audit.service.js';
import { identifyImage } from '../common/image-upload.js';
import type { CaptureReport } from '../applicants/capture-signals.js';
import type { QualityMeasures } from '../document-reading/index.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { DOCUMENT_ANALYSIS, FACE_ANALYSIS, SCREENING_ANALYSIS } from '../applicants/analysis/analysis-kinds.js';
import { ApplicantCheck } from '../applicants/applicant-check.entity.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { alreadySubmitted, verificationIncomplete } from '../applicants/applicants.errors.js';
import { requireRequestedStep } from '../review/decisions/decision-changes.js';
import { SupersededImage } from '../review/decisions/superseded-image.entity.js';
import { sidesOf } from '../applicants/document-types.js';
import { ApplicantFace } from '../faces/applicant-face.entity.js';
import { FaceCrop } from '../faces/face-crop.entity.js';
import { ApplicantLifecycle, type ChangeOptions } from '../applicants/lifecycle/applicant-lifecycle.js';
import { runPrechecks } from '../applicants/lifecycle/prechecks.js';
import { fieldChanges, restartStep, type ApplicantChanges } from '../applicants/lifecycle/transitions.js';

/** The end user going through the verification page has no account; the audit trail names them so. */
export const APPLICANT_ACTOR: AuditActor = { id: null, username: 'applicant' };

export interface NewImage {
  docType: string;
  side: string | null;
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
  /** Measured at upload (document photos). */
  quality: QualityMeasures | null;
  /** What the verification page reported about a selfie's capture (injection signals); null: nothing. */
  capture?: CaptureReport | null;
}

/** A verification-page change: made in one session, from one address. */
export interface SessionContext {
  sessionId: string;
  ip: string | undefined;
}

/**
 * The verification page's use cases of the applicant lifecycle: photos, the typed
 * identity, the submission (prechecks recorded, analyses queued) and a new session
 * generation. Each is one change through the kernel.
 */
@Injectable()
export class VerificationChanges {
  constructor(
    private readonly lifecycle: ApplicantLifecycle,
    private readonly analysisJobs: AnalysisJobs,
  ) {}

  /**
   * Moves the applicant to a new session generation: every older verification session
   * and widget token stops working. Recorded as `action` (a session created or revoked).
   */
  advanceSessionGeneration(
    applicantId: string,
    audit: { action: 'verification.session_created' | 'verification.session_revoked'; detail: Record<string, unknown> },
    options: ChangeOptions,
  ): Promise<Applicant> {
    return this.lifecycle.change({ id: applicantId }, { announce: false, ...options }, async (applicant) => [
      { changes: { sessionGeneration: applicant.sessionGeneration + 1 }, audit },
    ]);
  }

  /** One photo from the verification page; choosing another document type drops the other type's photos. */
  saveImage(applicantId: string, image: NewImage, session: SessionContext): Promise<Applicant> {
    const options = { actor: APPLICANT_ACTOR, announce: false, context: { ...session } };
    return this.lifecycle.change({ id: applicantId }, options, async (applicant, { manager, now }) => {
      requireEditable(applicant);
      requireRequestedStep(applicant, image);
      const isSelfie = image.docType === 'SELFIE';
      if (!isSelfie && applicant.documentType !== image.docType) {
        await manager.delete(ApplicantImage, { applicantId: applicant.id, docType: Not('SELFIE') });
      }
      await replaceImages(manager, applicant, { applicantId: applicant.id, docType: image.docType, ...(image.side ? { side: image.side } : {}) }, now);
      await manager.insert(ApplicantImage, { applicantId: applicant.id, ...image, sessionId: session.sessionId });
      const restart = restartStep(applicant);
      return [
        {
          changes: { ...restart.changes, ...(isSelfie ? {} : { documentType: image.docType }) },
          audit: { action: 'applicant.photo_uploaded', detail: { docType: image.docType, side: image.side } },
        },
      ];
    });
  }

  /**
   * The identity typed on the verification page (or prefilled by the integrator's server
   * when it created the session); only that session may read it back.
   */
  savePersonalData(applicantId: string, values: ApplicantChanges, session: SessionContext, actor: AuditActor = APPLICANT_ACTOR): Promise<Applicant> {
    return this.lifecycle.change({ id: applicantId }, { actor, announce: false, context: { ...session } }, async (applicant) => {
      requireEditable(applicant);
      requireRequestedStep(applicant, 'personal-data');
      const restart = restartStep(applicant);
      const entered = Object.entries(values)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([field]) => field);
      // Redoing the data after a resubmission request: what changed, for the case's attempts (a reset redacts the values).
      const resubmitted = applicant.resubmissionStep === 'personal-data' ? { attempt: applicant.attempt, changes: fieldChanges(applicant, values) } : {};
      return [
        {
          changes: { ...values, ...restart.changes, dataSessionId: session.sessionId },
          audit: { action: 'applicant.data_entered', detail: { fields: entered, ...resubmitted } },
        },
      ];
    });
  }

  /**
   * Submission: pending → prechecked (each automatic check recorded) → queued for staff
   * review, each step audited and sent as a webhook; the document, face and screening
   * analyses are queued in the same transaction.
   */
  async submit(applicantId: string, session: SessionContext): Promise<Applicant> {
    const submitted = await this.lifecycle.change(
      { id: applicantId },
      { actor: APPLICANT_ACTOR, context: { ...session } },
      async (applicant, { manager, now }) => {
        requireEditable(applicant);
        // Only what this session gave counts: it cannot submit photos or data it never saw (after a resubmission request: the kept ones too).
        const { images, dataFromThisSession } = await submissionEvidence(manager, applicant, session.sessionId);
        requireComplete(applicant, images, dataFromThisSession);
        const checks = runPrechecks({
          expiryDate: applicant.expiryDate,
          dateOfBirth: applicant.dateOfBirth,
          approvedElsewhere: await approvedWithSameDocument(manager, applicant),
          unreadableImages: images.filter((image) => !readable(image.data)).map((i) => `${i.docType} ${i.side ?? ''}`.trim()),
          today: now,
        });
        // A new attempt runs again what its step changed; the other checks stay as they were.
        const { analyses, kept } = rerunFor(applicant.resubmissionStep);
        await manager.delete(ApplicantCheck, { applicantId: applicant.id, ...(kept.length > 0 ? { name: Not(In(kept)) } : {}) });
        // The face stored for the duplicate search was the previous submission's selfie; the crops went with the checks.
        await manager.delete(ApplicantFace, { applicantId: applicant.id });
        await manager.delete(FaceCrop, { applicantId: applicant.id });
        await manager.insert(
          ApplicantCheck,
          checks.filter((check) => !kept.includes(check.name)).map((check) => ({ ...check, applicantId: applicant.id })),
        );
        for (const kind of analyses) await this.analysisJobs.enqueue(manager, applicant.id, kind);
        return [
          {
            changes: {
              kycStatus: 'pending',
              submittedAt: now,
              decidedAt: null,
              ...(applicant.resubmissionStep ? { resubmissionStep: null, decisionLabelId: null } : {}),
            },
            audit: { action: 'applicant.submitted', detail: { documentType: applicant.documentType, images: images.length, attempt: applicant.attempt } },
            event: 'applicant.submitted',
          },
          { changes: { kycStatus: 'prechecked' }, audit: { action: 'applicant.prechecked', detail: { checks } }, event: 'applicant.prechecked' },
          { changes: { kycStatus: 'queued' } },
        ];
      },
    );
    this.analysisJobs.announce();
    return submitted;
  }
}

/** The verification page may change an applicant until it is submitted, or again after a rejection asking to resubmit. */
export function isEditable(applicant: Pick<Applicant, 'kycStatus' | 'reviewAnswer' | 'rejectType'>): boolean {
  return applicant.kycStatus === 'init' || applicant.kycStatus === 'pending' || canResubmit(applicant);
}

export function canResubmit(applicant: Pick<Applicant, 'kycStatus' | 'reviewAnswer' | 'rejectType'>): boolean {
  return applicant.kycStatus === 'completed' && applicant.reviewAnswer === 'rejected' && applicant.rejectType === 'resubmission';
}

function requireEditable(applicant: Applicant): void {
  if (!isEditable(applicant)) throw alreadySubmitted();
}

/** The images a resubmission redoes: those of the step asked for. */
function imagesOfStep(step: string): { docType?: string; side?: string } {
  if (step === 'selfie') return { docType: 'SELFIE' };
  if (step === 'document-front') return { side: 'front' };
  if (step === 'document-back') return { side: 'back' };
  return {};
}

/**
 * What a submission is made of. Normally only what this session gave; after a resubmission
 * request every kept photo and the earlier data count, and the step asked for must have
 * been redone in this session.
 */
async function submissionEvidence(
  manager: EntityManager,
  applicant: Applicant,
  sessionId: string,
): Promise<{ images: ApplicantImage[]; dataFromThisSession: boolean }> {
  const step = applicant.resubmissionStep;
  if (!step) {
    const images = await manager.find(ApplicantImage, { where: { applicantId: applicant.id, sessionId } });
    return { images, dataFromThisSession: applicant.dataSessionId === sessionId };
  }
  const images = await manager.find(ApplicantImage, { where: { applicantId: applicant.id } });
  const redone =
    step === 'personal-data'
      ? applicant.dataSessionId === sessionId
      : images.some(
          (image) => image.sessionId === sessionId && Object.entries(imagesOfStep(step)).every(([key, value]) => image[key as 'docType' | 'side'] === value),
        );
  if (!redone) throw verificationIncomplete([step]);
  return { images, dataFromThisSession: step === 'personal-data' ? applicant.dataSessionId === sessionId : true };
}

/**
 * Removes the photos a new upload replaces. While a resubmission is under way they are
 * kept in superseded_images with the attempt they belonged to (the history shows them).
 */
async function replaceImages(manager: EntityManager, applicant: Applicant, where: FindOptionsWhere<ApplicantImage>, now: Date): Promise<void> {
  if (applicant.resubmissionStep) {
    const replaced = await manager.find(ApplicantImage, { where });
    if (replaced.length > 0) {
      await manager.insert(
        SupersededImage,
        replaced.map((image) => ({
          id: image.id,
          applicantId: image.applicantId,
          attempt: applicant.attempt - 1,
          docType: image.docType,
          side: image.side,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          data: image.data,
          uploadedAt: image.createdAt,
          supersededAt: now,
        })),
      );
    }
  }
  await manager.delete(ApplicantImage, where);
}

function requireComplete(applicant: Applicant, images: ApplicantImage[], dataFromThisSession: boolean): void {
  const missing: string[] = [];
  const has = (docType: string, side: string | null) => images.some((i) => i.docType === docType && i.side === side);
  const sides = sidesOf(applicant.documentType);
  if (!sides) missing.push('document type');
  for (const side of sides ?? []) if (!has(applicant.documentType!, side)) missing.push(`document ${side}`);
  if (!has('SELFIE', null)) missing.push('selfie');
  for (const field of ['name', 'dateOfBirth', 'docNumber', 'expiryDate', 'country'] as const) {
    if (!applicant[field] || !dataFromThisSession) missing.push(field);
  }
  if (missing.length > 0) throw verificationIncomplete(missing);
}

async function approvedWithSameDocument(manager: EntityManager, applicant: Applicant): Promise<string[]> {
  if (!applicant.docNumber) return [];
  const rows = await manager.getRepository(Applicant).find({
    where: {
      organizationId: applicant.organizationId,
      docNumber: applicant.docNumber,
      reviewAnswer: 'approved',
      userId: Not(applicant.userId),
    },
    select: { userId: true },
    take: 5,
  });
  return rows.map((row) => row.userId);
}

function readable(data: Buffer): boolean {
  try {
    identifyImage(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a submission runs again and which checks it keeps. A first submission, or a new photo
 * of the document or new data (the document's reading, the comparison, the screening and the
 * faces' identity all depend on them), runs everything. A new selfie changes only the faces:
 * the document's checks (read, compared, liveness, and the dates the document itself gave),
 * the document number's and the screening stay; the photos' readability is checked again.
 */
export function rerunFor(step: string | null): { analyses: string[]; kept: string[] } {
  if (step !== 'selfie') return { analyses: [DOCUMENT_ANALYSIS, FACE_ANALYSIS, SCREENING_ANALYSIS], kept: [] };
  return {
    analyses: [FACE_ANALYSIS],
    kept: ['document-read', 'data-matches-document', 'document-liveness', 'document-not-expired', 'adult', 'document-number-unique', 'sanctions-screening'],
  };
}
