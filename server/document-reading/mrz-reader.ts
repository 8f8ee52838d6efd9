import { parse as parseMrz } from 'mrz';
import sharp from 'sharp';
import { correctMrz, layoutOf, type MrzFormat } from './mrz-text.js';
import { ocrWorker } from './ocr.js';

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

/** A read that passed every check digit, or an unreadable one with the reason. */
export type MrzRead =
  | { readable: true; format: MrzFormat; lines: string[]; fields: MrzFields; corrections: number }
  | { readable: false; reason: string; rawLines: string[] };

/** Width the photo is normalised to before the zone is searched. */
const WORK_WIDTH = 1400;
/** Height (px) each MRZ line is scaled to for OCR. */
const LINE_HEIGHT = 56;

interface Grey {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/**
 * Reads the machine-readable zone of a document photo: EXIF-rotated, greyscale and
 * normalised, deskewed by projection, the zone's two or three text rows located at
 * the bottom and each read by OCR restricted to the MRZ alphabet, then corrected per
 * field with the check digits. Never returns a read that fails a check digit.
 */
export async function readMrz(image: Buffer): Promise<MrzRead> {
  const grey = await normalised(image);
  const angle = skewAngle(grey);
  const straight = angle === 0 ? grey : await rotated(grey, -angle);
  const rows = mrzRows(straight);
  if (rows.length < 2) return { readable: false, reason: 'no machine-readable zone found', rawLines: [] };
  const format: MrzFormat = rows.length === 3 ? 'TD1' : 'TD3';
  const { length } = layoutOf(format);
  const rawLines: string[] = [];
  for (const row of rows) rawLines.push(await ocrLine(straight, row, length));
  const corrected = correctMrz(format, rawLines);
  if (!corrected.ok) return { readable: false, reason: corrected.reason, rawLines };
  const parsed = parseMrz(corrected.lines);
  if (!parsed.valid) {
    return { readable: false, reason: parsed.details.find((detail) => !detail.valid)?.error ?? 'the zone does not parse', rawLines };
  }
  return { readable: true, format, lines: corrected.lines, fields: fieldsOf(corrected.lines, format), corrections: corrected.substitutions };
}

async function normalised(image: Buffer): Promise<Grey> {
  const { data, info } = await sharp(image)
    .rotate()
    .greyscale()
    .resize({ width: WORK_WIDTH, withoutEnlargement: false })
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

async function rotated(grey: Grey, degrees: number): Promise<Grey> {
  const { data, info } = await sharp(Buffer.from(grey.pixels), { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Otsu's threshold of the image's histogram. */
function otsu(grey: Grey): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey.pixels) histogram[value] += 1;
  const total = grey.pixels.length;
  let sum = 0;
  for (let i = 0; i < 256; i += 1) sum += i * histogram[i];
  let background = 0;
  let backgroundSum = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i += 1) {
    background += histogram[i];
    if (!background || background === total) continue;
    backgroundSum += i * histogram[i];
    const meanBack = backgroundSum / background;
    const meanFore = (sum - backgroundSum) / (total - background);
    const between = background * (total - background) * (meanBack - meanFore) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** Dark pixels: darker than both Otsu's threshold and their row neighbourhood's mean. */
function darkMask(grey: Grey): Uint8Array {
  const threshold = Math.min(otsu(grey), 110);
  const mask = new Uint8Array(grey.pixels.length);
  for (let i = 0; i < mask.length; i += 1) mask[i] = grey.pixels[i] < threshold ? 1 : 0;
  return mask;
}

/**
 * The tilt (degrees, clockwise positive) that makes the bottom half's dark pixels
 * fall into the sharpest rows: the projection-profile method over ±8°.
 */
function skewAngle(grey: Grey): number {
  const mask = darkMask(grey);
  const points: number[] = [];
  for (let y = Math.floor(grey.height * 0.4); y < grey.height; y += 1) {
    for (let x = 0; x < grey.width; x += 2) if (mask[y * grey.width + x]) points.push(x, y);
  }
  let bestAngle = 0;
  let bestScore = -1;
  for (let tenth = -80; tenth <= 80; tenth += 5) {
    const slope = Math.tan((tenth / 10) * (Math.PI / 180));
    const rows = new Float64Array(grey.height * 2);
    for (let i = 0; i < points.length; i += 2) {
      const y = Math.round(points[i + 1] - points[i] * slope + grey.height / 2);
      if (y >= 0 && y < rows.length) rows[y] += 1;
    }
    let score = 0;
    for (const count of rows) score += count * count;
    if (score > bestScore) {
      bestScore = score;
      bestAngle = tenth / 10;
    }
  }
  return bestAngle;
}

interface Row {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The zone's rows: text rows (runs of rows with many dark-to-light transitions) whose
 * ink is a long run of evenly spaced glyphs; the last two or three such rows of the
 * image with similar heights and spacing.
 */
function mrzRows(grey: Grey): Row[] {
  const mask = darkMask(grey);
  const { width, height } = grey;
  const transitions = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y += 1) {
    let count = 0;
    for (let x = 1; x < width; x += 1) if (mask[y * width + x] && !mask[y * width + x - 1]) count += 1;
    transitions[y] = count;
  }
  const rows: Row[] = [];
  let start = -1;
  for (let y = 0; y <= height; y += 1) {
    const busy = y < height && transitions[y] >= 24;
    if (busy && start < 0) start = y;
    if (!busy && start >= 0) {
      if (y - start >= 6) rows.push(extent(mask, width, start, y));
      start = -1;
    }
  }
  const candidates = rows.filter((row) => row.right - row.left > width * 0.35);
  for (const count of [3, 2]) {
    const last = candidates.slice(-count);
    if (last.length < count) continue;
    const heights = last.map((row) => row.bottom - row.top);
    const similar = Math.max(...heights) <= Math.min(...heights) * 1.8;
    const gaps = last.slice(1).map((row, i) => row.top - last[i].top);
    const even = gaps.every((gap) => gap < Math.max(...heights) * 3.2);
    const aligned = last.every((row) => Math.abs(row.left - last[0].left) < (last[0].right - last[0].left) * 0.08);
    if (similar && even && aligned) return last;
  }
  return [];
}

function extent(mask: Uint8Array, width: number, top: number, bottom: number): Row {
  const columns = new Array<number>(width).fill(0);
  for (let y = top; y < bottom; y += 1) for (let x = 0; x < width; x += 1) columns[x] += mask[y * width + x];
  const dense = (x: number) => columns[x] > 0;
  // The longest stretch of columns with ink and no gap wider than three glyphs.
  let best = { left: 0, right: 0 };
  let left = -1;
  let lastInk = -1;
  const maxGap = (bottom - top) * 2.5;
  for (let x = 0; x <= width; x += 1) {
    if (x < width && dense(x)) {
      if (left < 0 || x - lastInk > maxGap) left = x;
      lastInk = x;
      if (lastInk - left > best.right - best.left) best = { left, right: lastInk };
    }
  }
  return { top, bottom, left: best.left, right: best.right + 1 };
}

/**
 * OCR of one zone row, mapped onto the zone's fixed pitch: a grid of `cells` cells
 * spans the row's ink; a cell whose ink has the chevron's shape is the filler '<'
 * (the English model reads chevrons as K, L or C), any other cell takes the widest
 * glyph OCR placed in it, and a cell with none is '?', which no check accepts.
 */
async function ocrLine(grey: Grey, row: Row, cells: number): Promise<string> {
  const rowHeight = row.bottom - row.top;
  const pad = Math.round(rowHeight * 0.6);
  const left = Math.max(0, row.left - pad);
  const top = Math.max(0, row.top - pad);
  const width = Math.min(grey.width - left, row.right - row.left + 2 * pad);
  const height = Math.min(grey.height - top, rowHeight + 2 * pad);
  const scale = LINE_HEIGHT / rowHeight;
  const crop = await sharp(Buffer.from(grey.pixels), { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .extract({ left, top, width, height })
    .resize({ height: Math.round(height * scale), kernel: 'cubic' })
    .normalise()
    .withMetadata({ density: 300 })
    .png()
    .toBuffer();
  const worker = await ocrWorker();
  const { data } = await worker.recognize(crop, {}, { blocks: true });
  const symbols = (data.blocks ?? [])
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words.flatMap((word) => word.symbols))))
    .map((symbol) => ({ text: symbol.text.toUpperCase(), x0: symbol.bbox.x0, x1: symbol.bbox.x1 }))
    .filter((symbol) => symbol.text.length === 1)
    .sort((a, b) => a.x0 - b.x0);
  const inkLeft = (row.left - left) * scale;
  const inkRight = (row.right - left) * scale;
  const pitch = (inkRight - inkLeft) / (cells - 0.25);
  const grid: { text: string; width: number }[][] = Array.from({ length: cells }, () => []);
  for (const symbol of symbols) {
    const centre = (symbol.x0 + symbol.x1) / 2;
    const cell = Math.floor((centre - inkLeft) / pitch + 0.12);
    if (cell >= 0 && cell < cells) grid[cell].push({ text: symbol.text, width: symbol.x1 - symbol.x0 });
  }
  const mask = darkMask(grey);
  // The ink runs from the first glyph's left edge to the last one's right edge: about a quarter pitch short of the cells.
  const gridPitch = (row.right - row.left) / (cells - 0.25);
  return grid
    .map((found, cell) => {
      if (isChevron(mask, grey.width, row, row.left + (cell - 0.12) * gridPitch, gridPitch)) return '<';
      if (found.length === 0) return '?';
      return found.reduce((widest, glyph) => (glyph.width > widest.width ? glyph : widest)).text;
    })
    .join('');
}

/**
 * A chevron '<': ink on the left only around the middle (its tip) and on the right
 * only at the top and bottom (its arms' ends), unlike any letter or digit of OCR-B.
 */
function isChevron(mask: Uint8Array, width: number, row: Row, cellLeft: number, pitch: number): boolean {
  const x0 = Math.max(0, Math.floor(cellLeft));
  const x1 = Math.min(width, Math.ceil(cellLeft + pitch));
  let inkLeft = x1;
  let inkRight = -1;
  let inkTop = row.bottom;
  let inkBottom = -1;
  for (let y = row.top; y < row.bottom; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      if (!mask[y * width + x]) continue;
      inkLeft = Math.min(inkLeft, x);
      inkRight = Math.max(inkRight, x);
      inkTop = Math.min(inkTop, y);
      inkBottom = Math.max(inkBottom, y);
    }
  }
  if (inkRight < 0) return false;
  const inkHeight = inkBottom - inkTop + 1;
  const span = Math.max(1, Math.round((inkRight - inkLeft + 1) * 0.3));
  /** The share of the ink's rows, in bands of its height, with ink among the given columns. */
  const rowsWithInk = (fromColumn: number, toColumn: number, fromShare: number, toShare: number): number => {
    const yStart = inkTop + Math.floor(inkHeight * fromShare);
    const yEnd = inkTop + Math.ceil(inkHeight * toShare);
    let rows = 0;
    for (let y = yStart; y < yEnd; y += 1) {
      for (let x = fromColumn; x < toColumn; x += 1) {
        if (mask[y * width + x]) {
          rows += 1;
          break;
        }
      }
    }
    return rows / Math.max(1, yEnd - yStart);
  };
  const leftStart = inkLeft;
  const leftEnd = inkLeft + span;
  const rightStart = inkRight + 1 - span;
  const rightEnd = inkRight + 1;
  // The tip: ink on the left in the middle, none near the top or bottom.
  const tip = rowsWithInk(leftStart, leftEnd, 0.4, 0.6) > 0.5 && rowsWithInk(leftStart, leftEnd, 0, 0.2) === 0 && rowsWithInk(leftStart, leftEnd, 0.8, 1) === 0;
  // The arms' ends: ink on the right at the top and bottom, none in the middle.
  const arms = rowsWithInk(rightStart, rightEnd, 0, 0.15) > 0 && rowsWithInk(rightStart, rightEnd, 0.85, 1) > 0 && rowsWithInk(rightStart, rightEnd, 0.4, 0.6) === 0;
  return tip && arms && inkHeight > (row.bottom - row.top) * 0.5;
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
  return {
    documentCode: trim(one.slice(0, 2)),
    issuingState: trim(one.slice(2, 5)),
    ...names(one.slice(5)),
    documentNumber: trim(two.slice(0, 9)),
    nationality: trim(two.slice(10, 13)),
    dateOfBirth: two.slice(13, 19),
    sex: sex(two[20]),
    expiryDate: two.slice(21, 27),
    optionalData: trim(two.slice(28, format === 'TD3' ? 42 : 35)),
  };
}
