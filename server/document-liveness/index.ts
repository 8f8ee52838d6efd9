import { analyseDocumentLiveness } from './document-liveness.js';
import type { DocumentLivenessResult } from './document-signals.js';

export { analyseDocumentLiveness, LIVENESS_THRESHOLDS } from './document-liveness.js';
export { DOCUMENT_SIGNAL_KINDS, type DocumentLivenessResult, type DocumentSignal, type DocumentSignalKind, type SignalRegion } from './document-signals.js';

/** One document photo's signals, with the side it shows. */
export interface PhotoLiveness extends DocumentLivenessResult {
  side: string | null;
}

/** The signals of each of a document's photos, one after the other (on an analysis worker thread). */
export async function documentPhotosLiveness(images: readonly { side: string | null; data: Uint8Array }[]): Promise<PhotoLiveness[]> {
  const results: PhotoLiveness[] = [];
  for (const image of images) {
    const buffer = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    try {
      results.push({ side: image.side, ...(await analyseDocumentLiveness(buffer)) });
    } catch {
      // The detectors catch what bad input throws; anything else must not cost the submission its document read.
      results.push({ side: image.side, analysed: false, reason: 'The photo could not be measured', signals: [] });
    }
  }
  return results;
}
