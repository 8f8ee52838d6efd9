import { states } from 'mrz';

/** What a position of the zone may hold: digits, letters (and filler) or either. */
export type Kind = 'digit' | 'alpha' | 'alnum' | 'sex';

/** A run of positions on one line, with the check digit (line, column) that guards it. */
export interface Field {
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

export interface Layout {
  lines: number;
  length: number;
  fields: Field[];
  /** The runs the composite check digit covers, and where it stands; none on a visa. */
  composite: [number, number, number][];
  compositeAt: [number, number] | null;
}

/**
 * The first 28 positions of a two-line format's second line (passport, TD2 card, visa):
 * document number, nationality, birth date, sex and expiry, each number with its check digit.
 */
function identityBlock(): Field[] {
  return [
    { line: 1, start: 0, end: 9, kind: 'alnum', check: [1, 9] },
    { line: 1, start: 9, end: 10, kind: 'digit' },
    { line: 1, start: 10, end: 13, kind: 'alpha', state: true },
    { line: 1, start: 13, end: 19, kind: 'digit', check: [1, 19] },
    { line: 1, start: 19, end: 20, kind: 'digit' },
    { line: 1, start: 20, end: 21, kind: 'sex' },
    { line: 1, start: 21, end: 27, kind: 'digit', check: [1, 27] },
    { line: 1, start: 27, end: 28, kind: 'digit' },
  ];
}

/** The first line of a two-line format: document code, issuing state, then the names to the end. */
function namesLine(length: number): Field[] {
  return [
    { line: 0, start: 0, end: 2, kind: 'alpha' },
    { line: 0, start: 2, end: 5, kind: 'alpha', state: true },
    { line: 0, start: 5, end: length, kind: 'alpha', names: true },
  ];
}

/**
 * Field layouts of ICAO 9303 TD1 (3 × 30), TD2 (2 × 36), TD3 (2 × 44), the visas MRV-A
 * (2 × 44) and MRV-B (2 × 36), and the French national identity card issued until 2021
 * (FRA-ID: 2 × 36 like TD2, but its own fields).
 */
export const LAYOUTS: Record<'TD1' | 'TD2' | 'TD3' | 'MRV-A' | 'MRV-B' | 'FRA-ID', Layout> = {
  TD3: {
    lines: 2,
    length: 44,
    fields: [
      ...namesLine(44),
      ...identityBlock(),
      { line: 1, start: 28, end: 42, kind: 'alnum', check: [1, 42] },
      { line: 1, start: 42, end: 44, kind: 'digit' },
    ],
    composite: [
      [1, 0, 10],
      [1, 13, 20],
      [1, 21, 43],
    ],
    compositeAt: [1, 43],
  },
  TD2: {
    lines: 2,
    length: 36,
    fields: [...namesLine(36), ...identityBlock(), { line: 1, start: 28, end: 35, kind: 'alnum' }, { line: 1, start: 35, end: 36, kind: 'digit' }],
    composite: [
      [1, 0, 10],
      [1, 13, 20],
      [1, 21, 35],
    ],
    compositeAt: [1, 35],
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
    compositeAt: [1, 29],
  },
  'MRV-A': {
    lines: 2,
    length: 44,
    fields: [...namesLine(44), ...identityBlock(), { line: 1, start: 28, end: 44, kind: 'alnum' }],
    composite: [],
    compositeAt: null,
  },
  'MRV-B': {
    lines: 2,
    length: 36,
    fields: [...namesLine(36), ...identityBlock(), { line: 1, start: 28, end: 36, kind: 'alnum' }],
    composite: [],
    compositeAt: null,
  },
  // IDFRA, the surname (25), the issuing department and office (6); the card number (12:
  // year and month of issue, department, serial) with its check digit, the given names
  // (14), the birth date with its check digit, the sex, and a composite over both lines.
  // No nationality and no expiry: the card is French and valid 10 or 15 years from issue.
  'FRA-ID': {
    lines: 2,
    length: 36,
    fields: [
      { line: 0, start: 0, end: 2, kind: 'alpha' },
      { line: 0, start: 2, end: 5, kind: 'alpha', state: true },
      { line: 0, start: 5, end: 30, kind: 'alpha', names: true },
      { line: 0, start: 30, end: 36, kind: 'alnum' },
      { line: 1, start: 0, end: 12, kind: 'alnum', check: [1, 12] },
      { line: 1, start: 12, end: 13, kind: 'digit' },
      { line: 1, start: 13, end: 27, kind: 'alpha', names: true },
      { line: 1, start: 27, end: 33, kind: 'digit', check: [1, 33] },
      { line: 1, start: 33, end: 34, kind: 'digit' },
      { line: 1, start: 34, end: 35, kind: 'sex' },
      { line: 1, start: 35, end: 36, kind: 'digit' },
    ],
    composite: [
      [0, 0, 36],
      [1, 0, 35],
    ],
    compositeAt: [1, 35],
  },
};

/** The French national identity card's first five characters (document code and state). */
export const FRENCH_ID_PREFIX = 'IDFRA';

export type MrzFormat = keyof typeof LAYOUTS;

/** UTO (Utopia): the state ICAO 9303 part 3 reserves for specimen documents; the mrz package's list leaves it out. */
export const SPECIMEN_STATE = 'UTO';

/** The English name of a state on ICAO's list (`D` → Germany), or null for a code that is not on it. */
export function stateName(code: string): string | null {
  const trimmed = code.replace(/<+$/, '');
  return Object.hasOwn(states, trimmed) ? (states as Record<string, string>)[trimmed] : null;
}

/** Whether a zone's state code (fillers trimmed) is on ICAO's list. */
export function isKnownState(code: string): boolean {
  const trimmed = code.replace(/<+$/, '');
  return trimmed === SPECIMEN_STATE || Object.hasOwn(states, trimmed);
}

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
