import { Injectable, Logger } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { AuditActor } from '../audit/audit.service.js';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { SUBMISSION_ANALYSES } from '../applicants/analysis/analysis-kinds.js';
import { ApplicantCheck } from '../applicants/applicant-check.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.js';
import { decisionStep } from '../applicants/lifecycle/transitions.js';
import { decide, type PolicyDecision } from './policy.js';
import { VerificationPolicies } from './verification-policies.js';

/** The organization's verification policy, as the audit trail names it. */
const POLICY_ACTOR: AuditActor = { id: null, username: 'policy' };

/**
 * Runs the organization's verification policy once every analysis of a submission is in
 * (done, or given up), and after a reviewer resolves a sanctions hit. The decision goes
 * through the lifecycle like a staff decision; the default policy decides nothing.
 */
@Injectable()
export class AutomaticDecisions {
  private readonly logger = new Logger(AutomaticDecisions.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly policies: VerificationPolicies,
    private readonly lifecycle: ApplicantLifecycle,
  ) {}

  /** Called when an analysis job of the applicant finished; decides when it was the last one. Resolves with the decision, if any. */
  async afterAnalysis(applicantId: string): Promise<PolicyDecision | null> {
    const jobs = await this.dataSource
      .getRepository(AnalysisJob)
      .find({ where: { applicantId, kind: In([...SUBMISSION_ANALYSES]) }, select: { kind: true, status: true } });
    const finished = SUBMISSION_ANALYSES.every((kind) => jobs.some((job) => job.kind === kind && (job.status === 'done' || job.status === 'failed')));
    if (!finished) return null;
    return this.decide(applicantId);
  }

  /** Applies the policy to a queued applicant whose checks are in. */
  async decide(applicantId: string): Promise<PolicyDecision | null> {
    const applicant = await this.dataSource
      .getRepository(Applicant)
      .findOne({ where: { id: applicantId }, select: { id: true, organizationId: true, kycStatus: true } });
    if (applicant?.kycStatus !== 'queued') return null;
    const policy = await this.policies.forOrganization(applicant.organizationId);
    // The default policy (no automatic decision) keeps today's behaviour: queued, nothing recorded.
    if (!policy.autoApprove && !policy.autoReject) return null;
    const checks = await this.dataSource.getRepository(ApplicantCheck).find({ where: { applicantId } });
    const decision = decide(policy, checks);
    await this.apply(applicantId, decision);
    this.logger.log(`Policy for applicant ${applicantId}: ${decision.outcome} (${decision.rule})`);
    return decision;
  }

  /**
   * The policy's decision on a submission whose analyses are all in: approve or reject (as
   * a staff decision would, naming the rule in the audit entry and the webhook), or leave
   * it queued for a person, recording the rule that did. Nothing happens unless the
   * applicant is still queued (a person, or the policy, decided first).
   */
  private apply(applicantId: string, decision: PolicyDecision): Promise<Applicant | null> {
    return this.lifecycle.change(
      { id: applicantId },
      { actor: POLICY_ACTOR },
      async (applicant, { manager, now }) => {
        if (applicant.kycStatus !== 'queued' || !applicant.submittedAt) return [];
        const policy = { automatic: true as const, rule: decision.rule, reason: decision.reason };
        if (decision.outcome === 'queue') {
          if (await alreadyQueuedBy(manager, applicant.id, decision.rule)) return [];
          return [{ changes: {}, audit: { action: 'applicant.policy_queued', detail: { rule: decision.rule, reason: decision.reason } } }];
        }
        const step =
          decision.outcome === 'approve'
            ? decisionStep(applicant, { kind: 'approve' }, now)
            : decisionStep(applicant, { kind: 'reject', reason: decision.reason.slice(0, 1000), rejectType: 'final' }, now);
        return [{ ...step, audit: { action: step.audit!.action, detail: { ...step.audit!.detail, ...policy } }, eventExtra: { decision: policy } }];
      },
      true,
    );
  }
}

/** Whether the policy's last word on this submission already queued it by the same rule (two jobs ending together both ask). */
async function alreadyQueuedBy(manager: EntityManager, applicantId: string, rule: string): Promise<boolean> {
  const last = await manager.findOne(AuditEvent, {
    where: { applicantId, action: In(['applicant.submitted', 'applicant.policy_queued']) },
    order: { createdAt: 'DESC' },
    select: { action: true, detail: true },
  });
  return last?.action === 'applicant.policy_queued' && (last.detail as { rule?: string } | null)?.rule === rule;
}
