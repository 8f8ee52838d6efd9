import type { SignalRegion } from './document-signals.js';

/**
 * Cues measured on the photo shrunk to about 400 pixels (a box average): sensor noise,
 * blur, low resolution, a screen's sub-pixel stripes and a print's halftone dots average
 * out of it, and what is left is the scene's layout and colour. They catch what the
 * tiles' fine patterns miss when the photo has lost them.
 */

/** The shrunk photo's longer side is at most this (pixels). */
export const COARSE_SIDE = 400;

/** The photo shrunk by a whole factor, each pixel the mean of its block (red, green, blue). */
export interface Coarse {
  rgb: Float32Array;
  width: number;
  height: number;
}

export function shrink(rgb: Buffer, width: number, height: number): Coarse {
  const factor = Math.max(1, Math.round(Math.max(width, height) / COARSE_SIDE));
  const [w, h] = [Math.floor(width / factor), Math.floor(height / factor)];
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h * factor; y += 1) {
    const row = Math.floor(y / factor) * w;
    for (let x = 0; x < w * factor; x += 1) {
      const [i, o] = [(y * width + x) * 3, (row + Math.floor(x / factor)) * 3];
      out[o] += rgb[i]!;
      out[o + 1] += rgb[i + 1]!;
      out[o + 2] += rgb[i + 2]!;
    }
  }
  for (let i = 0; i < out.length; i += 1) out[i] /= factor * factor;
  return { rgb: out, width: w, height: h };
}

/** The thresholds of the bezel search (chosen on the benchmark's tuning split; docs/decisions.md). */
export const BEZEL = {
  /** A step of at least this much (grey levels, in any channel, across two pixels) is the edge of the object on the desk… */
  edge: 24,
  /** …and the band just inside it is a bezel when darker than this (mean luma)… */
  dark: 100,
  /** …neutral (red, green and blue within this many grey levels of each other)… */
  neutral: 12,
  /** …flat (its luma's spread under this)… */
  flat: 8,
  /** …and farther in lies a page brighter than the band by this much… */
  page: 50,
  /** …and brighter by this much than what lies outside the edge (a desk, where a document's own dark border has its pale margin outside). */
  desk: 15,
} as const;

/** The band checked inside the edge, pixels of the shrunk photo (a bezel is about 7–20 of them). */
const BAND = 5;
/** How far in from the photo's border an edge is looked for (a share of its side). */
const REACH = 0.35;

/** The share of scan lines that meet a bezel, and the rectangle spanned by the edges where they met it. */
export interface Bezel {
  share: number;
  region: SignalRegion | null;
}

/**
 * A screen's bezel: scanning in from each border of the photo (lines across its middle
 * half), the first sharp edge — the object on the desk — opens onto a dark, neutral, flat
 * band, with a page brighter than the band and than the desk farther in. A document photographed on a desk has its own
 * pale page (or card) inside that edge; a screen has the dark frame around the lit page,
 * which no blur, noise or low resolution takes away.
 */
export function bezel({ rgb, width, height }: Coarse): Bezel {
  const luma = (i: number) => 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  const chroma = (i: number) => Math.max(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!) - Math.min(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
  const step = (a: number, b: number) => Math.max(...[0, 1, 2].map((c) => Math.abs(rgb[a * 3 + c]! - rgb[b * 3 + c]!)));
  let [lines, hits] = [0, 0];
  const found: [number, number][] = [];
  /** One line: `at(k)` is the index of its k-th pixel in from the border, `place(k)` its (x, y). */
  const scan = (length: number, at: (k: number) => number, place: (k: number) => [number, number]) => {
    lines += 1;
    const reach = Math.floor(length * REACH);
    let edge = -1;
    for (let k = 2; k < reach && edge < 0; k += 1) if (step(at(k), at(k - 2)) > BEZEL.edge) edge = k;
    if (edge < 0 || edge + 2 + BAND >= length) return;
    const band = Array.from({ length: BAND }, (_, k) => at(edge + 2 + k));
    const lumas = band.map(luma);
    const mean = lumas.reduce((sum, value) => sum + value, 0) / BAND;
    const spread = Math.sqrt(lumas.reduce((sum, value) => sum + (value - mean) ** 2, 0) / BAND);
    if (mean >= BEZEL.dark || spread >= BEZEL.flat || Math.max(...band.map(chroma)) >= BEZEL.neutral) return;
    // Farther in, a page brighter than both the band and what lies outside the edge (a desk, not the document's own margin).
    let outside = 0;
    for (let k = 0; k < edge - 1; k += 1) outside += luma(at(k)) / (edge - 1);
    let page = false;
    for (let k = edge + 2 + BAND; k < length / 2 && !page; k += 1) page = luma(at(k)) > Math.max(mean + BEZEL.page, outside + BEZEL.desk);
    if (!page) return;
    hits += 1;
    found.push(place(edge));
  };
  for (let y = Math.floor(height / 4); y < (height * 3) / 4; y += 2) {
    scan(
      width,
      (k) => y * width + k,
      (k) => [k, y],
    );
    scan(
      width,
      (k) => y * width + width - 1 - k,
      (k) => [width - 1 - k, y],
    );
  }
  for (let x = Math.floor(width / 4); x < (width * 3) / 4; x += 2) {
    scan(
      height,
      (k) => k * width + x,
      (k) => [x, k],
    );
    scan(
      height,
      (k) => (height - 1 - k) * width + x,
      (k) => [x, height - 1 - k],
    );
  }
  if (found.length === 0) return { share: 0, region: null };
  const [xs, ys] = [found.map(([x]) => x), found.map(([, y]) => y)];
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const [right, bottom] = [Math.max(...xs) + 1, Math.max(...ys) + 1];
  return { share: hits / lines, region: { x: left / width, y: top / height, width: (right - left) / width, height: (bottom - top) / height } };
}

/**
 * How colourful the middle of the photo is: the 90th percentile of its pixels' chroma
 * (the largest less the smallest of red, green and blue) over the central 60 % of each
 * side, which a document filling most of the frame covers. A photocopy is grey and an
 * office print's colours washed out; a document's own inks and tinted background are not.
 */
export function colourfulness({ rgb, width, height }: Coarse): number {
  const chroma: number[] = [];
  for (let y = Math.floor(height * 0.2); y < height * 0.8; y += 1)
    for (let x = Math.floor(width * 0.2); x < width * 0.8; x += 1) {
      const i = (y * width + x) * 3;
      chroma.push(Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!));
    }
  if (chroma.length === 0) return 0;
  chroma.sort((a, b) => a - b);
  return chroma[Math.floor(chroma.length * 0.9)]!;
}
