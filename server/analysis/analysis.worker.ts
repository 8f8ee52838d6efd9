import { assessQuality, type QualityReport, type QualityThresholds } from '../document-reading/index.js';
import { documentPhotosLiveness, type PhotoLiveness } from '../document-liveness/index.js';
import { readDocument, type DocumentImage, type DocumentReadResult } from './document-reader.js';
import { readFaces, type FaceImages, type FaceReadResult } from './face-reader.js';
import type { FaceModel } from '../face-reading/index.js';
import { applyPoolPriority } from './worker-threads.js';

/** The CPU-bound work the analysis threads do, one task per call. */
export type AnalysisTask =
  | { task: 'quality'; image: Uint8Array; thresholds: QualityThresholds }
  | { task: 'read-document'; documentType: string | null; images: DocumentImage[]; today: string; recognizer: boolean }
  | { task: 'read-faces'; images: FaceImages; models: FaceModel[] }
  | { task: 'document-liveness'; images: DocumentImage[] };

applyPoolPriority();

/** Piscina's entry point: runs in a worker thread, never on the HTTP event loop. */
export default async function analyse(task: AnalysisTask): Promise<QualityReport | DocumentReadResult | FaceReadResult | PhotoLiveness[]> {
  if (task.task === 'quality') return assessQuality(Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength), task.thresholds);
  if (task.task === 'read-faces') return readFaces(task.images, task.models);
  if (task.task === 'document-liveness') return documentPhotosLiveness(task.images);
  return readDocument(task.documentType, task.images, new Date(task.today), { recognizer: task.recognizer });
}
