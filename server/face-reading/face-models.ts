/**
 * The face embeddings the product can store and compare (issue 35): each stored face
 * records its model, and two embeddings are only ever compared when their models are the
 * same — the scales differ (any two faceres faces are around 0.4 apart, any two dlib
 * faces around 0.87), so each model has its own threshold. Pure: no models loaded here.
 */

/** faceres: Human's description (an age and gender network; before issue 35). dlib: dlib's ResNet-34 on the five-point-aligned face, mirrored average. */
export type FaceModel = 'faceres' | 'dlib';

export const FACE_MODEL_NAMES: readonly FaceModel[] = ['faceres', 'dlib'];

/** The model new faces are stored under unless FACE_EMBEDDING_MODEL says otherwise. */
export const DEFAULT_FACE_MODEL: FaceModel = 'dlib';

export interface FaceModelSpec {
  /** Values in the embedding (and bytes in its packed form). */
  length: number;
  /**
   * Cosine similarity from which two faces of this model are the same person: the face
   * match (portrait and selfie), the pose challenge's same face, the duplicate search.
   */
  threshold: number;
  /**
   * The pose challenge's same face: the facing and the turned capture, seconds apart in one
   * session (the facing one must still match the document at `threshold`). A head turned
   * 15° or more lowers any model's similarity, so it may lie below `threshold`, never below
   * the tuning split's highest impostor pair.
   */
  poseThreshold: number;
  label: string;
}

/**
 * One rule for both: the threshold must lie above every impostor pair of bench:faces'
 * tuning split, and put the false match rate of the product's own face benchmark
 * (npm run bench:verification, document against selfie) at or below 3e-4 without raising
 * its FNMR more than a step. faceres 0.72: bench:verification FNMR 0.02, FMR 0.0003 (from
 * 0.70 FMR 0.001); tuning's highest impostor 0.695. dlib 0.965: bench:verification FNMR
 * 0.015, FMR 0.00024 (0.96: 0.0012; 0.944, the tuning split's own point, 0.0094);
 * tuning's highest impostor 0.944. docs/decisions.md, "Moving stored faces to the identity embedding".
 */
export const FACE_MODELS: Readonly<Record<FaceModel, FaceModelSpec>> = {
  faceres: { length: 1024, threshold: 0.72, poseThreshold: 0.72, label: 'Human faceres (age and gender description)' },
  // The pose threshold: bench:faces' tuning split's highest impostor pair is 0.944; the product's own turned pair scores 0.956.
  dlib: { length: 128, threshold: 0.965, poseThreshold: 0.945, label: "dlib's ResNet-34, five-point aligned, mirrored average" },
};

export function isFaceModel(value: unknown): value is FaceModel {
  return typeof value === 'string' && (FACE_MODEL_NAMES as readonly string[]).includes(value);
}

/** The threshold of one model (throws for an unknown one: a threshold is never borrowed from another model). */
export function faceThreshold(model: FaceModel, use: 'match' | 'pose' = 'match'): number {
  if (!isFaceModel(model)) throw new Error(`unknown face model '${String(model)}'`);
  return use === 'pose' ? FACE_MODELS[model].poseThreshold : FACE_MODELS[model].threshold;
}
