import { parse as parseMrz } from 'mrz';
import sharp from 'sharp';
import {
  cellKinds,
  correctMrz,
  layoutOf,
  lookAlikes,
  ROUND,
  SPECIMEN_STATE,
  SURE_CONFIDENCE,
  type Choice,
  type DoubtfulCharacter,
  type Kind,
  type MrzFormat,
} from './mrz-text.js';
import { MRZ_ALPHABET, ocrWorker } from './ocr.js';

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

/** The zone's state fields, which may hold the specimen state the mrz package does not know. */
const STATE_FIELDS = new Set(['issuingState', 'nationality']);

/**
 * What ICAO 9303 allows and the mrz package (5.x) refuses: the specimen state UTO, and X
 * (unspecified) as the holder's sex.
 */
function acceptedByIcao(field: string, value: string): boolean {
  return (STATE_FIELDS.has(field) && value === SPECIMEN_STATE) || (field === 'sex' && value === 'X');
}

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
  const zone = await readZoneCells(image);
  if (!zone) return { readable: false, reason: 'no machine-readable zone found', rawLines: [] };
  const { format, reads } = zone;
  const rawLines = reads.map((cells) => cells.map((cell) => cell.text).join(''));
  const corrected = correctMrz(
    format,
    rawLines,
    reads.map((cells) => cells.map((cell) => cell.confidence)),
    reads.map((cells) => cells.map((cell) => cell.choices)),
  );
  if (!corrected.ok) return { readable: false, reason: corrected.reason, rawLines };
  // The mrz package knows TD1, TD2 and TD3; a visa's fields were checked above, field by field.
  const parsed = format.startsWith('MRV') ? null : parseMrz(corrected.lines);
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
    doubtful: corrected.doubtful,
  };
}

/** The zone's format and each of its characters as OCR read it, with its confidence; null when no zone is found. */
export async function readZoneCells(image: Buffer): Promise<{ format: MrzFormat; reads: CellRead[][] } | null> {
  const grey = await normalised(image);
  const angle = skewAngle(grey, darkMask(await medianOf(grey, 3)));
  const straight = angle === 0 ? grey : await rotated(grey, -angle);
  // Noise (a dim photo's sensor noise, stretched): the mean change a median filter makes, in grey levels.
  let smooth = await medianOf(straight, 3);
  let difference = 0;
  for (let i = 0; i < smooth.pixels.length; i += 1) difference += Math.abs(smooth.pixels[i] - straight.pixels[i]);
  const noise = difference / smooth.pixels.length;
  if (noise > STRONG_NOISE) smooth = await medianOf(straight, 5);
  const mask = darkMask(smooth);
  const rows = mrzRows(straight, mask);
  if (rows.length < 2) return null;
  // Three lines are a TD1 card; two are 36 characters long (TD2, MRV-B) or 44 (TD3, MRV-A).
  const long = rows.length === 2 && Math.max(...rows.map((row) => cellsOnRow(mask, straight.width, row))) >= 40;
  const { length } = layoutOf(rows.length === 3 ? 'TD1' : long ? 'TD3' : 'TD2');
  const reads: CellRead[][] = [];
  for (const row of rows) reads.push(await ocrLine(straight, mask, row, length));
  // A visa's document code begins with V (ICAO 9303 part 7); its second line has no composite check digit.
  const visa = reads[0][0]?.text === 'V';
  const format: MrzFormat = rows.length === 3 ? 'TD1' : long ? (visa ? 'MRV-A' : 'TD3') : visa ? 'MRV-B' : 'TD2';
  settleLookAlikes(format, reads);
  return { format, reads };
}

/**
 * How many characters a zone row holds, from its glyphs' spacing: the median distance
 * between neighbouring glyphs (the ink's column runs) is the pitch, and the row spans
 * one glyph less than its cells plus a glyph's width. Tells a 36-character line from a
 * 44-character one whatever the photo's scale.
 */
function cellsOnRow(mask: Uint8Array, width: number, row: Row): number {
  const height = row.bottom - row.top;
  const centres: number[] = [];
  let runStart = -1;
  for (let x = row.left; x <= row.right; x += 1) {
    let ink = false;
    for (let y = row.top; y < row.bottom && x < row.right && !ink; y += 1) ink = mask[y * width + x] === 1;
    if (ink && runStart < 0) runStart = x;
    if (!ink && runStart >= 0) {
      if (x - runStart >= height * 0.1 && x - runStart <= height * 1.2) centres.push((runStart + x - 1) / 2);
      runStart = -1;
    }
  }
  const gaps = centres
    .slice(1)
    .map((centre, i) => centre - centres[i])
    .filter((gap) => gap >= height * 0.45 && gap <= height * 1.6)
    .sort((a, b) => a - b);
  if (gaps.length < 8) return 0;
  const pitch = gaps[Math.floor(gaps.length / 2)];
  return (row.right - row.left) / pitch + 0.3;
}

async function normalised(image: Buffer): Promise<Grey> {
  const { data, info } = await sharp(image)
    .rotate()
    // A photo with an alpha channel would otherwise come out as two channels (grey and alpha).
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: WORK_WIDTH, withoutEnlargement: false })
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Noise (mean grey-level change under a 3 × 3 median) above which the ink mask takes a 5 × 5 median. */
const STRONG_NOISE = 3;

/** The image median-filtered: sensor noise, amplified by the stretch of a dim photo, would otherwise speckle the ink mask. */
async function medianOf(grey: Grey, size: number): Promise<Grey> {
  const { data, info } = await sharp(Buffer.from(grey.pixels), { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .median(size)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

async function rotated(grey: Grey, degrees: number): Promise<Grey> {
  const { data, info } = await sharp(Buffer.from(grey.pixels), { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    // Rotating adds channels (alpha, or colour for the background): keep the grey one.
    .flatten({ background: '#ffffff' })
    .extractChannel(0)
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

/** Half the side of the neighbourhood a pixel is compared with (at WORK_WIDTH, about a glyph). */
const ADAPTIVE_RADIUS = 16;
/** How much darker than its neighbourhood's mean a pixel must be to be ink. */
const ADAPTIVE_OFFSET = 18;

/**
 * Dark pixels by an adaptive threshold: darker than the mean of their neighbourhood
 * by ADAPTIVE_OFFSET and than Otsu's threshold of the whole photo raised halfway to
 * white — a dim photo, a grey desk around the document or a shadow does not turn
 * whole regions into ink, and blurred strokes stay ink.
 */
function darkMask(grey: Grey): Uint8Array {
  const { pixels, width, height } = grey;
  const ceiling = (otsu(grey) + 255) / 2;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < width; x += 1) {
      rowSum += pixels[y * width + x];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + rowSum;
    }
  }
  const mask = new Uint8Array(pixels.length);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - ADAPTIVE_RADIUS);
    const y1 = Math.min(height, y + ADAPTIVE_RADIUS + 1);
    for (let x = 0; x < width; x += 1) {
      const value = pixels[y * width + x];
      if (value >= ceiling) continue;
      const x0 = Math.max(0, x - ADAPTIVE_RADIUS);
      const x1 = Math.min(width, x + ADAPTIVE_RADIUS + 1);
      const sum = integral[y1 * (width + 1) + x1] - integral[y0 * (width + 1) + x1] - integral[y1 * (width + 1) + x0] + integral[y0 * (width + 1) + x0];
      if (value < sum / ((x1 - x0) * (y1 - y0)) - ADAPTIVE_OFFSET) mask[y * width + x] = 1;
    }
  }
  return mask;
}

/**
 * The tilt (degrees, clockwise positive) that makes the bottom half's dark pixels
 * fall into the sharpest rows: the projection-profile method over ±8°.
 */
function skewAngle(grey: Grey, mask: Uint8Array): number {
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
function mrzRows(grey: Grey, mask: Uint8Array): Row[] {
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
  // The lowest run of two or three such rows; below it there may be the document's edge or the desk.
  for (let end = candidates.length; end >= 2; end -= 1) {
    const found = zoneEndingAt(candidates.slice(0, end));
    if (found.length) return found;
  }
  return [];
}

function zoneEndingAt(candidates: Row[]): Row[] {
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
  // The longest stretch of columns with ink and no gap wider than a glyph (every cell of the zone has one).
  let best = { left: 0, right: 0 };
  let left = -1;
  let lastInk = -1;
  const maxGap = (bottom - top) * 1.2;
  for (let x = 0; x <= width; x += 1) {
    if (x < width && dense(x)) {
      if (left < 0 || x - lastInk > maxGap) left = x;
      lastInk = x;
      if (lastInk - left > best.right - best.left) best = { left, right: lastInk };
    }
  }
  return { top, bottom, left: best.left, right: best.right + 1 };
}

/** One position of the zone as read: its character ('?' when none) and OCR's confidence (0–100). */
export interface CellRead {
  text: string;
  confidence: number;
  /** OCR's candidate characters for the glyph, best first, with their confidences (0–100). */
  choices?: Choice[];
  /** The glyph's shape for comparing cells with one another (a normalised patch), when it has ink. */
  shape?: Float32Array;
}

/** Size of the patch a glyph's shape is sampled into: a cell's width by 1.3 row heights. */
const SHAPE_WIDTH = 12;
const SHAPE_HEIGHT = 20;

/**
 * The zone's fixed-pitch grid on one row, fitted to the glyphs themselves: the ink's
 * column runs (each a glyph or a chevron) give centres, and the pitch and offset are
 * refined by least squares so that every glyph centre falls on a cell centre. The
 * ink extent alone misplaces the grid by a fraction of a pitch at the row's ends.
 */
function fitGrid(mask: Uint8Array, width: number, row: Row, cells: number): { left: number; pitch: number } {
  const columns = new Array<number>(width).fill(0);
  for (let y = row.top; y < row.bottom; y += 1) for (let x = row.left; x < row.right; x += 1) columns[x] += mask[y * width + x];
  let pitch = (row.right - row.left) / (cells - 0.25);
  let left = row.left - pitch * 0.125;
  const centres: number[] = [];
  let runStart = -1;
  for (let x = row.left; x <= row.right; x += 1) {
    const ink = x < row.right && columns[x] > 0;
    if (ink && runStart < 0) runStart = x;
    if (!ink && runStart >= 0) {
      const runWidth = x - runStart;
      if (runWidth >= pitch * 0.2 && runWidth <= pitch * 1.05) centres.push((runStart + x - 1) / 2);
      runStart = -1;
    }
  }
  if (centres.length < cells / 3) return { left, pitch };
  for (let iteration = 0; iteration < 4; iteration += 1) {
    // Least squares of centre = left + (k + 0.5) * pitch over the glyphs' cells k.
    const points = centres
      .map((centre) => ({ centre, k: Math.round((centre - left) / pitch - 0.5) }))
      .filter(({ centre, k }) => k >= 0 && k < cells && Math.abs(centre - (left + (k + 0.5) * pitch)) < pitch * 0.35);
    if (points.length < cells / 3) break;
    const n = points.length;
    const meanK = points.reduce((sum, p) => sum + p.k + 0.5, 0) / n;
    const meanC = points.reduce((sum, p) => sum + p.centre, 0) / n;
    let covariance = 0;
    let variance = 0;
    for (const p of points) {
      covariance += (p.k + 0.5 - meanK) * (p.centre - meanC);
      variance += (p.k + 0.5 - meanK) ** 2;
    }
    if (variance === 0) break;
    pitch = covariance / variance;
    left = meanC - pitch * meanK;
  }
  return { left, pitch };
}

/**
 * OCR of one zone row on the zone's fixed pitch. The grid is fitted to the glyphs; a
 * cell whose ink has the chevron's shape is the filler '<' (the English model reads
 * runs of chevrons as K, L or C and loses its footing on the glyphs after them). The
 * other cells' glyphs are set side by side at ordinary letter spacing, without the
 * chevrons, and read in one pass; each glyph takes the symbol OCR placed on it, with
 * its confidence, and a glyph OCR left out is '?', which no check accepts.
 */
async function ocrLine(grey: Grey, mask: Uint8Array, row: Row, cells: number): Promise<CellRead[]> {
  const rowHeight = row.bottom - row.top;
  const { left: gridLeft, pitch } = fitGrid(mask, grey.width, row, cells);
  const pad = Math.round(rowHeight * 0.3);
  const top = Math.max(0, row.top - pad);
  const bottom = Math.min(grey.height, row.bottom + pad);
  // Contrast stretch of the band: its paper goes to white, its ink to black.
  const histogram = new Array<number>(256).fill(0);
  const bandLeft = Math.max(0, Math.floor(gridLeft));
  const bandRight = Math.min(grey.width, Math.ceil(gridLeft + pitch * cells));
  for (let y = top; y < bottom; y += 1) for (let x = bandLeft; x < bandRight; x += 1) histogram[grey.pixels[y * grey.width + x]] += 1;
  const total = histogram.reduce((sum, count) => sum + count, 0);
  const level = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value];
      if (seen >= total * share) return value;
    }
    return 255;
  };
  const ink = level(0.03);
  const paper = Math.max(ink + 1, level(0.6));
  const stretch = (value: number) => Math.max(0, Math.min(255, Math.round(((value - ink) * 255) / (paper - ink))));

  const reads: CellRead[] = [];
  const slots: { cell: number; x0: number; x1: number }[] = [];
  const glyphs: { cell: number; x0: number; x1: number }[] = [];
  const gap = Math.round(rowHeight * 0.3);
  let cursor = rowHeight;
  for (let cell = 0; cell < cells; cell += 1) {
    const cellLeft = gridLeft + cell * pitch;
    if (isChevron(mask, grey.width, row, cellLeft, pitch)) {
      reads.push({ text: '<', confidence: 100 });
      continue;
    }
    const x0 = Math.max(0, Math.floor(cellLeft));
    const x1 = Math.min(grey.width, Math.ceil(cellLeft + pitch));
    let inkLeft = x1;
    let inkRight = -1;
    for (let y = top; y < bottom; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        if (!mask[y * grey.width + x]) continue;
        inkLeft = Math.min(inkLeft, x);
        inkRight = Math.max(inkRight, x);
      }
    }
    reads.push({ text: '?', confidence: 0 });
    if (inkRight < 0) continue;
    reads[cell].shape = shapeOf(grey, stretch, (inkLeft + inkRight + 1) / 2, (row.top + row.bottom) / 2, pitch, rowHeight * 1.3);
    const from = Math.max(x0, inkLeft - 2);
    const to = Math.min(x1, inkRight + 3);
    glyphs.push({ cell, x0: from, x1: to });
    slots.push({ cell, x0: cursor, x1: cursor + (to - from) });
    cursor += to - from + gap;
  }
  if (glyphs.length === 0) return reads;
  const width = cursor - gap + rowHeight;
  const height = bottom - top;
  const pixels = new Uint8Array(width * height).fill(255);
  glyphs.forEach((glyph, index) => {
    for (let y = top; y < bottom; y += 1) {
      for (let x = glyph.x0; x < glyph.x1; x += 1) pixels[(y - top) * width + slots[index].x0 + (x - glyph.x0)] = stretch(grey.pixels[y * grey.width + x]);
    }
  });
  const scale = LINE_HEIGHT / rowHeight;
  const line = await sharp(Buffer.from(pixels), { raw: { width, height, channels: 1 } })
    .resize({ height: Math.round(height * scale), kernel: 'cubic' })
    .withMetadata({ density: 300 })
    .png()
    .toBuffer();
  const worker = await ocrWorker();
  const { data } = await worker.recognize(line, {}, { blocks: true, hocr: true });
  const words = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((ocrLine) => ocrLine.words)));
  const choices = choicesOf(data.hocr ?? '');
  const symbols = words
    .flatMap((word, w) => word.symbols.map((symbol, s) => ({ symbol, choices: choices[w]?.length === word.symbols.length ? choices[w][s] : [] })))
    .map(({ symbol, choices }) => ({
      text: symbol.text.toUpperCase(),
      confidence: symbol.confidence,
      choices,
      x0: symbol.bbox.x0 / scale,
      x1: symbol.bbox.x1 / scale,
    }))
    .filter((symbol) => symbol.text.length === 1 && MRZ_ALPHABET.includes(symbol.text));
  const best = new Map<number, { text: string; confidence: number; width: number; choices: Choice[] }>();
  for (const symbol of symbols) {
    const centre = (symbol.x0 + symbol.x1) / 2;
    const slot = slots.find((candidate) => centre >= candidate.x0 - gap / 2 && centre < candidate.x1 + gap / 2);
    if (!slot) continue;
    const found = { text: symbol.text, confidence: symbol.confidence, width: symbol.x1 - symbol.x0, choices: symbol.choices };
    const previous = best.get(slot.cell);
    if (!previous || found.width > previous.width) best.set(slot.cell, found);
    else if (previous) previous.confidence = Math.min(previous.confidence, found.confidence);
  }
  for (const [cell, found] of best) Object.assign(reads[cell], { text: found.text, confidence: found.confidence, choices: found.choices });
  return reads;
}

/** Per word of an hOCR page (lstm_choice_mode 2), per symbol, the LSTM's candidate characters with their confidences. */
function choicesOf(hocr: string): Choice[][][] {
  return hocr
    .split("class='ocrx_word'")
    .slice(1)
    .map((word) =>
      word
        .split("id='lstm_choices_")
        .slice(1)
        .map((group) =>
          [...group.matchAll(/x_confs ([0-9.]+)'>([^<]*)<\/span>/g)].map((match) => ({
            text: match[2].replace('&lt;', '<').toUpperCase(),
            confidence: Number(match[1]),
          })),
        ),
    );
}

/** A glyph's patch (centred on its ink), resampled, its mean removed and scaled to unit length. */
function shapeOf(grey: Grey, stretch: (value: number) => number, centreX: number, centreY: number, width: number, height: number): Float32Array {
  const shape = new Float32Array(SHAPE_WIDTH * SHAPE_HEIGHT);
  for (let j = 0; j < SHAPE_HEIGHT; j += 1) {
    for (let i = 0; i < SHAPE_WIDTH; i += 1) {
      const x = centreX + ((i + 0.5) / SHAPE_WIDTH - 0.5) * width;
      const y = centreY + ((j + 0.5) / SHAPE_HEIGHT - 0.5) * height;
      const x0 = Math.max(0, Math.min(grey.width - 2, Math.floor(x)));
      const y0 = Math.max(0, Math.min(grey.height - 2, Math.floor(y)));
      const fx = Math.max(0, Math.min(1, x - x0));
      const fy = Math.max(0, Math.min(1, y - y0));
      const at = (xx: number, yy: number) => 255 - stretch(grey.pixels[yy * grey.width + xx]);
      shape[j * SHAPE_WIDTH + i] =
        at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy;
    }
  }
  const mean = shape.reduce((sum, value) => sum + value, 0) / shape.length;
  let norm = 0;
  for (let k = 0; k < shape.length; k += 1) {
    shape[k] -= mean;
    norm += shape[k] ** 2;
  }
  norm = Math.sqrt(norm) || 1;
  for (let k = 0; k < shape.length; k += 1) shape[k] /= norm;
  return shape;
}

/** Normalised correlation of two glyph shapes (1 for the same glyph). */
function likeness(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k += 1) sum += a[k] * b[k];
  return sum;
}

/** How much better a look-alike must match the document's own glyphs to be believed. */
const SHAPE_MARGIN = 0.04;

/**
 * The glyph shapes of each character the zone prints where OCR read it with confidence
 * and the position's kind agrees (digits in numeric fields, letters in letter fields),
 * and how alike two prints of one character are in this photo (blur and noise lower
 * it): the median over the examples' pairs.
 */
function printedExamples(kinds: Kind[][], reads: CellRead[][]): { examples: Map<string, Float32Array[]>; same: number } {
  const examples = new Map<string, Float32Array[]>();
  reads.forEach((cells, line) =>
    cells.forEach((cell, column) => {
      const kind = kinds[line][column];
      const isDigit = /^[0-9]$/.test(cell.text);
      const isLetter = /^[A-Z]$/.test(cell.text);
      if (!cell.shape || cell.confidence < SURE_CONFIDENCE) return;
      if ((kind === 'digit' && isDigit) || (kind === 'alpha' && isLetter)) {
        const list = examples.get(cell.text) ?? [];
        list.push(cell.shape);
        examples.set(cell.text, list);
      }
    }),
  );
  const pairs: number[] = [];
  for (const list of examples.values()) {
    for (let i = 0; i < list.length && pairs.length < 400; i += 1) for (let j = i + 1; j < list.length; j += 1) pairs.push(likeness(list[i], list[j]));
  }
  pairs.sort((a, b) => a - b);
  return { examples, same: pairs.length ? pairs[Math.floor(pairs.length / 2)] : 0.9 };
}

/** How much less than two prints of one character a rival's prints must match a glyph to rule the rival out. */
const RIVAL_GAP = 0.1;

/**
 * Rules out OCR's rival letters for a letter of a name or state (OCR's English model
 * reads OCR-B's O as D or Q with confidence) by the zone's own prints: a rival goes
 * when its prints match the glyph far less than two prints of one character match, or
 * when the glyph matches its letter's other prints about that well and the rival's, if
 * any, clearly less.
 */
function confirmLetters(kinds: Kind[][], reads: CellRead[][], examples: Map<string, Float32Array[]>, same: number): void {
  const closest = (shape: Float32Array, text: string) =>
    Math.max(-1, ...(examples.get(text) ?? []).filter((example) => example !== shape).map((example) => likeness(example, shape)));
  reads.forEach((cells, line) =>
    cells.forEach((cell, column) => {
      const { shape } = cell;
      if (kinds[line][column] !== 'alpha' || !shape || !cell.choices) return;
      const own = closest(shape, cell.text);
      const confirmed = own >= same - 0.05;
      cell.choices = cell.choices.filter((choice) => {
        if (choice.text === cell.text) return true;
        const rival = closest(shape, choice.text);
        return !((rival > -1 && rival < same - RIVAL_GAP) || (confirmed && rival <= own - SHAPE_MARGIN));
      });
    }),
  );
}

/**
 * Settles look-alikes (O and 0, B and 8, Z and 2 …) in the alphanumeric fields by
 * the document's own glyphs: the zone prints the same font everywhere, and its
 * numeric fields show digits and its name and state fields letters that OCR read with
 * confidence. A cell takes the character whose printed examples it resembles as
 * closely as two prints of one character resemble each other in this photo, when the
 * others are clearly less alike; when that is unclear, or a look-alike of its character
 * comes close, or no example of its character or its look-alikes exists and OCR was
 * not very sure, it becomes a guess (below SURE_CONFIDENCE) that only the check
 * digits may settle. OCR's English model reads OCR-B's O and 0
 * with high confidence either way, so its confidence alone cannot be trusted here; a
 * settled cell keeps none of OCR's choices whose prints it clearly matches less, and
 * the letters of names and states lose the rivals their prints rule out.
 */
export function settleLookAlikes(format: MrzFormat, reads: CellRead[][]): void {
  const kinds = cellKinds(format);
  const { examples, same } = printedExamples(kinds, reads);
  confirmLetters(kinds, reads, examples, same);
  reads.forEach((cells, line) =>
    cells.forEach((cell, column) => {
      if (kinds[line][column] !== 'alnum' || !cell.shape) return;
      const alternatives = lookAlikes(cell.text);
      if (alternatives.length === 0 && examples.has(cell.text)) return;
      // The look-alikes, and any character printed elsewhere in the zone (OCR may take a blurred 9 for an O).
      const scores = [...new Set([cell.text, ...alternatives, ...examples.keys()])]
        .map((text) => ({ text, score: Math.max(-1, ...(examples.get(text) ?? []).map((example) => likeness(example, cell.shape as Float32Array))) }))
        .filter((candidate) => candidate.score > -1)
        .sort((a, b) => b.score - a.score);
      const [first, second] = scores;
      const own = scores.find((candidate) => candidate.text === cell.text);
      const clear = !second || first.score - second.score >= SHAPE_MARGIN;
      const settle = (text: string) => {
        cell.text = text;
        cell.confidence = Math.max(cell.confidence, SURE_CONFIDENCE);
        // OCR's choices among characters whose prints the glyph clearly matches less well are no longer candidates.
        cell.choices = cell.choices?.filter((choice) => choice.text === text || !scores.some((candidate) => candidate.text === choice.text));
      };
      const doubt = () => {
        cell.confidence = Math.min(cell.confidence, SURE_CONFIDENCE - 20);
      };
      if (first && first.text !== cell.text && clear && first.score >= same - 0.05) {
        // Printed just like another character of the zone, and clearly unlike the rest.
        settle(first.text);
      } else if (own) {
        if (first.text === cell.text && clear && first.score >= same - 0.1) settle(cell.text);
        else doubt();
      } else {
        const rivals = scores.filter((candidate) => alternatives.includes(candidate.text));
        // No printed look-alike to compare with: OCR's word is taken only when it is very sure and the glyph is not one of the round ones.
        if (rivals.length === 0) {
          if (cell.confidence < 95 || ROUND.includes(cell.text)) doubt();
        } else if (rivals.some((rival) => rival.score >= same - 0.15)) doubt();
      }
    }),
  );
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
  const arms =
    rowsWithInk(rightStart, rightEnd, 0, 0.15) > 0 && rowsWithInk(rightStart, rightEnd, 0.85, 1) > 0 && rowsWithInk(rightStart, rightEnd, 0.4, 0.6) === 0;
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
    // TD3: the personal number before its check digit; TD2: before the composite; a visa: to the end.
    optionalData: trim(two.slice(28, format === 'TD3' ? 42 : format === 'TD2' ? 35 : two.length)),
  };
}
