import { Injectable, Logger } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AnalysisJob } from '../analysis/analysis-job.entity.js';
import { ApplicantCheck } from '../applicant-check.entity.js';
import { Applicant } from '../applicant.entity.js';
import { ApplicantLifecycle, SUBMISSION_ANALYSES } from '../lifecycle/applicant-lifecycle.service.js';
import { decide, type PolicyDecision } from './policy.js';
import { VerificationPolicies } from './verification-policy.service.js';

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
    const jobs = await this.dataSource.getRepository(AnalysisJob).find({ where: { applicantId, kind: In([...SUBMISSION_ANALYSES]) }, select: { kind: true, status: true } });
    const finished = SUBMISSION_ANALYSES.every((kind) => jobs.some((job) => job.kind === kind && (job.status === 'done' || job.status === 'failed')));
    if (!finished) return null;
    return this.decide(applicantId);
  }

  /** Applies the policy to a queued applicant whose checks are in. */
  async decide(applicantId: string): Promise<PolicyDecision | null> {
    const applicant = await this.dataSource.getRepository(Applicant).findOne({ where: { id: applicantId }, select: { id: true, organizationId: true, kycStatus: true } });
    if (applicant?.kycStatus !== 'queued') return null;
    const policy = await this.policies.forOrganization(applicant.organizationId);
    // The default policy (no automatic decision) keeps today's behaviour: queued, nothing recorded.
    if (!policy.autoApprove && !policy.autoReject) return null;
    const checks = await this.dataSource.getRepository(ApplicantCheck).find({ where: { applicantId } });
    const decision = decide(policy, checks);
    await this.lifecycle.applyPolicyDecision(applicantId, decision);
    this.logger.log(`Policy for applicant ${applicantId}: ${decision.outcome} (${decision.rule})`);
    return decision;
  }
}
