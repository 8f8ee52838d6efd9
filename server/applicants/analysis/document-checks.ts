import type { CheckVerdict } from '../applicant-check.entity.js';
import { ageOn, parseIsoDate } from '../lifecycle/prechecks.js';
import type { PhotoLiveness } from '../../document-liveness/index.js';
import { compareWithDocument, type DeclaredIdentity, type DocumentData } from './document-data.js';
import { documentLivenessCheck } from './document-liveness-check.js';

/** What reading the documents gave: the data read, or why nothing was. */
export interface DocumentAnalysisOutcome {
  read: DocumentData | null;
  /** Why nothing was read (with read null). */
  reason: string;
  /** The analysis could not run at all (as opposed to running and reading nothing). */
  unavailable: boolean;
  /** The photos' document liveness signals (null: they could not be measured); absent: not measured (the demo's and the fake applicants' data). */
  liveness?: readonly PhotoLiveness[] | null;
}

/** One check row's content, as the analysis records it. */
export interface DocumentCheckResult {
  name: 'document-read' | 'data-matches-document' | 'document-not-expired' | 'adult' | 'document-liveness';
  verdict: CheckVerdict;
  score: number | null;
  detail: string;
  evidence: Record<string, unknown> | null;
}

/**
 * The checks a document analysis leaves: `document-read` (what was read, or why
 * nothing) and `data-matches-document` with a verdict per typed field. Without a read
 * (unreadable, or the analysis could not run) both ask for a person. With one, the
 * document's own dates decide `document-not-expired` and `adult` (replacing the
 * submission's checks of the typed dates): a document that says it expired is expired,
 * whatever the applicant typed. With the photos' liveness signals measured, a
 * `document-liveness` check (document-liveness-check.ts).
 */
export function documentAnalysisChecks(declared: DeclaredIdentity, outcome: DocumentAnalysisOutcome, today: Date): DocumentCheckResult[] {
  const liveness = outcome.liveness === undefined ? [] : [documentLivenessCheck(outcome.liveness) as DocumentCheckResult];
  return [...readChecks(declared, outcome, today), ...liveness];
}

function readChecks(declared: DeclaredIdentity, outcome: DocumentAnalysisOutcome, today: Date): DocumentCheckResult[] {
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
  const doubtful = read.doubtful ?? [];
  return [
    {
      name: 'document-read',
      // A zone's check digits all passed (else it is unreadable), but a character no check digit guards may be in doubt.
      verdict: doubtful.length > 0 ? 'needs-review' : 'passed',
      score: null,
      detail:
        read.source !== 'mrz'
          ? `${read.format} barcode read`
          : doubtful.length > 0
            ? `${read.format} machine-readable zone read; every check digit passed, but ${doubtful.length === 1 ? 'a character no check digit guards is' : `${doubtful.length} characters no check digit guards are`} in doubt: ${doubtful
                .map(
                  (cell) =>
                    `line ${cell.line + 1}, column ${cell.column + 1} ('${cell.read}'${cell.rivals.length > 0 ? ` or ${cell.rivals.map((rival) => `'${rival}'`).join(', ')}` : ''})`,
                )
                .join('; ')
                .slice(0, 400)}`
            : `${read.format} machine-readable zone read; every check digit passed`,
      evidence: { ...read },
    },
    {
      name: 'data-matches-document',
      // A difference where the read is in doubt may be the reading's: a person looks.
      verdict: mismatches.length > 0 ? (doubtful.length > 0 ? 'needs-review' : 'failed') : compared.length > 0 ? 'passed' : 'needs-review',
      score: compared.length > 0 ? (compared.length - mismatches.length) / compared.length : null,
      detail:
        mismatches.length > 0
          ? `Differs from the document: ${mismatches.map((comparison) => comparison.field).join(', ')}`
          : `${compared.length} of ${comparisons.length} fields match the document`,
      evidence: { fields: comparisons },
    },
    ...datesFromDocument(read, today),
  ];
}

/** `document-not-expired` and `adult` from the dates the document carries (none for a date it does not). */
function datesFromDocument(read: DocumentData, today: Date): DocumentCheckResult[] {
  const checks: DocumentCheckResult[] = [];
  const expiry = parseIsoDate(read.expiryDate);
  if (expiry) {
    checks.push({
      name: 'document-not-expired',
      verdict: read.expiryDate! > today.toISOString().slice(0, 10) ? 'passed' : 'failed',
      score: null,
      detail: `Expires ${read.expiryDate} (read from the document)`,
      evidence: { source: 'document', expiryDate: read.expiryDate },
    });
  }
  const birth = parseIsoDate(read.dateOfBirth);
  if (birth) {
    const age = ageOn(birth, today);
    checks.push({
      name: 'adult',
      verdict: age >= 18 ? 'passed' : 'failed',
      score: null,
      detail: `Age ${age} (read from the document)`,
      evidence: { source: 'document', dateOfBirth: read.dateOfBirth },
    });
  }
  return checks;
}
