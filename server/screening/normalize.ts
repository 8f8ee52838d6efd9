import anyAscii from 'any-ascii';

/**
 * Name normalisation for screening. Every name, listed or queried, goes through the
 * same steps, so a name written in another script meets its Latin alias halfway:
 *  1. transliteration to ASCII (any-ascii's tables: Cyrillic, Greek, Arabic and the rest;
 *     diacritics dropped: "Müller" → "Muller", "Владимир" → "Vladimir");
 *  2. lower case; everything but letters and digits separates tokens ("Al-Tikriti" → "al tikriti");
 *  3. each token's comparison form folds spellings that transliteration systems disagree on
 *     (ks/x, ph/f, w/v, y/i, j/i, kh/h, ou/u, doubled letters): "Aleksandr" and "Alexandr" meet.
 * Token order is not kept: the matcher compares names as sets of tokens.
 */

/** Spelling folds, applied in order to a lower-case ASCII token. */
const FOLDS: [RegExp, string][] = [
  [/x/g, 'ks'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/c(?=[eiy])/g, 's'],
  [/c/g, 'k'],
  [/w/g, 'v'],
  // Greek β is v, and Spanish b and v are one sound.
  [/b/g, 'v'],
  [/dzh|dj/g, 'j'],
  [/kh/g, 'h'],
  // After kh: a Cyrillic "пх" written for "ph" comes out "pkh".
  [/ph/g, 'f'],
  [/ou/g, 'u'],
  [/ee/g, 'i'],
  [/y/g, 'i'],
  [/j/g, 'i'],
  [/(.)\1+/g, '$1'],
];

/** The comparison form of one token. */
export function foldToken(token: string): string {
  let folded = token;
  for (const [pattern, replacement] of FOLDS) folded = folded.replace(pattern, replacement);
  return folded;
}

/**
 * Letters whose usual romanisation in names differs from any-ascii's letter-by-letter
 * choice: Russian ё is "yo" (Пётр → Pyotr), Greek digraphs are one sound (ου → ou,
 * μπ → b, ντ → d, γκ → g, τζ → j).
 */
const BEFORE_TRANSLITERATION: [RegExp, string][] = [
  [/ё/g, 'yo'],
  [/ο[υύ]/g, 'ou'],
  [/^μπ|(?<=\s)μπ/g, 'b'],
  [/^ντ|(?<=\s)ντ/g, 'd'],
  [/γκ/g, 'g'],
  [/τζ/g, 'j'],
];

/** Lower-case ASCII tokens of a name, in the order written. */
export function nameTokens(name: string): string[] {
  let text = name.toLowerCase();
  for (const [pattern, replacement] of BEFORE_TRANSLITERATION) text = text.replace(pattern, replacement);
  return anyAscii(text)
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

/** The comparison forms of a name's tokens. */
export function normalizeName(name: string): string[] {
  return nameTokens(name).map(foldToken);
}

/**
 * A token's consonant skeleton: its first letter, then its consonants without repeats
 * ("mohammed", "muhammad" → "mhmd"). It finds candidates whose vowels were transliterated
 * differently; the score still comes from comparing the tokens themselves.
 */
export function skeleton(token: string): string {
  return (
    token[0] +
    token
      .slice(1)
      .replace(/[aeiou]/g, '')
      .replace(/(.)\1+/g, '$1')
  );
}
