import { readLicenceBarcode, readMrz } from '../document-reading/index.js';
import { fromAamva, fromMrz, type DocumentData } from '../applicants/analysis/document-data.js';

/** A document photo as the analysis gets it. */
export interface DocumentImage {
  side: string | null;
  data: Uint8Array;
}

/** What reading one applicant's document photos gave: the data, or why nothing. */
export interface DocumentReadResult {
  read: DocumentData | null;
  reason: string;
}

/** Where each document type carries its machine-readable data, in the order to try. */
const READ_PLAN: Record<string, { side: string; how: 'mrz' | 'barcode' }[]> = {
  PASSPORT: [{ side: 'front', how: 'mrz' }],
  ID_CARD: [
    { side: 'back', how: 'mrz' },
    { side: 'front', how: 'mrz' },
  ],
  RESIDENCE_PERMIT: [
    { side: 'back', how: 'mrz' },
    { side: 'front', how: 'mrz' },
  ],
  DRIVERS: [{ side: 'back', how: 'barcode' }],
};

/** Whether this side of this document type carries the machine-readable data (so a photo of it can be read at once). */
export function carriesMachineData(documentType: string, side: string | null): boolean {
  return READ_PLAN[documentType]?.some((step) => step.side === side) ?? false;
}

/**
 * Reads the applicant's document: the machine-readable zone of a passport or card, the
 * PDF417 of a driving licence. Runs inside an analysis worker thread (CPU-bound).
 */
export async function readDocument(
  documentType: string | null,
  images: DocumentImage[],
  today: Date,
  options: { recognizer: boolean } = { recognizer: true },
): Promise<DocumentReadResult> {
  const plan = READ_PLAN[documentType ?? ''];
  if (!plan) return { read: null, reason: `No machine-readable data is read from a ${documentType ?? 'missing'} document type` };
  const reasons: string[] = [];
  for (const step of plan) {
    const image = images.find((candidate) => candidate.side === step.side);
    if (!image) continue;
    const buffer = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    if (step.how === 'mrz') {
      const mrz = await readMrz(buffer, options);
      if (mrz.readable) return { read: { ...fromMrz(mrz.format, mrz.fields, today, mrz), side: step.side }, reason: '' };
      reasons.push(`${step.side}: ${mrz.reason}`);
    } else {
      const barcode = await readLicenceBarcode(buffer);
      if (barcode.readable) return { read: { ...fromAamva(barcode.fields), side: step.side }, reason: '' };
      reasons.push(`${step.side}: ${barcode.reason}`);
    }
  }
  return { read: null, reason: reasons.length > 0 ? `Unreadable (${reasons.join('; ')})` : 'The photo that carries the machine-readable data is missing' };
}
