import { FACE_MODELS, packEmbedding, type FaceModel } from '../face-reading/index.js';
import faceSearch, { type FaceHit } from './face-search.worker.js';

/** A unit vector of `length` values pointing mostly along axis `axis` (the same axis: the same person). */
function face(length: number, axis: number, wobble = 0): Float32Array {
  const values = Float32Array.from({ length }, (_, i) => (i === axis ? 1 : 0.01 * ((i * 7 + axis) % 5)));
  values[(axis + 1) % length] += wobble;
  return values;
}

const org = 'org-1';
const add = (model: FaceModel, id: number, embedding: Float32Array) =>
  faceSearch({ task: 'add', organizationId: org, set: 'faces', model, faces: [{ id, embedding: packEmbedding(embedding) }] });
const search = (model: FaceModel, embedding: Float32Array) =>
  faceSearch({ task: 'search', organizationId: org, set: 'faces', model, embedding, threshold: FACE_MODELS[model].threshold, limit: 20 }) as FaceHit[];

describe("the face search thread's indexes (issue 35)", () => {
  it("keeps one index per model: a face is searched only among the faces of its own model, each with the model's threshold", () => {
    // Rows 1 and 2 hold one person under faceres and under dlib; row 3 another person under dlib.
    add('faceres', 1, face(1024, 10));
    add('dlib', 2, face(128, 10));
    add('dlib', 3, face(128, 60));
    expect(search('dlib', face(128, 10, 0.05)).map((hit) => hit.id)).toEqual([2]);
    expect(search('faceres', face(1024, 10, 0.05)).map((hit) => hit.id)).toEqual([1]);
    // A faceres embedding is never compared with dlib ones (nor the reverse): the index refuses it.
    expect(() => search('dlib', face(1024, 10))).toThrow(/never compared/);
    expect(() => add('faceres', 4, face(128, 10))).toThrow(/never compared/);
    // Each model keeps its own last id, so each catches up with its own rows.
    expect(faceSearch({ task: 'last-ids', organizationId: org, model: 'faceres' })).toEqual({ faces: 1, blocklist: 0 });
    expect(faceSearch({ task: 'last-ids', organizationId: org, model: 'dlib' })).toEqual({ faces: 3, blocklist: 0 });
  });

  it('drops the indexes of a model no longer in use (its faces moved)', () => {
    faceSearch({ task: 'retain', models: ['dlib'] });
    expect(faceSearch({ task: 'last-ids', organizationId: org, model: 'faceres' })).toEqual({ faces: 0, blocklist: 0 });
    expect(search('faceres', face(1024, 10))).toEqual([]);
    expect(search('dlib', face(128, 10)).map((hit) => hit.id)).toEqual([2]);
  });
});
