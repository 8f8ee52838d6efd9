import { parse as parseMrz } from 'mrz';
import { parseAamva } from '../document-reading/aamva.js';
import { assessQuality, type QualityMeasures } from '../document-reading/quality.js';
import { fromAamva, fromMrz, type ComparedField, type DocumentData } from '../applicants/analysis/document-data.js';
import type { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { drawFakeDocument, type DrawnDocument } from './fake-documents.js';
import { faceSelfie } from './fake-faces.js';
import type { FakeApplicant } from './fake-applicant.js';
import { hashSeed, Random } from './random.js';

/** An image row without its ids: what applicant_images stores. */
export type FakeImage = Pick<ApplicantImage, 'docType' | 'side' | 'contentType' | 'width' | 'height' | 'data' | 'quality'>;

/** What a submitted fake applicant uploaded, and what reading it gives. */
export interface FakeSubmission {
  /** Document sides then the selfie, as JPEG photos; document photos carry the measures taken at upload. */
  images: FakeImage[];
  /** What the document analysis reads from them: the data printed in the zone or barcode (null: unreadable). */
  read: DocumentData | null;
  /** Why nothing was read (with read null). */
  reason: string;
  /** The photos show a face the detector finds (fake-faces.ts): its face analysis is worth running. */
  face: boolean;
}

/** The analysis' reader (server/analysis/document-reader.ts), for the few photos spoilt on purpose. */
export type ReadDocument = (
  documentType: string | null,
  images: { side: string | null; data: Uint8Array }[],
  today: Date,
) => Promise<{ read: DocumentData | null; reason: string }>;

/** JPEG quality of the stored photos, about what a phone camera saves. */
export const FAKE_PHOTO_QUALITY = 80;

/**
 * Draws the applicant's document (fake-documents.ts) and selfie as JPEG photos, measures
 * each document photo as an upload is measured, and gives what the analysis would read:
 * the printed zone or barcode, parsed, not OCR'd (the generator knows what it printed).
 * A photo with a thumb over the zone (photoTrouble) is given to the real reader instead.
 * Null for an applicant that never submitted. CPU-bound (~100 ms): run it on worker threads.
 */
export async function fakeSubmission(applicant: FakeApplicant, readDocument: ReadDocument, face?: Buffer | null): Promise<FakeSubmission | null> {
  if (!applicant.documentType || !applicant.submittedAt) return null;
  const thumb = photoTrouble(applicant);
  const drawn = await drawFakeDocument(applicant, { thumb, face: face ?? undefined });
  const images: FakeImage[] = [];
  for (const { side, canvas } of drawn.pages) {
    const data = await canvas.encode('jpeg', FAKE_PHOTO_QUALITY);
    const quality: QualityMeasures = (await assessQuality(data)).measures;
    images.push({ docType: drawn.documentType, side, contentType: 'image/jpeg', width: canvas.width, height: canvas.height, data, quality });
  }
  images.push({ docType: 'SELFIE', side: null, contentType: 'image/jpeg', quality: null, ...(await selfieOf(drawn, applicant, face)) });
  if (thumb) return { images, face: Boolean(face), ...(await readDocument(drawn.documentType, images.slice(0, -1), applicant.submittedAt)) };
  return { images, read: printedData(drawn, applicant.submittedAt), reason: '', face: Boolean(face) };
}

/** The selfie: the face photo as a front camera takes it, or the drawn person. */
async function selfieOf(drawn: DrawnDocument, applicant: FakeApplicant, face?: Buffer | null): Promise<{ width: number; height: number; data: Buffer }> {
  if (face) return faceSelfie(face, hashSeed(`${applicant.userId}|selfie`));
  const selfie = drawn.selfie();
  return { width: selfie.width, height: selfie.height, data: await selfie.encode('jpeg', FAKE_PHOTO_QUALITY) };
}

/** Share of applicants on hold (for no typing slip) whose document photo has a thumb over its zone. */
const TROUBLE_CHANCE = 0.6;

/**
 * Whether the applicant's document photo is spoilt (a thumb over the machine-readable
 * zone or barcode), so the analysis asks for a person: some of those on hold, waiting
 * for a clearer photo. Deterministic per applicant.
 */
export function photoTrouble(applicant: FakeApplicant): boolean {
  if (applicant.kycStatus !== 'onHold' || !applicant.documentType || asTyped(applicant).slip) return false;
  return new Random(hashSeed(`${applicant.userId}|photo-trouble`)).chance(TROUBLE_CHANCE);
}

/** The data a reader takes from the document: its zone's fields, or its barcode's. */
function printedData(drawn: { documentType: string; mrz: string[] | null; barcode: string | null }, today: Date): DocumentData {
  // A licence's barcode and a card's zone are on the back; a passport's zone on its photo page.
  if (drawn.barcode) return { ...fromAamva(parseAamva(drawn.barcode)), side: 'back' };
  const { format, fields } = parseMrz(drawn.mrz!);
  const side = drawn.documentType === 'PASSPORT' ? 'front' : 'back';
  const text = (value: string | null | undefined) => value ?? '';
  const read = fromMrz(
    format,
    {
      documentCode: text(fields.documentCode),
      issuingState: text(fields.issuingState),
      surname: text(fields.lastName),
      givenNames: text(fields.firstName),
      documentNumber: text(fields.documentNumber),
      nationality: text(fields.nationality),
      dateOfBirth: text(fields.birthDate),
      sex: fields.sex === 'male' ? 'M' : fields.sex === 'female' ? 'F' : null,
      expiryDate: text(fields.expirationDate),
      optionalData: '',
    },
    today,
    { lines: drawn.mrz!, doubtful: [] },
  );
  return { ...read, side };
}

/** Typing slips in the declared data, and the reason a reviewer gave when rejecting for one. */
const SLIPS: Partial<Record<ComparedField, { reason: string; slip: (value: string, random: Random) => string }>> = {
  name: { reason: 'The name on the document does not match the submitted data', slip: (value, random) => swapAdjacent(value, random, /\p{L}/u) },
  dateOfBirth: { reason: 'The date of birth typed differs from the document', slip: (value) => nextDay(value) },
  docNumber: { reason: 'The document number typed differs from the document', slip: (value, random) => swapAdjacent(value, random, /[A-Z0-9]/) },
};

/** Share of submitted applicants not approved whose typed data has a slip. */
const SLIP_CHANCE = 0.15;

/**
 * The data as the applicant typed it: the document's, except for some applicants not
 * approved (waiting, on hold or rejected for it) who mistyped one field, so the review
 * shows a mismatch with the document. Deterministic per applicant.
 */
export function asTyped(applicant: FakeApplicant): { applicant: FakeApplicant; slip: ComparedField | null } {
  if (!applicant.documentType || applicant.reviewAnswer === 'approved') return { applicant, slip: null };
  const random = new Random(hashSeed(`${applicant.userId}|typing-slip`));
  if (!random.chance(SLIP_CHANCE)) return { applicant, slip: null };
  const field = random.pick(Object.keys(SLIPS) as (keyof typeof SLIPS)[]);
  const { reason, slip } = SLIPS[field]!;
  const typed = slip(applicant[field] ?? '', random);
  if (typed === applicant[field]) return { applicant, slip: null };
  const rejected = applicant.reviewAnswer === 'rejected';
  return { applicant: { ...applicant, [field]: typed, ...(rejected ? { rejectReason: reason } : {}) }, slip: field };
}

/** Two neighbouring characters of the kind swapped, inside a word (never its first), where they differ. */
function swapAdjacent(value: string, random: Random, kind: RegExp): string {
  const swappable = (i: number) =>
    i > 0 && kind.test(value[i - 1]) && kind.test(value[i]) && kind.test(value[i + 1] ?? '') && value[i].toLowerCase() !== value[i + 1].toLowerCase();
  const positions = Array.from(value, (_, i) => i).filter(swappable);
  if (positions.length === 0) return value;
  const i = random.pick(positions);
  return value.slice(0, i) + value[i + 1] + value[i] + value.slice(i + 2);
}

/** The following day ('1990-05-14' → '1990-05-15'). */
function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
}
