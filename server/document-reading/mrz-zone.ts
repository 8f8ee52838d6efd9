import sharp from 'sharp';
import { shearOf, unsheared, type Grey, type Row } from './mrz-grid.js';

/** The zone found on a photo: the straightened image, its ink mask and the zone's two or three rows, top to bottom. */
export interface Zone {
  grey: Grey;
  mask: Uint8Array;
  rows: Row[];
  /** Where a point of the straightened image lies on the photo as shown upright, in fractions of its width and height. */
  toPhoto: (x: number, y: number) => { x: number; y: number };
}

/**
 * Finds the machine-readable zone of a document photo: EXIF-rotated, greyscale and
 * normalised, deskewed by projection, the ink masked (more smoothly on a noisy photo)
 * and the zone's rows located at the bottom. Null when there are not two such rows.
 */
export async function locateZone(image: Buffer): Promise<Zone | null> {
  const grey = await normalised(image);
  const angle = skewAngle(grey, darkMask(await medianOf(grey, 3)));
  const straight = angle === 0 ? grey : await rotated(grey, -angle);
  const found = await zoneOn(straight);
  if (!found) return null;
  // The normalised photo is the upright photo scaled; the straight one is it turned by -angle about its centre, on a canvas grown to hold it.
  const turn = (-angle * Math.PI) / 180;
  const fromStraight = (x: number, y: number) => {
    const dx = x - straight.width / 2;
    const dy = y - straight.height / 2;
    return {
      x: (grey.width / 2 + dx * Math.cos(turn) + dy * Math.sin(turn)) / grey.width,
      y: (grey.height / 2 - dx * Math.sin(turn) + dy * Math.cos(turn)) / grey.height,
    };
  };
  // A photo taken at an angle leans the glyphs: straightened, their cells separate again.
  const { shear, centreY } = shearOf(found.mask, straight.width, found.rows);
  const upright = Math.abs(shear) < MIN_SHEAR ? null : await zoneOn(unsheared(straight, shear, centreY));
  if (!upright) return { ...found, toPhoto: fromStraight };
  return { ...upright, toPhoto: (x, y) => fromStraight(x - (y - centreY) * shear, y) };
}

/** A lean (pixels per pixel) below which the glyphs are taken as upright. */
const MIN_SHEAR = 0.03;

/**
 * The zone on a straightened image: the ink masked (more smoothly on a noisy photo)
 * and the zone's rows located at the bottom; null when there are not two such rows.
 */
async function zoneOn(straight: Grey): Promise<Omit<Zone, 'toPhoto'> | null> {
  // Noise (a dim photo's sensor noise, stretched): the mean change a median filter makes, in grey levels.
  let smooth = await medianOf(straight, 3);
  let difference = 0;
  for (let i = 0; i < smooth.pixels.length; i += 1) difference += Math.abs(smooth.pixels[i] - straight.pixels[i]);
  const noise = difference / smooth.pixels.length;
  if (noise > STRONG_NOISE) smooth = await medianOf(straight, 5);
  const mask = darkMask(smooth);
  const rows = mrzRows(straight, mask);
  return rows.length < 2 ? null : { grey: straight, mask, rows };
}

/** Width the photo is normalised to before the zone is searched. */
const WORK_WIDTH = 1400;

/**
 * How many characters a zone row holds, from its glyphs' spacing: the median distance
 * between neighbouring glyphs (the ink's column runs) is the pitch, and the row spans
 * one glyph less than its cells plus a glyph's width. Tells a 36-character line from a
 * 44-character one whatever the photo's scale.
 */
export function cellsOnRow(mask: Uint8Array, width: number, row: Row): number {
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
  // A column of a glyph has ink over a fifth of the row at least; a background line crossing the row has less.
  const dense = (x: number) => columns[x] >= Math.max(2, (bottom - top) * 0.2);
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
