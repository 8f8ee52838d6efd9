import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

// The `sanctions-screening` check's evidence (server/applicant-screening/screening-check.ts),
// read defensively: a field of the wrong type reads as unknown.

export const SCREENING_CHECK = 'sanctions-screening';

export type HitVerdict = 'true-match' | 'false-positive';

export interface HitReview {
  verdict: HitVerdict;
  note: string;
  reviewedBy: string;
  reviewedAt: string;
}

export interface ScreeningHit {
  key: string;
  list: string;
  externalId: string;
  name: string;
  matchedName: string;
  /** The list's entry: other names, dates of birth (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`), nationalities (ISO alpha-2). */
  aliases: string[];
  datesOfBirth: string[];
  nationalities: string[];
  programmes: string[];
  score: number | null;
  matchedFields: string[];
  review: HitReview | null;
}

export const LIST_NAMES: Readonly<Record<string, string>> = {
  'ofac-sdn': 'OFAC SDN',
  'un-consolidated': 'UN Security Council',
  'eu-consolidated': 'EU consolidated',
  'uk-consolidated': 'UK consolidated',
};

export const FIELD_NAMES: Readonly<Record<string, string>> = { name: 'name', dateOfBirth: 'date of birth', nationality: 'nationality' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function reviewOf(value: unknown): HitReview | null {
  if (!value || typeof value !== 'object') return null;
  const review = value as Record<string, unknown>;
  if (review.verdict !== 'true-match' && review.verdict !== 'false-positive') return null;
  return { verdict: review.verdict, note: text(review.note), reviewedBy: text(review.reviewedBy), reviewedAt: text(review.reviewedAt) };
}

/** The screening check of the applicant's checks, if any. */
export function screeningCheck(checks: readonly ApplicantCheckDto[] | undefined): ApplicantCheckDto | undefined {
  return checks?.find((check) => check.name === SCREENING_CHECK);
}

/** The hits the check records, best first as the server sent them. */
export function screeningHits(check: ApplicantCheckDto | undefined): ScreeningHit[] {
  const hits = check?.evidence?.hits;
  if (!Array.isArray(hits)) return [];
  return hits
    .filter((hit): hit is Record<string, unknown> => Boolean(hit) && typeof hit === 'object' && typeof (hit as Record<string, unknown>).key === 'string')
    .map((hit) => ({
      key: text(hit.key),
      list: text(hit.list),
      externalId: text(hit.externalId),
      name: text(hit.name),
      matchedName: text(hit.matchedName),
      aliases: strings(hit.aliases),
      datesOfBirth: strings(hit.datesOfBirth),
      nationalities: strings(hit.nationalities),
      programmes: strings(hit.programmes),
      score: typeof hit.score === 'number' ? hit.score : null,
      matchedFields: strings(hit.matchedFields),
      review: reviewOf(hit.review),
    }));
}

/** The applicant's values the screening compared (absent from runs recorded before they were kept). */
export interface ScreenedValues {
  name: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function screenedValues(check: ApplicantCheckDto | undefined): ScreenedValues | null {
  const screened = check?.evidence?.screened;
  if (!screened || typeof screened !== 'object') return null;
  const values = screened as Record<string, unknown>;
  return { name: textOrNull(values.name), dateOfBirth: textOrNull(values.dateOfBirth), nationality: textOrNull(values.nationality) };
}

/**
 * Whether "Screen now" applies: the applicant was never screened against a list — no check
 * (once it submitted), or the last run found no list or could not run.
 */
export function neverScreened(check: ApplicantCheckDto | undefined): boolean {
  const status = check?.evidence?.status;
  return !check || status === 'no-lists' || status === 'error';
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO 3166-1 alpha-2 code as "Russia (RU)"; anything else as it is. */
export function countryWithCode(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    const name = regionNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
