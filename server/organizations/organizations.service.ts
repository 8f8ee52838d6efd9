import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Not, type Repository } from 'typeorm';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../document-reading/index.js';
import { User } from '../users/user.entity.js';
import { newCompanyKey } from './company-key.js';
import type { OrganizationDetailsDto, OrganizationDto, RetentionPolicyDto, TwoFactorRequirementDto, VerificationSettingsDto } from './dto/organization.dto.js';
import { NO_RETENTION_POLICY } from './retention-policy.js';
import { nameMismatch, newOwnerNotMember, ORGANIZATION_ERRORS, ownerOnly } from './organizations.errors.js';
import { MailService } from '../mail/mail.service.js';
import { OrganizationAccessService, type OrganizationRole } from './organization-access.service.js';
import { OrganizationMember } from './organization-member.entity.js';
import { Organization, type PhotoQualitySettings, type RetentionPolicy } from './organization.entity.js';

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {}

  /** Whether a user owns an organization: an owner cannot delete their account (spec §6). */
  ownsAnOrganization(userId: string): Promise<boolean> {
    return this.organizations.exists({ where: { ownerId: userId } });
  }

  /** The organization a verification link names by its public companyKey, if any. */
  findByCompanyKey(companyKey: string): Promise<Organization | null> {
    return this.organizations.findOneBy({ companyKey });
  }

  findById(organizationId: string): Promise<Organization | null> {
    return this.organizations.findOneBy({ id: organizationId });
  }

  /** The caller becomes the owner of the new organization. */
  async create(user: User, name: string): Promise<OrganizationDto> {
    return this.dataSource.transaction(async (manager) => {
      const organization = await manager.save(manager.create(Organization, { name, ownerId: user.id, companyKey: newCompanyKey() }));
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.created',
        detail: { name },
      });
      return toOrganizationDto(organization, 'owner');
    });
  }

  /** Organizations the caller owns or belongs to (every one for a super-admin), by name. */
  async list(user: User): Promise<OrganizationDto[]> {
    const query = this.organizations
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .addSelect('o.name', 'name')
      .addSelect('o.companyKey', 'companyKey')
      .addSelect('o.ownerId', 'ownerId')
      .addSelect(
        (sub) =>
          sub.select('COUNT(*)').from(OrganizationMember, 'm').where('m.organizationId = o.id').andWhere('m.userId = :listUserId', { listUserId: user.id }),
        'memberships',
      )
      .orderBy('o.name', 'ASC')
      .addOrderBy('o.id', 'ASC');
    this.access.restrictToMember(query, user, 'o.id');
    const rows = await query.getRawMany<Pick<Organization, 'id' | 'name' | 'companyKey' | 'ownerId'> & { memberships: number | string }>();
    return rows.map((row) => {
      const role: OrganizationRole = row.ownerId === user.id ? 'owner' : Number(row.memberships) > 0 ? 'member' : 'super-admin';
      return toOrganizationDto(row, role);
    });
  }

  async get(user: User, organizationId: string): Promise<OrganizationDetailsDto> {
    const { organization, role, isOwner } = await this.access.requireMember(user, organizationId);
    const owner = await this.dataSource.getRepository(User).findOne({
      where: { id: organization.ownerId },
      select: { id: true, username: true },
    });
    return {
      ...toOrganizationDto(organization, role),
      ownerUsername: owner?.username ?? '',
      isOwner,
      createdAt: organization.createdAt,
      verificationSettings: verificationSettings(organization),
      retentionPolicy: organization.retentionPolicy ?? NO_RETENTION_POLICY,
      requireTwoFactor: organization.requireTwoFactor,
    };
  }

  /** The owner (or a super-admin) decides how long applicants' data is kept; the retention job applies it. */
  async setRetentionPolicy(user: User, organizationId: string, policy: RetentionPolicyDto): Promise<RetentionPolicyDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    const saved: RetentionPolicy = { imagesDays: policy.imagesDays, identityDays: policy.identityDays, abandonedDays: policy.abandonedDays };
    const before = organization.retentionPolicy ?? NO_RETENTION_POLICY;
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Organization, { id: organization.id }, { retentionPolicy: saved });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.retention_changed',
        detail: { before, after: saved },
      });
    });
    return saved;
  }

  /** The owner (or a super-admin) decides how the verification page may be entered. */
  async setVerificationSettings(user: User, organizationId: string, settings: VerificationSettingsDto): Promise<VerificationSettingsDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    const redirectAllowList = [...new Set(settings.redirectAllowList.map((url) => new URL(url).origin))].join('\n');
    const photoQuality = settings.photoQuality ? { ...settings.photoQuality } : organization.photoQuality;
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Organization, { id: organization.id }, { allowCompanyKeyLinks: settings.allowCompanyKeyLinks, redirectAllowList, photoQuality });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.settings_changed',
        detail: {
          allowCompanyKeyLinks: settings.allowCompanyKeyLinks,
          redirectAllowList: redirectAllowList.split('\n').filter(Boolean),
          ...(settings.photoQuality ? { photoQuality } : {}),
        },
      });
    });
    return verificationSettings({ allowCompanyKeyLinks: settings.allowCompanyKeyLinks, redirectAllowList, photoQuality });
  }

  /** The owner (or a super-admin) requires two-factor sign-in of the organization's members; audited. */
  async setTwoFactorRequirement(user: User, organizationId: string, requireTwoFactor: boolean): Promise<TwoFactorRequirementDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Organization, { id: organization.id }, { requireTwoFactor });
      await this.audit.record(manager, { actor: user, organizationId: organization.id, action: 'organization.settings_changed', detail: { requireTwoFactor } });
    });
    return { requireTwoFactor };
  }

  /**
   * The owner (or a super-admin) removes the organization: foreign keys cascade to its
   * applicants, their images, checks and faces, its face blocklist, members, invitations,
   * policy and webhook events with their deliveries. Refused while any applicant is on
   * legal hold. The audit trail is evidence and stays (it has no foreign keys, by design;
   * AMLD Art. 40 keeps records five years): entries about an applicant are pseudonymised
   * as an erasure leaves them (`{ erased: true }`), since the applicants are gone; one more
   * entry says who deleted which organization. The other members are told by e-mail.
   */
  async delete(user: User, organizationId: string, confirmName: string): Promise<void> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    if (confirmName.trim() !== organization.name) throw nameMismatch();
    const told = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.email'])
      .where('u.id = :ownerId OR u.id IN (SELECT "m"."userId" FROM "organization_members" "m" WHERE "m"."organizationId" = :id)', {
        ownerId: organization.ownerId,
        id: organization.id,
      })
      .andWhere('u.id <> :self', { self: user.id })
      .getMany();
    await this.dataSource.transaction(async (manager) => {
      // By table name: the organizations layer knows applicants only as rows that cascade.
      const held = await manager
        .createQueryBuilder()
        .select('1', 'held')
        .from('applicants', 'a')
        .where('"a"."organizationId" = :id AND "a"."legalHoldAt" IS NOT NULL', { id: organization.id })
        .limit(1)
        .getRawOne<{ held: number }>();
      if (held) throw ORGANIZATION_ERRORS.error('ORGANIZATION_HAS_LEGAL_HOLDS');
      await manager.update(AuditEvent, { organizationId: organization.id, applicantId: Not(IsNull()) }, { detail: { erased: true } as never });
      await manager.delete(Organization, { id: organization.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.deleted',
        detail: { name: organization.name },
      });
    });
    for (const member of told) {
      this.mail.sendInBackground({
        to: member.email,
        subject: `The organization ${organization.name} was deleted`,
        text: [
          `Hello ${member.username},`,
          '',
          `${user.username} deleted the organization "${organization.name}" of the KYC platform, with its applicants. You are no longer a member of it.`,
          'Its audit trail is kept. If you did not expect this, contact your administrator.',
        ].join('\n'),
      });
    }
  }

  /** The owner (or a super-admin) hands the organization to one of its members; the previous owner stays on as a member. */
  async transferOwnership(user: User, organizationId: string, newOwnerId: string): Promise<OrganizationDetailsDto> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    const userId = newOwnerId.toLowerCase();
    await this.dataSource.transaction(async (manager) => {
      const removed = await manager.delete(OrganizationMember, { organizationId: organization.id, userId });
      if (!removed.affected) throw newOwnerNotMember();
      await manager.insert(OrganizationMember, { organizationId: organization.id, userId: organization.ownerId });
      await manager.update(Organization, { id: organization.id }, { ownerId: userId });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'organization.ownership_transferred',
        detail: { from: organization.ownerId, to: userId },
      });
    });
    return this.get(user, organization.id);
  }
}

/** The photo quality an organization asks for: what it saved, or refusing below the defaults. */
export function photoQualityOf(organization: Pick<Organization, 'photoQuality'>): PhotoQualitySettings {
  return organization.photoQuality ?? { enforce: true, ...DEFAULT_QUALITY_THRESHOLDS };
}

export function verificationSettings(organization: Pick<Organization, 'allowCompanyKeyLinks' | 'redirectAllowList' | 'photoQuality'>): VerificationSettingsDto {
  return {
    allowCompanyKeyLinks: organization.allowCompanyKeyLinks,
    redirectAllowList: organization.redirectAllowList.split('\n').filter(Boolean),
    photoQuality: photoQualityOf(organization),
  };
}

function toOrganizationDto(organization: Pick<Organization, 'id' | 'name' | 'companyKey'>, role: OrganizationRole): OrganizationDto {
  return { id: organization.id, name: organization.name, companyKey: organization.companyKey, role };
}
