import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, MoreThan, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { BackgroundWork } from '../common/background-work.js';
import { Clock } from '../common/clock.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { RateLimiter, type RateLimit } from '../common/rate-limit/rate-limiter.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { supportsRowLocks } from '../database/transaction.js';
import { MailService } from '../mail/mail.service.js';
import { identityKey } from '../users/identity-key.js';
import { User } from '../users/user.entity.js';
import type { AcceptedInvitationDto, InvitationDto, ReceivedInvitationDto } from './dto/member.dto.js';
import { isUuid, OrganizationAccessService } from './organization-access.service.js';
import { OrganizationInvitation } from './organization-invitation.entity.js';
import { OrganizationMember } from './organization-member.entity.js';
import type { Organization } from './organization.entity.js';
import { alreadyMember, alreadyOwner, invitationNotFound, invitationPending, ownerOnly, tooManyInvitations } from './organizations.errors.js';

/** How long an invitation can be accepted. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Per inviting account: enough for onboarding a team, too few to spam with. */
const INVITATIONS_PER_HOUR: RateLimit = { limit: 30, windowMs: 60 * 60 * 1000 };

/**
 * Membership by consent. An owner (or a super-admin) invites a username or e-mail
 * address; the account it names sees the invitation on its dashboard and by e-mail,
 * and only by accepting becomes a member. The inviter learns nothing about the
 * account: the answer and the stored row are the same whether or not it exists (or is
 * a demo account, which can never be invited), and its e-mail address is shown only
 * once it has joined.
 */
@Injectable()
export class InvitationsService implements OnModuleDestroy {
  private readonly background = new BackgroundWork(new Logger('Invitations'), 'Sending an invitation e-mail failed');

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** The organization's invitations not yet answered, newest first (expired ones flagged). */
  async listSent(user: User, organizationId: string): Promise<InvitationDto[]> {
    const organization = await this.requireManager(user, organizationId);
    const rows = await this.dataSource
      .getRepository(OrganizationInvitation)
      .find({ where: { organizationId: organization.id }, relations: { invitedBy: true }, order: { createdAt: 'DESC', id: 'ASC' } });
    const now = this.clock.now();
    return rows.map((row) => toSentDto(row, row.invitedBy?.username ?? null, now));
  }

  async invite(user: User, organizationId: string, usernameOrEmail: string): Promise<InvitationDto> {
    const organization = await this.requireManager(user, organizationId);
    const verdict = await this.limiter.hit(`invitations:${user.id}`, INVITATIONS_PER_HOUR);
    if (!verdict.allowed) throw tooManyInvitations(verdict.retryAfterSeconds);
    const invitee = usernameOrEmail.trim();
    const inviteeKey = identityKey(invitee);
    const now = this.clock.now();
    let sent: { invitation: OrganizationInvitation; recipient: User | null };
    try {
      sent = await this.dataSource.transaction(async (manager) => {
        const target = await findByIdentity(manager, inviteeKey);
        if (target?.id === organization.ownerId) throw alreadyOwner();
        if (target && (await manager.exists(OrganizationMember, { where: { organizationId: organization.id, userId: target.id } }))) {
          throw alreadyMember();
        }
        const earlier = await manager.findOneBy(OrganizationInvitation, { organizationId: organization.id, inviteeKey });
        if (earlier && earlier.expiresAt > now) throw invitationPending();
        if (earlier) await manager.delete(OrganizationInvitation, { id: earlier.id });
        const recipient = target && !target.isDemo ? target : null;
        const saved = await manager.save(
          manager.create(OrganizationInvitation, {
            organizationId: organization.id,
            invitee,
            inviteeKey,
            inviteeId: recipient?.id ?? null,
            invitedById: user.id,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          }),
        );
        await this.audit.record(manager, {
          actor: user,
          organizationId: organization.id,
          action: 'member.invited',
          detail: { invitationId: saved.id, invitee },
        });
        return { invitation: saved, recipient };
      });
    } catch (error) {
      // Two invitations of the same person at the same moment: the unique index keeps one.
      if (isUniqueViolation(error)) throw invitationPending();
      throw error;
    }
    const { invitation, recipient } = sent;
    if (recipient) this.background.run(() => this.sendInvitation(recipient, organization, user, invitation.expiresAt));
    return toSentDto(invitation, user.username, now);
  }

  async revoke(user: User, organizationId: string, invitationId: string): Promise<void> {
    const organization = await this.requireManager(user, organizationId);
    if (!isUuid(invitationId)) throw invitationNotFound();
    await this.dataSource.transaction(async (manager) => {
      const invitation = await manager.findOneBy(OrganizationInvitation, {
        id: invitationId.toLowerCase(),
        organizationId: organization.id,
      });
      if (!invitation) throw invitationNotFound();
      await manager.delete(OrganizationInvitation, { id: invitation.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'member.invitation_revoked',
        detail: { invitationId: invitation.id, invitee: invitation.invitee },
      });
    });
  }

  /** The caller's own invitations that can still be accepted, newest first. */
  async listReceived(user: User): Promise<ReceivedInvitationDto[]> {
    const rows = await this.dataSource.getRepository(OrganizationInvitation).find({
      where: { inviteeId: user.id, expiresAt: MoreThan(this.clock.now()) },
      relations: { organization: true, invitedBy: true },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return rows.map((row) => ({
      id: row.id,
      organizationId: row.organizationId,
      organizationName: row.organization?.name ?? '',
      invitedBy: row.invitedBy?.username ?? null,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    }));
  }

  /** Joins the organization; every other invitation of the caller to it is spent too. */
  async accept(user: User, invitationId: string): Promise<AcceptedInvitationDto> {
    return this.dataSource.transaction(async (manager) => {
      const invitation = await this.lockOwnInvitation(manager, user, invitationId);
      const membership = { organizationId: invitation.organizationId, userId: user.id };
      if (!(await manager.exists(OrganizationMember, { where: membership }))) {
        await manager.insert(OrganizationMember, membership);
      }
      await manager.delete(OrganizationInvitation, { organizationId: invitation.organizationId, inviteeId: user.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: invitation.organizationId,
        action: 'member.added',
        detail: { userId: user.id, username: user.username, invitationId: invitation.id },
      });
      return { organizationId: invitation.organizationId };
    });
  }

  async decline(user: User, invitationId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const invitation = await this.lockOwnInvitation(manager, user, invitationId);
      await manager.delete(OrganizationInvitation, { id: invitation.id });
      await this.audit.record(manager, {
        actor: user,
        organizationId: invitation.organizationId,
        action: 'member.invitation_declined',
        detail: { invitationId: invitation.id },
      });
    });
  }

  /** Lets tests and shutdown wait for invitation e-mails already on their way. */
  settled(): Promise<void> {
    return this.background.settled();
  }

  async onModuleDestroy(): Promise<void> {
    await this.settled();
  }

  private async requireManager(user: User, organizationId: string): Promise<Organization> {
    const { organization, canManage } = await this.access.requireMember(user, organizationId);
    if (!canManage) throw ownerOnly();
    return organization;
  }

  /** The caller's unexpired invitation, locked so that a concurrent accept or decline waits and then finds it gone. */
  private async lockOwnInvitation(manager: EntityManager, user: User, invitationId: string): Promise<OrganizationInvitation> {
    if (!isUuid(invitationId)) throw invitationNotFound();
    const query = manager.getRepository(OrganizationInvitation).createQueryBuilder('i').where('i.id = :id AND i.inviteeId = :userId AND i.expiresAt > :now', {
      id: invitationId.toLowerCase(),
      userId: user.id,
      now: this.clock.now(),
    });
    if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    const invitation = await query.getOne();
    if (!invitation) throw invitationNotFound();
    return invitation;
  }

  private async sendInvitation(to: User, organization: Organization, inviter: User, expiresAt: Date): Promise<void> {
    await this.mail.send({
      to: to.email,
      subject: 'You are invited to an organization on the KYC platform',
      text: [
        `Hello ${to.username},`,
        '',
        `${inviter.username} invited you to review the applicants of the organization "${organization.name}".`,
        `Sign in to accept or decline; the invitation can be accepted until ${expiresAt.toUTCString()}:`,
        '',
        `${this.env.publicUrl}/dashboard/select`,
        '',
        'If you did not expect this, decline it or ignore this e-mail: nothing changes until you accept.',
      ].join('\n'),
    });
  }
}

/** The account a username or e-mail address names, compared by identity key. */
async function findByIdentity(manager: EntityManager, key: string): Promise<User | null> {
  return manager
    .getRepository(User)
    .createQueryBuilder('u')
    .select(['u.id', 'u.username', 'u.email', 'u.isDemo'])
    .where('u.usernameKey = :key OR u.emailKey = :key', { key })
    .getOne();
}

function toSentDto(row: OrganizationInvitation, invitedBy: string | null, now: Date): InvitationDto {
  return {
    id: row.id,
    invitee: row.invitee,
    invitedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    expired: row.expiresAt <= now,
  };
}
