import { states } from 'mrz';
import { icaoCheckDigit } from './check-digit.js';

/** What a position of the zone may hold: digits, letters (and filler) or either. */
export type Kind = 'digit' | 'alpha' | 'alnum' | 'sex';

/** A run of positions on one line, with the check digit (line, column) that guards it. */
interface Field {
  line: number;
  start: number;
  end: number;
  kind: Kind;
  check?: [number, number];
  /** A state or organisation code (issuing state, nationality), from ICAO's list. */
  state?: true;
  /** The names: primary and secondary identifiers, '<<' between them, '<' within, filler to the end. */
  names?: true;
}

/** Field layouts of ICAO 9303 TD1 (3 × 30), TD2 (2 × 36) and TD3 (2 × 44). */
const LAYOUTS: Record<'TD1' | 'TD2' | 'TD3', { lines: number; length: number; fields: Field[]; composite: [number, number, number][] }> = {
  TD3: {
    lines: 2,
    length: 44,
    fields: [
      { line: 0, start: 0, end: 2, kind: 'alpha' },
      { line: 0, start: 2, end: 5, kind: 'alpha', state: true },
      { line: 0, start: 5, end: 44, kind: 'alpha', names: true },
      { line: 1, start: 0, end: 9, kind: 'alnum', check: [1, 9] },
      { line: 1, start: 9, end: 10, kind: 'digit' },
      { line: 1, start: 10, end: 13, kind: 'alpha', state: true },
      { line: 1, start: 13, end: 19, kind: 'digit', check: [1, 19] },
      { line: 1, start: 19, end: 20, kind: 'digit' },
      { line: 1, start: 20, end: 21, kind: 'sex' },
      { line: 1, start: 21, end: 27, kind: 'digit', check: [1, 27] },
      { line: 1, start: 27, end: 28, kind: 'digit' },
      { line: 1, start: 28, end: 42, kind: 'alnum', check: [1, 42] },
      { line: 1, start: 42, end: 44, kind: 'digit' },
    ],
    composite: [
      [1, 0, 10],
      [1, 13, 20],
      [1, 21, 43],
    ],
  },
  TD2: {
    lines: 2,
    length: 36,
    fields: [
      { line: 0, start: 0, end: 2, kind: 'alpha' },
      { line: 0, start: 2, end: 5, kind: 'alpha', state: true },
      { line: 0, start: 5, end: 36, kind: 'alpha', names: true },
      { line: 1, start: 0, end: 9, kind: 'alnum', check: [1, 9] },
      { line: 1, start: 9, end: 10, kind: 'digit' },
      { line: 1, start: 10, end: 13, kind: 'alpha', state: true },
      { line: 1, start: 13, end: 19, kind: 'digit', check: [1, 19] },
      { line: 1, start: 19, end: 20, kind: 'digit' },
      { line: 1, start: 20, end: 21, kind: 'sex' },
      { line: 1, start: 21, end: 27, kind: 'digit', check: [1, 27] },
      { line: 1, start: 27, end: 28, kind: 'digit' },
      { line: 1, start: 28, end: 35, kind: 'alnum' },
      { line: 1, start: 35, end: 36, kind: 'digit' },
    ],
    composite: [
      [1, 0, 10],
      [1, 13, 20],
      [1, 21, 35],
    ],
  },
  TD1: {
    lines: 3,
    length: 30,
    fields: [
      { line: 0, start: 0, end: 2, kind: 'alpha' },
      { line: 0, start: 2, end: 5, kind: 'alpha', state: true },
      { line: 0, start: 5, end: 14, kind: 'alnum', check: [0, 14] },
      { line: 0, start: 14, end: 15, kind: 'digit' },
      { line: 0, start: 15, end: 30, kind: 'alnum' },
      { line: 1, start: 0, end: 6, kind: 'digit', check: [1, 6] },
      { line: 1, start: 6, end: 7, kind: 'digit' },
      { line: 1, start: 7, end: 8, kind: 'sex' },
      { line: 1, start: 8, end: 14, kind: 'digit', check: [1, 14] },
      { line: 1, start: 14, end: 15, kind: 'digit' },
      { line: 1, start: 15, end: 18, kind: 'alpha', state: true },
      { line: 1, start: 18, end: 29, kind: 'alnum' },
      { line: 1, start: 29, end: 30, kind: 'digit' },
      { line: 2, start: 0, end: 30, kind: 'alpha', names: true },
    ],
    composite: [
      [0, 5, 30],
      [1, 0, 7],
      [1, 8, 15],
      [1, 18, 29],
    ],
  },
};

export type MrzFormat = keyof typeof LAYOUTS;

/** Letters OCR takes for digits and back (OCR-B's look-alikes). */
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', E: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '4': 'A', '7': 'T' };

export function layoutOf(format: MrzFormat): { lines: number; length: number } {
  return { lines: LAYOUTS[format].lines, length: LAYOUTS[format].length };
}

/** What each position of each line may hold: 'digit', 'alpha' (letters and filler), 'alnum' or 'sex'. */
export function cellKinds(format: MrzFormat): Kind[][] {
  const layout = LAYOUTS[format];
  const kinds: Kind[][] = Array.from({ length: layout.lines }, () => new Array<Kind>(layout.length).fill('alnum'));
  for (const field of layout.fields) for (let column = field.start; column < field.end; column += 1) kinds[field.line][column] = field.kind;
  return kinds;
}

/** Look-alikes of a character in an alphanumeric field (O and 0, B and 8 …). */
export function lookAlikes(character: string): readonly string[] {
  return SWAPS[character] ?? [];
}

/** The result of correcting a raw OCR read: the corrected lines, or why it cannot be trusted. */
export type Correction = { ok: true; lines: string[]; substitutions: number } | { ok: false; reason: string };

/**
 * OCR's confidence (0–100) at or above which a character is taken as read: a
 * correction never changes it, and a letter of a field no check digit guards (the
 * names, the states) needs it. Below it a character is a guess.
 */
export const SURE_CONFIDENCE = 90;
/** What a raw line's characters are taken to be worth when OCR gave no confidences: guesses. */
const UNKNOWN_CONFIDENCE = 50;

/**
 * Corrects OCR confusions field by field. Digit positions take the digit a letter
 * resembles and letter positions the letter a digit resembles. A field guarded by a
 * check digit (document number, dates, optional data) weighs every combination of
 * look-alikes at the characters OCR was unsure of; of the combinations of all fields'
 * values that satisfy their check digits, exactly one must satisfy the composite check
 * digit too — when several do, the read is unreadable; this includes the read as it
 * stands when a look-alike no check digit can tell apart (G/6, L/1, whose values
 * differ by a multiple of 10) was read without confidence. Letters of fields no check
 * digit guards (names, states, document code, sex) must be read with confidence.
 *
 * `confidences`, per line and character, are OCR's (0–100); without them every
 * character is taken as a guess.
 */
export function correctMrz(format: MrzFormat, rawLines: readonly string[], confidences?: readonly (readonly number[])[]): Correction {
  const layout = LAYOUTS[format];
  if (rawLines.length !== layout.lines || rawLines.some((line) => line.length !== layout.length)) {
    return { ok: false, reason: `expected ${layout.lines} lines of ${layout.length} characters` };
  }
  const lines = rawLines.map((line) => line.split(''));
  const confidence = (line: number, column: number) => confidences?.[line]?.[column] ?? UNKNOWN_CONFIDENCE;
  let substitutions = 0;
  const set = (line: number, column: number, value: string) => {
    if (lines[line][column] !== value) substitutions += 1;
    lines[line][column] = value;
  };
  for (const field of layout.fields) {
    // Three fillers in a row only ever pad the names to the end: what follows them is a chevron misread.
    const padding = field.names ? lines[field.line].slice(field.start, field.end).join('').indexOf('<<<') : -1;
    if (padding >= 0) for (let column = field.start + padding; column < field.end; column += 1) set(field.line, column, '<');
    for (let column = field.start; column < field.end; column += 1) {
      const character = lines[field.line][column];
      if (character === '?') return { ok: false, reason: `no character read at line ${field.line + 1}, column ${column + 1}` };
      if (field.kind === 'digit' && character !== '<' && TO_DIGIT[character]) set(field.line, column, TO_DIGIT[character]);
      if (field.kind === 'alpha' && TO_LETTER[character]) set(field.line, column, TO_LETTER[character]);
      if (field.kind === 'sex' && !'MFX<'.includes(character)) return { ok: false, reason: `sex '${character}' is not M, F, X or <` };
      if (confidences && field.state && stateSettles(lines[field.line].slice(field.start, field.end).join(''), field.start, column, confidence, field.line)) continue;
      if (confidences && (field.kind === 'alpha' || field.kind === 'sex') && !field.check && character !== '<' && confidence(field.line, column) < SURE_CONFIDENCE) {
        return { ok: false, reason: `'${lines[field.line][column]}' read without confidence at line ${field.line + 1}, column ${column + 1}, which no check digit guards` };
      }
    }
  }
  // Each guarded field's values that satisfy its check digit; then the one combination that satisfies the composite.
  const options: { field: Field; values: string[] }[] = [];
  for (const field of layout.fields) {
    if (!field.check) continue;
    const [checkLine, checkColumn] = field.check;
    const value = lines[field.line].slice(field.start, field.end).join('');
    const expected = lines[checkLine][checkColumn];
    if (field.kind === 'digit' && !/^[0-9<]+$/.test(value)) return { ok: false, reason: `non-digit in a numeric field at line ${field.line + 1}` };
    const read = value.split('').map((_, offset) => confidence(field.line, field.start + offset));
    const fixed = satisfyingValues(value, read, expected, field.kind === 'digit' ? DIGIT_SWAPS : SWAPS, confidences !== undefined);
    if (!fixed.ok) return { ok: false, reason: `${fixed.reason} (line ${field.line + 1}, columns ${field.start + 1}–${field.end})` };
    options.push({ field, values: fixed.values });
  }
  const [compositeLine, compositeColumn] = format === 'TD1' ? [1, 29] : format === 'TD2' ? [1, 35] : [1, 43];
  const apply = (choice: readonly string[]) =>
    choice.forEach((value, index) => value.split('').forEach((character, offset) => (lines[options[index].field.line][options[index].field.start + offset] = character)));
  const compositeHolds = () => icaoCheckDigit(layout.composite.map(([line, start, end]) => lines[line].slice(start, end).join('')).join('')) === lines[compositeLine][compositeColumn];
  const before = lines.map((line) => [...line]);
  const passing: string[][] = [];
  for (const choice of combinations(options.map((option) => option.values))) {
    apply(choice);
    if (compositeHolds()) passing.push(choice);
  }
  if (passing.length === 0) return { ok: false, reason: 'composite check digit fails' };
  if (passing.length > 1) return { ok: false, reason: 'several corrections satisfy the check digits' };
  apply(passing[0]);
  for (let line = 0; line < lines.length; line += 1) for (let column = 0; column < lines[line].length; column += 1) if (lines[line][column] !== before[line][column]) substitutions += 1;
  return { ok: true, lines: lines.map((line) => line.join('')), substitutions };
}

/**
 * A state code whose doubtful letters are settled by ICAO's list: the code read is a
 * known state and no other letter at any doubtful position makes another one.
 */
function stateSettles(code: string, start: number, column: number, confidence: (line: number, column: number) => number, line: number): boolean {
  const known = (candidate: string) => Object.hasOwn(states, candidate.replace(/<+$/, ''));
  if (!known(code)) return false;
  const doubtful = code.split('').flatMap((character, offset) => (character !== '<' && confidence(line, start + offset) < SURE_CONFIDENCE ? [offset] : []));
  if (doubtful.length !== 1 || doubtful[0] !== column - start) return false;
  const offset = doubtful[0];
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ<') {
    if (letter !== code[offset] && known(code.slice(0, offset) + letter + code.slice(offset + 1))) return false;
  }
  return true;
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

/** Every way of taking one value from each list. */
function* combinations(lists: readonly (readonly string[])[], from = 0, taken: string[] = []): Generator<string[]> {
  if (from === lists.length) {
    yield [...taken];
    return;
  }
  for (const value of lists[from]) yield* combinations(lists, from + 1, [...taken, value]);
}

/** How many characters of a guarded field may be uncertain: every combination of them is weighed. */
const MAX_UNSURE = 3;

/**
 * The field's values that satisfy its check digit. With OCR's confidences: every
 * combination of look-alikes at the characters read below SURE_CONFIDENCE (at most
 * MAX_UNSURE of them) that satisfies it — the composite check digit then has to pick
 * exactly one. Without them: the fewest look-alike changes (at most two), when only
 * one value with that many satisfies it.
 */
function satisfyingValues(
  value: string,
  confidences: readonly number[],
  checkDigit: string,
  swaps: Record<string, string[]>,
  confident: boolean,
): { ok: true; values: string[] } | { ok: false; reason: string } {
  if (checkDigit === '<' && /^<+$/.test(value)) return { ok: true, values: [value] };
  if (!/^[0-9]$/.test(checkDigit)) return { ok: false, reason: `check digit '${checkDigit}' is not a digit` };
  const unsure = value.split('').flatMap((character, index) => (swaps[character] && (!confident || confidences[index] < SURE_CONFIDENCE) ? [index] : []));
  if (confident) {
    // More uncertain characters would let a wrong read pass too easily.
    if (unsure.length > MAX_UNSURE) return { ok: false, reason: `${unsure.length} characters read without confidence` };
    const values = new Set<string>();
    for (let changes = 0; changes <= unsure.length; changes += 1) {
      for (const candidate of alternatives(value, unsure, changes, swaps)) if (icaoCheckDigit(candidate) === checkDigit) values.add(candidate);
    }
    return values.size ? { ok: true, values: [...values] } : { ok: false, reason: 'check digit fails' };
  }
  for (let changes = 0; changes <= 2; changes += 1) {
    const values = new Set<string>();
    for (const candidate of alternatives(value, unsure, changes, swaps)) if (icaoCheckDigit(candidate) === checkDigit) values.add(candidate);
    if (values.size > 1) return { ok: false, reason: 'several corrections satisfy the check digit' };
    if (values.size === 1) return { ok: true, values: [...values] };
  }
  return { ok: false, reason: 'check digit fails' };
}

function* alternatives(value: string, positions: number[], changes: number, swaps: Record<string, string[]>, from = 0): Generator<string> {
  if (changes === 0) {
    yield value;
    return;
  }
  for (let i = from; i < positions.length; i += 1) {
    const position = positions[i];
    for (const swap of swaps[value[position]]) {
      yield* alternatives(value.slice(0, position) + swap + value.slice(position + 1), positions, changes - 1, swaps, i + 1);
    }
  }
}
