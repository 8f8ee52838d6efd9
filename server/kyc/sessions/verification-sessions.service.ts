import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { In, IsNull, MoreThan, type Repository } from 'typeorm';
import type { Applicant } from '../../applicants/applicant.entity.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import { ApplicantLifecycle } from '../../applicants/lifecycle/applicant-lifecycle.js';
import { isEditable, VerificationChanges } from '../verification-changes.js';
import { Clock } from '../../common/clock.js';
import { randomToken, sha256 } from '../../common/crypto.js';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import { OrganizationAccessService, isUuid } from '../../organizations/organization-access.service.js';
import type { Organization } from '../../organizations/organization.entity.js';
import { OrganizationsService, verificationSettings } from '../../organizations/organizations.service.js';
import type { User } from '../../users/user.entity.js';
import { OwnerSettingsReader } from '../../webhooks/owner-settings.reader.js';
import { AbuseLimitsService } from '../abuse-limits.service.js';
import type { CreateSessionDto, CreatedSessionDto, KycTokenResponseDto, SessionTokenDto, StaffTokenResponseDto } from '../dto/kyc.dto.js';
import { KYC_ERRORS, sessionLinkInvalid, TOKEN_ISSUED_MESSAGE, unknownCompanyKey, webhookNotConfigured } from '../kyc.errors.js';
import { VerificationSession, type SessionKind } from '../verification-session.entity.js';
import { WidgetTokenService } from '../widget-token.service.js';

/**
 * Who may work on an applicant's verification. A session is created by the integrator's
 * server (a link), by the first browser that opens a companyKey link for a new applicant
 * (a resume secret kept in that browser), or by staff. Its secret is exchanged for
 * 15-minute widget tokens; a new link session, a revocation or a staff reset moves the
 * applicant to a new session generation, which ends every older session and token.
 */
@Injectable()
export class VerificationSessionsService {
  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectRepository(VerificationSession) private readonly sessions: Repository<VerificationSession>,
    private readonly organizations: OrganizationsService,
    private readonly access: OrganizationAccessService,
    private readonly applicants: ApplicantsQueryService,
    private readonly lifecycle: ApplicantLifecycle,
    private readonly changes: VerificationChanges,
    private readonly ownerSettings: OwnerSettingsReader,
    private readonly tokens: WidgetTokenService,
    private readonly limits: AbuseLimitsService,
    private readonly clock: Clock,
  ) {}

  /** POST /kyc/sessions: the integrator's server asks for a link for one end user. */
  async createLink(user: User, body: CreateSessionDto, ip: string | undefined): Promise<CreatedSessionDto> {
    const { organization } = await this.access.requireMember(user, body.organizationId);
    // @IsOptional() lets null through as well as undefined: both mean "no redirect of its own".
    const redirectUrl = body.redirectUrl == null ? null : allowedRedirect(organization, body.redirectUrl);
    const applicant = await this.lifecycle.open({ organizationId: organization.id, userId: body.userId });
    const ttlMs = body.expiresInMinutes ? body.expiresInMinutes * 60_000 : this.env.verification.sessionTtlMs;
    const { session, secret } = await this.start(applicant, 'link', { actor: user, ip, ttlMs, redirectUrl });
    const prefill = { name: body.name?.trim() || null, dateOfBirth: body.dateOfBirth ?? null };
    if (isEditable(applicant) && (prefill.name || prefill.dateOfBirth)) {
      await this.changes.savePersonalData(applicant.id, prefill, { sessionId: session.id, ip }, user);
    }
    return { sessionId: session.id, url: `${this.env.publicUrl}/kyc?session=${secret}`, expiresAt: session.expiresAt };
  }

  /** DELETE /kyc/sessions/:id: the link stops working, and so does every token issued for the applicant so far. */
  async revoke(user: User, sessionId: string, ip: string | undefined): Promise<void> {
    const session = isUuid(sessionId) ? await this.sessions.findOneBy({ id: sessionId.toLowerCase() }) : null;
    const applicant = session ? await this.applicants.findById(session.applicantId) : null;
    if (!session || !applicant) throw KYC_ERRORS.error('SESSION_NOT_FOUND');
    await this.access.requireMember(user, applicant.organizationId).catch(() => {
      throw KYC_ERRORS.error('SESSION_NOT_FOUND');
    });
    if (session.revokedAt) return;
    await this.sessions.update({ id: session.id }, { revokedAt: this.clock.now() });
    await this.changes.advanceSessionGeneration(
      applicant.id,
      { action: 'verification.session_revoked', detail: { sessionId: session.id } },
      { actor: user, context: { ip } },
    );
  }

  /** POST /kyc/session-token: a session link's (or a browser's resume) secret for a widget token. */
  async exchange(secret: string, ip: string | undefined): Promise<SessionTokenDto> {
    await this.limits.tokenIssued(ip);
    let session = await this.sessions.findOneBy({ secretHash: sha256(secret) });
    const applicant = session ? await this.applicants.findById(session.applicantId) : null;
    if (session && applicant && !this.isLive(session, applicant)) session = await this.carryOverForResubmission(session, applicant);
    if (!session || !applicant || !this.isLive(session, applicant)) throw sessionLinkInvalid();
    return this.editToken(applicant, session);
  }

  /**
   * GET /kyc/get-new-token: the spec's public companyKey link. A new applicant starts
   * here and the browser gets a resume secret, which alone follows it afterwards (to the
   * status once submitted). Every other existing applicant, submitted or not, is refused
   * with one answer (VERIFICATION_IN_PROGRESS), whatever the reason, unless it is blank
   * and was never given a server-created link (see mayBeginWithCompanyKey): the companyKey
   * is public and the userId may be guessed, so they never continue a verification nor
   * tell how it went (no status oracle: security review, low).
   */
  async startWithCompanyKey(companyKey: string | undefined, userId: string, ip: string | undefined): Promise<KycTokenResponseDto> {
    const organization = companyKey ? await this.organizations.findByCompanyKey(companyKey) : null;
    if (!organization) throw unknownCompanyKey();
    if (!organization.allowCompanyKeyLinks) throw KYC_ERRORS.error('COMPANY_KEY_LINKS_DISABLED');
    const owner = await this.ownerSettings.forOrganization(organization.id);
    if (!owner?.webhookUrl) throw webhookNotConfigured();
    await this.limits.tokenIssued(ip);
    let applicant = await this.applicants.findInOrganization(organization.id, userId);
    if (!applicant) {
      await this.limits.applicantCreated(ip, organization.id);
      applicant = await this.lifecycle.open({ organizationId: organization.id, userId });
    }
    const answer = { status: 'ok', code: 'OK', message: TOKEN_ISSUED_MESSAGE };
    if (!(await this.mayBeginWithCompanyKey(applicant))) throw KYC_ERRORS.error('VERIFICATION_IN_PROGRESS');
    const { session, secret } = await this.start(applicant, 'resume', { actor: { id: null, username: 'applicant' }, ip });
    const advanced = { ...applicant, sessionGeneration: session.generation } as Applicant;
    return { ...answer, ...this.editToken(advanced, session), resumeSecret: secret };
  }

  /** GET /get-new-token: a signed-in member opens the widget for an applicant, without ending the end user's session. */
  async startForStaff(user: User, organizationId: string, userId: string): Promise<StaffTokenResponseDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.lifecycle.open({ organizationId: organization.id, userId });
    if (!isEditable(applicant)) return { token: { token: this.statusToken(applicant).token } };
    const session = await this.sessions.save(
      this.sessions.create({
        id: randomUUID(),
        applicantId: applicant.id,
        kind: 'staff',
        secretHash: null,
        generation: applicant.sessionGeneration,
        expiresAt: new Date(this.clock.now().getTime() + this.env.verification.sessionTtlMs),
        redirectUrl: null,
        createdById: user.id,
      }),
    );
    return { token: { token: this.editToken(applicant, session).token } };
  }

  /** The session a token was issued for, if it still works. */
  async findLive(sessionId: string | null, applicant: Applicant): Promise<VerificationSession | null> {
    if (!sessionId) return null;
    const session = await this.sessions.findOneBy({ id: sessionId });
    return session && this.isLive(session, applicant) ? session : null;
  }

  private async start(
    applicant: Applicant,
    kind: SessionKind,
    options: { actor: { id: string | null; username: string }; ip: string | undefined; ttlMs?: number; redirectUrl?: string | null },
  ): Promise<{ session: VerificationSession; secret: string }> {
    const id = randomUUID();
    const secret = randomToken();
    const advanced = await this.changes.advanceSessionGeneration(
      applicant.id,
      { action: 'verification.session_created', detail: { sessionId: id, kind } },
      { actor: options.actor, context: { ip: options.ip } },
    );
    const session = await this.sessions.save(
      this.sessions.create({
        id,
        applicantId: applicant.id,
        kind,
        secretHash: sha256(secret),
        generation: advanced.sessionGeneration,
        expiresAt: new Date(this.clock.now().getTime() + (options.ttlMs ?? this.env.verification.sessionTtlMs)),
        redirectUrl: options.redirectUrl ?? null,
        createdById: options.actor.id,
      }),
    );
    return { session, secret };
  }

  private isLive(session: VerificationSession, applicant: Pick<Applicant, 'sessionGeneration'>): boolean {
    return !session.revokedAt && session.expiresAt.getTime() > this.clock.now().getTime() && session.generation === applicant.sessionGeneration;
  }

  /**
   * An existing applicant a companyKey link may begin as if it were new: nothing saved yet
   * (kycStatus init: created on the integrator's side, never begun, or reset), no
   * server-created link ever made for it (that applicant is the integrator server's to
   * send links to), and no session working on it now. Anything else (data entered, a
   * resubmission awaited, a link live, expired or revoked) continues only through a link
   * or the resume secret of the browser that started it.
   */
  private async mayBeginWithCompanyKey(applicant: Applicant): Promise<boolean> {
    if (applicant.kycStatus !== 'init') return false;
    if (await this.sessions.exists({ where: { applicantId: applicant.id, kind: 'link' } })) return false;
    return !(await this.hasLiveSession(applicant));
  }

  /**
   * A resubmission request moves the applicant to a new session generation (older links
   * end), but the browser that started the applicant through a companyKey link keeps its
   * resume secret: that session carries over to the new generation and lasts at least the
   * session time from the request. Not when revoked, nor when a newer link or browser
   * session was made since, nor for any other change of generation (a reset, a revocation).
   */
  private async carryOverForResubmission(session: VerificationSession, applicant: Applicant): Promise<VerificationSession | null> {
    if (session.kind !== 'resume' || session.revokedAt || session.generation >= applicant.sessionGeneration) return session;
    const awaiting = applicant.kycStatus === 'pending' && applicant.resubmissionStep !== null && applicant.decidedAt !== null;
    if (!awaiting) return session;
    const until = new Date(Math.max(session.expiresAt.getTime(), new Date(applicant.decidedAt!).getTime() + this.env.verification.sessionTtlMs));
    if (until.getTime() <= this.clock.now().getTime()) return session;
    const newer = await this.sessions.exists({ where: { applicantId: applicant.id, kind: In(['link', 'resume']), generation: MoreThan(session.generation) } });
    if (newer) return session;
    await this.sessions.update({ id: session.id }, { generation: applicant.sessionGeneration, expiresAt: until });
    return Object.assign(new VerificationSession(), session, { generation: applicant.sessionGeneration, expiresAt: until });
  }

  /** A link or a browser still holds a working session for the applicant. */
  private async hasLiveSession(applicant: Applicant): Promise<boolean> {
    return this.sessions.exists({
      where: { applicantId: applicant.id, generation: applicant.sessionGeneration, revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) },
    });
  }

  private editToken(applicant: Applicant, session: VerificationSession): SessionTokenDto {
    const { token, expiresAt } = this.tokens.issue(
      {
        applicantId: applicant.id,
        organizationId: applicant.organizationId,
        userId: applicant.userId,
        sid: session.id,
        gen: session.generation,
        scope: 'edit',
      },
      session.expiresAt,
    );
    return { token, expiresAt, scope: 'edit' };
  }

  private statusToken(applicant: Applicant): SessionTokenDto {
    const { token, expiresAt } = this.tokens.issue({
      applicantId: applicant.id,
      organizationId: applicant.organizationId,
      userId: applicant.userId,
      sid: null,
      gen: applicant.sessionGeneration,
      scope: 'status',
    });
    return { token, expiresAt, scope: 'status' };
  }
}

/** A per-session redirect must start with an origin the organization allowed. */
function allowedRedirect(organization: Organization, redirectUrl: string): string {
  const origin = new URL(redirectUrl).origin;
  if (!verificationSettings(organization).redirectAllowList.includes(origin)) throw KYC_ERRORS.error('REDIRECT_URL_NOT_ALLOWED');
  return redirectUrl;
}
