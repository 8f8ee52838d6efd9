import { createHash } from 'node:crypto';
import type { AnalysisCheck } from '../applicants/applicant-check.entity.js';

/** The check the screening step records. */
export const SCREENING_CHECK = 'sanctions-screening';
/** A listed person's other names kept on a hit (a few UN entries list dozens). */
export const MAX_HIT_ALIASES = 20;

export const HIT_VERDICTS = ['true-match', 'false-positive'] as const;
export type HitVerdict = (typeof HIT_VERDICTS)[number];

/** Which of the applicant's fields agreed with the listed entity. */
export type MatchedField = 'name' | 'dateOfBirth' | 'nationality';

/** One listed entity scoring at or above the threshold, as the check's evidence keeps it. */
export interface ScreeningHitRecord {
  /** `<list>:<the list's own id>`: what a review is attached to. */
  key: string;
  list: string;
  externalId: string;
  /** The listed primary name, and the name or alias that matched best. */
  name: string;
  matchedName: string;
  /** What the list says of the listed person, shown beside the applicant's values: its other names (the first MAX_HIT_ALIASES), dates of birth (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`) and nationalities (ISO 3166-1 alpha-2). */
  aliases: string[];
  datesOfBirth: string[];
  nationalities: string[];
  programmes: string[];
  score: number;
  nameScore: number;
  dateOfBirth: 'exact' | 'year' | 'near' | 'mismatch' | 'unknown';
  nationality: 'match' | 'mismatch' | 'unknown';
  matchedFields: MatchedField[];
  review: HitReviewRecord | null;
}

export interface HitReviewRecord {
  verdict: HitVerdict;
  note: string;
  reviewedBy: string;
  reviewedAt: string;
}

/** A review as stored: it applies while the applicant's screened data has this fingerprint. */
export interface StoredHitReview extends HitReviewRecord {
  hitKey: string;
  fingerprint: string;
}

export interface ListVersion {
  source: string;
  version: string | null;
}

/** What one screening run saw: the lists in force, the threshold and the raw hits. */
export interface ScreeningOutcome {
  /** no-lists: nothing imported to screen against; no-name: the applicant gave no name; error: the screening could not run. */
  status: 'screened' | 'no-lists' | 'no-name' | 'error';
  /** Why the screening could not run (status error). */
  error?: string;
  threshold: number;
  lists: ListVersion[];
  fingerprint: string | null;
  /** The applicant's values screened (absent from runs recorded before they were kept). */
  screened?: ScreenedData;
  hits: Omit<ScreeningHitRecord, 'review'>[];
}

/** The screened data, as the data a false-positive review stays valid for. */
export interface ScreenedData {
  name: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
}

/**
 * A digest of the data screened (name folded to lower case and single spaces): a review
 * of a hit holds while this stays the same, and a changed name or date raises it again.
 */
export function screeningFingerprint(data: ScreenedData): string {
  const name = (data.name ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update(JSON.stringify([name, data.dateOfBirth ?? '', data.nationality ?? '']))
    .digest('hex');
}

/** The fields of a hit that agreed with the applicant's. */
export function matchedFields(hit: Pick<ScreeningHitRecord, 'dateOfBirth' | 'nationality'>): MatchedField[] {
  const fields: MatchedField[] = ['name'];
  if (hit.dateOfBirth === 'exact' || hit.dateOfBirth === 'year') fields.push('dateOfBirth');
  if (hit.nationality === 'match') fields.push('nationality');
  return fields;
}

const LIST_NAMES: Readonly<Record<string, string>> = {
  'ofac-sdn': 'OFAC SDN',
  'un-consolidated': 'UN consolidated',
  'eu-consolidated': 'EU consolidated',
  'uk-consolidated': 'UK consolidated',
};
export const listName = (source: string) => LIST_NAMES[source] ?? source;

const describeHit = (hit: Pick<ScreeningHitRecord, 'name' | 'list' | 'score'>) => `${hit.name} (${listName(hit.list)}, ${hit.score.toFixed(2)})`;

/**
 * The `sanctions-screening` check of one run, with the reviews that apply to its data: the
 * latest review of each hit made for the same fingerprint. A hit confirmed as a true match
 * fails the check; a hit nobody reviewed asks a person; hits all reviewed as false
 * positives (now or for the same data before) pass it. No list imported is `unavailable`,
 * never "clear".
 */
export function screeningCheck(outcome: ScreeningOutcome, reviews: readonly StoredHitReview[]): AnalysisCheck {
  const base = { name: SCREENING_CHECK, score: null as number | null };
  if (outcome.status === 'no-lists') {
    return { ...base, verdict: 'unavailable', detail: 'No sanctions list is imported: the applicant was not screened', evidence: { ...outcome, hits: [] } };
  }
  if (outcome.status === 'error') {
    return {
      ...base,
      verdict: 'unavailable',
      detail: `The sanctions screening could not run: ${outcome.error ?? 'unknown error'}`.slice(0, 500),
      evidence: { ...outcome, hits: [] },
    };
  }
  if (outcome.status === 'no-name') {
    return { ...base, verdict: 'needs-review', detail: 'No name was given to screen against the sanctions lists', evidence: { ...outcome, hits: [] } };
  }
  const latest = new Map<string, StoredHitReview>();
  for (const review of reviews) {
    if (review.fingerprint !== outcome.fingerprint) continue;
    const seen = latest.get(review.hitKey);
    if (!seen || seen.reviewedAt <= review.reviewedAt) latest.set(review.hitKey, review);
  }
  const hits: ScreeningHitRecord[] = outcome.hits.map((hit) => {
    const review = latest.get(hit.key);
    return { ...hit, review: review ? { verdict: review.verdict, note: review.note, reviewedBy: review.reviewedBy, reviewedAt: review.reviewedAt } : null };
  });
  const evidence = { ...outcome, hits } as unknown as Record<string, unknown>;
  const lists = outcome.lists.map((list) => `${listName(list.source)}${list.version ? ` (${list.version})` : ''}`).join(', ');
  const score = hits.length > 0 ? Math.max(...hits.map((hit) => hit.score)) : null;
  const confirmed = hits.filter((hit) => hit.review?.verdict === 'true-match');
  const open = hits.filter((hit) => !hit.review);
  const dismissed = hits.length - confirmed.length - open.length;
  if (confirmed.length > 0) {
    return { ...base, score, verdict: 'failed', detail: `Confirmed sanctions match: ${confirmed.map(describeHit).join('; ')}`.slice(0, 500), evidence };
  }
  if (open.length > 0) {
    const count = open.length === 1 ? '1 possible match' : `${open.length} possible matches`;
    return { ...base, score, verdict: 'needs-review', detail: `${count} on the sanctions lists: ${open.map(describeHit).join('; ')}`.slice(0, 500), evidence };
  }
  const reviewed = dismissed === 0 ? '' : dismissed === 1 ? ' (1 hit reviewed as a false positive)' : ` (${dismissed} hits reviewed as false positives)`;
  return { ...base, score, verdict: 'passed', detail: `No match on ${lists} at threshold ${outcome.threshold.toFixed(2)}${reviewed}`.slice(0, 500), evidence };
}

/** The run stored in a check's evidence, without its reviews: what a new review is applied to. */
export function outcomeOf(evidence: Record<string, unknown> | null): ScreeningOutcome | null {
  if (!evidence || !Array.isArray(evidence.hits) || typeof evidence.status !== 'string') return null;
  const stored = evidence as unknown as Omit<ScreeningOutcome, 'hits'> & { hits: ScreeningHitRecord[] };
  return { ...stored, hits: stored.hits.map(({ review: _review, ...hit }) => hit) };
}

/** Hits that were not raised before: neither in the previous check nor reviewed as false positives. */
export function newHits(check: AnalysisCheck, previous: Record<string, unknown> | null): ScreeningHitRecord[] {
  const hits = (check.evidence?.hits ?? []) as ScreeningHitRecord[];
  const before = new Set(((previous?.hits ?? []) as ScreeningHitRecord[]).map((hit) => hit.key));
  return hits.filter((hit) => hit.review?.verdict !== 'false-positive' && !before.has(hit.key));
}
