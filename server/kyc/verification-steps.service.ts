import { PERSONAL_FIELDS } from '../applicants/applicant-fields.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { QualityMeasures, QualityReport } from '../document-reading/index.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { Organization } from '../organizations/organization.entity.js';
import { photoQualityOf } from '../organizations/organizations.service.js';
import { AnalysisPool, type CaptureTicket } from '../analysis/analysis-pool.js';
import { carriesMachineData, type DocumentReadResult } from '../analysis/document-reader.js';
import { Clock } from '../common/clock.js';
import { documentSideInvalid } from '../applicants/applicants.errors.js';
import { sidesOf, TURNED_SELFIE_SIDE } from '../applicants/document-types.js';
import { VerificationChanges } from './verification-changes.js';
import { assertDecodable, ImageUploadError, parseImageDataUrl, type ImageRejection } from '../common/image-upload.js';
import { addressKey } from '../common/rate-limit/address-key.js';
import { AbuseLimitsService } from './abuse-limits.service.js';
import { CaptureSlots } from './capture-slots.js';
import { type PersonalDataDto, type UploadDocumentDto, type WidgetDocumentReadDto, type WidgetSessionDto } from './dto/kyc.dto.js';
import { KYC_ERRORS } from './kyc.errors.js';
import type { WidgetTokenClaims } from './widget-token.service.js';
import { WidgetStateService } from './widget-state.service.js';

/** A photo not measured within this long is refused (503 PHOTO_CHECK_TIMEOUT), not kept unmeasured. */
export const PHOTO_CHECK_TIMEOUT_MS = 10_000;
const PHOTO_CHECK_RETRY_SECONDS = 5;

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
    private readonly changes: VerificationChanges,
    private readonly limits: AbuseLimitsService,
    private readonly pool: AnalysisPool,
    private readonly slots: CaptureSlots,
    private readonly clock: Clock,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    @Inject(appConfig.KEY) private readonly env: AppConfig,
  ) {}

  /**
   * One photo: the document's front or back, or the selfie. A document photo is measured
   * and, when it carries machine-readable data, read for the pre-fill, both on the capture
   * threads within the session's and the address's share (CaptureSlots, 429 CAPTURE_BUSY
   * beyond) and shared out fairly between addresses (the pool's capture lane). The reading
   * is asked for with the measure, so it follows it at once; the upload answers without
   * the pre-fill when it is not read within KYC_PREFILL_TIMEOUT_MS of the checks' start.
   */
  async uploadDocument(claims: WidgetTokenClaims, body: UploadDocumentDto, ip: string | undefined): Promise<WidgetSessionDto> {
    const { applicant, session } = await this.state.editContextFor(claims);
    const image = await readImage(body.data);
    const isSelfie = body.docType === 'SELFIE';
    if (!isSelfie && body.pose) throw KYC_ERRORS.error('POSE_NOT_FOR_DOCUMENT');
    const side = isSelfie ? (body.pose === 'turned' ? TURNED_SELFIE_SIDE : null) : (body.side ?? 'front');
    if (!isSelfie && !sidesOf(body.docType)?.includes(side!)) throw documentSideInvalid(body.docType, side!);
    await this.limits.upload(ip, session.id, `${body.docType}|${side}`, image.data.length);
    if (isSelfie) {
      const capture = body.capture
        ? { source: body.capture.source, deviceLabel: body.capture.deviceLabel ?? null, frameIntervalsMs: body.capture.frameIntervalsMs ?? [] }
        : null;
      await this.changes.saveImage(applicant.id, { docType: body.docType, side, ...image, quality: null, capture }, { sessionId: session.id, ip });
      return { ...(await this.state.view(claims)), readFromPhoto: null };
    }
    const settings = await this.photoQualitySettings(applicant.organizationId);
    const slot = await this.slots.acquire(session.id, ip);
    const giveUp = new AbortController();
    const prefillDeadline = AbortSignal.timeout(this.env.verification.prefillTimeoutMs);
    const ticket: CaptureTicket = { owner: addressKey(ip), signal: AbortSignal.any([giveUp.signal, prefillDeadline]) };
    const measuring = this.pool.assessQuality(image.data, settings, { owner: ticket.owner, signal: giveUp.signal });
    const reading = carriesMachineData(body.docType, side)
      ? this.pool.readDocument('capture', body.docType, [{ side: side!, data: image.data }], this.clock.now(), ticket)
      : null;
    // The slot is held until the threads are done with this photo, whenever the upload answers.
    void Promise.allSettled([measuring, reading]).then(() => slot.release());
    try {
      const quality = await this.measured(measuring, settings.enforce);
      await this.changes.saveImage(applicant.id, { docType: body.docType, side, ...image, quality, capture: null }, { sessionId: session.id, ip });
      const readFromPhoto = reading ? await prefillFrom(reading, prefillDeadline) : null;
      return { ...(await this.state.view(claims)), readFromPhoto };
    } finally {
      // Refused, failed or answered: a reading that has not started is dropped.
      giveUp.abort();
    }
  }

  private async photoQualitySettings(organizationId: string) {
    const organization = await this.organizations.findOneOrFail({ where: { id: organizationId }, select: { id: true, photoQuality: true } });
    return photoQualityOf(organization);
  }

  /**
   * A document photo's measures (from the worker threads); refuses it, saying what to fix,
   * when it misses the organization's thresholds and the organization enforces them, and
   * when it cannot be measured within PHOTO_CHECK_TIMEOUT_MS.
   */
  private async measured(measuring: Promise<QualityReport>, enforce: boolean): Promise<QualityMeasures> {
    const report = await withDeadline(measuring, PHOTO_CHECK_TIMEOUT_MS);
    if (!report) throw KYC_ERRORS.error('PHOTO_CHECK_TIMEOUT').retryAfter(PHOTO_CHECK_RETRY_SECONDS);
    if (enforce && !report.acceptable) {
      throw KYC_ERRORS.error('PHOTO_QUALITY', report.problems.map((problem) => problem.message).join('. '));
    }
    return report.measures;
  }

  async savePersonalData(claims: WidgetTokenClaims, body: PersonalDataDto, ip: string | undefined): Promise<WidgetSessionDto> {
    const { applicant, session } = await this.state.editContextFor(claims);
    const values = Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, body[field]?.trim() || null]));
    await this.changes.savePersonalData(applicant.id, values, { sessionId: session.id, ip });
    return this.state.view(claims);
  }

  async submit(claims: WidgetTokenClaims, ip: string | undefined): Promise<WidgetSessionDto> {
    const { applicant, session } = await this.state.editContextFor(claims);
    await this.limits.submission(ip);
    await this.changes.submit(applicant.id, { sessionId: session.id, ip });
    return this.state.view(claims);
  }
}

/** What the photo's machine-readable data says, in the personal-data form's terms; null when nothing is read, or not by the deadline. */
async function prefillFrom(reading: Promise<DocumentReadResult>, deadline: AbortSignal): Promise<WidgetDocumentReadDto | null> {
  let read: DocumentReadResult['read'];
  try {
    read = (await Promise.race([reading, aborted(deadline)]))?.read ?? null;
  } catch {
    // Dropped at the deadline, or the reading failed: the photo is kept, the form starts empty.
    return null;
  }
  if (!read) return null;
  const name = `${read.givenNames} ${read.surname}`
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])\p{L}/gu, (letter) => letter.toUpperCase());
  return {
    name: name || null,
    dateOfBirth: read.dateOfBirth,
    sex: read.sex === 'M' || read.sex === 'F' ? read.sex : null,
    docNumber: read.documentNumber || null,
    expiryDate: read.expiryDate,
  };
}

/** Resolves null when the signal is aborted (never rejects). */
function aborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => (signal.aborted ? resolve(null) : signal.addEventListener('abort', () => resolve(null), { once: true })));
}

/** The work's result, or null when it is not done within `ms` (the work goes on). */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
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
