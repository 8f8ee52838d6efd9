import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { roleRank } from '../../config/role-name.js';
import { OrganizationMember } from '../../organizations/organization-member.entity.js';
import { Organization } from '../../organizations/organization.entity.js';
import type { User } from '../../users/user.entity.js';
import type { TwoFactorPolicyDto } from './dto/two-factor.dto.js';
import { TwoFactorPolicy, type TwoFactorScope } from './two-factor-policy.entity.js';
import { TwoFactorService } from './two-factor.service.js';

const POLICY_ID = 'global';

/**
 * Who must sign in with a second factor: the super-admin's platform rule (administrators
 * or everyone) and organizations whose owner requires it of their members. Demo accounts
 * are never bound (they cannot enrol).
 */
@Injectable()
export class TwoFactorRequirement {
  constructor(
    @InjectRepository(TwoFactorPolicy) private readonly policies: Repository<TwoFactorPolicy>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditService,
  ) {}

  async policy(): Promise<TwoFactorPolicyDto> {
    const row = await this.policies.findOneBy({ id: POLICY_ID });
    return { requiredFor: row?.requiredFor ?? 'off', updatedByName: row?.updatedByName ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
  }

  async setPolicy(actor: User, requiredFor: TwoFactorScope): Promise<TwoFactorPolicyDto> {
    const before = (await this.policy()).requiredFor;
    await this.dataSource.transaction(async (manager) => {
      await manager.save(TwoFactorPolicy, { id: POLICY_ID, requiredFor, updatedByName: actor.username.slice(0, 64), updatedAt: new Date() });
      await this.audit.record(manager, {
        actor,
        organizationId: null,
        action: 'settings.two_factor_policy_changed',
        detail: { from: before, to: requiredFor },
      });
    });
    return this.policy();
  }

  /** Whether a rule binds this account, whatever it has set up. */
  async applies(user: Pick<User, 'id' | 'role' | 'isDemo'>): Promise<boolean> {
    if (user.isDemo) return false;
    const row = await this.policies.findOne({ where: { id: POLICY_ID }, select: { id: true, requiredFor: true } });
    const scope = row?.requiredFor ?? 'off';
    if (scope === 'everyone' || (scope === 'admins' && roleRank(user.role) >= roleRank('admin'))) return true;
    // Two index lookups (owner, membership) rather than one OR that would scan organizations.
    const [owns, belongs] = await Promise.all([
      this.dataSource
        .getRepository(Organization)
        .createQueryBuilder('o')
        .where('o.ownerId = :userId AND o.requireTwoFactor = :yes', { userId: user.id, yes: true })
        .getExists(),
      this.dataSource
        .getRepository(OrganizationMember)
        .createQueryBuilder('m')
        .innerJoin(Organization, 'o', 'o.id = m.organizationId')
        .where('m.userId = :userId AND o.requireTwoFactor = :yes', { userId: user.id, yes: true })
        .getExists(),
    ]);
    return owns || belongs;
  }

  /** A rule binds the account and it has no second factor yet: only enrolment is open to it. */
  async enrolmentDue(user: Pick<User, 'id' | 'role' | 'isDemo'>): Promise<boolean> {
    return (await this.applies(user)) && (await this.twoFactor.methods(user.id)).length === 0;
  }
}
