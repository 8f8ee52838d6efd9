import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

/** One typed field against the document, as the server's data-matches-document check recorded it. */
export interface FieldComparison {
  field: string;
  extracted: string | null;
  verdict: 'match' | 'mismatch' | 'not-declared' | 'not-read';
}

const VERDICTS = new Set(['match', 'mismatch', 'not-declared', 'not-read']);

/** The per-field comparisons of the last analysis, by field; empty before it has run. */
export function documentComparisons(checks: readonly ApplicantCheckDto[] | undefined): Map<string, FieldComparison> {
  const evidence = checks?.find((check) => check.name === 'data-matches-document')?.evidence;
  const fields = Array.isArray(evidence?.fields) ? (evidence.fields as unknown[]) : [];
  const comparisons = new Map<string, FieldComparison>();
  for (const entry of fields) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, extracted, verdict } = entry as Record<string, unknown>;
    if (typeof field !== 'string' || typeof verdict !== 'string' || !VERDICTS.has(verdict)) continue;
    comparisons.set(field, { field, extracted: typeof extracted === 'string' ? extracted : null, verdict: verdict as FieldComparison['verdict'] });
  }
  return comparisons;
}
