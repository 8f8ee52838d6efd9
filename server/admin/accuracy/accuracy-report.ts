import { compareWithDocument, type ComparedField, type DeclaredIdentity, type DocumentData } from '../../applicants/analysis/document-data.js';
import { wilsonInterval } from '../../common/wilson-interval.js';

/** A count with the share it makes of its sample and that share's 95 % (Wilson) interval. */
export interface Proportion {
  count: number;
  sample: number;
  rate: number | null;
  interval95: [number, number];
}

export function proportion(count: number, sample: number): Proportion {
  return { count, sample, rate: sample > 0 ? count / sample : null, interval95: wilsonInterval(count, sample) };
}

/** One row of the exam: a format (or all of them) under one condition. */
export interface ExamFigure {
  condition: 'clean' | 'photographed';
  format: string;
  exact: Proportion;
  needsReview: number;
  unreadable: number;
  silentWrong: Proportion;
}

/** The bundled exam split read by this instance's reader. */
export interface ExamResult {
  split: string;
  seed: string;
  documentsPerFormat: number;
  figures: ExamFigure[];
  secondsPerRead: { p50: number | null; p95: number | null };
}

/** One field read from documents, against what a reviewer approved. */
export interface FieldAgreement {
  field: ComparedField;
  /** Of the reads of this field on applicants a person approved: how many agree with the approved value. */
  agreed: Proportion;
  /** Disagreements where a reviewer edited the field after the read (an explicit correction). */
  correctedByReviewer: number;
}

/** What reviewers' decisions say of the reader in production. */
export interface ProductionLabels {
  /** Applicants approved by a person whose document was read. */
  documents: number;
  fields: FieldAgreement[];
  from: string | null;
  to: string | null;
}

export interface AccuracyReportBody {
  createdAt: string;
  exam: ExamResult;
  production: ProductionLabels;
  models: { name: string; version: string }[];
  lists: { source: string; version: string | null; importedAt: string }[];
  machine: { cpus: number; loadAverage1m: number; node: string };
}

/** One applicant a person approved after its document was read: the read, and the identity as approved. */
export interface ReviewedRead {
  read: DocumentData;
  approved: DeclaredIdentity;
  /** Fields a reviewer changed after the read. */
  editedFields: ReadonlySet<string>;
  decidedAt: Date;
}

/**
 * Each field's agreement between the document read and the identity a person approved: the
 * reviewer compared both with the photo, so the approved value is the label (an edit makes
 * it explicit). Compared with the rules of the data-vs-document check (ICAO 9303
 * transliteration, truncated names). A field neither side has is not counted. The figure is
 * a lower bound: a reviewer who approved a typed value over a right read counts against the
 * reader.
 */
export function productionLabels(reviewed: readonly ReviewedRead[]): ProductionLabels {
  const tallies = new Map<ComparedField, { agreed: number; compared: number; corrected: number }>();
  for (const { read, approved, editedFields } of reviewed) {
    for (const comparison of compareWithDocument(approved, read)) {
      if (comparison.verdict !== 'match' && comparison.verdict !== 'mismatch') continue;
      const tally = tallies.get(comparison.field) ?? { agreed: 0, compared: 0, corrected: 0 };
      tally.compared += 1;
      if (comparison.verdict === 'match') tally.agreed += 1;
      else if (editedFields.has(comparison.field)) tally.corrected += 1;
      tallies.set(comparison.field, tally);
    }
  }
  const times = reviewed.map((entry) => entry.decidedAt.getTime()).sort((a, b) => a - b);
  return {
    documents: reviewed.length,
    fields: [...tallies].map(([field, tally]) => ({ field, agreed: proportion(tally.agreed, tally.compared), correctedByReviewer: tally.corrected })),
    from: times.length > 0 ? new Date(times[0]).toISOString() : null,
    to: times.length > 0 ? new Date(times[times.length - 1]).toISOString() : null,
  };
}
