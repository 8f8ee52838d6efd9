import sharp from 'sharp';

/** Limits a photo is judged against; an organization may pass its own. */
export interface QualityThresholds {
  /** Below this variance of the Laplacian (on the normalised image) the photo is blurry. */
  minSharpness: number;
  /** Above this share of blown-out pixels (inside saturated patches) glare hides part of the document. */
  maxGlare: number;
  /** Below this mean luminance (0–255) the photo is too dark. */
  minBrightness: number;
  /** Below this many pixels on the shorter side the photo is too small to read. */
  minShortSide: number;
}

export const DEFAULT_QUALITY_THRESHOLDS: QualityThresholds = {
  minSharpness: 120,
  maxGlare: 0.04,
  minBrightness: 60,
  minShortSide: 500,
};

/** Width the photo is scaled to before blur, glare and darkness are measured. */
export const QUALITY_WORK_WIDTH = 1000;

export interface QualityMeasures {
  /** Pixels of the photo as taken, after its EXIF orientation. */
  width: number;
  height: number;
  sharpness: number;
  glare: number;
  brightness: number;
}

export type QualityProblem = 'blurry' | 'glare' | 'dark' | 'low-resolution';

export interface QualityReport {
  measures: QualityMeasures;
  /** True when no threshold is crossed. */
  acceptable: boolean;
  problems: { problem: QualityProblem; message: string }[];
}

const MESSAGES: Record<QualityProblem, string> = {
  blurry: 'The photo is blurry — hold still and retake',
  glare: 'Glare covers part of the document',
  dark: 'The photo is too dark — find more light and retake',
  'low-resolution': 'The photo is too small — move closer or use a better camera',
};

/**
 * Measures a photo (EXIF orientation applied, scaled to a common width): blur as the
 * variance of the Laplacian, glare as the share of blown-out pixels, darkness as the
 * mean luminance, and resolution; and judges them against the thresholds.
 */
export async function assessQuality(image: Buffer, thresholds: QualityThresholds = DEFAULT_QUALITY_THRESHOLDS): Promise<QualityReport> {
  // The size as taken, after the EXIF orientation, from the header (no decoding).
  const original = (await sharp(image).metadata()).autoOrient;
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: QUALITY_WORK_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  for (const value of data) sum += value;
  let lapSum = 0;
  let lapSquares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const laplacian = data[i - 1] + data[i + 1] + data[i - width] + data[i + width] - 4 * data[i];
      lapSum += laplacian;
      lapSquares += laplacian * laplacian;
      count += 1;
    }
  }
  const mean = lapSum / count;
  const measures: QualityMeasures = {
    width: original.width,
    height: original.height,
    sharpness: lapSquares / count - mean * mean,
    glare: blownOut(data, width, height) / data.length,
    brightness: sum / data.length,
  };
  const problems: QualityProblem[] = [];
  if (measures.sharpness < thresholds.minSharpness) problems.push('blurry');
  if (measures.glare > thresholds.maxGlare) problems.push('glare');
  if (measures.brightness < thresholds.minBrightness) problems.push('dark');
  if (Math.min(measures.width, measures.height) < thresholds.minShortSide) problems.push('low-resolution');
  return { measures, acceptable: problems.length === 0, problems: problems.map((problem) => ({ problem, message: MESSAGES[problem] })) };
}

/** Half the side of the square that must be saturated all over for its centre to count as glare. */
const GLARE_RADIUS = 6;

/**
 * Pixels inside a saturated patch at least 13 px across (at the work width): a reflection
 * washes out an area, while white print (paper, a barcode's light bars) is saturated only
 * in thin strokes beside dark ones. Counted with a summed-area table of the saturated mask.
 */
function blownOut(grey: Uint8Array, width: number, height: number): number {
  const stride = width + 1;
  const table = new Uint32Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += grey[y * width + x] >= 254 ? 1 : 0;
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] + row;
    }
  }
  const side = 2 * GLARE_RADIUS + 1;
  const full = side * side;
  let count = 0;
  for (let y = GLARE_RADIUS; y < height - GLARE_RADIUS; y += 1) {
    for (let x = GLARE_RADIUS; x < width - GLARE_RADIUS; x += 1) {
      if (grey[y * width + x] < 254) continue;
      const top = y - GLARE_RADIUS;
      const left = x - GLARE_RADIUS;
      const inside =
        table[(top + side) * stride + left + side] - table[top * stride + left + side] - table[(top + side) * stride + left] + table[top * stride + left];
      if (inside === full) count += 1;
    }
  }
  return count;
}
