import { Injectable } from '@nestjs/common';
import type { Applicant } from '../applicants/applicant.entity.js';
import { selfieTurnOf } from '../applicants/document-types.js';
import { kycSessionStatus } from '../applicants/applicant-status.publisher.js';
import { ApplicantsQueryService } from '../applicants/applicants-query.service.js';
import { DecisionLabels } from '../review/decisions/decision-labels.js';
import { Decisions } from '../review/decisions/decisions.js';
import { canResubmit } from './verification-changes.js';
import type { ApplicantStatusEvent } from '../common/events/status-event.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { OwnerSettingsReader } from '../webhooks/owner-settings.reader.js';
import { PERSONAL_FIELDS } from '../applicants/applicant-fields.js';
import type { WidgetSessionDto } from './dto/kyc.dto.js';
import { invalidToken, KYC_ERRORS } from './kyc.errors.js';
import { VerificationSessionsService } from './sessions/verification-sessions.service.js';
import { SumsubClient } from './sumsub/sumsub.client.js';
import type { VerificationSession } from './verification-session.entity.js';
import type { WidgetTokenClaims } from './widget-token.service.js';

/** A verified widget token's applicant, with the session an `edit` token was issued for. */
export interface WidgetContext {
  applicant: Applicant;
  /** Null for a status-only token. */
  session: VerificationSession | null;
}

/**
 * What the verification page may see. A token works only while its applicant is at the
 * token's session generation (a reset, a new link or a revocation ends it); an `edit`
 * token reads back only the photos and data its own session wrote, a `status` token
 * only the status.
 */
@Injectable()
export class WidgetStateService {
  constructor(
    private readonly applicants: ApplicantsQueryService,
    private readonly organizations: OrganizationsService,
    private readonly ownerSettings: OwnerSettingsReader,
    private readonly sessions: VerificationSessionsService,
    private readonly sumsub: SumsubClient,
    private readonly labels: DecisionLabels,
    private readonly decisions: Decisions,
  ) {}

  /** The token's applicant and session; any mismatch is the widget's `invalid-token`. */
  async contextFor(claims: WidgetTokenClaims): Promise<WidgetContext> {
    const applicant = await this.applicants.findById(claims.applicantId);
    if (!applicant || applicant.organizationId !== claims.organizationId || applicant.userId !== claims.userId) throw invalidToken();
    if (applicant.sessionGeneration !== claims.gen) throw invalidToken();
    if (claims.scope === 'status') return { applicant, session: null };
    const session = await this.sessions.findLive(claims.sid, applicant);
    if (!session) throw invalidToken();
    return { applicant, session };
  }

  /** For the widget's steps: an `edit` token's context. */
  async editContextFor(claims: WidgetTokenClaims): Promise<WidgetContext & { session: VerificationSession }> {
    const context = await this.contextFor(claims);
    if (!context.session) throw KYC_ERRORS.error('STATUS_ONLY');
    return context as WidgetContext & { session: VerificationSession };
  }

  async companyKeyMatches(organizationId: string, companyKey: string): Promise<boolean> {
    return (await this.organizations.findById(organizationId))?.companyKey === companyKey;
  }

  /** The first event of a status stream: where the applicant stands now (a decision still undoable is not told yet). */
  async currentStatus({ applicant: stored, session }: WidgetContext): Promise<ApplicantStatusEvent> {
    const applicant = await this.decisions.asEndUserSees(stored);
    return {
      organizationId: applicant.organizationId,
      userId: applicant.userId,
      status: kycSessionStatus(applicant),
      redirectUrl: await this.redirectUrl(applicant, session),
    };
  }

  async view(claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    const context = await this.contextFor(claims);
    const { session } = context;
    const applicant = await this.decisions.asEndUserSees(context.applicant);
    const organization = await this.organizations.findById(applicant.organizationId);
    // After a resubmission request the photos kept from earlier sessions count as taken (only the step asked for is redone).
    const kept = (image: { sessionId: string | null; docType: string; side: string | null }) =>
      image.sessionId === session?.id || (applicant.resubmissionStep !== null && !isOfStep(applicant.resubmissionStep, image));
    const images = session ? (await this.applicants.listImageKinds(applicant.id)).filter(kept) : [];
    // The data sent before comes back to be corrected when a resubmission asks for it; otherwise only the session that typed it reads it.
    const redoingData = applicant.kycStatus === 'pending' && applicant.resubmissionStep === 'personal-data';
    const ownData = session !== null && (applicant.dataSessionId === session.id || redoingData);
    return {
      userId: applicant.userId,
      organizationName: organization?.name ?? '',
      status: kycSessionStatus(applicant),
      provider: this.sumsub.enabled ? 'sumsub' : 'builtin',
      documentType: images.some((image) => image.docType !== 'SELFIE') ? applicant.documentType : null,
      images: images.map(({ docType, side }) => ({ docType, side })),
      personalData: pickPersonalData(ownData ? applicant : null),
      redirectUrl: await this.redirectUrl(applicant, session),
      canResubmit: session !== null && canResubmit(applicant),
      scope: session ? 'edit' : 'status',
      selfieChallenge: session ? { turn: selfieTurnOf(session.id) } : null,
      ...(await this.decisionMessages(applicant)),
    };
  }

  /** The label's end-user text of a rejection or hold, and the step a resubmission request asks for. */
  private async decisionMessages(applicant: Applicant): Promise<Pick<WidgetSessionDto, 'decision' | 'resubmission'>> {
    const label = await this.labels.byId(applicant.organizationId, applicant.decisionLabelId);
    if (!label) return { decision: null, resubmission: null };
    if (applicant.resubmissionStep && applicant.kycStatus === 'pending')
      return { decision: null, resubmission: { step: applicant.resubmissionStep, message: label.endUserText, fields: applicant.resubmissionFields ?? [] } };
    const decided = applicant.kycStatus === 'onHold' || (applicant.kycStatus === 'completed' && applicant.reviewAnswer === 'rejected');
    return { decision: decided ? { message: label.endUserText } : null, resubmission: null };
  }

  /** The session's own redirect URL, else the organization owner's. */
  async redirectUrl(applicant: Applicant, session: VerificationSession | null): Promise<string | null> {
    return session?.redirectUrl ?? (await this.ownerSettings.forOrganization(applicant.organizationId))?.redirectUrl ?? null;
  }
}

function pickPersonalData(applicant: Applicant | null): WidgetSessionDto['personalData'] {
  const data = {} as WidgetSessionDto['personalData'];
  for (const field of PERSONAL_FIELDS) data[field] = applicant?.[field] ?? null;
  return data;
}

/** Whether a photo belongs to the step a resubmission asks for (then only a new one counts). */
function isOfStep(step: string, image: { docType: string; side: string | null }): boolean {
  if (step === 'selfie') return image.docType === 'SELFIE';
  return image.docType !== 'SELFIE' && step === `document-${image.side}`;
}
