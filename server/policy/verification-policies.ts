import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { OrganizationAccessService } from '../organizations/organization-access.service.js';
import { ownerOnly } from '../organizations/organizations.errors.js';
import type { User } from '../users/user.entity.js';
import { DOCUMENT_SIGNAL_KINDS } from '../document-liveness/index.js';
import { INJECTION_SIGNAL_KINDS } from '../applicants/capture-signals.js';
import { DEFAULT_POLICY, POLICY_CHECKS, type VerificationPolicySettings } from './policy.js';
import type { VerificationPolicyDetailsDto, VerificationPolicyDto } from './verification-policy.dto.js';
import { VerificationPolicy } from './verification-policy.entity.js';

/** Organizations' verification policies: read by every member, changed by the owner (or a super-admin), audited before/after. */
@Injectable()
export class VerificationPolicies {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The policy in force for an organization: what it saved, or the default. */
  async forOrganization(organizationId: string): Promise<VerificationPolicySettings> {
    const row = await this.dataSource.getRepository(VerificationPolicy).findOneBy({ organizationId });
    return row ? settingsOf(row.settings) : { ...DEFAULT_POLICY };
  }

  async get(user: User, organizationId: string): Promise<VerificationPolicyDetailsDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const row = await this.dataSource.getRepository(VerificationPolicy).findOneBy({ organizationId: organization.id });
    return detailsOf(row);
  }

  async set(user: User, organizationId: string, body: VerificationPolicyDto): Promise<VerificationPolicyDetailsDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    const after: VerificationPolicySettings = settingsOf(body);
    const saved = await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(VerificationPolicy);
      const existing = await repository.findOneBy({ organizationId: organization.id });
      const before = existing ? settingsOf(existing.settings) : { ...DEFAULT_POLICY };
      const row = repository.create({
        organizationId: organization.id,
        settings: after,
        updatedByName: user.username.slice(0, 64),
        updatedAt: this.clock.now(),
      });
      await repository.save(row);
      await this.audit.record(manager, { actor: user, organizationId: organization.id, action: 'organization.policy_changed', detail: { before, after } });
      return row;
    });
    return detailsOf(saved);
  }
}

/** A stored or sent policy in its canonical form (the checks in their fixed order). */
function settingsOf(value: VerificationPolicyDto | VerificationPolicySettings): VerificationPolicySettings {
  return {
    requiredChecks: POLICY_CHECKS.filter((name) => value.requiredChecks.includes(name)),
    autoApprove: value.autoApprove,
    // Policies saved before the setting existed require a document read, as new ones do by default.
    requireDocumentRead: value.requireDocumentRead ?? DEFAULT_POLICY.requireDocumentRead,
    autoReject: value.autoReject,
    faceMatchThreshold: value.faceMatchThreshold ?? null,
    screeningThreshold: value.screeningThreshold ?? DEFAULT_POLICY.screeningThreshold,
    // Policies saved before the setting existed queue on every signal, as new ones do by default.
    queueOnDocumentSignals: DOCUMENT_SIGNAL_KINDS.filter((kind) => (value.queueOnDocumentSignals ?? DEFAULT_POLICY.queueOnDocumentSignals).includes(kind)),
    queueOnInjectionSignals: INJECTION_SIGNAL_KINDS.filter((kind) => (value.queueOnInjectionSignals ?? DEFAULT_POLICY.queueOnInjectionSignals).includes(kind)),
    secondReviewerForOverrides: value.secondReviewerForOverrides ?? DEFAULT_POLICY.secondReviewerForOverrides,
  };
}

function detailsOf(row: VerificationPolicy | null): VerificationPolicyDetailsDto {
  if (!row)
    return {
      ...DEFAULT_POLICY,
      requiredChecks: [...DEFAULT_POLICY.requiredChecks],
      queueOnDocumentSignals: [...DEFAULT_POLICY.queueOnDocumentSignals],
      queueOnInjectionSignals: [...DEFAULT_POLICY.queueOnInjectionSignals],
      customized: false,
      updatedBy: null,
      updatedAt: null,
    };
  return { ...settingsOf(row.settings), customized: true, updatedBy: row.updatedByName, updatedAt: new Date(row.updatedAt).toISOString() };
}
