import sharp from 'sharp';
import { measureTiles, type Tile } from '../document-liveness/document-liveness.js';
import { bezel, shrink } from '../document-liveness/coarse.js';
import { TILE } from '../document-liveness/spectrum.js';
import type { FaceBox } from './face-reading.js';

/**
 * Passive presentation-attack signals of a selfie (issue 35 part 4): the document liveness
 * detectors' tile measures (server/document-liveness/: a screen's sub-pixel colour grid and
 * the moiré it beats into; a print's halftone dot lattice) taken on the face and its
 * surround rather than on a document page, and a screen's bezel around the picture. Signals
 * to measure and weigh, never a certification that a face is live.
 *
 * The share thresholds were set by the benchmark's tuning rule (just above the highest value
 * a genuine session of the tuning split showed: bench/face-liveness.mjs, run
 * bench/results/face-liveness-tuning-2026-11-29T13-21-45.json) and never on its exam split;
 * the tile thresholds are the document detectors'. docs/decisions.md, "Face presentation
 * attacks", says how little they catch.
 */
export const FACE_PRESENTATION_THRESHOLDS = {
  /** A tile repeats a colour pattern this much stronger than its band's average, with at least this amplitude… */
  screenTileRatio: 80,
  screenTileAmplitude: 1,
  /** …and this share of the face region's tiles do: a screen's sub-pixel grid. */
  screen: 0.057,
  /** Or this share of the lines in from the photo's borders meet a dark, neutral frame around a lit picture (a bezel). */
  screenBezel: 0.48,
  /** A tile holds a dot lattice this much stronger than its band's average, with at least this amplitude… */
  printTileRatio: 5,
  printTileAmplitude: 0.3,
  /** …and this share of the face region's tiles do: a halftone print. */
  print: 0.723,
} as const;

/** The face region measured: this many times the face box's longer side, around its centre. */
const REGION_SPAN = 2;
/** The region is measured at most this size (pixels); smaller regions are measured as they are. */
const REGION_SIDE = 1024;

export type FacePresentationKind = 'screen' | 'print';

export interface FacePresentationSignal {
  kind: FacePresentationKind;
  /** The measure as a multiple of its threshold: suspected from 1. */
  score: number;
  suspected: boolean;
  detail: string;
}

/** The raw measures (for the benchmark's threshold work on the tuning split). */
export interface FacePresentationMeasures {
  tiles: number;
  screenTiles: number;
  printTiles: number;
  bezel: number;
}

export interface FacePresentation {
  analysed: boolean;
  reason: string;
  signals: FacePresentationSignal[];
  measures: FacePresentationMeasures | null;
}

/**
 * The signals of one selfie around the face in `box` (pixels of the photo after its EXIF
 * orientation). Pure and CPU-bound (an analysis worker thread runs it); never throws: a
 * photo that cannot be measured gives no signal and the reason.
 */
export async function facePresentationSignals(image: Buffer, box: FaceBox, budgetMs = 10_000): Promise<FacePresentation> {
  const none = (reason: string): FacePresentation => ({ analysed: false, reason, signals: [], measures: null });
  try {
    const upright = await sharp(image).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    const side = Math.round(Math.max(box.width, box.height) * REGION_SPAN);
    const left = Math.max(0, Math.round(box.x + box.width / 2 - side / 2));
    const top = Math.max(0, Math.round(box.y + box.height / 2 - side / 2));
    const region = { left, top, width: Math.min(width - left, side), height: Math.min(height - top, side) };
    if (region.width < TILE * 2 || region.height < TILE * 2) return none('The face is too small to measure');
    const scale = Math.min(1, REGION_SIDE / Math.max(region.width, region.height));
    const pixels = await sharp(upright.data, { raw: { width, height, channels: 3 } })
      .extract(region)
      .resize(Math.round(region.width * scale), Math.round(region.height * scale))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const jpeg = (await sharp(image).metadata()).format === 'jpeg' && scale === 1;
    const measured = measureTiles(pixels.data, pixels.info.width, pixels.info.height, jpeg, Date.now() + budgetMs);
    if (!measured.complete) return none(`The measures ran out of their ${budgetMs} ms budget`);
    const frame = bezel(shrink(upright.data, width, height)).share;
    return fromMeasures(measures(measured.tiles, frame));
  } catch {
    return none('The photo could not be decoded');
  }
}

function measures(tiles: readonly Tile[], frame: number): FacePresentationMeasures {
  const t = FACE_PRESENTATION_THRESHOLDS;
  return {
    tiles: tiles.length,
    screenTiles: tiles.filter((tile) => tile.colourRatio > t.screenTileRatio && tile.colourAmplitude > t.screenTileAmplitude).length,
    printTiles: tiles.filter((tile) => tile.dotRatio > t.printTileRatio && tile.dotAmplitude > t.printTileAmplitude).length,
    bezel: round(frame),
  };
}

/** The signals the measures raise (exported for the specs). */
export function fromMeasures(measured: FacePresentationMeasures): FacePresentation {
  const t = FACE_PRESENTATION_THRESHOLDS;
  const share = (count: number) => (measured.tiles > 0 ? count / measured.tiles : 0);
  const screenScore = Math.max(share(measured.screenTiles) / t.screen, measured.bezel / t.screenBezel);
  const printScore = share(measured.printTiles) / t.print;
  const percent = (value: number) => `${Math.round(value * 100)} %`;
  return {
    analysed: true,
    reason: '',
    measures: measured,
    signals: [
      {
        kind: 'screen',
        score: round(screenScore),
        suspected: screenScore >= 1,
        detail:
          `${measured.screenTiles} of ${measured.tiles} tiles around the face repeat a fine colour pattern (sub-pixel grid, moiré); ` +
          `${percent(measured.bezel)} of the lines in from the borders meet a dark frame around a lit picture (a bezel)` +
          (screenScore >= 1 ? ': a photo of a screen is suspected' : ''),
      },
      {
        kind: 'print',
        score: round(printScore),
        suspected: printScore >= 1,
        detail: `${measured.printTiles} of ${measured.tiles} tiles around the face hold a dot lattice (halftone)${printScore >= 1 ? ': a print is suspected' : ''}`,
      },
    ],
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** A face summary with the presentation signals around its face (a summary without a face is returned as it is). */
export async function withPresentation<T extends { found: boolean }>(image: Buffer, summary: T): Promise<T & { presentation?: FacePresentation }> {
  return summary.found && 'box' in summary ? { ...summary, presentation: await facePresentationSignals(image, summary.box as FaceBox) } : summary;
}
