import { FACE_MODELS, FaceIndex, type FaceModel } from '../face-reading/index.js';
import { applyPoolPriority } from './worker-threads.js';

/** Which of an organization's face sets: its applicants' faces, or its blocklist. */
export type FaceSet = 'faces' | 'blocklist';

/** A stored face: its row id and packed embedding. */
export interface StoredFace {
  id: number;
  embedding: Uint8Array;
}

export type FaceSearchTask =
  | { task: 'last-ids'; organizationId: string; model: FaceModel }
  | { task: 'add'; organizationId: string; set: FaceSet; model: FaceModel; faces: StoredFace[] }
  | { task: 'search'; organizationId: string; set: FaceSet; model: FaceModel; embedding: Float32Array; threshold: number; limit: number }
  | { task: 'remove'; organizationId: string; set: FaceSet; model: FaceModel; ids: number[] }
  | { task: 'retain'; models: FaceModel[] };

export interface FaceHit {
  id: number;
  similarity: number;
}

interface OrganizationIndex {
  model: FaceModel;
  index: FaceIndex;
  /** The highest row id loaded. */
  lastId: number;
}

/**
 * This thread's indexes, per organization, set and model, loaded from the rows the service
 * sends: an index holds one model's embeddings (FaceIndex refuses another length), so a
 * face is only ever compared with faces embedded by the same model.
 */
const indexes = new Map<string, OrganizationIndex>();

function indexOf(organizationId: string, set: FaceSet, model: FaceModel): OrganizationIndex {
  const key = `${organizationId}|${set}|${model}`;
  let entry = indexes.get(key);
  if (!entry) {
    entry = { model, index: new FaceIndex({ length: FACE_MODELS[model].length }), lastId: 0 };
    indexes.set(key, entry);
  }
  return entry;
}

applyPoolPriority();

/** Piscina's entry point, on the one thread of the face search pool: the indexes live here, never on the HTTP event loop. */
export default function faceSearch(task: FaceSearchTask): { faces: number; blocklist: number } | number | FaceHit[] {
  if (task.task === 'retain') {
    // A model no longer in use (its faces moved): its indexes are dropped, embeddings and all.
    for (const [key, entry] of indexes) if (!task.models.includes(entry.model)) indexes.delete(key);
    return indexes.size;
  }
  if (task.task === 'last-ids') {
    return { faces: indexOf(task.organizationId, 'faces', task.model).lastId, blocklist: indexOf(task.organizationId, 'blocklist', task.model).lastId };
  }
  const entry = indexOf(task.organizationId, task.set, task.model);
  if (task.task === 'add') {
    for (const face of task.faces) {
      const id = String(face.id);
      if (!entry.index.has(id)) entry.index.add(id, Buffer.from(face.embedding.buffer, face.embedding.byteOffset, face.embedding.byteLength));
      entry.lastId = Math.max(entry.lastId, face.id);
    }
    return entry.index.size;
  }
  if (task.task === 'remove') {
    for (const id of task.ids) entry.index.remove(String(id));
    return entry.index.size;
  }
  return entry.index.search(task.embedding, task.threshold, task.limit).map((hit) => ({ id: Number(hit.id), similarity: hit.similarity }));
}
