/**
 * The shortest search the list accepts. FTS5's trigram tokenizer and pg_trgm index
 * three-character windows; anything shorter could only be answered by scanning every
 * applicant of the organization (seconds at a million, blocking SQLite's one event loop).
 */
export const SEARCH_MIN_LENGTH = 3;

/** A search as typed, with the LIKE patterns and trigrams the list's queries need. */
export class SearchTerm {
  readonly prefix: string;
  readonly contains: string;
  /** Long enough for the trigram indexes (FTS5 trigram and pg_trgm need three characters). */
  readonly indexable: boolean;

  constructor(readonly raw: string) {
    const escaped = raw.replace(/[\\%_]/g, (character) => `\\${character}`);
    this.prefix = `${escaped}%`;
    this.contains = `%${escaped}%`;
    this.indexable = [...raw].length >= SEARCH_MIN_LENGTH;
  }

  /** The FTS5 query for the literal substring: one quoted phrase. */
  get ftsPhrase(): string {
    return quoteFts(this.raw);
  }

  /** Every three-character window of the term and where it starts (original case; the indexes fold it). */
  get trigrams(): Trigram[] {
    const characters = [...this.raw];
    return characters.slice(2).map((_, at) => ({ text: characters.slice(at, at + 3).join(''), at }));
  }
}

export interface Trigram {
  text: string;
  at: number;
}

export const quoteFts = (text: string) => `"${text.replace(/"/g, '""')}"`;
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
/** pg_trgm only indexes word characters: a window with anything else is no use to it. */
export const WORD_WINDOW = /^[\p{L}\p{N}]{3}$/u;
