import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, type EntityManager, type Repository } from 'typeorm';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { AuditService, type AuditActor } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { ApplicantStatusPublisher, kycSessionStatus } from '../common/events/applicant-status.publisher.js';
import { OrganizationAccessService } from '../projects/organization-access.service.js';
import { Organization } from '../projects/organization.entity.js';
import { identifyImage, ImageUploadError, parseImageDataUrl, type ImageRejection } from '../users/image-upload.js';
import type { User } from '../users/user.entity.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { ApplicantCheck } from './applicant-check.entity.js';
import {
  WIDGET_DOCUMENT_TYPES,
  type KycTokenResponseDto,
  type PersonalDataDto,
  type StaffTokenResponseDto,
  type UploadDocumentDto,
  type WidgetDocumentType,
  type WidgetSessionDto,
} from './dto/kyc.dto.js';
import { invalidToken, KYC_MESSAGES, unknownCompanyKey, webhookNotConfigured } from './kyc.messages.js';
import { runPrechecks } from './prechecks.js';
import type { ProviderReview } from './sumsub/sumsub-webhook.js';
import { SumsubClient, sumsubExternalUserId } from './sumsub/sumsub.client.js';
import { WidgetTokenService, type WidgetTokenClaims } from './widget-token.service.js';

/** The end user going through the widget has no account; the audit trail names them so. */
const APPLICANT_ACTOR: AuditActor = { id: null, username: 'applicant' };

const IMAGE_MESSAGES: Record<ImageRejection, string> = {
  'too-large': 'The photo is too large. Max file size is: 5MB',
  'not-an-image': 'The file is not a JPEG, PNG or WebP image',
  'too-many-pixels': 'The photo has too many pixels (at most 50 megapixels)',
};

const PERSONAL_FIELDS = [
  'name',
  'dateOfBirth',
  'sex',
  'placeOfBirth',
  'docNumber',
  'issuanceDate',
  'expiryDate',
  'country',
  'address',
  'issuedIn',
  'maritalStatus',
] as const;

/** The verification flow of the built-in widget, from token to submission and prechecks. */
@Injectable()
export class KycService {
  constructor(
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    @InjectRepository(Applicant) private readonly applicants: Repository<Applicant>,
    @InjectRepository(ApplicantImage) private readonly images: Repository<ApplicantImage>,
    private readonly dataSource: DataSource,
    private readonly tokens: WidgetTokenService,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly outbox: WebhookOutboxService,
    private readonly statuses: ApplicantStatusPublisher,
    private readonly clock: Clock,
    private readonly sumsub: SumsubClient,
  ) {}

  /** GET /kyc/get-new-token: the integrator's page, identified by its organization's companyKey. */
  async issueForCompanyKey(companyKey: string | undefined, userId: string): Promise<KycTokenResponseDto> {
    const organization = companyKey ? await this.organizations.findOneBy({ companyKey }) : null;
    if (!organization) throw unknownCompanyKey();
    const owner = await this.dataSource
      .createQueryBuilder()
      .select('u.webhookUrl', 'webhookUrl')
      .from('users', 'u')
      .where('u.id = :id', { id: organization.ownerId })
      .getRawOne<{ webhookUrl: string | null }>();
    if (!owner?.webhookUrl) throw webhookNotConfigured();
    const applicant = await this.findOrCreate(organization.id, userId);
    const { token } = this.tokens.issue({ applicantId: applicant.id, organizationId: organization.id, userId });
    return { status: 'ok', code: 'OK', message: KYC_MESSAGES.tokenIssued, token };
  }

  /** GET /get-new-token: a signed-in member of the organization opens the widget for an applicant. */
  async issueForStaff(user: User, organizationId: string, userId: string): Promise<StaffTokenResponseDto> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const applicant = await this.findOrCreate(organization.id, userId);
    const { token } = this.tokens.issue({ applicantId: applicant.id, organizationId: organization.id, userId });
    return { token: { token } };
  }

  async companyKeyMatches(organizationId: string, companyKey: string): Promise<boolean> {
    return (await this.organizations.countBy({ id: organizationId, companyKey })) === 1;
  }

  /** The applicant a token is bound to; any mismatch is the widget's `invalid-token`. */
  async applicantFor(claims: WidgetTokenClaims): Promise<Applicant> {
    const applicant = await this.applicants.findOneBy({ id: claims.applicantId });
    if (!applicant || applicant.organizationId !== claims.organizationId || applicant.userId !== claims.userId) {
      throw invalidToken();
    }
    return applicant;
  }

  async session(claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    const applicant = await this.applicantFor(claims);
    const organization = await this.organizations.findOneByOrFail({ id: applicant.organizationId });
    const images = await this.images.find({
      where: { applicantId: applicant.id },
      select: { docType: true, side: true },
      order: { createdAt: 'ASC' },
    });
    return {
      userId: applicant.userId,
      organizationName: organization.name,
      status: kycSessionStatus(applicant),
      provider: this.sumsub.enabled ? 'sumsub' : 'builtin',
      documentType: applicant.documentType,
      images: images.map(({ docType, side }) => ({ docType, side })),
      personalData: pickPersonalData(applicant),
      redirectUrl: await this.statuses.redirectUrlFor(applicant.organizationId),
      canResubmit: this.canResubmit(applicant),
    };
  }

  /** One photo: the document's front or back, or the selfie. Choosing another document type drops the other's photos. */
  async uploadDocument(claims: WidgetTokenClaims, body: UploadDocumentDto): Promise<WidgetSessionDto> {
    const applicant = this.editable(await this.applicantFor(claims));
    const image = this.readImage(body.data);
    const isSelfie = body.docType === 'SELFIE';
    const side = isSelfie ? null : (body.side ?? 'front');
    if (!isSelfie && !(WIDGET_DOCUMENT_TYPES[body.docType as WidgetDocumentType] as readonly string[]).includes(side!)) {
      throw new BadRequestException(`A ${body.docType} has no ${side} side`);
    }
    await this.dataSource.transaction(async (manager) => {
      if (!isSelfie && applicant.documentType !== body.docType) {
        await manager.delete(ApplicantImage, { applicantId: applicant.id, docType: Not('SELFIE') });
      }
      await manager.delete(ApplicantImage, { applicantId: applicant.id, docType: body.docType, ...(side ? { side } : {}) });
      await manager.insert(ApplicantImage, {
        applicantId: applicant.id,
        docType: body.docType,
        side,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        data: image.data,
      });
      await manager.update(Applicant, { id: applicant.id }, {
        ...(isSelfie ? {} : { documentType: body.docType }),
        ...this.restart(applicant),
      });
    });
    return this.session(claims);
  }

  async savePersonalData(claims: WidgetTokenClaims, body: PersonalDataDto): Promise<WidgetSessionDto> {
    const applicant = this.editable(await this.applicantFor(claims));
    const values = Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, body[f]?.trim() || null]));
    await this.applicants.update({ id: applicant.id }, { ...values, ...this.restart(applicant) });
    return this.session(claims);
  }

  /**
   * Submission: pending → prechecked (each automatic check recorded) → queued for staff
   * review, with the audit entries and webhook events in the same transaction.
   */
  async submit(claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    const applicant = this.editable(await this.applicantFor(claims));
    const images = await this.images.find({ where: { applicantId: applicant.id } });
    this.requireComplete(applicant, images);
    const now = this.clock.now();
    const submitted = await this.dataSource.transaction(async (manager) => {
      let current = await this.write(manager, applicant, { kycStatus: 'pending', submittedAt: now, decidedAt: null });
      await this.record(manager, current, 'applicant.submitted', { documentType: current.documentType, images: images.length });
      await this.outbox.enqueue(manager, { organizationId: current.organizationId, type: 'applicant.submitted', applicant: current });

      const checks = runPrechecks({
        expiryDate: current.expiryDate,
        dateOfBirth: current.dateOfBirth,
        approvedElsewhere: await this.approvedWithSameDocument(manager, current),
        unreadableImages: images.filter((i) => !readable(i.data)).map((i) => `${i.docType} ${i.side ?? ''}`.trim()),
        today: now,
      });
      await manager.delete(ApplicantCheck, { applicantId: current.id });
      await manager.insert(ApplicantCheck, checks.map((check) => ({ ...check, applicantId: current.id })));
      current = await this.write(manager, current, { kycStatus: 'prechecked' });
      await this.record(manager, current, 'applicant.prechecked', { checks });
      await this.outbox.enqueue(manager, { organizationId: current.organizationId, type: 'applicant.prechecked', applicant: current });
      return this.write(manager, current, { kycStatus: 'queued' });
    });
    await this.statuses.publish(submitted);
    return this.session(claims);
  }

  /**
   * A review decided by the external provider (Sumsub): the applicant takes the status
   * and answer, recorded and announced like a decision made by staff.
   */
  async applyProviderReview(organizationId: string, userId: string, review: ProviderReview, provider: string): Promise<boolean> {
    const applicant = await this.applicants.findOneBy({ organizationId, userId });
    if (!applicant) return false;
    const now = this.clock.now();
    const decided = review.kycStatus === 'completed' || review.kycStatus === 'onHold';
    const updated = await this.dataSource.transaction(async (manager) => {
      const next = await this.write(manager, applicant, {
        ...review,
        ...(decided ? { decidedAt: now } : {}),
        ...(review.kycStatus === 'pending' ? { submittedAt: now } : {}),
      });
      const action =
        review.reviewAnswer === 'approved'
          ? 'applicant.approved'
          : review.reviewAnswer === 'rejected'
            ? 'applicant.rejected'
            : review.kycStatus === 'onHold'
              ? 'applicant.held'
              : 'applicant.updated';
      await this.audit.record(manager, {
        actor: { id: null, username: provider },
        organizationId,
        applicantId: applicant.id,
        action,
        detail: { provider, kycStatus: review.kycStatus, reason: review.rejectReason },
      });
      const type = review.reviewAnswer
        ? 'applicant.decided'
        : review.kycStatus === 'onHold'
          ? 'applicant.on_hold'
          : review.kycStatus === 'pending'
            ? 'applicant.submitted'
            : review.kycStatus === 'prechecked'
              ? 'applicant.prechecked'
              : 'applicant.updated';
      await this.outbox.enqueue(manager, { organizationId, type, applicant: next });
      return next;
    });
    await this.statuses.publish(updated);
    return true;
  }

  /** The WebSDK's access token when Sumsub is the provider. */
  async sumsubAccessToken(claims: WidgetTokenClaims): Promise<string | null> {
    if (!this.sumsub.enabled) return null;
    return this.sumsub.createAccessToken(sumsubExternalUserId(claims.organizationId, claims.userId));
  }

  private async findOrCreate(organizationId: string, userId: string): Promise<Applicant> {
    const existing = await this.applicants.findOneBy({ organizationId, userId });
    if (existing) return existing;
    try {
      return await this.applicants.save(this.applicants.create({ organizationId, userId, kycStatus: 'init' }));
    } catch {
      // Two first requests raced on the unique (organizationId, userId): the other one created it.
      return this.applicants.findOneByOrFail({ organizationId, userId });
    }
  }

  private canResubmit(applicant: Applicant): boolean {
    return applicant.kycStatus === 'completed' && applicant.reviewAnswer === 'rejected' && applicant.rejectType === 'resubmission';
  }

  /** The widget may change an applicant until it is submitted, or again after a rejection asking to resubmit. */
  private editable(applicant: Applicant): Applicant {
    if (applicant.kycStatus === 'init' || applicant.kycStatus === 'pending' || this.canResubmit(applicant)) return applicant;
    throw new ConflictException(KYC_MESSAGES.alreadySubmitted);
  }

  /** The first step taken (or a resubmission started) makes the applicant pending. */
  private restart(applicant: Applicant): Partial<Applicant> {
    if (applicant.kycStatus === 'pending') return {};
    return { kycStatus: 'pending', reviewAnswer: null, rejectType: null, rejectReason: null };
  }

  private readImage(dataUrl: string) {
    try {
      return parseImageDataUrl(dataUrl);
    } catch (error) {
      if (error instanceof ImageUploadError) throw new BadRequestException(IMAGE_MESSAGES[error.reason]);
      throw error;
    }
  }

  private requireComplete(applicant: Applicant, images: ApplicantImage[]): void {
    const missing: string[] = [];
    const has = (docType: string, side: string | null) => images.some((i) => i.docType === docType && i.side === side);
    const sides = applicant.documentType ? WIDGET_DOCUMENT_TYPES[applicant.documentType as WidgetDocumentType] : undefined;
    if (!sides) missing.push('document type');
    for (const side of sides ?? []) if (!has(applicant.documentType!, side)) missing.push(`document ${side}`);
    if (!has('SELFIE', null)) missing.push('selfie');
    for (const field of ['name', 'dateOfBirth', 'docNumber', 'expiryDate', 'country'] as const) {
      if (!applicant[field]) missing.push(field);
    }
    if (missing.length > 0) throw new BadRequestException(KYC_MESSAGES.notReady(missing));
  }

  private async approvedWithSameDocument(manager: EntityManager, applicant: Applicant): Promise<string[]> {
    if (!applicant.docNumber) return [];
    const rows = await manager.getRepository(Applicant).find({
      where: {
        organizationId: applicant.organizationId,
        docNumber: applicant.docNumber,
        reviewAnswer: 'approved',
        userId: Not(applicant.userId),
      },
      select: { userId: true },
      take: 5,
    });
    return rows.map((row) => row.userId);
  }

  private async write(manager: EntityManager, applicant: Applicant, changes: Partial<Applicant>): Promise<Applicant> {
    const values = { ...changes, updatedAt: this.clock.now() };
    await manager.update(Applicant, { id: applicant.id }, values);
    return Object.assign(new Applicant(), applicant, values);
  }

  private record(
    manager: EntityManager,
    applicant: Applicant,
    action: 'applicant.submitted' | 'applicant.prechecked',
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(manager, {
      actor: APPLICANT_ACTOR,
      organizationId: applicant.organizationId,
      applicantId: applicant.id,
      action,
      detail,
    });
  }
}

function pickPersonalData(applicant: Applicant): WidgetSessionDto['personalData'] {
  const data = {} as WidgetSessionDto['personalData'];
  for (const field of PERSONAL_FIELDS) data[field] = applicant[field];
  return data;
}

function readable(data: Buffer): boolean {
  try {
    identifyImage(data);
    return true;
  } catch {
    return false;
  }
}
