import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { AuditActor } from '../audit/audit.service.js';
import { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { ANALYSIS_ACTOR, RESCREENING, SCREENING_ANALYSIS } from '../applicants/analysis/analysis-kinds.js';
import { ApplicantCheck, type AnalysisCheck } from '../applicants/applicant-check.entity.js';
import type { Applicant } from '../applicants/applicant.entity.js';
import { AWAITING_DECISION_STATUSES, type KycStatus } from '../applicants/applicant.enums.js';
import { screeningHitNotFound } from '../applicants/applicants.errors.js';
import { ApplicantLifecycle, type ApplicantRef, type ChangeOptions } from '../applicants/lifecycle/applicant-lifecycle.js';
import { decisionStep } from '../applicants/lifecycle/transitions.js';
import {
  newHits,
  outcomeOf,
  screeningCheck,
  SCREENING_CHECK,
  type HitVerdict,
  type ListVersion,
  type ScreeningHitRecord,
  type ScreeningOutcome,
  type StoredHitReview,
} from './screening-check.js';
import { ScreeningHitReview } from './screening-hit-review.entity.js';
import { SCREENING_ERRORS } from './screening.errors.js';

/** Ongoing sanctions monitoring, as the audit trail names it. */
const MONITORING_ACTOR: AuditActor = { id: null, username: 'monitoring' };
/** The statuses of a submitted applicant that may be screened again (not one back on the verification page). */
const SCREENED_STATUSES: readonly KycStatus[] = [...AWAITING_DECISION_STATUSES, 'completed'];

/**
 * The sanctions use cases of the applicant lifecycle: a submission's screening, the
 * rescreening of a verified applicant after a list changed (on hold at a new hit), and a
 * reviewer's verdict on one hit. Each is one change through the kernel.
 */
@Injectable()
export class ScreeningChanges {
  constructor(
    private readonly lifecycle: ApplicantLifecycle,
    private readonly jobs: AnalysisJobs,
  ) {}

  /**
   * Records a sanctions screening of the submission (`sanctions-screening`), with the hit
   * reviews that hold for the data screened. Replaces an earlier run's check.
   */
  recordScreening(applicantId: string, outcome: ScreeningOutcome): Promise<Applicant | null> {
    return this.lifecycle.change(
      { id: applicantId },
      { actor: ANALYSIS_ACTOR, announce: false },
      async (applicant, { manager }) => {
        if (!applicant.submittedAt) return [];
        const check = screeningCheck(outcome, await hitReviews(manager, applicant.id));
        await replaceCheck(manager, applicant.id, check);
        return [{ changes: {}, audit: { action: 'applicant.analysed', detail: { checks: [{ name: check.name, verdict: check.verdict }] } } }];
      },
      true,
    );
  }

  /**
   * Ongoing monitoring: records the screening of a submitted applicant after a list changed.
   * For a verified one, a hit not raised before (and not reviewed as a false positive for
   * the same data) puts the applicant on hold and sends `applicant.screening_hit`; one not
   * decided yet only gets its check, which a reviewer sees before deciding. Resolves with
   * the new hits.
   */
  async recordRescreening(applicantId: string, outcome: ScreeningOutcome): Promise<ScreeningHitRecord[]> {
    let raised: ScreeningHitRecord[] = [];
    await this.lifecycle.change({ id: applicantId }, { actor: MONITORING_ACTOR }, async (applicant, { manager, now }) => {
      // One reset or back on the verification page meanwhile is screened at its (next) submission.
      if (!applicant.submittedAt || !SCREENED_STATUSES.includes(applicant.kycStatus)) return [];
      const previous = await manager.findOneBy(ApplicantCheck, { applicantId: applicant.id, name: SCREENING_CHECK });
      const check = screeningCheck(outcome, await hitReviews(manager, applicant.id));
      await replaceCheck(manager, applicant.id, check);
      raised = newHits(check, previous?.evidence ?? null);
      if (raised.length === 0 || applicant.reviewAnswer !== 'approved') {
        return [{ changes: {}, audit: { action: 'applicant.analysed', detail: { checks: [{ name: check.name, verdict: check.verdict }], monitoring: true } } }];
      }
      const hits = raised.map((hit) => ({ list: hit.list, externalId: hit.externalId, name: hit.name, score: hit.score }));
      const reason = `Sanctions screening found ${check.detail.replace(/ on the sanctions lists/, '')}`.slice(0, 1000);
      // On hold first, so that the screening_hit event shows the applicant on hold.
      return [
        decisionStep(applicant, { kind: 'hold', reason }, now),
        {
          changes: {},
          audit: { action: 'applicant.screening_hit', detail: { hits, lists: outcome.lists } },
          event: 'applicant.screening_hit',
          eventExtra: { screening: { hits } },
        },
      ];
    });
    return raised;
  }

  /**
   * "Screen now": a reviewer asks for the screening of a submitted applicant never screened
   * against a list (no check, or its last run found no list or could not run), audited. The
   * runners do it as the submission's `screening` job would (recordScreening: the check, which
   * the reviewer then sees), off the request path; a screening already queued or running (a
   * submission's, a rescreening's) is left to do it.
   */
  async requestScreening(ref: ApplicantRef, lists: ListVersion[], options: ChangeOptions): Promise<void> {
    await this.lifecycle.change(ref, { ...options, announce: false }, async (applicant, { manager }) => {
      if (!applicant.submittedAt || !SCREENED_STATUSES.includes(applicant.kycStatus)) throw SCREENING_ERRORS.error('SCREENING_NOT_SUBMITTED');
      const check = await manager.findOneBy(ApplicantCheck, { applicantId: applicant.id, name: SCREENING_CHECK });
      const status = outcomeOf(check?.evidence ?? null)?.status;
      if (status === 'screened' || status === 'no-name') throw SCREENING_ERRORS.error('ALREADY_SCREENED');
      const pending = await manager.countBy(AnalysisJob, {
        applicantId: applicant.id,
        kind: In([SCREENING_ANALYSIS, RESCREENING]),
        status: In(['queued', 'running']),
      });
      if (pending === 0) await this.jobs.enqueue(manager, applicant.id, SCREENING_ANALYSIS);
      return [{ changes: {}, audit: { action: 'applicant.screening_requested', detail: { lists, alreadyQueued: pending > 0 } } }];
    });
    this.jobs.announce();
  }

  /**
   * A reviewer's verdict on one sanctions hit, with a note: stored for the data screened
   * (so a false positive is not raised again while that data is unchanged), audited, and
   * applied to the check at once. Resolves with the updated check.
   */
  async reviewScreeningHit(ref: ApplicantRef, review: { hitKey: string; verdict: HitVerdict; note: string }, options: ChangeOptions): Promise<ApplicantCheck> {
    let updated: ApplicantCheck | null = null;
    await this.lifecycle.change(ref, { ...options, announce: false }, async (applicant, { manager, now }) => {
      const check = await manager.findOneBy(ApplicantCheck, { applicantId: applicant.id, name: SCREENING_CHECK });
      const outcome = outcomeOf(check?.evidence ?? null);
      const hit = outcome?.hits.find((candidate) => candidate.key === review.hitKey);
      if (!check || !outcome || !hit || !outcome.fingerprint) throw screeningHitNotFound();
      await manager.insert(ScreeningHitReview, {
        applicantId: applicant.id,
        hitKey: hit.key,
        fingerprint: outcome.fingerprint,
        verdict: review.verdict,
        note: review.note,
        reviewedById: options.actor.id,
        reviewedByName: options.actor.username.slice(0, 64),
        createdAt: now,
      });
      const result = screeningCheck(outcome, await hitReviews(manager, applicant.id));
      updated = await manager.save(
        ApplicantCheck,
        Object.assign(check, { verdict: result.verdict, score: result.score, detail: result.detail, evidence: result.evidence }),
      );
      return [
        {
          changes: {},
          audit: {
            action: 'applicant.screening_hit_reviewed',
            detail: {
              hit: hit.key,
              list: hit.list,
              entity: hit.name,
              score: hit.score,
              verdict: review.verdict,
              note: review.note,
              checkVerdict: result.verdict,
            },
          },
        },
      ];
    });
    return updated!;
  }
}

async function replaceCheck(manager: EntityManager, applicantId: string, check: AnalysisCheck): Promise<void> {
  await manager.delete(ApplicantCheck, { applicantId, name: check.name });
  await manager.save(ApplicantCheck, manager.create(ApplicantCheck, { ...check, applicantId }));
}

async function hitReviews(manager: EntityManager, applicantId: string): Promise<StoredHitReview[]> {
  const rows = await manager.find(ScreeningHitReview, { where: { applicantId }, order: { createdAt: 'ASC' } });
  return rows.map((row) => ({
    hitKey: row.hitKey,
    fingerprint: row.fingerprint,
    verdict: row.verdict,
    note: row.note,
    reviewedBy: row.reviewedByName,
    reviewedAt: new Date(row.createdAt).toISOString(),
  }));
}
