import type { CheckVerdict } from '../applicant-check.entity.js';
import { compareWithDocument, type DeclaredIdentity, type DocumentData } from './document-data.js';

/** What reading the documents gave: the data read, or why nothing was. */
export interface DocumentAnalysisOutcome {
  read: DocumentData | null;
  /** Why nothing was read (with read null). */
  reason: string;
  /** The analysis could not run at all (as opposed to running and reading nothing). */
  unavailable: boolean;
}

/** One check row's content, as the analysis records it. */
export interface DocumentCheckResult {
  name: 'document-read' | 'data-matches-document';
  verdict: CheckVerdict;
  score: number | null;
  detail: string;
  evidence: Record<string, unknown> | null;
}

/**
 * The two checks a document analysis leaves: `document-read` (what was read, or why
 * nothing) and `data-matches-document` with a verdict per typed field. Without a read
 * (unreadable, or the analysis could not run) both ask for a person.
 */
export function documentAnalysisChecks(declared: DeclaredIdentity, outcome: DocumentAnalysisOutcome): DocumentCheckResult[] {
  const { read } = outcome;
  if (!read) {
    return [
      {
        name: 'document-read',
        verdict: outcome.unavailable ? 'unavailable' : 'needs-review',
        score: null,
        detail: outcome.reason.slice(0, 500),
        evidence: null,
      },
      { name: 'data-matches-document', verdict: 'needs-review', score: null, detail: 'Nothing was read from the document to compare with', evidence: null },
    ];
  }
  const comparisons = compareWithDocument(declared, read);
  const compared = comparisons.filter((comparison) => comparison.verdict === 'match' || comparison.verdict === 'mismatch');
  const mismatches = compared.filter((comparison) => comparison.verdict === 'mismatch');
  return [
    {
      name: 'document-read',
      verdict: 'passed',
      score: null,
      // A zone's check digits all passed (else it is unreadable); a licence barcode has none.
      detail: read.source === 'mrz' ? `${read.format} machine-readable zone read; every check digit passed` : `${read.format} barcode read`,
      evidence: { ...read },
    },
    {
      name: 'data-matches-document',
      verdict: mismatches.length > 0 ? 'failed' : compared.length > 0 ? 'passed' : 'needs-review',
      score: compared.length > 0 ? (compared.length - mismatches.length) / compared.length : null,
      detail:
        mismatches.length > 0
          ? `Differs from the document: ${mismatches.map((comparison) => comparison.field).join(', ')}`
          : `${compared.length} of ${comparisons.length} fields match the document`,
      evidence: { fields: comparisons },
    },
  ];
}
