import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import { regionInUse } from './countries.js';
import { normalizeName, skeleton } from './normalize.js';
import type { ListEntity, ListEntityKind } from './types.js';

/**
 * The score from which a listed entity is a hit, when an organization has not set its own.
 * Chosen on the screening benchmark (bench/lib/screening.mjs, 50,000 entities): at 0.90 true
 * variants of listed names (transliterated, reordered, a middle name missing, a typo, an
 * alias) are found with recall 0.99 and 7 % of unrelated names raise a hit (0.88: 11 %,
 * 0.92: 4.5 %). At 0.90 an exactly matching name still alerts when the date of birth
 * contradicts it (1 − 0.10); a merely similar one does not. See docs/decisions.md.
 */
export const DEFAULT_SCREENING_THRESHOLD = 0.9;

/**
 * How the score is made: the name's similarity (0–1), moved up when the date of birth or
 * nationality corroborates it and down when they contradict it. A missing value on either
 * side moves nothing: lists often lack dates, and an applicant may give no nationality.
 */
export const SCORE_WEIGHTS = {
  dateOfBirthExact: 0.08,
  dateOfBirthYear: 0.04,
  dateOfBirthMismatch: -0.1,
  nationalityMatch: 0.03,
  nationalityMismatch: -0.05,
} as const;

/** Two tokens below this similarity do not count as the same word. */
const TOKEN_MIN = 0.8;
/** A single letter matching a word's initial ("J" for "John"). */
const INITIAL_SIMILARITY = 0.85;

export type DateOfBirthMatch = 'exact' | 'year' | 'near' | 'mismatch' | 'unknown';
export type NationalityMatch = 'match' | 'mismatch' | 'unknown';

/** What the index needs of an entity; the hit hands the caller's own object back. */
export type ScreenableEntity = Pick<ListEntity, 'kind' | 'name' | 'aliases' | 'datesOfBirth' | 'nationalities'>;

export interface ScreeningQuery {
  name: string;
  /** `YYYY-MM-DD` (or `YYYY-MM`, `YYYY`). */
  dateOfBirth?: string | null;
  /** ISO 3166-1 alpha-2. */
  nationality?: string | null;
}

export interface ScreeningOptions {
  threshold?: number;
  /** At most this many hits, best first (default 10). */
  limit?: number;
  /** Only entities of these kinds (default: all). An applicant is screened against persons. */
  kinds?: readonly ListEntityKind[];
}

export interface ScreeningHit<E> {
  entity: E;
  /** 0–1, compared with the threshold. */
  score: number;
  /** The similarity of the best-matching name alone. */
  nameScore: number;
  /** The listed name or alias that matched best. */
  matchedName: string;
  dateOfBirth: DateOfBirthMatch;
  nationality: NationalityMatch;
}

/** Similarity of two comparison-form tokens; 0 below TOKEN_MIN. */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? INITIAL_SIMILARITY : 0;
  const similarity = jaroWinkler(a, b);
  // Short words differ in one letter and are still other words ("ali", "ala").
  if (Math.min(a.length, b.length) <= 3) return similarity >= 0.9 ? similarity : 0;
  return similarity >= TOKEN_MIN ? similarity : 0;
}

/**
 * Token-set similarity of two names: each token of one paired with at most one of the
 * other, best pairs first (so order does not matter), the sum taken over the shorter name.
 * Extra tokens on the longer side cost a little (a missing middle name is common), and a
 * one-word name against a longer one costs more (a surname alone is weak evidence).
 */
export function nameSimilarity(
  query: readonly string[],
  listed: readonly string[],
  similarity: (i: number, j: number) => number = (i, j) => tokenSimilarity(query[i], listed[j]),
): number {
  if (query.length === 0 || listed.length === 0) return 0;
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < query.length; i++) {
    for (let j = 0; j < listed.length; j++) {
      const s = similarity(i, j);
      if (s > 0) pairs.push([s, i, j]);
    }
  }
  pairs.sort((x, y) => y[0] - x[0]);
  const usedQuery = new Set<number>();
  const usedListed = new Set<number>();
  let sum = 0;
  for (const [s, i, j] of pairs) {
    if (usedQuery.has(i) || usedListed.has(j)) continue;
    usedQuery.add(i);
    usedListed.add(j);
    sum += s;
  }
  const shorter = Math.min(query.length, listed.length);
  const longer = Math.max(query.length, listed.length);
  let score = (sum / shorter) * (0.76 + (0.24 * shorter) / longer);
  if (shorter === 1 && longer > 1) score *= 0.8;
  return score;
}

/** How a queried date of birth compares with the listed ones (the best of them). */
export function compareDatesOfBirth(query: string | null | undefined, listed: readonly string[]): DateOfBirthMatch {
  if (!query || listed.length === 0) return 'unknown';
  const year = +query.slice(0, 4);
  let best: DateOfBirthMatch = 'mismatch';
  for (const date of listed) {
    const listedYear = +date.slice(0, 4);
    if (listedYear === year) {
      if (date.length > 4 && query.startsWith(date)) return 'exact';
      if (date.length === 4 || query.length === 4) best = 'year';
      else if (best !== 'year') best = 'near';
    } else if (Math.abs(listedYear - year) <= 1 && best === 'mismatch') {
      best = 'near';
    }
  }
  return best;
}

export function compareNationalities(query: string | null | undefined, listed: readonly string[]): NationalityMatch {
  if (!query || listed.length === 0) return 'unknown';
  // Lists imported before withdrawn codes were mapped may hold SU for Russia or UK for Britain.
  const wanted = regionInUse(query.toUpperCase());
  return listed.some((code) => regionInUse(code) === wanted) ? 'match' : 'mismatch';
}

const DATE_ADJUSTMENT: Record<DateOfBirthMatch, number> = {
  exact: SCORE_WEIGHTS.dateOfBirthExact,
  year: SCORE_WEIGHTS.dateOfBirthYear,
  near: 0,
  mismatch: SCORE_WEIGHTS.dateOfBirthMismatch,
  unknown: 0,
};
const NATIONALITY_ADJUSTMENT: Record<NationalityMatch, number> = {
  match: SCORE_WEIGHTS.nationalityMatch,
  mismatch: SCORE_WEIGHTS.nationalityMismatch,
  unknown: 0,
};

/** The variants of a token with one letter left out: two tokens one edit apart share one. */
function deletions(token: string): string[] {
  const keys = [token];
  if (token.length >= 4) for (let i = 0; i < token.length; i++) keys.push(token.slice(0, i) + token.slice(i + 1));
  return keys;
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

/**
 * An in-memory screening index over list entities. Candidates are found by blocking on
 * tokens — the same word, a word one edit away (shared one-letter deletions) or with the
 * same consonant skeleton — so a query compares its words with a few hundred listed
 * words and scores only the names that share at least two of them (one, for one-word
 * names), instead of every name on the lists.
 */
export class ScreeningIndex<E extends ScreenableEntity> {
  private readonly entities: E[];
  /** Per name: its entity, its text, its tokens (vocabulary ids). */
  private readonly nameEntity: number[] = [];
  private readonly nameText: string[] = [];
  private readonly nameTokens: number[][] = [];
  private readonly vocabulary = new Map<string, number>();
  private readonly words: string[] = [];
  /** Per vocabulary word: the names holding it. */
  private readonly postings: number[][] = [];
  private readonly byDeletion = new Map<string, number[]>();
  private readonly bySkeleton = new Map<string, number[]>();
  private readonly mark: Int32Array;
  private readonly seen: Int32Array;
  private readonly counts: Uint8Array;
  private serial = 0;

  constructor(entities: readonly E[]) {
    this.entities = [...entities];
    this.entities.forEach((entity, entityIndex) => {
      const distinctNames = new Set<string>();
      for (const name of [entity.name, ...entity.aliases]) {
        const tokens = normalizeName(name);
        const key = [...tokens].sort().join(' ');
        if (tokens.length === 0 || distinctNames.has(key)) continue;
        distinctNames.add(key);
        const nameId = this.nameEntity.length;
        this.nameEntity.push(entityIndex);
        this.nameText.push(name);
        this.nameTokens.push(tokens.map((token) => this.word(token)));
        for (const wordId of new Set(this.nameTokens[nameId])) this.postings[wordId].push(nameId);
      }
    });
    this.mark = new Int32Array(this.nameEntity.length).fill(-1);
    this.seen = new Int32Array(this.nameEntity.length).fill(-1);
    this.counts = new Uint8Array(this.nameEntity.length);
  }

  get size(): number {
    return this.entities.length;
  }

  private word(token: string): number {
    let id = this.vocabulary.get(token);
    if (id !== undefined) return id;
    id = this.words.length;
    this.vocabulary.set(token, id);
    this.words.push(token);
    this.postings.push([]);
    if (token.length >= 3) {
      for (const key of deletions(token)) push(this.byDeletion, key, id);
      const consonants = skeleton(token);
      if (consonants.length >= 3) push(this.bySkeleton, consonants, id);
    }
    return id;
  }

  /** The listed words similar to one query token, with their similarity. */
  private similarWords(token: string): Map<number, number> {
    const found = new Map<number, number>();
    const consider = (id: number) => {
      if (found.has(id)) return;
      found.set(id, tokenSimilarity(token, this.words[id]));
    };
    const exact = this.vocabulary.get(token);
    if (exact !== undefined) consider(exact);
    if (token.length >= 3) {
      for (const key of deletions(token)) for (const id of this.byDeletion.get(key) ?? []) consider(id);
      const consonants = skeleton(token);
      if (consonants.length >= 3) for (const id of this.bySkeleton.get(consonants) ?? []) consider(id);
    }
    for (const [id, similarity] of found) if (similarity === 0) found.delete(id);
    return found;
  }

  /** The listed entities whose score reaches the threshold, best first. */
  screen(query: ScreeningQuery, options: ScreeningOptions = {}): ScreeningHit<E>[] {
    const threshold = options.threshold ?? DEFAULT_SCREENING_THRESHOLD;
    const tokens = normalizeName(query.name);
    if (tokens.length === 0) return [];
    const similar = tokens.map((token) => (token.length >= 2 ? this.similarWords(token) : new Map<number, number>()));
    const blocking = similar.filter((words) => words.size > 0).length;
    if (blocking === 0) return [];

    // Count, per name, how many query tokens found one of its words.
    const serial = ++this.serial;
    const touched: number[] = [];
    similar.forEach((words, i) => {
      const stamp = serial * 64 + i;
      for (const wordId of words.keys()) {
        for (const nameId of this.postings[wordId]) {
          if (this.mark[nameId] === stamp) continue;
          this.mark[nameId] = stamp;
          if (this.seen[nameId] !== serial) {
            this.seen[nameId] = serial;
            this.counts[nameId] = 0;
            touched.push(nameId);
          }
          this.counts[nameId]++;
        }
      }
    });
    if (this.serial > 30_000_000) this.resetMarks();

    const kinds = options.kinds ? new Set(options.kinds) : null;
    const best = new Map<number, { nameScore: number; nameId: number }>();
    for (const nameId of touched) {
      const listed = this.nameTokens[nameId];
      if (this.counts[nameId] < Math.min(2, listed.length, blocking)) continue;
      const entityIndex = this.nameEntity[nameId];
      if (kinds && !kinds.has(this.entities[entityIndex].kind)) continue;
      const nameScore = nameSimilarity(
        tokens,
        listed.map((id) => this.words[id]),
        (i, j) => {
          // Blocking chose the candidates; words it did not reach are still compared.
          return similar[i].get(listed[j]) ?? tokenSimilarity(tokens[i], this.words[listed[j]]);
        },
      );
      // The best possible adjustment cannot lift this name to the threshold.
      if (nameScore + SCORE_WEIGHTS.dateOfBirthExact + SCORE_WEIGHTS.nationalityMatch < threshold) continue;
      const previous = best.get(entityIndex);
      if (!previous || previous.nameScore < nameScore) best.set(entityIndex, { nameScore, nameId });
    }

    const hits: ScreeningHit<E>[] = [];
    for (const [entityIndex, { nameScore, nameId }] of best) {
      const entity = this.entities[entityIndex];
      const dateOfBirth = compareDatesOfBirth(query.dateOfBirth, entity.datesOfBirth);
      const nationality = compareNationalities(query.nationality, entity.nationalities);
      const score = Math.max(0, Math.min(1, nameScore + DATE_ADJUSTMENT[dateOfBirth] + NATIONALITY_ADJUSTMENT[nationality]));
      if (score >= threshold)
        hits.push({
          entity,
          score: Math.round(score * 1000) / 1000,
          nameScore: Math.round(nameScore * 1000) / 1000,
          matchedName: this.nameText[nameId],
          dateOfBirth,
          nationality,
        });
    }
    hits.sort((a, b) => b.score - a.score || b.nameScore - a.nameScore);
    return hits.slice(0, options.limit ?? 10);
  }

  private resetMarks(): void {
    this.serial = 0;
    this.mark.fill(-1);
    this.seen.fill(-1);
  }
}
