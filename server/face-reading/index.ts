/**
 * Reading faces offline: detection, head pose, embeddings, anti-spoofing and liveness
 * signals with @vladmandic/human on TensorFlow.js's WebAssembly backend, models and
 * WebAssembly read from node_modules. Pure library, no Nest.
 */

/** Finds the faces on a photo, picks the single usable one, compares two embeddings. */
export {
  detectFaces,
  faceSimilarity,
  FACE_MATCH_THRESHOLD,
  readFace,
  readPortrait,
  readPortraitDetail,
  singleFace,
  FACE_WORK_SIZE,
  MIN_FACE_SIZE,
  PORTRAIT_CROP_SIZE,
} from './face-reading.js';
export type { DetectedFace, FaceBox, FaceDetection, FaceRead } from './face-reading.js';

/** This thread's Human instance and where its models and WebAssembly lie. */
export { faceEngine, HUMAN_MODELS_DIR, TFJS_WASM_DIR } from './engine.js';

/** Compact embeddings and the 1:N search over them. */
export { EMBEDDING_LENGTH, FaceIndex, packEmbedding, packedSimilarity, unpackEmbedding } from './face-index.js';
export type { FaceIndexOptions, FaceMatch, SearchStats } from './face-index.js';

/** Identity embeddings (issue 35): five-point alignment and the identity-trained networks measured beside faceres. */
export { alignFace, ARCFACE_TEMPLATE, DLIB_TEMPLATE, fivePointsFromMesh, similarityTransform } from './face-alignment.js';
export type { AlignmentTemplate, FivePoints, Point, RgbImage } from './face-alignment.js';
export { DLIB_MODEL_DIR, dlibIdentityModel, identityEmbedding, mirrored, onnxIdentityModel } from './face-identity.js';
export type { IdentityModel, IdentityOptions } from './face-identity.js';

/** The embeddings stored faces may have, each with its own threshold; never compared across models. */
export { DEFAULT_FACE_MODEL, FACE_MODEL_NAMES, FACE_MODELS, faceThreshold, isFaceModel } from './face-models.js';
export type { FaceModel, FaceModelSpec } from './face-models.js';
