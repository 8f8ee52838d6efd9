/** What a document liveness signal points at: a photo of a screen, a print or photocopy, or an edited image. */
export const DOCUMENT_SIGNAL_KINDS = ['screen', 'print', 'edited'] as const;
export type DocumentSignalKind = (typeof DOCUMENT_SIGNAL_KINDS)[number];

/** A rectangle of the photo, in fractions of its width and height. */
export interface SignalRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One signal: a measure that a presentation attack tends to raise, never a certification
 * that the document is or is not genuine (docs/decisions.md, "Document liveness signals").
 */
export interface DocumentSignal {
  kind: DocumentSignalKind;
  /** The measure the threshold is applied to (its scale is the detector's own). */
  score: number;
  /** The score reached the detector's threshold. */
  suspected: boolean;
  /** Where the measure came from; null when it concerns the whole file (its metadata). */
  region: SignalRegion | null;
  detail: string;
}

/** What the detectors made of one photo: their signals, or why there are none. */
export interface DocumentLivenessResult {
  /** The photo could be decoded and measured. */
  analysed: boolean;
  /** Why it was not (or why a detector was skipped); empty when everything ran. */
  reason: string;
  signals: DocumentSignal[];
}
