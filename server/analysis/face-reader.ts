import sharp from 'sharp';
import { withPresentation, type FacePresentation } from '../face-reading/face-presentation.js';
import {
  detectFaces,
  identityEmbedding,
  readPortraitDetail,
  singleFace,
  MIN_FACE_SIZE,
  type DetectedFace,
  type FaceDetection,
  type FaceModel,
  type FaceRead,
  type RgbImage,
} from '../face-reading/index.js';

/** The photos a face analysis reads: the document's portrait side, the selfie, the pose challenge's turned selfie. */
export interface FaceImages {
  portrait: Uint8Array | null;
  selfie: Uint8Array | null;
  turned: Uint8Array | null;
}

/** The usable face of one photo, or why there is none. */
export type FaceSummary =
  | {
      found: true;
      box: DetectedFace['box'];
      size: number;
      yaw: number;
      /** One embedding per model asked for (face-models.ts); a model whose embedding could not be computed is absent. */
      embeddings: Partial<Record<FaceModel, Float32Array>>;
      antispoof: number | null;
      liveness: number | null;
      /** Screen and print signals around the face (selfies only). */
      presentation?: FacePresentation;
      /** The face with a margin, JPEG, for the reviewer. */
      crop: Uint8Array;
    }
  | { found: false; reason: Extract<FaceRead, { found: false }>['reason']; faces: number };

export interface FaceReadResult {
  /** null: no such photo. */
  portrait: FaceSummary | null;
  selfie: FaceSummary | null;
  turned: FaceSummary | null;
  /** Whether the two selfie captures are the same frame (a replayed picture); null without both. */
  framesIdentical: boolean | null;
}

/** Side of the square face crop kept for the reviewer, in pixels. */
const CROP_SIZE = 192;
/**
 * A document may print a second, smaller "ghost" portrait of the same person: on a
 * document a smaller face counts as another face only from this share of the largest's size.
 */
const GHOST_PORTRAIT_SHARE = 0.7;
/** Mean absolute difference (0–255) of two 32×32 grey thumbnails below which two captures are the same frame. */
const IDENTICAL_FRAMES = 1.5;

/**
 * Reads the faces of an applicant's portrait and selfies: one face each, with its
 * embeddings (those of `models`), pose, liveness signals and a crop. Runs inside an analysis worker thread.
 */
export async function readFaces(images: FaceImages, models: readonly FaceModel[] = ['faceres']): Promise<FaceReadResult> {
  const buffers = {
    portrait: toBuffer(images.portrait),
    selfie: toBuffer(images.selfie),
    turned: toBuffer(images.turned),
  };
  return {
    portrait: buffers.portrait ? await summarise(buffers.portrait, documentPortrait, models) : null,
    selfie: buffers.selfie ? await withPresentation(buffers.selfie, await summarise(buffers.selfie, (detection) => singleFace(detection), models)) : null,
    turned: buffers.turned ? await withPresentation(buffers.turned, await summarise(buffers.turned, (detection) => singleFace(detection), models)) : null,
    framesIdentical: buffers.selfie && buffers.turned ? await sameFrame(buffers.selfie, buffers.turned) : null,
  };
}

/** The document's portrait: its largest face, smaller ghost portraits aside. */
export function documentPortrait(detection: FaceDetection): FaceRead {
  const large = detection.faces.filter((face) => face.size >= MIN_FACE_SIZE);
  if (large.length === 0) return singleFace(detection);
  const [largest, ...others] = large;
  if (others.some((face) => face.size >= largest.size * GHOST_PORTRAIT_SHARE)) return { found: false, reason: 'several faces', faces: detection.faces };
  return { found: true, face: largest };
}

/**
 * Outlines the faces, picks the one to read, and reads it again on an upright crop
 * (readPortrait); if the crop loses the face, reads the whole photo with every model.
 */
async function summarise(image: Buffer, pick: (detection: FaceDetection) => FaceRead, models: readonly FaceModel[]): Promise<FaceSummary> {
  let detection = await detectFaces(image, { describe: false });
  let read = pick(detection);
  if (!read.found) return { found: false, reason: read.reason, faces: read.faces.length };
  const detail = await readPortraitDetail(image, read.face);
  let face = detail?.face ?? null;
  // The pixels the face's landmarks are in: the upright crop readPortrait read, or the whole photo.
  let pixels: () => Promise<RgbImage> = async () => detail!.crop;
  if (!face) {
    detection = await detectFaces(image);
    read = pick(detection);
    if (!read.found) return { found: false, reason: read.reason, faces: read.faces.length };
    face = read.face;
    pixels = () => uprightPixels(image);
  }
  const { box, size, yaw, embedding, antispoof, liveness, landmarks } = face;
  const embeddings: Partial<Record<FaceModel, Float32Array>> = {};
  if (models.includes('faceres') && embedding.length > 0) embeddings.faceres = embedding;
  if (models.includes('dlib') && landmarks) embeddings.dlib = await identityEmbedding(await pixels(), landmarks);
  return { found: true, box, size, yaw, embeddings, antispoof, liveness, crop: await cropFace(image, detection, face) };
}

/** The photo's pixels after its EXIF orientation, RGB (the whole photo's landmarks are in these). */
async function uprightPixels(image: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** A square around the face with a margin, clipped to the photo, as a small JPEG. */
async function cropFace(image: Buffer, detection: FaceDetection, face: DetectedFace): Promise<Buffer> {
  const side = Math.round(Math.max(face.box.width, face.box.height) * 1.5);
  const left = Math.max(0, Math.round(face.box.x + face.box.width / 2 - side / 2));
  const top = Math.max(0, Math.round(face.box.y + face.box.height / 2 - side / 2));
  const width = Math.min(side, detection.width - left);
  const height = Math.min(side, detection.height - top);
  return sharp(image).rotate().extract({ left, top, width, height }).resize(CROP_SIZE, CROP_SIZE, { fit: 'cover' }).jpeg({ quality: 82 }).toBuffer();
}

async function sameFrame(a: Buffer, b: Buffer): Promise<boolean> {
  const thumb = (image: Buffer) => sharp(image).rotate().resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([thumb(a), thumb(b)]);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference += Math.abs(x[i] - y[i]);
  return difference / x.length < IDENTICAL_FRAMES;
}

function toBuffer(data: Uint8Array | null): Buffer | null {
  return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
}
