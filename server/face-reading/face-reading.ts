import type { FaceResult } from '@vladmandic/human';
import sharp, { type Sharp } from 'sharp';
import { faceEngine } from './engine.js';
import { fivePointsFromMesh, type FivePoints, type RgbImage } from './face-alignment.js';

/**
 * Photos are scaled to fit this many pixels on their longer side before detection: the
 * detector works at 256 px and faceres at 224 px, so more only costs decoding time.
 */
export const FACE_WORK_SIZE = 1600;

/**
 * Cosine similarity from which two faceres faces are the same person (each model's
 * threshold, the one the product uses: face-models.ts). npm run bench:verification
 * (document portrait vs selfie, 20 identities × 10 augmentations) sweeps it: from 0.70 to
 * 0.72 FNMR stays 0.02 while FMR falls from 0.001 to 0.0003; at 0.74 FNMR rises to 0.03
 * (docs/decisions.md, "Face match accuracy").
 */
export const FACE_MATCH_THRESHOLD = 0.72;

/** Below this many pixels on the shorter side of its box (in the photo as given) a face is too small to compare. */
export const MIN_FACE_SIZE = 80;

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  /** Pixels of the photo as given, after its EXIF orientation. */
  box: FaceBox;
  /** The shorter side of the box, in pixels. */
  size: number;
  /** Detector and mesh confidence, 0–1. */
  score: number;
  /** Head pose from the mesh landmarks, in degrees: yaw turns left/right, pitch nods, roll tilts. */
  yaw: number;
  pitch: number;
  roll: number;
  /** faceres description (1024 values), compared with faceSimilarity; empty when the faces were only outlined. */
  embedding: Float32Array;
  /** The package's anti-spoofing score (1 = real face) and liveness score (1 = live): signals, not certifications. */
  antispoof: number | null;
  liveness: number | null;
  /**
   * Eyes, nose tip and mouth corners from the mesh (face-alignment.ts), in pixels of the
   * photo as given, like the box, except readPortrait's: those of its crop (readPortraitDetail).
   */
  landmarks?: FivePoints | null;
}

export interface FaceDetection {
  /** The photo's size after its EXIF orientation. */
  width: number;
  height: number;
  /** Largest face first. */
  faces: DetectedFace[];
}

export type FaceRead = { found: true; face: DetectedFace } | { found: false; reason: 'no face' | 'several faces' | 'face too small'; faces: DetectedFace[] };

const scalePoints = (points: FivePoints | null, scale: number): FivePoints | null =>
  points && (points.map(([x, y]) => [x * scale, y * scale] as const) as unknown as FivePoints);

const degrees = (radians: number | undefined) => ((radians ?? 0) * 180) / Math.PI;

function toDetectedFace(result: FaceResult, scale: number, describe: boolean): DetectedFace | null {
  if (describe && !result.embedding?.length) return null;
  const [x, y, width, height] = result.box.map((value) => Math.round(value * scale));
  return {
    box: { x, y, width, height },
    size: Math.min(width, height),
    score: result.score,
    yaw: degrees(result.rotation?.angle.yaw),
    pitch: degrees(result.rotation?.angle.pitch),
    roll: degrees(result.rotation?.angle.roll),
    embedding: Float32Array.from(result.embedding ?? []),
    antispoof: result.real ?? null,
    liveness: result.live ?? null,
    landmarks: scalePoints(fivePointsFromMesh(result.mesh), scale),
  };
}

export interface DetectOptions {
  /**
   * false: only outline the faces (box, score, pose), skipping the description, anti-spoofing
   * and liveness models, the heaviest part, for a photo whose face readPortrait reads again.
   */
  describe?: boolean;
}

/** Finds every face on a photo (JPEG, PNG, WebP…) with its box, pose, embedding and liveness signals. */
export async function detectFaces(image: Buffer, { describe = true }: DetectOptions = {}): Promise<FaceDetection> {
  const metadata = await sharp(image).metadata();
  // EXIF orientations 5–8 turn the picture a quarter, swapping its sides.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  const pixels = await sharp(image).rotate().resize({ width: FACE_WORK_SIZE, height: FACE_WORK_SIZE, fit: 'inside', withoutEnlargement: true });
  const faces = await detectOnPixels(pixels, width, describe);
  return { width, height, faces };
}

/** Side of the square, upright crop around a face that readPortrait reads again, in pixels. */
export const PORTRAIT_CROP_SIZE = 320;
/** The crop readPortrait reads spans this many times the detector's box, so that the whole head and some background show. */
const PORTRAIT_CROP_SPAN = 2.2;

/**
 * Reads one face again from a square crop around it, turned so that the eyes are level and
 * scaled to PORTRAIT_CROP_SIZE: the detector sees the whole photo at 256 px, where a
 * document's printed portrait is a few dozen pixels wide and may be tilted, so its first
 * box and landmarks are coarse; on the crop the face fills the detector's view, and the
 * embedding is computed from a well-placed, upright face (bench/verification.mjs measures
 * the difference). The box and size stay those of the photo; the embedding, pose and
 * signals are the crop's. null if the crop shows no face.
 */
export async function readPortrait(image: Buffer, face: DetectedFace): Promise<DetectedFace | null> {
  return (await readPortraitDetail(image, face))?.face ?? null;
}

/**
 * readPortrait, with the upright crop it read the face on: the face's landmarks are in the
 * crop's pixels, so that an identity embedding (face-identity.ts) is computed from the very
 * crop the description came from.
 */
export async function readPortraitDetail(image: Buffer, face: DetectedFace): Promise<{ face: DetectedFace; crop: RgbImage } | null> {
  const upright = await sharp(image).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const side = Math.round(Math.max(face.box.width, face.box.height) * PORTRAIT_CROP_SPAN);
  const centreX = face.box.x + face.box.width / 2;
  const centreY = face.box.y + face.box.height / 2;
  const left = Math.round(centreX - side / 2);
  const top = Math.round(centreY - side / 2);
  // The part of the square inside the photo, then grey where the square leaves it, so that the face stays centred.
  const inside = {
    left: Math.max(0, left),
    top: Math.max(0, top),
    width: Math.min(width, left + side) - Math.max(0, left),
    height: Math.min(height, top + side) - Math.max(0, top),
  };
  if (inside.width <= 0 || inside.height <= 0) return null;
  const grey = { r: 128, g: 128, b: 128 };
  const square = await sharp(upright.data)
    .extract(inside)
    .extend({
      left: inside.left - left,
      top: inside.top - top,
      right: left + side - inside.left - inside.width,
      bottom: top + side - inside.top - inside.height,
      background: grey,
    })
    .png()
    .toBuffer();
  const level = sharp(await sharp(square).rotate(-face.roll, { background: grey }).png().toBuffer());
  const crop = level.resize(PORTRAIT_CROP_SIZE, PORTRAIT_CROP_SIZE, { fit: 'cover' });
  const read: { pixels?: RgbImage } = {};
  const [again] = await detectOnPixels(crop, PORTRAIT_CROP_SIZE, true, read);
  return again && read.pixels ? { face: { ...again, box: face.box, size: face.size }, crop: read.pixels } : null;
}

/** Human detects one picture at a time per thread: its models keep state between the steps of a detection. */
let detecting: Promise<unknown> = Promise.resolve();

/**
 * The models run per detection. Given in full every time: Human merges a detection's
 * settings into its own and keeps them for the next one.
 */
const modelsFor = (describe: boolean) => ({
  face: { description: { enabled: describe }, antispoof: { enabled: describe }, liveness: { enabled: describe } },
});

/** The faces on a picture, largest first, with boxes scaled from its pixel width to `width`. */
async function detectOnPixels(picture: Sharp, width: number, describe: boolean, read: { pixels?: RgbImage } = {}): Promise<DetectedFace[]> {
  const { data, info } = await picture.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  read.pixels = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  const human = await faceEngine();
  const detection = detecting.then(async () => {
    const tensor = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, info.channels], 'int32');
    try {
      return await human.detect(tensor, modelsFor(describe));
    } finally {
      human.tf.dispose(tensor);
    }
  });
  detecting = detection.catch(() => undefined);
  const result = await detection;
  const scale = width / info.width;
  return result.face
    .map((face) => toDetectedFace(face, scale, describe))
    .filter((face): face is DetectedFace => face !== null)
    .sort((a, b) => b.size - a.size);
}

/**
 * The one face a portrait or a selfie must show: faces smaller than `minSize` are ignored
 * when counting, so a background face does not hide the verdict, and are reported as
 * "face too small" when they are all there is.
 */
export function singleFace(detection: FaceDetection, minSize = MIN_FACE_SIZE): FaceRead {
  const { faces } = detection;
  if (faces.length === 0) return { found: false, reason: 'no face', faces };
  const large = faces.filter((face) => face.size >= minSize);
  if (large.length === 0) return { found: false, reason: 'face too small', faces };
  if (large.length > 1) return { found: false, reason: 'several faces', faces };
  return { found: true, face: large[0] };
}

/** Detects the faces on a photo and returns its single usable face, or why there is none. */
export async function readFace(image: Buffer, minSize = MIN_FACE_SIZE): Promise<FaceRead> {
  return singleFace(await detectFaces(image), minSize);
}

/** Cosine similarity of two face embeddings, -1–1 (1 = same direction). */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`embeddings of different lengths (${a.length}, ${b.length})`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
