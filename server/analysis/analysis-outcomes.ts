import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { ApplicantCheck, type AnalysisCheck } from '../applicants/applicant-check.entity.js';
import type { Applicant } from '../applicants/applicant.entity.js';
import { ApplicantFace } from '../faces/applicant-face.entity.js';
import { FaceCrop, type NewFaceCrop } from '../faces/face-crop.entity.js';
import type { EarlierDuplicate } from '../faces/applicant-faces.js';
import { withLaterDuplicate, type DuplicateMatch } from '../faces/face-checks.js';
import { faceThreshold } from '../face-reading/index.js';
import { ApplicantLifecycle, type ChangeContext } from '../applicants/lifecycle/applicant-lifecycle.js';
import { DECISION_STATUSES, type ApplicantChanges, type LifecycleStep } from '../applicants/lifecycle/transitions.js';
import { ANALYSIS_ACTOR } from '../applicants/analysis/analysis-kinds.js';
import { documentAnalysisChecks, type DocumentAnalysisOutcome } from '../applicants/analysis/document-checks.js';

/**
 * The analyses' results recorded on the applicant: the document read and the face checks,
 * each replacing an earlier run's of the same submission, each one change through the
 * kernel. (The screening's results: screening/screening-changes.ts.)
 */
@Injectable()
export class AnalysisOutcomes {
  constructor(private readonly lifecycle: ApplicantLifecycle) {}

  /**
   * Records what the document analysis found: the data read (kept apart from the typed
   * data), a `document-read` check and a `data-matches-document` check with a verdict
   * per field; with a read, `document-not-expired` and `adult` from the document's own
   * dates. Without a read (unreadable, or the analysis could not run) both checks ask for
   * a person. Replaces the results of an earlier run of the same submission.
   */
  recordDocumentAnalysis(applicantId: string, outcome: DocumentAnalysisOutcome): Promise<Applicant | null> {
    return this.record(applicantId, (applicant, now) => documentAnalysisChecks(applicant, outcome, now), { documentData: outcome.read });
  }

  /**
   * Records the face analysis's checks (`face-match`, `liveness`, `duplicate-face`) and
   * the face crops their evidence names (encrypted rows), replacing an earlier run's. A
   * submission reset meanwhile keeps neither its checks, nor its crops, nor the face the
   * analysis stored.
   */
  recordFaceAnalysis(
    applicantId: string,
    results: readonly AnalysisCheck[],
    crops: readonly NewFaceCrop[] = [],
    earlier: readonly EarlierDuplicate[] = [],
  ): Promise<Applicant | null> {
    return this.record(
      applicantId,
      () => results,
      {},
      async (manager, submitted) => {
        await manager.delete(FaceCrop, { applicantId });
        if (submitted && crops.length > 0)
          await manager.insert(
            FaceCrop,
            crops.map((crop) => ({ ...crop })),
          );
      },
      // The earlier applicants the selfie matched are flagged in the same transaction.
      async (context) => {
        for (const duplicate of earlier) await this.flagEarlierApplicant(context, duplicate);
      },
    );
  }

  /**
   * An earlier applicant with the face of the one just analysed: the match added to its
   * `duplicate-face` check (with the crop it shows), audited as `applicant.duplicate_found`;
   * its status stays, and when it was already decided the integrator is told by the webhook
   * of that name.
   */
  private async flagEarlierApplicant(context: ChangeContext, { applicantId, match, crop }: EarlierDuplicate): Promise<void> {
    const { manager } = context;
    await this.lifecycle.alsoChange(context, { id: applicantId }, { actor: ANALYSIS_ACTOR }, async (applicant): Promise<LifecycleStep[]> => {
      if (!applicant.submittedAt) return [];
      const current = await manager.findOneBy(ApplicantCheck, { applicantId, name: 'duplicate-face' });
      const replaced = ((current?.evidence?.matches ?? []) as DuplicateMatch[]).find((old) => old.userId === match.userId);
      if (replaced?.cropId) await manager.delete(FaceCrop, { id: replaced.cropId, applicantId });
      await manager.insert(FaceCrop, { ...crop });
      const check = withLaterDuplicate(current, match, faceThreshold(match.model));
      await manager.delete(ApplicantCheck, { applicantId, name: check.name });
      await manager.save(ApplicantCheck, manager.create(ApplicantCheck, { ...check, applicantId }));
      const duplicate = { userId: match.userId, similarity: match.similarity, differentIdentity: match.differentIdentity };
      return [
        {
          changes: {},
          audit: {
            action: 'applicant.duplicate_found',
            detail: { duplicateOf: match.userId, similarity: match.similarity, differentIdentity: match.differentIdentity, verdict: check.verdict },
          },
          ...(DECISION_STATUSES.includes(applicant.kycStatus) ? { event: 'applicant.duplicate_found' as const, eventExtra: { duplicate } } : {}),
        },
      ];
    });
  }

  private record(
    applicantId: string,
    checksFor: (applicant: Applicant, now: Date) => readonly AnalysisCheck[],
    changes: ApplicantChanges,
    alongside?: (manager: EntityManager, submitted: boolean) => Promise<void>,
    after?: (context: ChangeContext) => Promise<void>,
  ): Promise<Applicant | null> {
    return this.lifecycle.change(
      { id: applicantId },
      { actor: ANALYSIS_ACTOR, announce: false },
      async (applicant, context) => {
        const { manager, now } = context;
        await alongside?.(manager, Boolean(applicant.submittedAt));
        // Reset while the analysis ran: its submission is gone, and so are its results.
        if (!applicant.submittedAt) {
          await manager.delete(ApplicantFace, { applicantId: applicant.id });
          return [];
        }
        const results = checksFor(applicant, now);
        await manager.delete(ApplicantCheck, { applicantId: applicant.id, name: In(results.map((result) => result.name)) });
        await manager.save(
          ApplicantCheck,
          results.map((result) => manager.create(ApplicantCheck, { ...result, applicantId: applicant.id })),
        );
        await after?.(context);
        return [{ changes, audit: { action: 'applicant.analysed', detail: { checks: results.map(({ name, verdict }) => ({ name, verdict })) } } }];
      },
      true,
    );
  }
}
