import type { DocumentSignalKind, PhotoLiveness } from '../../document-liveness/index.js';
import type { AnalysisCheck } from '../applicant-check.entity.js';

/** The signals' names as the reviewer reads them. */
export const SIGNAL_NAMES: Record<DocumentSignalKind, string> = {
  screen: 'screen capture',
  print: 'print or photocopy',
  edited: 'edited image',
};

/**
 * The `document-liveness` check from the signals of the document photos: "needs review"
 * when a signal is suspected on any photo (a person looks; the evidence names the photo,
 * the signal and the region), "passed" otherwise, "unavailable" when no photo could be
 * measured. Never "failed": a signal is not a certification either way.
 */
export function documentLivenessCheck(photos: readonly PhotoLiveness[] | null): AnalysisCheck {
  if (!photos || !photos.some((photo) => photo.analysed)) {
    const why = photos?.map((photo) => `${photo.side ?? 'photo'}: ${photo.reason}`).join('; ') || 'The document could not be analysed';
    return {
      name: 'document-liveness',
      verdict: 'unavailable',
      score: null,
      detail: `No liveness signal was measured (${why})`.slice(0, 500),
      evidence: photos ? { photos } : null,
    };
  }
  const suspected = photos.flatMap((photo) => photo.signals.filter((signal) => signal.suspected).map((signal) => ({ side: photo.side, kind: signal.kind })));
  const kinds = [...new Set(suspected.map((signal) => signal.kind))];
  const score = Math.max(...photos.flatMap((photo) => photo.signals.filter((signal) => signal.kind !== 'edited').map((signal) => signal.score)), 0);
  const detail =
    suspected.length > 0
      ? `Suspected ${suspected.map((signal) => `${SIGNAL_NAMES[signal.kind]} (${signal.side ?? 'photo'})`).join(', ')}: a signal for a person to look at, not a certification`
      : `No screen, print or edit signal on ${photos.length === 1 ? 'the document photo' : `${photos.length} document photos`} (signals, not a certification)`;
  return {
    name: 'document-liveness',
    verdict: suspected.length > 0 ? 'needs-review' : 'passed',
    score: Math.min(1, Math.max(0, score)),
    detail: detail.slice(0, 500),
    evidence: { suspected: kinds, photos },
  };
}
