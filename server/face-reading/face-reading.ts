import type { FaceResult } from '@vladmandic/human';
import sharp from 'sharp';
import { faceEngine } from './engine.js';

/**
 * Photos are scaled to fit this many pixels on their longer side before detection: the
 * detector works at 256 px and faceres at 224 px, so more only costs decoding time.
 */
export const FACE_WORK_SIZE = 1600;

/**
 * Cosine similarity from which two faces are the same person: for now the first measurement's
 * (the face spike: FMR <= 0.001 on 26 identities, document side vs selfie side);
 * npm run bench:verification is to set it (issue 16).
 */
export const FACE_MATCH_THRESHOLD = 0.685;

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
  /** faceres description (1024 values), compared with faceSimilarity. */
  embedding: Float32Array;
  /** The package's anti-spoofing score (1 = real face) and liveness score (1 = live): signals, not certifications. */
  antispoof: number | null;
  liveness: number | null;
}

export interface FaceDetection {
  /** The photo's size after its EXIF orientation. */
  width: number;
  height: number;
  /** Largest face first. */
  faces: DetectedFace[];
}

export type FaceRead =
  | { found: true; face: DetectedFace }
  | { found: false; reason: 'no face' | 'several faces' | 'face too small'; faces: DetectedFace[] };

const degrees = (radians: number | undefined) => ((radians ?? 0) * 180) / Math.PI;

function toDetectedFace(result: FaceResult, scale: number): DetectedFace | null {
  if (!result.embedding?.length) return null;
  const [x, y, width, height] = result.box.map((value) => Math.round(value * scale));
  return {
    box: { x, y, width, height },
    size: Math.min(width, height),
    score: result.score,
    yaw: degrees(result.rotation?.angle.yaw),
    pitch: degrees(result.rotation?.angle.pitch),
    roll: degrees(result.rotation?.angle.roll),
    embedding: Float32Array.from(result.embedding),
    antispoof: result.real ?? null,
    liveness: result.live ?? null,
  };
}

/** Finds every face on a photo (JPEG, PNG, WebP…) with its box, pose, embedding and liveness signals. */
export async function detectFaces(image: Buffer): Promise<FaceDetection> {
  const metadata = await sharp(image).metadata();
  // EXIF orientations 5–8 turn the picture a quarter, swapping its sides.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: FACE_WORK_SIZE, height: FACE_WORK_SIZE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const human = await faceEngine();
  const tensor = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, info.channels], 'int32');
  try {
    const result = await human.detect(tensor);
    const scale = width / info.width;
    const faces = result.face
      .map((face) => toDetectedFace(face, scale))
      .filter((face): face is DetectedFace => face !== null)
      .sort((a, b) => b.size - a.size);
    return { width, height, faces };
  } finally {
    human.tf.dispose(tensor);
  }
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
