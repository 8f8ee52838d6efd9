import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { QualityMeasures } from '../document-reading/index.js';
import { Organization } from '../organizations/organization.entity.js';
import { photoQualityOf } from '../organizations/organizations.service.js';
import { AnalysisPool } from '../analysis/analysis-pool.js';
import { carriesMachineData } from '../analysis/document-reader.js';
import { Clock } from '../common/clock.js';
import { documentSideInvalid } from '../applicants/applicants.errors.js';
import { sidesOf, TURNED_SELFIE_SIDE } from '../applicants/document-types.js';
import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.service.js';
import { assertDecodable, ImageUploadError, parseImageDataUrl, type ImageRejection } from '../common/image-upload.js';
import { AbuseLimitsService } from './abuse-limits.service.js';
import { PERSONAL_FIELDS, type PersonalDataDto, type UploadDocumentDto, type WidgetDocumentReadDto, type WidgetSessionDto } from './dto/kyc.dto.js';
import { KYC_ERRORS } from './kyc.errors.js';
import type { WidgetTokenClaims } from './widget-token.service.js';
import { WidgetStateService } from './widget-state.service.js';

const IMAGE_ERRORS = {
  'too-large': 'IMAGE_TOO_LARGE',
  'not-an-image': 'IMAGE_NOT_AN_IMAGE',
  'too-many-pixels': 'IMAGE_TOO_MANY_PIXELS',
  damaged: 'IMAGE_DAMAGED',
} as const satisfies Record<ImageRejection, keyof typeof KYC_ERRORS.entries>;

/**
 * The built-in widget's steps: photos, personal data, submission. Each goes through the
 * applicant lifecycle, recorded with the session and the caller's address, within the
 * verification page's abuse limits.
 */
@Injectable()
export class VerificationStepsService {
  constructor(
    private readonly state: WidgetStateService,
    private readonly lifecycle: ApplicantLifecycle,
    private readonly limits: AbuseLimitsService,
    private readonly pool: AnalysisPool,
    private readonly clock: Clock,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
  ) {}

  /** One photo: the document's front or back, or the selfie. */
  async uploadDocument(claims: WidgetTokenClaims, body: UploadDocumentDto, ip: string | undefined): Promise<WidgetSessionDto> {
    const { applicant, session } = await this.state.editContextFor(claims);
    const image = await readImage(body.data);
    const isSelfie = body.docType === 'SELFIE';
    if (!isSelfie && body.pose) throw KYC_ERRORS.error('POSE_NOT_FOR_DOCUMENT');
    const side = isSelfie ? (body.pose === 'turned' ? TURNED_SELFIE_SIDE : null) : (body.side ?? 'front');
    if (!isSelfie && !sidesOf(body.docType)?.includes(side!)) throw documentSideInvalid(body.docType, side!);
    await this.limits.upload(ip, session.id, `${body.docType}|${side}`, image.data.length);
    const quality = isSelfie ? null : await this.measure(applicant.organizationId, image.data);
    await this.lifecycle.saveImage(applicant.id, { docType: body.docType, side, ...image, quality }, { sessionId: session.id, ip });
    const readFromPhoto = isSelfie || !carriesMachineData(body.docType, side) ? null : await this.readForPrefill(body.docType, side!, image.data);
    return { ...(await this.state.view(claims)), readFromPhoto };
  }

  /**
   * Measures a document photo (on the worker threads); refuses it, saying what to fix,
   * when it misses the organization's thresholds and the organization enforces them.
   */
  private async measure(organizationId: string, data: Buffer): Promise<QualityMeasures> {
    const organization = await this.organizations.findOneOrFail({ where: { id: organizationId }, select: { id: true, photoQuality: true } });
    const settings = photoQualityOf(organization);
    const report = await this.pool.assessQuality(data, settings);
    if (settings.enforce && !report.acceptable) {
      throw KYC_ERRORS.error('PHOTO_QUALITY', report.problems.map((problem) => problem.message).join('. '));
    }
    return report.measures;
  }

  /** What the photo's machine-readable data says, in the personal-data form's terms; null when nothing is read. */
  private async readForPrefill(documentType: string, side: string, data: Buffer): Promise<WidgetDocumentReadDto | null> {
    const { read } = await this.pool.readDocument('capture', documentType, [{ side, data }], this.clock.now());
    if (!read) return null;
    const name = `${read.givenNames} ${read.surname}`.trim().toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (letter) => letter.toUpperCase());
    return {
      name: name || null,
      dateOfBirth: read.dateOfBirth,
      sex: read.sex === 'M' || read.sex === 'F' ? read.sex : null,
      docNumber: read.documentNumber || null,
      expiryDate: read.expiryDate,
    };
  }

  async savePersonalData(claims: WidgetTokenClaims, body: PersonalDataDto, ip: string | undefined): Promise<WidgetSessionDto> {
    const { applicant, session } = await this.state.editContextFor(claims);
    const values = Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, body[field]?.trim() || null]));
    await this.lifecycle.savePersonalData(applicant.id, values, { sessionId: session.id, ip });
    return this.state.view(claims);
  }

  async submit(claims: WidgetTokenClaims, ip: string | undefined): Promise<WidgetSessionDto> {
    const { applicant, session } = await this.state.editContextFor(claims);
    await this.limits.submission(ip);
    await this.lifecycle.submit(applicant.id, { sessionId: session.id, ip });
    return this.state.view(claims);
  }
}

async function readImage(dataUrl: string) {
  try {
    const image = parseImageDataUrl(dataUrl);
    await assertDecodable(image);
    return image;
  } catch (error) {
    if (error instanceof ImageUploadError) throw KYC_ERRORS.error(IMAGE_ERRORS[error.reason]);
    throw error;
  }
}
