import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { DocumentLivenessResult, DocumentSignal, SignalRegion } from './document-signals.js';
import { bezel, colourfulness, shrink, type Bezel } from './coarse.js';
import { editingSoftware } from './editing-software.js';
import { largestInconsistentGroup, recompressionMeasures, type RecompressionMeasures } from './recompression.js';
import { TILE, lattice, periodicity, tilePower } from './spectrum.js';

/**
 * The thresholds, chosen on the tuning split of the synthetic attack set only
 * (bench/lib/verification-document-liveness.mjs; docs/decisions.md) and never on the exam.
 */
export const LIVENESS_THRESHOLDS = {
  /** A tile repeats a colour pattern (its colour apart from its luma) this much stronger than its band's average… */
  screenTileRatio: 80,
  /** …with at least this amplitude (grey levels)… */
  screenTileAmplitude: 1,
  /** …and this share of all tiles do… */
  screen: 0.02,
  /** …and at least this many (a small photo's few tiles of coloured print are no screen): a screen's sub-pixel grid, beating into moiré. */
  screenTiles: 6,
  /** Or this share of the scan lines in from the photo's borders meet a screen's bezel (a dark, neutral, flat frame around a lit page; coarse.ts). */
  screenBezel: 0.25,
  /** A bright tile holds a dot lattice this much stronger than its band's average… */
  printTileRatio: 5,
  /** …with at least this amplitude (grey levels). */
  printTileAmplitude: 0.3,
  /** Each grey level of the document's median saturation lowers the print score this much (photocopies are grey). */
  printSaturationWeight: 0.03,
  /** Each grey level of the middle of the photo's colourfulness (coarse.ts) lowers it this much (a copy's colours are washed out, whatever the blur). */
  printColourWeight: 0.01,
  /** The print score (share of dot-lattice tiles less the saturation's and the colourfulness's parts) from which a print is suspected. */
  print: 0.08,
  /** A 16-pixel block whose luma changes this much (mean squared) when saved again at the photo's own quality… */
  editBlockChange: 8,
  /** …in a group of at least this many touching blocks… */
  editBlocks: 10,
  /** …while three quarters of the textured blocks change less than this (the rest of the photo was once saved at that quality): an edit. */
  editRestChange: 4,
  /** A block is textured from this luma variance (flat blocks change little whatever was done to them). */
  editTexture: 25,
} as const;

/**
 * The wall-clock time the measures of one photo may take (about half a second on an idle
 * core): a guard against a hung worker, generous because background analyses run at the
 * lowest CPU priority and wait behind everything else on a busy machine.
 */
export const DEFAULT_BUDGET_MS = 20_000;

/** Photos larger than this (pixels) are refused, as the reader refuses them. */
const MAX_PIXELS = 40_000_000;
/** Measured at most this size: larger photos are scaled down (their JPEG grid then no longer lines up). */
const WORKING_SIDE = 2048;
/** Tiles this bright (mean luma) belong to the document's paper rather than a desk or a screen's surround. */
const PAPER_LUMA = 170;

/**
 * The document liveness signals of one photo: a photo of a screen (a periodic colour
 * pattern: sub-pixel stripes and moiré), a print or photocopy (a halftone dot lattice on
 * grey paper), an edited image (an editing program named in the metadata, or a part that
 * disagrees with the quality the rest of the JPEG was once saved at). Pure and
 * CPU-bound (it runs on an analysis worker thread); never throws: a photo that cannot be
 * measured gives no signal and the reason. The time budget stops the tile scan early and
 * says so.
 */
export async function analyseDocumentLiveness(buffer: Buffer, budgetMs = DEFAULT_BUDGET_MS): Promise<DocumentLivenessResult> {
  const started = Date.now();
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    return { analysed: false, reason: 'The file is not an image that can be decoded', signals: [] };
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) {
    return { analysed: false, reason: `A ${metadata.format ?? 'unknown'} file is not a photo the signals can measure`, signals: [] };
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_PIXELS) return { analysed: false, reason: 'The photo is too large to measure', signals: [] };
  if (width < TILE * 2 || height < TILE * 2) return { analysed: false, reason: 'The photo is too small to measure', signals: [] };

  const signals: DocumentSignal[] = [];
  const software = editingSoftware(metadata.exif, metadata.xmp);
  let recompression: RecompressionMeasures | null = null;
  if (metadata.format === 'jpeg') {
    try {
      recompression = await recompressionMeasures(buffer, started + budgetMs);
    } catch {
      recompression = null; // a JPEG that decodes for its size but not whole: the tiles below say so
    }
  }
  signals.push(editedSignal(software, recompression));

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    const scaled = Math.max(width, height) > WORKING_SIDE;
    const image = sharp(buffer, { limitInputPixels: MAX_PIXELS }).rotate().removeAlpha();
    pixels = await (scaled ? image.resize(WORKING_SIDE, WORKING_SIDE, { fit: 'inside' }) : image).raw().toBuffer({ resolveWithObject: true });
  } catch {
    return { analysed: false, reason: 'The photo could not be decoded', signals };
  }
  const measured = measureTiles(pixels.data, pixels.info.width, pixels.info.height, metadata.format === 'jpeg', started + budgetMs);
  if (!measured.complete) return { analysed: false, reason: `The measures ran out of their ${budgetMs} ms budget`, signals };
  const coarse = shrink(pixels.data, pixels.info.width, pixels.info.height);
  signals.unshift(screenSignal(measured, bezel(coarse)), printSignal(measured, colourfulness(coarse)));
  return { analysed: true, reason: '', signals };
}

/** One tile's place and measures. */
export interface Tile {
  x: number;
  y: number;
  luma: number;
  saturation: number;
  colourRatio: number;
  colourAmplitude: number;
  dotRatio: number;
  dotAmplitude: number;
  dotPeriod: number;
}

/** The tiles of one photo, and whether the budget let every tile be measured. */
export interface TileMeasures {
  tiles: Tile[];
  width: number;
  height: number;
  complete: boolean;
}

/** Each tile's measures (exported for the benchmark's threshold work on the tuning split). */
export function measureTiles(rgb: Buffer, width: number, height: number, jpeg: boolean, deadline: number): TileMeasures {
  const luma = new Float32Array(width * height);
  const colour = new Float32Array(width * height);
  const saturation = new Float32Array(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    colour[i] = r - b;
    saturation[i] = Math.max(r, g, b) - Math.min(r, g, b);
  }
  const tiles: Tile[] = [];
  for (let y = 0; y + TILE <= height; y += TILE) {
    if (Date.now() > deadline) return { tiles, width, height, complete: false };
    for (let x = 0; x + TILE <= width; x += TILE) {
      const colourPeak = periodicity(tilePower(colourApartFromLuma(colour, luma, width, x, y), TILE, 0, 0), 2, 10, jpeg);
      const dots = lattice(tilePower(luma, width, x, y), 2.5, 10, jpeg);
      let [meanLuma, meanSaturation] = [0, 0];
      for (let row = 0; row < TILE; row += 1)
        for (let column = 0; column < TILE; column += 1) {
          meanLuma += luma[(y + row) * width + x + column]!;
          meanSaturation += saturation[(y + row) * width + x + column]!;
        }
      tiles.push({
        x,
        y,
        luma: meanLuma / (TILE * TILE),
        saturation: meanSaturation / (TILE * TILE),
        colourRatio: colourPeak.ratio,
        colourAmplitude: colourPeak.amplitude,
        dotRatio: dots.ratio,
        dotAmplitude: dots.amplitude,
        dotPeriod: dots.period,
      });
    }
  }
  return { tiles, width, height, complete: true };
}

function editedSignal(software: string | null, recompression: RecompressionMeasures | null): DocumentSignal {
  const t = LIVENESS_THRESHOLDS;
  const group = recompression ? largestInconsistentGroup(recompression, t.editBlockChange) : { blocks: 0, region: null };
  const textured = recompression ? [...recompression.change].filter((_, block) => recompression.texture[block]! > t.editTexture) : [];
  const restChange = textured.length > 0 ? percentile(textured, 0.75) : Infinity;
  const pasted = recompression !== null && group.blocks >= t.editBlocks && restChange < t.editRestChange;
  const findings = [
    software && `the file's metadata names editing software: ${software}`,
    pasted &&
      `${group.blocks} touching blocks change when saved again at quality ${recompression!.quality}, where the rest of the photo does not (a part pasted after the photo was saved)`,
  ].filter(Boolean);
  return {
    kind: 'edited',
    score: round(Math.max(software ? 1 : 0, pasted ? group.blocks / t.editBlocks : 0)),
    suspected: findings.length > 0,
    region: pasted ? roundRegion(group.region!) : null,
    detail:
      findings.length > 0
        ? `An edit is suspected: ${findings.join('; ')}`
        : recompression
          ? 'No editing software named in the metadata; no part of the photo disagrees with the quality it was saved at'
          : 'No editing software named in the metadata (the re-save comparison is made on JPEG photos only)',
  };
}

/**
 * The tile's colour (red less blue) less the part that follows its luma: where a tile
 * holds two colours only (white text on a blue band, dark ink on pale paper), colour is a
 * straight function of luma and nothing is left; a screen's red, green and blue
 * sub-pixels (and the moiré they beat into) are three hues that no straight line of luma
 * explains.
 */
function colourApartFromLuma(colour: Float32Array, luma: Float32Array, width: number, x: number, y: number): Float32Array {
  let [sumL, sumC, sumLL, sumLC] = [0, 0, 0, 0];
  for (let row = 0; row < TILE; row += 1)
    for (let column = 0; column < TILE; column += 1) {
      const i = (y + row) * width + x + column;
      sumL += luma[i]!;
      sumC += colour[i]!;
      sumLL += luma[i]! * luma[i]!;
      sumLC += luma[i]! * colour[i]!;
    }
  const n = TILE * TILE;
  const variance = sumLL - (sumL * sumL) / n;
  const slope = variance > 1e-6 ? (sumLC - (sumL * sumC) / n) / variance : 0;
  const apart = new Float32Array(n);
  for (let row = 0; row < TILE; row += 1)
    for (let column = 0; column < TILE; column += 1) {
      const i = (y + row) * width + x + column;
      apart[row * TILE + column] = colour[i]! - slope * luma[i]!;
    }
  return apart;
}

/**
 * A screen: its sub-pixel grid (tiles repeating a fine colour pattern), or, where blur,
 * noise or a low resolution wiped the grid out, its bezel. The score is the stronger of the
 * two as a multiple of its threshold (the grid's counted from its least number of tiles), so
 * a photo is suspected from 1.
 */
function screenSignal({ tiles, width, height }: TileMeasures, frame: Bezel): DocumentSignal {
  const t = LIVENESS_THRESHOLDS;
  const flagged = tiles.filter((tile) => tile.colourRatio > t.screenTileRatio && tile.colourAmplitude > t.screenTileAmplitude);
  const share = tiles.length > 0 ? flagged.length / tiles.length : 0;
  const grid = share >= t.screen && flagged.length >= t.screenTiles;
  const framed = frame.share >= t.screenBezel;
  const suspected = grid || framed;
  return {
    kind: 'screen',
    score: round(Math.max(flagged.length >= t.screenTiles ? share / t.screen : 0, frame.share / t.screenBezel)),
    suspected,
    region: grid || !framed ? regionOf(flagged, width, height) : roundRegion(frame.region!),
    detail:
      `${flagged.length} of ${tiles.length} tiles repeat a fine colour pattern (sub-pixel stripes, moiré); ` +
      `${Math.round(frame.share * 100)} % of the lines in from the borders meet a dark, neutral frame around a lit page (a bezel)` +
      (suspected ? ': a photo of a screen is suspected' : ''),
  };
}

/**
 * A print or photocopy: a dot lattice on much of the paper, the more telling the greyer the
 * paper and the more washed out the colours of the middle of the photo (a copy's portrait,
 * tints and inks; measured on the shrunk photo, so blur and noise leave it be).
 */
function printSignal({ tiles, width, height }: TileMeasures, colour: number): DocumentSignal {
  const t = LIVENESS_THRESHOLDS;
  const paper = tiles.filter((tile) => tile.luma > PAPER_LUMA);
  const flagged = paper.filter((tile) => tile.dotRatio > t.printTileRatio && tile.dotAmplitude > t.printTileAmplitude);
  const share = paper.length > 0 ? flagged.length / paper.length : 0;
  const saturation = median(paper.map((tile) => tile.saturation));
  const score = share - t.printSaturationWeight * saturation - t.printColourWeight * colour;
  const suspected = paper.length > 0 && score >= t.print;
  return {
    kind: 'print',
    score: round(score),
    suspected,
    region: regionOf(flagged, width, height),
    detail:
      `${flagged.length} of ${paper.length} tiles of the document hold a dot lattice (halftone); median saturation ${saturation.toFixed(0)}; ` +
      `colourfulness ${colour.toFixed(0)}${suspected ? ': a print or photocopy is suspected' : ''}`,
  };
}

/** The rectangle holding the flagged tiles (from the 5th to the 95th percentile of their places, so a stray tile does not stretch it). */
function regionOf(tiles: readonly Tile[], width: number, height: number): SignalRegion | null {
  if (tiles.length === 0) return null;
  const xs = tiles.map((tile) => tile.x).sort((a, b) => a - b);
  const ys = tiles.map((tile) => tile.y).sort((a, b) => a - b);
  const at = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))]!;
  const [left, top] = [at(xs, 0.05), at(ys, 0.05)];
  const [right, bottom] = [Math.min(width, at(xs, 0.95) + TILE), Math.min(height, at(ys, 0.95) + TILE)];
  return { x: round(left / width), y: round(top / height), width: round((right - left) / width), height: round((bottom - top) / height) };
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function roundRegion(region: SignalRegion): SignalRegion {
  return { x: round(region.x), y: round(region.y), width: round(region.width), height: round(region.height) };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
