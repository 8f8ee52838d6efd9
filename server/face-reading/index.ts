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
