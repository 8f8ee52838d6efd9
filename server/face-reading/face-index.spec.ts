import { execFileSync } from 'node:child_process';
import { MAX_FACES } from './face-index.js';
import { FaceScan, faceArrays } from './face-scan.js';
import { seededRandom } from './seeded-random.js';
import { EMBEDDING_LENGTH, FaceIndex, faceSimilarity, packEmbedding, packedSimilarity, unpackEmbedding, type SearchStats } from './index.js';

/** mulberry32 and Box–Muller: the same vectors every run. */
function generator(seed: number) {
  const next = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  /** Shaped like faceres output: non-negative, with a common part (any two have a cosine around 0.5; photos of one person around 0.95). */
  const base = Float32Array.from({ length: EMBEDDING_LENGTH }, () => Math.abs(gaussian()));
  const face = () => Float32Array.from(base, (value) => Math.max(0, value + 1.6 * gaussian()));
  /** The same face photographed again: a little noise on top. */
  const again = (of: Float32Array, noise = 0.5) => Float32Array.from(of, (value) => Math.max(0, value + noise * gaussian()));
  return { face, again };
}

describe('packed face embeddings', () => {
  const { face, again } = generator(1);

  it('pack to 1024 int8 values with the largest at ±127, and unpack to the same', () => {
    const embedding = face();
    const packed = packEmbedding(embedding);
    expect(packed).toHaveLength(EMBEDDING_LENGTH);
    const values = unpackEmbedding(packed);
    expect(values).toBeInstanceOf(Int8Array);
    expect(Math.max(...values.map(Math.abs))).toBe(127);
    // Unpacking copies: the packed buffer is not aliased.
    values[0] = values[0] === 1 ? 2 : 1;
    expect(unpackEmbedding(packed)[0]).not.toBe(values[0]);
    // Packing is scale-free.
    expect(packEmbedding(embedding.map((value) => value * 37))).toEqual(packed);
  });

  it('keep the cosine within 0.01 of the float cosine', () => {
    let worst = 0;
    for (let pair = 0; pair < 60; pair++) {
      const a = face();
      const b = pair % 2 ? again(a) : face();
      worst = Math.max(worst, Math.abs(packedSimilarity(packEmbedding(a), packEmbedding(b)) - faceSimilarity(a, b)));
    }
    expect(worst).toBeLessThan(0.01);
  });

  it('refuse a vector of the wrong length or all zero', () => {
    expect(() => packEmbedding(new Float32Array(EMBEDDING_LENGTH + 1))).toThrow(/1 to 1024/);
    expect(() => packEmbedding(new Float32Array(0))).toThrow(/1 to 1024/);
    expect(() => packEmbedding(new Float32Array(EMBEDDING_LENGTH))).toThrow(/zero/);
    expect(() => unpackEmbedding(Buffer.alloc(EMBEDDING_LENGTH + 1))).toThrow(/1 to 1024/);
  });
});

describe('the face index', () => {
  const { face, again } = generator(2);
  const THRESHOLD = 0.8;
  /** 3,000 faces, among them five people with three photos each. */
  const people = Array.from({ length: 5 }, () => face());
  const index = new FaceIndex({ capacity: 16 });
  for (let slot = 0; slot < 3000; slot++) index.add(`face-${slot}`, packEmbedding(face()));
  people.forEach((person, who) => [0, 1, 2].forEach((photo) => index.add(`person-${who}-${photo}`, packEmbedding(again(person)))));

  it('grows by doubling from a small capacity and counts its faces', () => {
    expect(index.size).toBe(3015);
    expect(index.has('person-4-2')).toBe(true);
    expect(index.has('person-5-0')).toBe(false);
  });

  it("finds a person's other photos, best first, as a full scan does, comparing few faces exactly", () => {
    for (const [who, person] of people.entries()) {
      const stats: SearchStats = { compared: 0 };
      const query = again(person);
      const matches = index.search(query, THRESHOLD, 20, stats);
      expect(matches.map((match) => match.id).sort()).toEqual([0, 1, 2].map((photo) => `person-${who}-${photo}`));
      expect(matches).toEqual(index.searchExhaustive(query, THRESHOLD));
      const similarities = matches.map((match) => match.similarity);
      expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
      expect(stats.compared).toBeLessThan(index.size / 4);
    }
  });

  it('answers as a full scan does for a packed query too, and returns nothing below the threshold', () => {
    const query = packEmbedding(again(people[0]));
    const matches = index.search(query, THRESHOLD);
    expect(matches).toEqual(index.searchExhaustive(query, THRESHOLD));
    for (const match of matches) expect(match.similarity).toBeGreaterThanOrEqual(THRESHOLD);
    const strict = index.search(query, matches[1].similarity + 1e-6);
    expect(strict.length).toBeLessThan(matches.length);
    for (const match of strict) expect(match.similarity).toBeGreaterThanOrEqual(matches[1].similarity);
    expect(index.search(query, THRESHOLD, 1)).toEqual(matches.slice(0, 1));
    expect(index.search(face(), THRESHOLD)).toEqual([]);
  });

  it('matches the full scan at a low threshold, where many faces are compared', () => {
    const query = face();
    const low = index.search(query, 0.55, 10_000);
    expect(low.length).toBeGreaterThan(10);
    expect(low).toEqual(index.searchExhaustive(query, 0.55, 10_000));
  });

  it('forgets a removed face and keeps finding the one that took its slot', () => {
    const local = new FaceIndex();
    const photos = [0, 1, 2].map(() => again(people[1]));
    photos.forEach((photo, n) => local.add(`p${n}`, packEmbedding(photo)));
    for (let slot = 0; slot < 50; slot++) local.add(`other-${slot}`, packEmbedding(face()));
    local.add('last', packEmbedding(again(people[2])));
    expect(local.remove('p0')).toBe(true);
    expect(local.remove('p0')).toBe(false);
    expect(local.size).toBe(53);
    expect(
      local
        .search(again(people[1]), THRESHOLD)
        .map((match) => match.id)
        .sort(),
    ).toEqual(['p1', 'p2']);
    expect(local.search(again(people[2]), THRESHOLD).map((match) => match.id)).toEqual(['last']);
  });

  it('replaces the face of an id added again', () => {
    const local = new FaceIndex();
    local.add('a', packEmbedding(again(people[3])));
    local.add('a', packEmbedding(again(people[4])));
    expect(local.size).toBe(1);
    expect(local.search(again(people[3]), THRESHOLD)).toEqual([]);
    expect(local.search(again(people[4]), THRESHOLD).map((match) => match.id)).toEqual(['a']);
  });
});

describe('the face index on random faces', () => {
  const { face, again } = generator(3);

  it('answers as a full scan does after growing past a scan chunk, removals and replacements', () => {
    const index = new FaceIndex({ capacity: 16 });
    const people = Array.from({ length: 20 }, () => face());
    const faces = 1400;
    for (let slot = 0; slot < faces; slot++) {
      // One face in ten is another photo of someone, so that the high thresholds find several.
      const embedding = slot % 10 === 0 ? again(people[slot % people.length], 0.8) : face();
      index.add(`face-${slot}`, packEmbedding(embedding));
    }
    // The same face under three ids: equal similarities, which must come in the full scan's order.
    const twin = packEmbedding(again(people[0]));
    for (const id of ['twin-a', 'twin-b', 'twin-c']) index.add(id, twin);
    for (let slot = 0; slot < faces; slot += 5) index.remove(`face-${slot}`);
    // Replacements of faces still there (none is a multiple of 5).
    for (let slot = 1; slot < faces; slot += 35) index.add(`face-${slot}`, packEmbedding(again(people[slot % people.length], 0.8)));
    expect(index.size).toBe(faces + 3 - faces / 5);
    expect(index.size).toBeGreaterThan(new FaceScan(16).chunkFaces);

    const queries = [...people.slice(0, 6).map((person) => again(person)), face(), face()];
    for (const query of queries) {
      for (const threshold of [0.9, 0.8, 0.6]) {
        const stats: SearchStats = { compared: 0 };
        const found = index.search(query, threshold, 100_000, stats);
        expect(found).toEqual(index.searchExhaustive(query, threshold, 100_000));
        expect(stats.compared).toBeLessThanOrEqual(index.size);
        expect(stats.compared).toBeGreaterThanOrEqual(found.length);
      }
    }
    const twins = index.search(twin, 0.99, 2);
    expect(twins).toEqual(index.searchExhaustive(twin, 0.99, 2));
    expect(twins[0].similarity).toBe(twins[1].similarity);
    // Every face matches at -1, and none can at 1.01.
    const query = face();
    const everyone = index.search(query, -1, 100_000);
    expect(everyone).toHaveLength(index.size);
    expect(everyone).toEqual(index.searchExhaustive(query, -1, 100_000));
    expect(index.search(query, 1.01)).toEqual([]);
  });

  it('computes the exact stage dot products as plain integer arithmetic does, at the int8 extremes too', () => {
    const scan = new FaceScan(64);
    let state = 7;
    const byte = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24) - 128;
    const query = Int8Array.from({ length: EMBEDDING_LENGTH }, byte);
    for (let slot = 0; slot < 60; slot++) scan.vectors.set(Int8Array.from({ length: EMBEDDING_LENGTH }, byte), slot * EMBEDDING_LENGTH);
    scan.vectors.fill(-128, 60 * EMBEDDING_LENGTH, 61 * EMBEDDING_LENGTH);
    scan.vectors.fill(127, 61 * EMBEDDING_LENGTH, 62 * EMBEDDING_LENGTH);
    const reference = (values: Int8Array, slot: number) => {
      let dot = 0;
      for (let i = 0; i < EMBEDDING_LENGTH; i++) dot += values[i] * scan.vectors[slot * EMBEDDING_LENGTH + i];
      return dot;
    };
    for (const values of [query, new Int8Array(EMBEDDING_LENGTH).fill(-128), new Int8Array(EMBEDDING_LENGTH).fill(127)]) {
      scan.query.set(values);
      for (let slot = 0; slot < 62; slot++) expect(scan.dotProduct(slot)).toBe(reference(values, slot));
    }
    // The largest there is: 1024 · (−128)².
    scan.query.fill(-128);
    expect(scan.dotProduct(60)).toBe(EMBEDDING_LENGTH * 128 * 128);
  });

  it(`holds at most ${MAX_FACES.toLocaleString('en')} faces, the most wasm32's 4 GiB of memory has room for`, () => {
    expect(() => new FaceIndex({ capacity: MAX_FACES + 1 })).toThrow(/at most 3,700,000 faces/);
    // Room for MAX_FACES is only reserved, not touched: cheap to make.
    const full = new FaceScan(MAX_FACES);
    expect(faceArrays(MAX_FACES, full.fixed.facesOffset).end).toBeLessThanOrEqual(2 ** 32);
    expect(full.vectors.length).toBe(MAX_FACES * EMBEDDING_LENGTH);
    // What FaceIndex.add calls when the index is full.
    expect(() => full.grow(MAX_FACES)).toThrow(/at most 3,700,000 faces/);
  });

  it('runs the WebAssembly compiled from face-scan.wat as committed', () => {
    expect(() => execFileSync(process.execPath, ['scripts/face-scan-wasm.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
