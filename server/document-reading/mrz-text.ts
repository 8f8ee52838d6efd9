import { icaoCheckDigit } from './check-digit.js';
import { LAYOUTS, isKnownState, type Field, type Kind, type Layout, type MrzFormat } from './mrz-layouts.js';

/** Letters OCR takes for digits and back (OCR-B's look-alikes). */
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', E: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '4': 'A', '7': 'T' };

/** Look-alikes of a character in an alphanumeric field (O and 0, B and 8 …). */
export function lookAlikes(character: string): readonly string[] {
  return SWAPS[character] ?? [];
}

/** A character of a field no check digit guards that OCR was not sure of (0-based line and column), with the rivals OCR offered. */
export interface DoubtfulCharacter {
  line: number;
  column: number;
  read: string;
  rivals: string[];
  /** Where the character lies on the photo it was read from. */
  region?: PhotoRegion;
}

/** A part of a photo as shown upright, in fractions of its width and height. */
export interface PhotoRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The result of correcting a raw OCR read: the corrected lines (with the characters no
 * check digit guards that remain in doubt: the read then needs a person), or why it
 * cannot be trusted at all.
 */
export type Correction = { ok: true; lines: string[]; substitutions: number; doubtful: DoubtfulCharacter[] } | { ok: false; reason: string };

/**
 * OCR's confidence (0–100) at or above which a character is taken as read: a
 * correction changes it only for an alternative OCR offers nearly as strongly, and a
 * letter of a field no check digit guards (the names, the states) needs it unless OCR
 * offers no rival. Below it a character is a guess.
 */
export const SURE_CONFIDENCE = 90;
/** What a raw line's characters are taken to be worth when OCR gave no confidences: guesses. */
const UNKNOWN_CONFIDENCE = 50;

/** One of OCR's candidate characters for a glyph, with its confidence (0–100). */
export interface Choice {
  text: string;
  confidence: number;
}

/**
 * OCR-B's round glyphs, which the English model tells apart no better than chance
 * however confident it says it is: its choices among them carry no weight.
 */
export const ROUND = 'O0DQ';

/** How many times likelier the best correction must be than the next for the read to be trusted. */
const CLEAR_RATIO = 3;
/** Without OCR's confidences, how many times less likely a look-alike is than the character read: one change fewer is clearly likelier. */
const GUESSED_CHANGE = 10;
/** Choices below this confidence are the model's noise floor, not candidates. */
const CHOICE_FLOOR = 1;
/** How much less likely (as a log) than OCR's own read a correction may be: beyond, too many wrong values would pass the check digits. */
const WINDOW = Math.log(100);
/** More combinations than this to weigh means too much of the read is in doubt. */
const MAX_COMBINATIONS = 200_000;

/** What the corrector knows of each position: the character, OCR's confidence and its choices. */
interface Reading {
  raw: readonly string[];
  lines: string[][];
  confidence: (line: number, column: number) => number;
  choices: (line: number, column: number) => readonly Choice[] | undefined;
  /** False when OCR gave no confidences: then fewer changes are likelier. */
  confident: boolean;
}

/** A value a position (or a whole field) may hold, with the log of its likelihood. */
interface Candidate {
  text: string;
  score: number;
}

/**
 * Corrects OCR confusions field by field. Digit positions take the digit a letter
 * resembles and letter positions the letter a digit resembles. Each position of a
 * field guarded by a check digit (never the check digit itself: it stays as read) may
 * hold the character read, OCR's own alternatives for the glyph (for a character read with confidence,
 * only strong ones) and, when OCR was unsure, its look-alikes; each is weighed by
 * OCR's likelihood. Of the combinations of all fields' values that satisfy their check
 * digits and the composite one, the likeliest is taken only when it is clearly
 * likelier than the next — never a guess between equals, such as a look-alike no
 * check digit can tell apart (G/6, L/1, whose values differ by a multiple of 10) that
 * OCR was unsure of. Characters of fields no check digit guards (names, states, document
 * code, sex, optional data) must be read with confidence or without a rival among OCR's
 * choices, and be clearly likelier than any rival it offers: the others are returned as
 * `doubtful`, and such a read needs a person.
 *
 * `confidences` and `choices`, per line and character, are OCR's (0–100); without
 * confidences every character is taken as a guess, and a correction with fewer
 * changes as the likelier.
 */
export function correctMrz(
  format: MrzFormat,
  rawLines: readonly string[],
  confidences?: readonly (readonly number[])[],
  choices?: readonly (readonly (readonly Choice[] | undefined)[])[],
): Correction {
  const layout = LAYOUTS[format];
  if (rawLines.length !== layout.lines || rawLines.some((line) => line.length !== layout.length)) {
    return { ok: false, reason: `expected ${layout.lines} lines of ${layout.length} characters` };
  }
  const reading: Reading = {
    raw: rawLines,
    lines: rawLines.map((line) => line.split('')),
    confidence: (line, column) => confidences?.[line]?.[column] ?? UNKNOWN_CONFIDENCE,
    choices: (line, column) => choices?.[line]?.[column],
    confident: confidences !== undefined,
  };
  const doubtful: DoubtfulCharacter[] = [];
  const refused = settleUnguarded(layout, reading, doubtful);
  if (refused) return { ok: false, reason: refused };
  const corrected = checkedFields(format, reading);
  if (!corrected.ok) return corrected;
  if (reading.confident) doubtThinlyGuarded(layout, reading, doubtful);
  const lines = reading.lines.map((line) => line.join(''));
  let substitutions = 0;
  lines.forEach((line, index) => line.split('').forEach((character, column) => (substitutions += character === rawLines[index][column] ? 0 : 1)));
  return { ok: true, lines, substitutions, doubtful };
}

/**
 * Maps look-alikes to the kind of each position, and checks the fields no check digit
 * of their own guards (names, states, document code, sex, optional data): a character
 * must be read with confidence, or leave OCR no rival, and a confident one must be
 * clearly likelier than its rivals — else it is in doubt (added to `doubtful`: the read
 * needs a person). Optional data is padded with fillers to its end: a character after a
 * filler there is in doubt too (a filler read as K weighs 0, as the filler does, and no
 * check digit tells them apart). Returns why the read is refused outright, or null.
 */
function settleUnguarded(layout: Layout, reading: Reading, doubtful: DoubtfulCharacter[]): string | null {
  const { lines } = reading;
  const composite = new Set(layout.composite.flatMap(([line, start, end]) => Array.from({ length: end - start }, (_, offset) => `${line}:${start + offset}`)));
  const doubt = (line: number, column: number, rivalsOffered: readonly string[]) => {
    if (!doubtful.some((cell) => cell.line === line && cell.column === column))
      doubtful.push({ line, column, read: lines[line][column], rivals: [...rivalsOffered] });
  };
  for (const field of layout.fields) {
    // Optional data (an alphanumeric field without a check digit of its own): fillers pad it to its end.
    const optional = field.kind === 'alnum' && !field.check;
    let padded = false;
    // Three fillers in a row only ever pad the names to the end: what follows them is a chevron misread when
    // OCR was unsure of it; a letter read with confidence there says a filler of the run was a misread letter.
    const padding = field.names ? lines[field.line].slice(field.start, field.end).join('').indexOf('<<<') : -1;
    if (padding >= 0)
      for (let column = field.start + padding; column < field.end; column += 1) {
        if (lines[field.line][column] === '<') continue;
        if (reading.confident && reading.confidence(field.line, column) >= SURE_CONFIDENCE) doubt(field.line, column, ['<']);
        else lines[field.line][column] = '<';
      }
    if (field.names) doubtSeparator(reading, field, doubt);
    for (let column = field.start; column < field.end; column += 1) {
      const character = lines[field.line][column];
      if (character === '?') return `no character read at line ${field.line + 1}, column ${column + 1}`;
      lines[field.line][column] = asKind(character, field.kind);
      if (field.kind === 'sex' && !fits(character, 'sex')) {
        // Not a sex at all (a filler read as K or C, most often): taken as unspecified, in doubt.
        lines[field.line][column] = '<';
        doubtful.push({ line: field.line, column, read: character, rivals: ['<'] });
        continue;
      }
      if (optional && character === '<') padded = true;
      else if (optional && padded) {
        doubt(field.line, column, ['<']);
        continue;
      }
      // A filler in the names read without confidence, where OCR also saw a letter: the letter may be printed there.
      if (reading.confident && field.names && character === '<' && reading.confidence(field.line, column) < SURE_CONFIDENCE) {
        const letters = rivals(reading, field.line, column, (text) => fits(text, 'alpha'), CHOICE_FLOOR) ?? [];
        if (letters.length > 0) doubt(field.line, column, letters);
        continue;
      }
      if (!reading.confident || field.check || field.kind === 'digit' || character === '<') continue;
      // Optional data under the composite check digit: only its look-alikes of equal weight escape it, and those are doubted below when OCR was unsure.
      if (optional && composite.has(`${field.line}:${column}`) && reading.confidence(field.line, column) >= SURE_CONFIDENCE) continue;
      const valid = (text: string) => fits(text, field.kind);
      const confidence = reading.confidence(field.line, column);
      if (confidence >= SURE_CONFIDENCE) {
        // Even a confident read must be clearly likelier than any rival OCR offers (it reads OCR-B's O as Q with confidence).
        const close = field.state ? [] : (rivals(reading, field.line, column, valid, confidence / CLEAR_RATIO) ?? []);
        if (close.length > 0) doubt(field.line, column, close);
        continue;
      }
      if (field.state ? stateSettles(field, column, reading) : rivals(reading, field.line, column, valid, CHOICE_FLOOR)?.length === 0) continue;
      doubt(field.line, column, rivals(reading, field.line, column, valid, CHOICE_FLOOR) ?? []);
    }
  }
  return null;
}

/**
 * What check digits can vouch for. A check digit catches one misread character, not two
 * (two misreads satisfy it one time in ten). A visa's fields each have one and no
 * composite behind them: a visa field whose passing value rests on two positions or more
 * that OCR did not read with confidence, or that the correction changed (check digit
 * included), is in doubt there. Elsewhere the composite check digit guards the fields a
 * second time, and a field the correction changed in three positions or more is in doubt
 * (the more candidates are weighed, the likelier a wrong combination satisfies both).
 */
function doubtThinlyGuarded(layout: Layout, reading: Reading, doubtful: DoubtfulCharacter[]): void {
  for (const field of layout.fields) {
    if (!field.check) continue;
    const { check } = field;
    // Changed by the correction: a letter read where only a digit may stand is its look-alike digit, not a change.
    const changed = ([line, column]: [number, number]) =>
      reading.lines[line][column] !== asKind(reading.raw[line][column], line === check[0] && column === check[1] ? 'digit' : field.kind);
    const positions: [number, number][] = [
      ...Array.from({ length: field.end - field.start }, (_, offset): [number, number] => [field.line, field.start + offset]),
      field.check,
    ];
    const unsure = layout.compositeAt
      ? positions.filter(changed)
      : positions.filter((position) => changed(position) || reading.confidence(...position) < SURE_CONFIDENCE);
    if (unsure.length < (layout.compositeAt ? 3 : 2)) continue;
    for (const [line, column] of unsure) {
      const read = reading.lines[line][column];
      const offered = (reading.choices(line, column) ?? [])
        .map((choice) => asKind(choice.text, field.kind))
        .filter((text) => text !== read && fits(text, field.kind));
      const raw = reading.raw[line][column];
      if (!doubtful.some((cell) => cell.line === line && cell.column === column))
        doubtful.push({ line, column, read, rivals: [...new Set([...(raw !== read ? [raw] : []), ...offered])] });
    }
  }
}

/** Letters OCR's English model reads OCR-B's filler chevron as. */
const CHEVRON_MISREADS = 'KCL';

/**
 * The names' separator (`<<` between the primary and secondary identifiers) read with
 * one chevron as a letter: when the names hold no `<<` before their padding, a K, C or
 * L beside a filler that would make the first `<<` is in doubt (THORSDOTTIRK<KENJI is
 * most likely THORSDOTTIR<<KENJI; a surname of two words without given names is rarer) —
 * unless it was read with confidence and OCR's choices, which the zone's own fillers
 * weigh (a letter printed like them has the filler among its choices), hold no filler.
 */
function doubtSeparator(reading: Reading, field: Field, doubt: (line: number, column: number, rivals: readonly string[]) => void): void {
  const line = reading.lines[field.line];
  const names = line.slice(field.start, field.end).join('');
  const padding = names.search(/<<+$/);
  const body = padding >= 0 ? names.slice(0, padding) : names;
  if (body.includes('<<')) return;
  for (let offset = 0; offset < body.length; offset += 1) {
    if (!CHEVRON_MISREADS.includes(body[offset])) continue;
    if (body[offset - 1] === '<' || body[offset + 1] === '<') {
      const column = field.start + offset;
      const filler = rivals(reading, field.line, column, (text) => text === '<', CHOICE_FLOOR);
      if (!(reading.confident && reading.confidence(field.line, column) >= SURE_CONFIDENCE && filler?.length === 0)) doubt(field.line, column, ['<']);
      return;
    }
  }
}

/** The character as a position of the kind reads it: a digit's look-alike letter in a numeric field, and back. */
function asKind(character: string, kind: Kind): string {
  if (kind === 'digit' && character !== '<') return TO_DIGIT[character] ?? character;
  if (kind === 'alpha') return TO_LETTER[character] ?? character;
  return character;
}

function fits(character: string, kind: Kind): boolean {
  if (kind === 'digit') return /^[0-9<]$/.test(character);
  if (kind === 'alpha') return /^[A-Z<]$/.test(character);
  if (kind === 'sex') return 'MFX<'.includes(character) && character.length === 1;
  return /^[0-9A-Z<]$/.test(character);
}

/**
 * OCR's choices for a character that rival it: others, which `valid` accepts, that OCR
 * gave at least `floor` confidence. Null when OCR gave no choices.
 */
function rivals(reading: Reading, line: number, column: number, valid: (text: string) => boolean, floor: number): string[] | null {
  const choices = reading.choices(line, column);
  if (!choices?.length) return null;
  const read = reading.lines[line][column];
  return choices.filter((choice) => choice.confidence >= floor && choice.text !== read && valid(choice.text)).map((choice) => choice.text);
}

/**
 * A state code whose doubtful letter is settled by ICAO's list: the code read is a
 * known state, it has one doubtful letter, and no other letter there makes another
 * state — of those OCR offered as choices when it gave any, of all letters otherwise.
 */
function stateSettles(field: Field, column: number, reading: Reading): boolean {
  const { line, start, end } = field;
  const code = reading.lines[line].slice(start, end).join('');
  if (!isKnownState(code)) return false;
  const doubtful = code
    .split('')
    .flatMap((character, offset) => (character !== '<' && reading.confidence(line, start + offset) < SURE_CONFIDENCE ? [offset] : []));
  if (doubtful.length !== 1 || doubtful[0] !== column - start) return false;
  const offset = column - start;
  const makesState = (letter: string) => /^[A-Z<]$/.test(letter) && isKnownState(code.slice(0, offset) + letter + code.slice(offset + 1));
  const offered = rivals(reading, line, column, makesState, CHOICE_FLOOR);
  return offered ? offered.length === 0 : ![...'ABCDEFGHIJKLMNOPQRSTUVWXYZ<'].some((letter) => letter !== code[offset] && makesState(letter));
}

/**
 * The characters a position of a guarded field may hold, likeliest first: the one read
 * and OCR's choices (when it was sure, only those not clearly less likely: a weak one
 * satisfying the check digits by chance would be a silent misread), each as likely as
 * OCR says — except the read's look-alikes, which OCR's English model ranks against the
 * read no better than chance on OCR-B (it reads ZZ as 22 with confidence): those it
 * offers are as likely as the read. When OCR was unsure and cannot have told them apart
 * (it gave no choices, or the glyph is a round one), every look-alike is.
 */
function candidatesAt(reading: Reading, line: number, column: number, kind: Kind): Candidate[] {
  const read = reading.lines[line][column];
  const confidence = reading.confidence(line, column);
  const choices = (reading.choices(line, column) ?? []).map((choice) => ({ text: asKind(choice.text, kind), confidence: choice.confidence }));
  const likelihoods = new Map<string, number>();
  const offer = (text: string, likelihood: number) => {
    if (fits(text, kind)) likelihoods.set(text, Math.max(likelihoods.get(text) ?? 0, likelihood));
  };
  const readLikelihood = Math.max(confidence, ...choices.filter((choice) => choice.text === read).map((choice) => choice.confidence));
  offer(read, readLikelihood);
  // A letter read in a numeric field (or a digit in a letter field) was not read as what the position holds.
  const sure = confidence >= SURE_CONFIDENCE && read === reading.raw[line][column];
  const lookAlikes = (kind === 'digit' ? DIGIT_SWAPS : SWAPS)[read] ?? [];
  for (const choice of choices) {
    if (choice.confidence >= (sure ? readLikelihood / CLEAR_RATIO : CHOICE_FLOOR))
      offer(choice.text, lookAlikes.includes(choice.text) ? readLikelihood : choice.confidence);
  }
  if (!sure && (!reading.confident || choices.length === 0 || ROUND.includes(read))) {
    for (const lookAlike of lookAlikes) offer(lookAlike, reading.confident ? readLikelihood : readLikelihood / GUESSED_CHANGE);
  }
  return [...likelihoods].map(([text, likelihood]) => ({ text, score: Math.log(Math.max(likelihood, 0.01) / 100) })).sort((a, b) => b.score - a.score);
}

/**
 * A check digit as read, and nothing else: a correction that changed a check digit could
 * make a misread pass. (A letter read there was already taken as the one digit it
 * resembles: a check digit is always printed as a digit.)
 */
function checkDigitAt(reading: Reading, line: number, column: number): Candidate[] {
  const read = asKind(reading.lines[line][column], 'digit');
  return fits(read, 'digit') ? [{ text: read, score: 0 }] : [];
}

/**
 * The guarded fields (and the composite check digit) corrected in `reading.lines`: the
 * likeliest combination that satisfies every check digit, when it is clearly likelier
 * than the next.
 */
function checkedFields(format: MrzFormat, reading: Reading): { ok: true } | { ok: false; reason: string } {
  const layout = LAYOUTS[format];
  const { lines } = reading;
  const guarded = layout.fields.filter((field): field is Field & { check: [number, number] } => field.check !== undefined);
  // Each field's values (its characters and its check digit's) that satisfy its check digit.
  const options: Candidate[][] = [];
  let best = 0;
  for (const field of guarded) {
    const positions: [number, number][] = [];
    for (let column = field.start; column < field.end; column += 1) positions.push([field.line, column]);
    positions.push(field.check);
    const perPosition = positions.map(([line, column], index) =>
      index < positions.length - 1 ? candidatesAt(reading, line, column, field.kind) : checkDigitAt(reading, line, column),
    );
    const top = perPosition.reduce((sum, candidates) => sum + (candidates[0]?.score ?? -Infinity), 0);
    best += top;
    const values = likelyCombinations(perPosition, top - WINDOW, (texts) => {
      const value = texts.slice(0, -1).join('');
      const check = texts[texts.length - 1];
      return (check === '<' && /^<+$/.test(value)) || icaoCheckDigit(value) === check;
    });
    if (values === null) return { ok: false, reason: 'too many characters read without confidence' };
    if (values.length === 0) return { ok: false, reason: `check digit fails (line ${field.line + 1}, columns ${field.start + 1}–${field.end})` };
    options.push(values.map(({ texts, score }) => ({ text: texts.join(''), score })));
  }
  const compositeAt = layout.compositeAt;
  // A visa has no composite check digit: each field's own check digits decide.
  const composite = compositeAt ? checkDigitAt(reading, compositeAt[0], compositeAt[1]) : [{ text: '', score: 0 }];
  best += composite[0]?.score ?? -Infinity;
  const apply = (texts: readonly string[]) =>
    guarded.forEach((field, index) => {
      const text = texts[index];
      for (let offset = 0; offset < field.end - field.start; offset += 1) lines[field.line][field.start + offset] = text[offset];
      lines[field.check[0]][field.check[1]] = text[text.length - 1];
    });
  const passing = likelyCombinations([...options, composite], best - WINDOW, (texts) => {
    if (!compositeAt) return true;
    apply(texts);
    return icaoCheckDigit(layout.composite.map(([line, start, end]) => lines[line].slice(start, end).join('')).join('')) === texts[texts.length - 1];
  });
  if (passing === null) return { ok: false, reason: 'too many characters read without confidence' };
  passing.sort((a, b) => b.score - a.score);
  if (passing.length === 0) return { ok: false, reason: 'composite check digit fails' };
  if (passing.length > 1 && passing[0].score - passing[1].score < Math.log(CLEAR_RATIO))
    return { ok: false, reason: 'several corrections satisfy the check digits' };
  apply(passing[0].texts);
  if (compositeAt) lines[compositeAt[0]][compositeAt[1]] = passing[0].texts[passing[0].texts.length - 1];
  return { ok: true };
}

/**
 * Every way of taking one candidate per position whose summed score stays at or above
 * `floor` and that `holds` accepts; null when there are more than MAX_COMBINATIONS to weigh.
 * Each position's candidates must come likeliest first.
 */
function likelyCombinations(
  positions: readonly (readonly Candidate[])[],
  floor: number,
  holds: (texts: readonly string[]) => boolean,
): { texts: string[]; score: number }[] | null {
  // The best score the positions from each index on can still add.
  const rest = new Array<number>(positions.length + 1).fill(0);
  for (let index = positions.length - 1; index >= 0; index -= 1) rest[index] = rest[index + 1] + (positions[index][0]?.score ?? -Infinity);
  const found: { texts: string[]; score: number }[] = [];
  const texts: string[] = [];
  let weighed = 0;
  const walk = (index: number, score: number): boolean => {
    if (index === positions.length) {
      weighed += 1;
      if (holds(texts)) found.push({ texts: [...texts], score });
      return weighed <= MAX_COMBINATIONS;
    }
    for (const candidate of positions[index]) {
      if (score + candidate.score + rest[index + 1] < floor) break;
      texts.push(candidate.text);
      const going = walk(index + 1, score + candidate.score);
      texts.pop();
      if (!going) return false;
    }
    return true;
  };
  return walk(0, 0) ? found : null;
}

/** Look-alike pairs in alphanumeric fields. */
const SWAPS: Record<string, string[]> = {
  O: ['0', 'D', 'Q'],
  '0': ['O', 'D'],
  D: ['0', 'O'],
  Q: ['0', 'O'],
  I: ['1', 'L'],
  '1': ['I', 'L'],
  L: ['1', 'I'],
  B: ['8'],
  '8': ['B'],
  S: ['5'],
  '5': ['S'],
  Z: ['2'],
  '2': ['Z'],
  G: ['6'],
  '6': ['G'],
  A: ['4'],
  '4': ['A'],
  T: ['7'],
  '7': ['T'],
};

/** Digits OCR takes for one another. */
const DIGIT_SWAPS: Record<string, string[]> = { '1': ['7'], '7': ['1'], '3': ['8'], '8': ['3', '6'], '6': ['8', '5'], '5': ['6'] };
