import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { detectFaces, type FaceBox } from './face-reading.js';
import { seededRandom } from './seeded-random.js';

/**
 * Test faces for specs and the benchmark, cut at run time from the sample photos that
 * @vladmandic/face-api (a devDependency, installed for these photos only) and
 * @vladmandic/human ship: third-party photos are never committed.
 */

const require = createRequire(import.meta.url);
const faceApiDir = join(dirname(require.resolve('@vladmandic/face-api')), '..');
const humanDir = join(dirname(require.resolve('@vladmandic/human')), '..');

/**
 * The sample photos, groups of people. Human's screenshot-faceid.jpg is left out: its one
 * face is the man of screenshot-facedetect.jpg, and every source face must be a different person.
 */
export const SOURCE_PHOTOS: readonly string[] = [
  ...[1, 2, 3, 4, 5, 6].map((index) => join(faceApiDir, 'demo', `sample${index}.jpg`)),
  join(humanDir, 'assets', 'screenshot-facedetect.jpg'),
];

/** A source face must be at least this large (shorter side of its box) to survive the downscaling of the augmentations. */
export const MIN_SOURCE_FACE = 120;

export interface SourceFace {
  /** `<photo file>#<index, largest first>` */
  id: string;
  /** The face with a margin around it (the head, some background), PNG. */
  crop: Buffer;
}

/**
 * One crop per face large and confident enough. The boxes are widened because the
 * detector's box is tight around the features and portraits show the whole head; the
 * neighbours' faces the margin takes in are painted over, so that each crop shows one person.
 */
export async function extractSourceFaces(photos: readonly string[] = SOURCE_PHOTOS): Promise<SourceFace[]> {
  const faces: SourceFace[] = [];
  for (const photo of photos) {
    const image = readFileSync(photo);
    const detection = await detectFaces(image, { describe: false });
    for (const [index, face] of detection.faces.entries()) {
      if (face.size < MIN_SOURCE_FACE || face.score < 0.8) continue;
      // A face another one overlaps would be painted over in part: not a clean photo of one person.
      if (detection.faces.some((other) => other !== face && overlaps(other.box, face.box))) continue;
      const margin = Math.round(face.size * 0.45);
      const left = Math.max(0, face.box.x - margin);
      const top = Math.max(0, face.box.y - margin);
      const width = Math.min(detection.width, face.box.x + face.box.width + margin) - left;
      const height = Math.min(detection.height, face.box.y + face.box.height + margin) - top;
      const neighbours = detection.faces
        .filter((other) => other !== face)
        .map(({ box }) => ({
          left: Math.max(0, box.x - left),
          top: Math.max(0, box.y - top),
          width: Math.min(width, box.x - left + box.width) - Math.max(0, box.x - left),
          height: Math.min(height, box.y - top + box.height) - Math.max(0, box.y - top),
        }))
        .filter((box) => box.width > 0 && box.height > 0)
        .map((box) => ({
          input: { create: { width: box.width, height: box.height, channels: 3 as const, background: { r: 128, g: 128, b: 128 } } },
          left: box.left,
          top: box.top,
        }));
      const crop = await sharp(await sharp(image).rotate().extract({ left, top, width, height }).png().toBuffer())
        .composite(neighbours)
        .png()
        .toBuffer();
      faces.push({ id: `${photo.split('/').pop()}#${index}`, crop });
    }
  }
  return faces;
}

function overlaps(a: FaceBox, b: FaceBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const between = (next: () => number, low: number, high: number) => low + (high - low) * next();

/**
 * The face as a document's printed portrait would show it once photographed: small,
 * faded and desaturated, slightly blurred and tilted, on the card's pale background,
 * heavily compressed.
 */
export async function documentSide(crop: Buffer, seed: number): Promise<Buffer> {
  const next = seededRandom(seed * 2 + 1);
  const width = Math.round(between(next, 170, 260));
  const portrait = await sharp(crop)
    .resize({ width })
    .modulate({ saturation: between(next, 0, 0.6), brightness: between(next, 0.95, 1.15) })
    .linear(between(next, 0.7, 0.9), between(next, 20, 45))
    .blur(between(next, 0.4, 1.1))
    .png()
    .toBuffer();
  const card = { r: 236, g: 232, b: 218 };
  return sharp(portrait)
    .extend({ top: 40, bottom: 80, left: 40, right: 220, background: card })
    .rotate(between(next, -4, 4), { background: card })
    .jpeg({ quality: Math.round(between(next, 45, 75)) })
    .toBuffer();
}

/**
 * The face as a phone's front camera would take it: larger, mirrored (front cameras
 * mirror), tilted, lit warmer or cooler and brighter or darker, on its own background.
 */
export async function selfieSide(crop: Buffer, seed: number): Promise<Buffer> {
  const next = seededRandom(seed * 2 + 2);
  const width = Math.round(between(next, 320, 560));
  const tint = { r: between(next, 0.85, 1.15), g: 1, b: between(next, 0.85, 1.15) };
  const portrait = await sharp(crop)
    .resize({ width })
    .flop()
    .modulate({ brightness: between(next, 0.7, 1.3), saturation: between(next, 0.8, 1.3) })
    .linear([tint.r, tint.g, tint.b], [0, 0, 0])
    .png()
    .toBuffer();
  const background = { r: Math.round(between(next, 40, 200)), g: Math.round(between(next, 40, 200)), b: Math.round(between(next, 40, 200)) };
  const pad = Math.round(width * 0.3);
  return sharp(portrait)
    .extend({ top: pad, bottom: pad * 2, left: pad, right: pad, background })
    .rotate(between(next, -12, 12), { background })
    .jpeg({ quality: Math.round(between(next, 70, 95)) })
    .toBuffer();
}

/** Two faces side by side on one picture, as a selfie with someone else in it would show them. */
export async function sideBySide(left: Buffer, right: Buffer): Promise<Buffer> {
  const height = 400;
  const [a, b] = await Promise.all([left, right].map((crop) => sharp(crop).resize({ height }).png().toBuffer()));
  const [widthA, widthB] = await Promise.all([a, b].map(async (image) => (await sharp(image).metadata()).width ?? 0));
  return sharp({ create: { width: widthA + widthB + 120, height: height + 80, channels: 3, background: { r: 90, g: 110, b: 130 } } })
    .composite([
      { input: a, left: 40, top: 40 },
      { input: b, left: widthA + 80, top: 40 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}
