import { parse as parseMrz } from 'mrz';
import { ocrLine, settleLookAlikes, type CellRead } from './mrz-cells.js';
import { FRENCH_ID_PREFIX, layoutOf, SPECIMEN_STATE, type MrzFormat } from './mrz-layouts.js';
import { correctMrz, type DoubtfulCharacter, type PhotoRegion } from './mrz-text.js';
import { cellsOnRow, locateZone } from './mrz-zone.js';

/** The fields of a machine-readable zone that passed every check digit. Dates are 'YYMMDD' as printed. */
export interface MrzFields {
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  dateOfBirth: string;
  sex: 'M' | 'F' | 'X' | null;
  expiryDate: string;
  optionalData: string;
}

/**
 * A read that passed every check digit — with the characters no check digit guards that
 * remain in doubt (none: the read passed; some: it needs a person) — or an unreadable one
 * with the reason.
 */
export type MrzRead =
  | { readable: true; format: MrzFormat; lines: string[]; fields: MrzFields; corrections: number; doubtful: DoubtfulCharacter[] }
  | { readable: false; reason: string; rawLines: string[] };

/**
 * Whether PaddleOCR's recogniser reads the rows (the default). Its native code must not be
 * interrupted: a thread that may be terminated in the middle of a read (the capture's
 * pre-fill, ended at its time budget) reads with tesseract and the classifier alone.
 */
export interface ReadOptions {
  recognizer: boolean;
}

/** A zone's cell as read, with where it lies on the photo. */
type PlacedCell = CellRead & { region?: PhotoRegion };

/** The zone's state fields, which may hold the specimen state the mrz package does not know. */
const STATE_FIELDS = new Set(['issuingState', 'nationality']);

/**
 * What ICAO 9303 allows and the mrz package (5.x) refuses: the specimen state UTO, and X
 * (unspecified) as the holder's sex.
 */
function acceptedByIcao(field: string, value: string): boolean {
  return (STATE_FIELDS.has(field) && value === SPECIMEN_STATE) || (field === 'sex' && value === 'X');
}

/**
 * Reads the machine-readable zone of a document photo: EXIF-rotated, greyscale and
 * normalised, deskewed by projection, the zone's two or three text rows located at
 * the bottom and each read by OCR restricted to the MRZ alphabet, then corrected per
 * field with the check digits. Never returns a read that fails a check digit.
 */
export async function readMrz(image: Buffer, options: ReadOptions = { recognizer: true }): Promise<MrzRead> {
  const zone = await readZoneCells(image, options);
  if (!zone) return { readable: false, reason: 'no machine-readable zone found', rawLines: [] };
  if (!rowsLineUp(zone[0].reads)) {
    return { readable: false, reason: "the zone's rows do not line up", rawLines: rawLinesOf(zone[0].reads) };
  }
  let refused: MrzRead | null = null;
  for (const { format, reads } of zone) {
    const read = checkedRead(format, reads);
    if (read.readable) return read;
    refused ??= read;
  }
  return refused as MrzRead;
}

/** How far (in cells) a row's first or last cell may lie from the other rows' before its grid is taken to be misplaced. */
const ROW_MISALIGNMENT = 0.5;

/**
 * Whether the rows' grids start and end together, as the zone prints them. A row whose
 * first glyph was lost (faint, covered, cut off) is otherwise read from its second glyph
 * on, one cell early, with a filler added at its end: a names row read so passes every
 * check digit (ERIKSSON read RIKSSON) — a silent wrong read.
 */
function rowsLineUp(reads: readonly CellRead[][]): boolean {
  const spans = reads.map((cells) => ({ from: cells[0]?.box?.x0, to: cells[cells.length - 1]?.box?.x1, cells: cells.length }));
  const measured = spans.filter((span): span is { from: number; to: number; cells: number } => span.from !== undefined && span.to !== undefined);
  if (measured.length < 2) return true;
  const pitch = Math.min(...measured.map((span) => (span.to - span.from) / span.cells));
  const spread = (values: number[]) => (Math.max(...values) - Math.min(...values)) / pitch;
  return spread(measured.map((span) => span.from)) <= ROW_MISALIGNMENT && spread(measured.map((span) => span.to)) <= ROW_MISALIGNMENT;
}

/** The zone's rows as read, one string each. */
const rawLinesOf = (reads: readonly CellRead[][]) => reads.map((cells) => cells.map((cell) => cell.text).join(''));

/** The zone's characters under one format's rules: corrected by its check digits and parsed, or refused with the reason. */
function checkedRead(format: MrzFormat, reads: PlacedCell[][]): MrzRead {
  const rawLines = rawLinesOf(reads);
  const corrected = correctMrz(
    format,
    rawLines,
    reads.map((cells) => cells.map((cell) => cell.confidence)),
    reads.map((cells) => cells.map((cell) => cell.choices)),
  );
  if (!corrected.ok) return { readable: false, reason: corrected.reason, rawLines };
  // The mrz package knows TD1, TD2, TD3 and the French card; a visa's fields were checked above, field by field,
  // as are a TD2 zone's beginning IDFRA, which the package always takes for the French card.
  const packageKnows = !format.startsWith('MRV') && !(format === 'TD2' && corrected.lines[0].startsWith(FRENCH_ID_PREFIX));
  const parsed = packageKnows ? parseMrz(corrected.lines) : null;
  const refusal = parsed?.details.find(
    (detail) => !detail.valid && !acceptedByIcao(detail.field ?? '', corrected.lines[detail.line].slice(detail.start, detail.end)),
  );
  if (refusal) return { readable: false, reason: refusal.error ?? 'the zone does not parse', rawLines };
  return {
    readable: true,
    format,
    lines: corrected.lines,
    fields: fieldsOf(corrected.lines, format),
    corrections: corrected.substitutions,
    // Each character in doubt with its place on the photo, for the reviewer to look at.
    doubtful: corrected.doubtful.map((cell) => {
      const region = reads[cell.line]?.[cell.column]?.region;
      return region ? { ...cell, region } : cell;
    }),
  };
}

/**
 * The zone's possible formats, likeliest first, each with the zone's characters as OCR read
 * them (with their confidences) settled for that format; null when no zone is found. Only a
 * zone beginning IDFRA has two: the French card's fields, then TD2's — the check digits tell
 * which it is.
 */
export async function readZoneCells(
  image: Buffer,
  options: ReadOptions = { recognizer: true },
): Promise<{ format: MrzFormat; reads: PlacedCell[][] }[] | null> {
  const zone = await locateZone(image);
  if (!zone) return null;
  const { grey: straight, mask, rows, toPhoto } = zone;
  const regionOf = ({ x0, x1, top, bottom }: NonNullable<CellRead['box']>): PhotoRegion => {
    const corners = [toPhoto(x0, top), toPhoto(x1, top), toPhoto(x0, bottom), toPhoto(x1, bottom)];
    const xs = corners.map((corner) => Math.min(1, Math.max(0, corner.x)));
    const ys = corners.map((corner) => Math.min(1, Math.max(0, corner.y)));
    const round = (value: number) => Math.round(value * 10_000) / 10_000;
    return {
      x: round(Math.min(...xs)),
      y: round(Math.min(...ys)),
      width: round(Math.max(...xs) - Math.min(...xs)),
      height: round(Math.max(...ys) - Math.min(...ys)),
    };
  };
  // Three lines are a TD1 card; two are 36 characters long (TD2, MRV-B) or 44 (TD3, MRV-A).
  const long = rows.length === 2 && Math.max(...rows.map((row) => cellsOnRow(mask, straight.width, row))) >= 40;
  const { length } = layoutOf(rows.length === 3 ? 'TD1' : long ? 'TD3' : 'TD2');
  const reads: PlacedCell[][] = [];
  for (const row of rows)
    reads.push((await ocrLine(straight, mask, row, length, options.recognizer)).map((cell) => (cell.box ? { ...cell, region: regionOf(cell.box) } : cell)));
  // A visa's document code begins with V (ICAO 9303 part 7); its second line has no composite check digit.
  const visa = reads[0][0]?.text === 'V';
  const formats: MrzFormat[] =
    rows.length === 3 ? ['TD1'] : long ? [visa ? 'MRV-A' : 'TD3'] : visa ? ['MRV-B'] : frenchId(reads[0]) ? ['FRA-ID', 'TD2'] : ['TD2'];
  return formats.map((format) => {
    // Settling look-alikes rewrites the cells by the format's kinds: each format its own copy.
    const own = reads.map((cells) => cells.map((cell) => ({ ...cell })));
    settleLookAlikes(format, own);
    return { format, reads: own };
  });
}

/**
 * Whether a 2 × 36 zone begins IDFRA, as the French national identity card does (a TD2
 * card may too: the check digits decide); its I and D may have been read as look-alikes.
 */
function frenchId(first: readonly CellRead[]): boolean {
  const [code, type, ...state] = first.slice(0, FRENCH_ID_PREFIX.length).map((cell) => cell.text);
  return state.join('') === FRENCH_ID_PREFIX.slice(2) && 'I1L'.includes(code ?? '-') && 'DO0'.includes(type ?? '-');
}

function fieldsOf(lines: readonly string[], format: MrzFormat): MrzFields {
  const names = (text: string) => {
    const [surname, given = ''] = text.replace(/<+$/, '').split('<<');
    return { surname: surname.replace(/</g, ' ').trim(), givenNames: given.replace(/</g, ' ').trim() };
  };
  const trim = (text: string) => text.replace(/<+$/, '').replace(/</g, ' ');
  const sex = (character: string) => (character === 'M' || character === 'F' || character === 'X' ? character : null);
  if (format === 'TD1') {
    const [one, two, three] = lines;
    return {
      documentCode: trim(one.slice(0, 2)),
      issuingState: trim(one.slice(2, 5)),
      ...names(three),
      documentNumber: trim(one.slice(5, 14)),
      nationality: trim(two.slice(15, 18)),
      dateOfBirth: two.slice(0, 6),
      sex: sex(two[7]),
      expiryDate: two.slice(8, 14),
      optionalData: trim(one.slice(15, 30)),
    };
  }
  const [one, two] = lines;
  if (format === 'FRA-ID') {
    const given = two.slice(13, 27).replace(/<+$/, '');
    return {
      documentCode: trim(one.slice(0, 2)),
      issuingState: trim(one.slice(2, 5)),
      surname: trim(one.slice(5, 30)).trim(),
      givenNames: given.split('<<').map(trim).join(' ').trim(),
      documentNumber: trim(two.slice(0, 12)),
      // The card is issued to French citizens only; it states no nationality and no expiry.
      nationality: 'FRA',
      dateOfBirth: two.slice(27, 33),
      sex: sex(two[34]),
      expiryDate: '',
      // The issuing department and office.
      optionalData: trim(one.slice(30, 36)),
    };
  }
  return {
    documentCode: trim(one.slice(0, 2)),
    issuingState: trim(one.slice(2, 5)),
    ...names(one.slice(5)),
    documentNumber: trim(two.slice(0, 9)),
    nationality: trim(two.slice(10, 13)),
    dateOfBirth: two.slice(13, 19),
    sex: sex(two[20]),
    expiryDate: two.slice(21, 27),
    // TD3: the personal number before its check digit; TD2: before the composite; a visa: to the end.
    optionalData: trim(two.slice(28, format === 'TD3' ? 42 : format === 'TD2' ? 35 : two.length)),
  };
}
