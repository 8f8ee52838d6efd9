import { Injectable } from '@nestjs/common';
import { documentSideInvalid } from '../applicants/applicants.errors.js';
import { sidesOf } from '../applicants/document-types.js';
import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.service.js';
import { ImageUploadError, parseImageDataUrl, type ImageRejection } from '../common/image-upload.js';
import { PERSONAL_FIELDS, type PersonalDataDto, type UploadDocumentDto, type WidgetSessionDto } from './dto/kyc.dto.js';
import { KYC_ERRORS } from './kyc.errors.js';
import { VerificationSessionService } from './verification-session.service.js';
import type { WidgetTokenClaims } from './widget-token.service.js';

const IMAGE_ERRORS = {
  'too-large': 'IMAGE_TOO_LARGE',
  'not-an-image': 'IMAGE_NOT_AN_IMAGE',
  'too-many-pixels': 'IMAGE_TOO_MANY_PIXELS',
} as const satisfies Record<ImageRejection, keyof typeof KYC_ERRORS.entries>;

/** The built-in widget's steps: photos, personal data, submission. Each change goes through the applicant lifecycle. */
@Injectable()
export class VerificationStepsService {
  constructor(
    private readonly sessions: VerificationSessionService,
    private readonly lifecycle: ApplicantLifecycle,
  ) {}

  /** One photo: the document's front or back, or the selfie. */
  async uploadDocument(claims: WidgetTokenClaims, body: UploadDocumentDto): Promise<WidgetSessionDto> {
    const applicant = await this.sessions.applicantFor(claims);
    const image = readImage(body.data);
    const isSelfie = body.docType === 'SELFIE';
    const side = isSelfie ? null : (body.side ?? 'front');
    if (!isSelfie && !sidesOf(body.docType)?.includes(side!)) throw documentSideInvalid(body.docType, side!);
    await this.lifecycle.saveImage(applicant.id, { docType: body.docType, side, ...image });
    return this.sessions.session(claims);
  }

  async savePersonalData(claims: WidgetTokenClaims, body: PersonalDataDto): Promise<WidgetSessionDto> {
    const applicant = await this.sessions.applicantFor(claims);
    await this.lifecycle.savePersonalData(applicant.id, Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, body[f]?.trim() || null])));
    return this.sessions.session(claims);
  }

  async submit(claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    const applicant = await this.sessions.applicantFor(claims);
    await this.lifecycle.submit(applicant.id);
    return this.sessions.session(claims);
  }
}

function readImage(dataUrl: string) {
  try {
    return parseImageDataUrl(dataUrl);
  } catch (error) {
    if (error instanceof ImageUploadError) throw KYC_ERRORS.error(IMAGE_ERRORS[error.reason]);
    throw error;
  }
}
