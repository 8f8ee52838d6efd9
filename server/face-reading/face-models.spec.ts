import { FaceIndex, packEmbedding, packedSimilarity } from './index.js';
import { seededRandom } from './seeded-random.js';
import { DEFAULT_FACE_MODEL, FACE_MODEL_NAMES, FACE_MODELS, faceThreshold, isFaceModel, type FaceModel } from './face-models.js';

/** mulberry32 and Box–Muller: the same vectors every run. */
function gaussians(seed: number) {
  const next = seededRandom(seed);
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/** Faces shaped like a model's output: a common direction (dlib's faces are around 0.87 apart, faceres's around 0.4–0.5) and a person's own part. */
function modelFaces(model: FaceModel, seed: number) {
  const gaussian = gaussians(seed);
  const { length } = FACE_MODELS[model];
  const base = Float32Array.from({ length }, () => gaussian());
  const spread = model === 'dlib' ? 0.38 : 1.2;
  const face = () => Float32Array.from(base, (value) => value + spread * gaussian());
  const again = (of: Float32Array) => Float32Array.from(of, (value) => value + 0.1 * gaussian());
  return { face, again };
}

describe('face models (issue 35): a threshold per model, embeddings never compared across models', () => {
  it('each model has its own threshold, from its own benchmark; dlib is the default for new faces', () => {
    expect(DEFAULT_FACE_MODEL).toBe('dlib');
    expect(faceThreshold('faceres')).toBe(0.72);
    expect(faceThreshold('dlib')).toBe(0.965);
    expect(FACE_MODELS.faceres.length).toBe(1024);
    expect(FACE_MODELS.dlib.length).toBe(128);
    expect(() => faceThreshold('arcface' as FaceModel)).toThrow(/unknown face model/);
    expect(FACE_MODEL_NAMES.filter(isFaceModel)).toEqual(['faceres', 'dlib']);
    expect(isFaceModel('FACERES')).toBe(false);
  });

  it("an index holds one model's embeddings and refuses the other's, stored or asked", () => {
    const faceres = modelFaces('faceres', 1);
    const dlib = modelFaces('dlib', 2);
    const dlibIndex = new FaceIndex({ length: FACE_MODELS.dlib.length });
    const faceresIndex = new FaceIndex({ length: FACE_MODELS.faceres.length });
    dlibIndex.add('a', packEmbedding(dlib.face()));
    faceresIndex.add('a', packEmbedding(faceres.face()));
    expect(() => dlibIndex.add('b', packEmbedding(faceres.face()))).toThrow(/never compared/);
    expect(() => faceresIndex.add('b', packEmbedding(dlib.face()))).toThrow(/never compared/);
    expect(() => dlibIndex.search(faceres.face(), 0)).toThrow(/never compared/);
    expect(() => faceresIndex.search(packEmbedding(dlib.face()), 0)).toThrow(/never compared/);
    expect(() => dlibIndex.searchExhaustive(faceres.face(), 0)).toThrow(/never compared/);
    expect(() => packedSimilarity(packEmbedding(dlib.face()), packEmbedding(faceres.face()))).toThrow(/never compared/);
    expect(dlibIndex.size).toBe(1);
    expect(faceresIndex.size).toBe(1);
  });

  it("a 128-value index finds what a full scan finds at dlib's threshold, a person's second photo among strangers", () => {
    const dlib = modelFaces('dlib', 3);
    const index = new FaceIndex({ length: 128 });
    const people = Array.from({ length: 400 }, () => dlib.face());
    people.forEach((person, i) => index.add(`p${i}`, packEmbedding(person)));
    const threshold = faceThreshold('dlib');
    let strangersAbove = 0;
    for (let i = 0; i < 40; i++) {
      const query = dlib.again(people[i]);
      const found = index.search(query, threshold);
      expect(found).toEqual(index.searchExhaustive(query, threshold));
      expect(found[0]?.id).toBe(`p${i}`);
      strangersAbove += found.length - 1;
    }
    // The synthetic strangers lie around 0.87, below the threshold.
    expect(strangersAbove).toBe(0);
  });
});
