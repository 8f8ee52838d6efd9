import sharp from 'sharp';
import type { SignalRegion } from './document-signals.js';

/** Blocks of this side (two JPEG blocks) are compared. */
const BLOCK = 16;
/** The qualities at which the photo is saved again to find the one it was once saved at. */
const QUALITIES = [50, 55, 60, 65, 70, 75, 80];

/** What saving the photo again shows: where its blocks disagree with the quality the rest was once saved at. */
export interface RecompressionMeasures {
  /** The quality whose re-save changes the photo least (the quality it was once saved at, near enough). */
  quality: number;
  /** The photo's size in pixels, and its whole blocks across and down. */
  width: number;
  height: number;
  columns: number;
  rows: number;
  /** Per block, the mean squared change of luma when saved again at `quality`. */
  change: Float32Array;
  /** Per block, the variance of its luma: flat blocks change little whatever was done to them. */
  texture: Float32Array;
}

/**
 * "JPEG ghosts": a photo once saved at quality q changes little when saved at q again,
 * except where something was pasted after that save, which never went through q. Saves
 * the photo at several qualities, takes the one that changes it least overall, and
 * returns each block's change at that quality. `deadline` stops between qualities.
 */
export async function recompressionMeasures(jpeg: Buffer, deadline: number): Promise<RecompressionMeasures | null> {
  const decode = (input: Buffer) => sharp(input).greyscale().raw().toBuffer({ resolveWithObject: true });
  const original = await decode(jpeg);
  const { width, height } = original.info;
  const [columns, rows] = [Math.floor(width / BLOCK), Math.floor(height / BLOCK)];
  const texture = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by += 1)
    for (let bx = 0; bx < columns; bx += 1) {
      let [sum, squares] = [0, 0];
      for (let y = by * BLOCK; y < (by + 1) * BLOCK; y += 1)
        for (let x = bx * BLOCK; x < (bx + 1) * BLOCK; x += 1) {
          const value = original.data[y * width + x]!;
          sum += value;
          squares += value * value;
        }
      const mean = sum / (BLOCK * BLOCK);
      texture[by * columns + bx] = squares / (BLOCK * BLOCK) - mean * mean;
    }
  let best: { quality: number; change: Float32Array; total: number } | null = null;
  for (const quality of QUALITIES) {
    if (Date.now() > deadline) return null;
    const saved = await decode(await sharp(jpeg).jpeg({ quality }).toBuffer());
    const change = new Float32Array(columns * rows);
    let total = 0;
    for (let by = 0; by < rows; by += 1)
      for (let bx = 0; bx < columns; bx += 1) {
        let sum = 0;
        for (let y = by * BLOCK; y < (by + 1) * BLOCK; y += 1)
          for (let x = bx * BLOCK; x < (bx + 1) * BLOCK; x += 1) {
            const d = original.data[y * width + x]! - saved.data[y * width + x]!;
            sum += d * d;
          }
        change[by * columns + bx] = sum / (BLOCK * BLOCK);
        total += sum;
      }
    if (!best || total < best.total) best = { quality, change, total };
  }
  return best ? { quality: best.quality, width, height, columns, rows, change: best.change, texture } : null;
}

/**
 * The largest 4-connected group of blocks whose change exceeds `threshold`: its size in
 * blocks and its rectangle (fractions of the photo).
 */
export function largestInconsistentGroup(measures: RecompressionMeasures, threshold: number): { blocks: number; region: SignalRegion | null } {
  const { width, height, columns, rows, change } = measures;
  const seen = new Uint8Array(columns * rows);
  let best = { blocks: 0, region: null as SignalRegion | null };
  for (let start = 0; start < change.length; start += 1) {
    if (seen[start] || change[start]! <= threshold) continue;
    const stack = [start];
    seen[start] = 1;
    let [count, left, top, right, bottom] = [0, columns, rows, 0, 0];
    while (stack.length > 0) {
      const at = stack.pop()!;
      const [x, y] = [at % columns, Math.floor(at / columns)];
      count += 1;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
        const next = ny * columns + nx;
        if (!seen[next] && change[next]! > threshold) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    if (count > best.blocks) {
      best = {
        blocks: count,
        region: {
          x: (left * BLOCK) / width,
          y: (top * BLOCK) / height,
          width: ((right - left + 1) * BLOCK) / width,
          height: ((bottom - top + 1) * BLOCK) / height,
        },
      };
    }
  }
  return best;
}
