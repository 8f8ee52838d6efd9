import sharp from 'sharp';
import { checkBlind } from './check-digit.js';
import { cellKinds, type Kind, type MrzFormat } from './mrz-layouts.js';
import { lookAlikes, ROUND, SURE_CONFIDENCE, type Choice } from './mrz-text.js';
import { classifyGlyph } from './glyph-classifier.js';
import { fitGrid, isChevron, type Grey, type Row } from './mrz-grid.js';
import { MRZ_ALPHABET, ocrWorker } from './ocr.js';
import { recognizeRow } from './mrz-recognizer.js';

/** Height (px) each MRZ line is scaled to for OCR. */
const LINE_HEIGHT = 56;

/** One position of the zone as read: its character ('?' when none) and OCR's confidence (0–100). */
export interface CellRead {
  text: string;
  confidence: number;
  /** OCR's candidate characters for the glyph, best first, with their confidences (0–100). */
  choices?: Choice[];
  /** The glyph's shape for comparing cells with one another (a normalised patch), when it has ink. */
  shape?: Float32Array;
  /** The recogniser and the OCR-B classifier both all but certain of this character: the zone's other prints need not vouch for it. */
  agreed?: boolean;
  /** The cell's ink has the chevron's shape: the filler, by geometry alone. */
  chevron?: boolean;
  /** The cell's columns and the row's band on the straightened image. */
  box?: { x0: number; x1: number; top: number; bottom: number };
}

/** Size of the patch a glyph's shape is sampled into: a cell's width by 1.3 row heights. */
const SHAPE_WIDTH = 12;
const SHAPE_HEIGHT = 20;

/**
 * OCR of one zone row on the zone's fixed pitch. The grid is fitted to the glyphs; a
 * cell whose ink has the chevron's shape is the filler '<' (the English model reads
 * runs of chevrons as K, L or C and loses its footing on the glyphs after them). The
 * other cells' glyphs are set side by side at ordinary letter spacing, without the
 * chevrons, and read in one pass; each glyph takes the symbol OCR placed on it, with
 * its confidence, and a glyph OCR left out is '?', which no check accepts.
 */
export async function ocrLine(grey: Grey, mask: Uint8Array, row: Row, cells: number, recognizer = true): Promise<CellRead[]> {
  const rowHeight = row.bottom - row.top;
  const { top, bottom, stretch, cells: found } = rowCells(grey, mask, row, cells);
  const reads: CellRead[] = [];
  const slots: { cell: number; x0: number; x1: number }[] = [];
  const glyphs: { cell: number; x0: number; x1: number }[] = [];
  const gap = Math.round(rowHeight * 0.3);
  let cursor = rowHeight;
  found.forEach(({ chevron, x0, x1, inkLeft, inkRight, shape }, cell) => {
    const box = { x0, x1, top: row.top, bottom: row.bottom };
    if (chevron) {
      reads.push({ text: '<', confidence: 100, box, shape, chevron });
      return;
    }
    reads.push({ text: '?', confidence: 0, shape, box });
    if (inkRight < 0) return;
    const from = Math.max(x0, inkLeft - 2);
    const to = Math.min(x1, inkRight + 3);
    glyphs.push({ cell, x0: from, x1: to });
    slots.push({ cell, x0: cursor, x1: cursor + (to - from) });
    cursor += to - from + gap;
  });
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
  if (!recognizer) {
    for (const read of reads) if (!read.chevron) weighWithClassifier(read);
    return reads;
  }
  const recognized = await recognizeRow(grey, row, found);
  reads.forEach((read, cell) => {
    if (found[cell].chevron) return;
    const tesseract = read.text === '?' ? [] : [{ text: read.text, confidence: read.confidence }, ...(read.choices ?? [])];
    const [top] = recognized[cell];
    if (top) Object.assign(read, { text: top.text, confidence: top.confidence, choices: recognized[cell] });
    weigh(read, tesseract, TESSERACT_VETO, TESSERACT_OVERRULES, true);
    const certain = weighWithClassifier(read);
    read.agreed = certain && top?.text === read.text && top.confidence >= SURE_CONFIDENCE;
  });
  return reads;
}

/** A second reader's candidate below this probability (0–100) is not offered. */
const CANDIDATE_FLOOR = 5;
/** How sure the classifier must be to call into doubt a read tesseract was sure of. */
const GLYPH_VETO = 90;
/** How sure the classifier must be to overrule a read tesseract was unsure of. */
const GLYPH_OVERRULES = 99;

/**
 * The read of a glyph so far (the recogniser's, with tesseract's) weighed against the OCR-B
 * classifier's (a reader trained on OCR-B alone). A sure read stands unless the classifier
 * is sure of another character; then, and wherever the read was unsure, the classifier's
 * candidates join the read's choices, and where the two differ the read is a guess
 * between them (the check digits may settle it; in a field they do not guard it is in
 * doubt). A glyph not read, or read unsure where the classifier is all but certain, takes
 * the classifier's character. Returns whether the classifier is all but certain of the
 * character read; then the rivals it rules out are no longer candidates.
 */
export function weighWithClassifier(read: CellRead): boolean {
  if (!read.shape) return false;
  const glyph = classifyGlyph(read.shape);
  const certain = glyph[0]?.text === read.text && glyph[0].confidence >= GLYPH_OVERRULES;
  if (certain) {
    const kept = new Set(glyph.filter((choice) => choice.confidence >= CANDIDATE_FLOOR).map((choice) => choice.text));
    read.choices = read.choices?.filter((choice) => kept.has(choice.text));
  }
  weigh(read, glyph, GLYPH_VETO, GLYPH_OVERRULES);
  return certain;
}

/** Tesseract, the weaker reader, never calls into doubt nor overrules the recogniser's read: its candidates join an unsure one. */
const TESSERACT_VETO = Infinity;
const TESSERACT_OVERRULES = Infinity;

/** A read weighed against a second reader's candidates, by the rules above and that reader's thresholds. */
function weigh(read: CellRead, candidates: readonly Choice[], veto: number, overrules: number, agreementConfirms = false): void {
  const glyph = candidates.filter((choice) => choice.confidence >= CANDIDATE_FLOOR);
  const [top] = glyph;
  if (!top || (read.confidence >= SURE_CONFIDENCE && (top.text === read.text || top.confidence < veto))) return;
  const choices = new Map((read.choices ?? []).map((choice) => [choice.text, choice.confidence]));
  for (const choice of glyph) choices.set(choice.text, Math.max(choices.get(choice.text) ?? 0, choice.confidence));
  if (read.text !== '?') choices.set(read.text, Math.max(choices.get(read.text) ?? 0, read.confidence));
  read.choices = [...choices].map(([text, confidence]) => ({ text, confidence })).sort((a, b) => b.confidence - a.confidence);
  if (top.text === read.text) {
    if (agreementConfirms) read.confidence = Math.max(read.confidence, top.confidence);
    return;
  }
  const overruled = read.text === '?' || (read.confidence < SURE_CONFIDENCE && top.confidence >= overrules);
  if (overruled) read.text = top.text;
  read.confidence = Math.min(overruled ? top.confidence : read.confidence, SURE_CONFIDENCE - 20);
}

/** A cell of a zone row on its fitted grid: its columns, its ink's columns (-1 when blank), whether the ink is a chevron, and the glyph's shape. */
export interface RowCell {
  x0: number;
  x1: number;
  inkLeft: number;
  inkRight: number;
  chevron: boolean;
  shape?: Float32Array;
}

/**
 * A zone row cut into its cells on the grid fitted to its glyphs, with the band's
 * contrast stretch (its paper to white, its ink to black) and each inked cell's shape.
 */
export function rowCells(
  grey: Grey,
  mask: Uint8Array,
  row: Row,
  cells: number,
): { top: number; bottom: number; stretch: (value: number) => number; cells: RowCell[] } {
  const rowHeight = row.bottom - row.top;
  const grid = fitGrid(mask, grey.width, row, cells);
  const pad = Math.round(rowHeight * 0.3);
  const top = Math.max(0, row.top - pad);
  const bottom = Math.min(grey.height, row.bottom + pad);
  const histogram = new Array<number>(256).fill(0);
  const bandLeft = Math.max(0, Math.floor(grid.left(0)));
  const bandRight = Math.min(grey.width, Math.ceil(grid.left(cells)));
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
  const found: RowCell[] = [];
  for (let cell = 0; cell < cells; cell += 1) {
    const cellLeft = grid.left(cell);
    const pitch = grid.left(cell + 1) - cellLeft;
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
    const shape = inkRight < 0 ? undefined : shapeOf(grey, stretch, (inkLeft + inkRight + 1) / 2, (row.top + row.bottom) / 2, pitch, rowHeight * 1.3);
    found.push({ x0, x1, inkLeft, inkRight, chevron: isChevron(mask, grey.width, row, cellLeft, pitch), shape });
  }
  return { top, bottom, stretch, cells: found };
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
function printedExamples(kinds: Kind[][], reads: CellRead[][]): { examples: Map<string, Float32Array[]>; same: number; chevrons: Float32Array[] } {
  const examples = new Map<string, Float32Array[]>();
  const chevrons: Float32Array[] = [];
  reads.forEach((cells, line) =>
    cells.forEach((cell, column) => {
      if (cell.chevron && cell.shape) chevrons.push(cell.shape);
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
  return { examples, same: pairs.length ? pairs[Math.floor(pairs.length / 2)] : 0.9, chevrons };
}

/** The zone's prints: per character, the glyphs read with confidence where the position's kind agrees; how alike two prints of one character are; the chevrons found by their shape. */
type PrintedExamples = ReturnType<typeof printedExamples>;

/** How much less than two prints of one character a rival's prints must match a glyph to rule the rival out. */
const RIVAL_GAP = 0.1;

/**
 * Rules out OCR's rival letters for a letter of a name or state (OCR's English model
 * reads OCR-B's O as D or Q with confidence) by the zone's own prints: a rival goes
 * when its prints match the glyph far less than two prints of one character match, or
 * when the glyph matches its letter's other prints about that well and the rival's, if
 * any, clearly less.
 */
function confirmLetters(kinds: Kind[][], reads: CellRead[][], { examples, same, chevrons }: PrintedExamples): void {
  const closest = (shape: Float32Array, text: string) =>
    Math.max(-1, ...((text === '<' ? chevrons : examples.get(text)) ?? []).filter((example) => example !== shape).map((example) => likeness(example, shape)));
  reads.forEach((cells, line) =>
    cells.forEach((cell, column) => {
      const { shape } = cell;
      if (kinds[line][column] !== 'alpha' || !shape || !cell.choices || cell.chevron) return;
      const own = closest(shape, cell.text);
      const confirmed = own >= same - 0.05;
      // A letter printed just like the zone's fillers: the filler is its rival, whatever OCR offered.
      if (cell.text !== '<' && closest(shape, '<') >= same - 0.05 && !cell.choices.some((choice) => choice.text === '<'))
        cell.choices = [...cell.choices, { text: '<', confidence: cell.confidence }];
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
  const printed = printedExamples(kinds, reads);
  const { examples, same } = printed;
  confirmLetters(kinds, reads, printed);
  reads.forEach((cells, line) =>
    cells.forEach((cell, column) => {
      if (kinds[line][column] !== 'alnum' || !cell.shape || cell.chevron) return;
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
      const doubt = (rivals: readonly string[]) => {
        // Two readers all but certain of it outweigh a look-alike's prints that come close,
        // unless the look-alike weighs the same in the check digits: they cannot catch that misread.
        const blind = rivals.filter((rival) => rival !== cell.text && checkBlind(rival, cell.text));
        if (cell.agreed && blind.length === 0) return;
        cell.confidence = Math.min(cell.confidence, SURE_CONFIDENCE - 20);
        const offered = new Set(cell.choices?.map((choice) => choice.text));
        const added = blind.filter((rival) => !offered.has(rival)).map((text) => ({ text, confidence: cell.confidence }));
        if (added.length) cell.choices = [...(cell.choices ?? []), ...added];
      };
      if (first && first.text !== cell.text && clear && first.score >= same - 0.05) {
        // Printed just like another character of the zone, and clearly unlike the rest.
        settle(first.text);
      } else if (own) {
        if (first.text === cell.text && clear && first.score >= same - 0.1) settle(cell.text);
        else doubt(scores.filter((candidate) => candidate.score >= first.score - SHAPE_MARGIN).map((candidate) => candidate.text));
      } else {
        const rivals = scores.filter((candidate) => alternatives.includes(candidate.text));
        // A character the check digits cannot tell from this one (U from 0), printed just like the glyph.
        const blind = scores.filter((candidate) => checkBlind(candidate.text, cell.text) && candidate.score >= same - 0.05).map((candidate) => candidate.text);
        // No printed look-alike to compare with: OCR's word is taken only when it is very sure and the glyph is not one of the round ones.
        if (rivals.length === 0) {
          if (cell.confidence < 95 || ROUND.includes(cell.text) || blind.length) doubt(blind);
        } else {
          const near = rivals.filter((rival) => rival.score >= same - 0.15).map((rival) => rival.text);
          if (near.length || blind.length) doubt([...near, ...blind]);
        }
      }
    }),
  );
}
