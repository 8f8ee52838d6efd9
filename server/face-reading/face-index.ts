/**
 * Compact face embeddings and a 1:N search over many of them (duplicate faces, the
 * blocklist). Pure library: no models, no I/O.
 *
 * Packed embedding: the embedding's values (1024 for faceres, 128 for dlib), scaled to unit
 * length then to int8 (the largest value ±127): one byte a value. Cosine is scale-free, so
 * no scale is stored. An index holds embeddings of one length only (one model: face-models.ts)
 * and refuses any other; shorter ones are zero-padded to the scan's 1024 bytes.
 *
 * Search: every face stored has a 1024-bit sign hash of its direction; a query compares
 * hashes first (XOR and popcount, 64 bytes a face, the other 64 only for faces close on
 * those) and computes the exact int8 cosine only for faces whose Hamming distance is below
 * a cut-off derived from the threshold, wide enough that a face at or above the threshold
 * is kept except with a probability of about one in a million (`HASH_SIGMAS`). Both stages
 * run in WebAssembly over the faces in its memory (face-scan.ts). See docs/decisions.md,
 * "Duplicate faces: packed embeddings and a hashed scan".
 */
import { FaceScan, HASH_BYTES, VECTOR_BYTES } from './face-scan.js';
import { seededRandom } from './seeded-random.js';

export { MAX_FACES } from './face-scan.js';

/** Values in a faceres embedding, bytes in a packed one; the most an embedding may have. */
export const EMBEDDING_LENGTH = VECTOR_BYTES;

/** Bits of a face's sign hash, and 32-bit words; the scan compares the first FIRST_BITS of every face, the rest only for those close enough on those. */
const HASH_BITS = HASH_BYTES * 8;
const HASH_WORDS = HASH_BITS / 32;
const FIRST_BITS = HASH_BITS / 2;
const HALF_WORDS = HASH_WORDS / 2;

/**
 * How many standard deviations above its expected value a true match's Hamming distance
 * may lie before it is cut: 5 leaves about 3 in 10 million per matching face, if the bits
 * were independent (they are nearly so; the benchmark measures recall against a full scan).
 */
const HASH_SIGMAS = 5;

/** The cosine between a face's direction and FACE_CENTRE is kept in this many bins per query cut-off table. */
const CENTRE_BINS = 1024;

const checkLength = (length: number, what: string) => {
  if (!(length > 0 && length <= EMBEDDING_LENGTH)) throw new Error(`${what} has 1 to ${EMBEDDING_LENGTH} values, not ${length}`);
};

/**
 * Turns an embedding into its packed form: unit length, then int8 with its largest
 * value at ±127. Throws on a wrong length or a zero vector.
 */
export function packEmbedding(embedding: ArrayLike<number>): Buffer {
  checkLength(embedding.length, 'a face embedding');
  let largest = 0;
  for (let i = 0; i < embedding.length; i++) largest = Math.max(largest, Math.abs(embedding[i]));
  if (!(largest > 0) || !Number.isFinite(largest)) throw new Error('a face embedding must be finite and not all zero');
  const packed = Buffer.alloc(embedding.length);
  const scale = 127 / largest;
  for (let i = 0; i < embedding.length; i++) packed[i] = Math.round(embedding[i] * scale) & 0xff;
  return packed;
}

/** The int8 values of a packed embedding (a copy). */
export function unpackEmbedding(packed: Uint8Array): Int8Array {
  checkLength(packed.length, 'a packed face embedding');
  return new Int8Array(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length));
}

/** Cosine similarity of two packed embeddings of one model (within about 0.002 of the float cosine); throws on two lengths. */
export function packedSimilarity(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`packed face embeddings of different lengths (${a.length}, ${b.length}) are never compared`);
  const x = asInt8(a, a.length);
  const y = asInt8(b, b.length);
  let dot = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < x.length; i++) {
    dot += x[i] * y[i];
    xx += x[i] * x[i];
    yy += y[i] * y[i];
  }
  return xx === 0 || yy === 0 ? 0 : dot / Math.sqrt(xx * yy);
}

export interface FaceMatch {
  id: string;
  /** Cosine similarity of the packed embeddings. */
  similarity: number;
}

/** What a search did: how many stored faces it compared exactly (the rest were cut by their hash). */
export interface SearchStats {
  compared: number;
}

export interface FaceIndexOptions {
  /** Faces to make room for at once (the room doubles when full), at most MAX_FACES. */
  capacity?: number;
  /** Values of the embeddings it holds (one model's: face-models.ts), 1024 unless told; any other length is refused. */
  length?: number;
}

/**
 * Many packed embeddings under string ids, searched by cosine similarity. Faces live in
 * WebAssembly memory that doubles when full (1024 + 128 + 4 + 2 bytes a face, plus its id),
 * not in an object each; at most MAX_FACES (3.7 million, wasm32's 4 GiB). Not thread-safe:
 * one index per worker.
 */
export class FaceIndex {
  private count = 0;
  private faces: FaceScan;
  private ids: string[] = [];
  private slots = new Map<string, number>();
  /** Values of the embeddings held. */
  readonly length: number;
  /** The common direction taken out before hashing: faceres's own; none for another model (results never depend on it). */
  private readonly centre: Float32Array | null;

  constructor(options: FaceIndexOptions = {}) {
    this.length = options.length ?? EMBEDDING_LENGTH;
    checkLength(this.length, 'a face index');
    this.centre = this.length === EMBEDDING_LENGTH ? FACE_CENTRE : null;
    this.faces = new FaceScan(Math.max(16, Math.ceil(options.capacity ?? 1024)));
  }

  /** The query or stored face as the scan holds it: this index's length, zero-padded to the scan's width. */
  private padded(query: ArrayLike<number> | Uint8Array): Int8Array {
    const packed = query instanceof Uint8Array ? query : packEmbedding(query);
    if (packed.length !== this.length) {
      throw new Error(`a face embedding of ${packed.length} values is never compared with this index's ${this.length}-value ones (another model)`);
    }
    const vector = asInt8(packed, this.length);
    if (this.length === EMBEDDING_LENGTH) return vector;
    const wide = new Int8Array(EMBEDDING_LENGTH);
    wide.set(vector);
    return wide;
  }

  /** Faces stored. */
  get size(): number {
    return this.count;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /** Stores a packed embedding under `id`, replacing the one it had. Throws past MAX_FACES. */
  add(id: string, packed: Uint8Array): void {
    const vector = this.padded(packed);
    const summary = summarise(vector, this.centre);
    if (!summary) throw new Error('a packed face embedding must not be all zero');
    let slot = this.slots.get(id);
    if (slot === undefined) {
      if (this.count === this.faces.capacity) this.faces.grow(this.count);
      slot = this.count++;
      this.ids[slot] = id;
      this.slots.set(id, slot);
    }
    const { faces } = this;
    faces.vectors.set(vector, slot * EMBEDDING_LENGTH);
    faces.firstHashes.set(summary.hash.subarray(0, HALF_WORDS), slot * HALF_WORDS);
    faces.restHashes.set(summary.hash.subarray(HALF_WORDS), slot * HALF_WORDS);
    faces.inverseNorms[slot] = summary.inverseNorm;
    faces.centreBins[slot] = centreBin(summary.centre);
  }

  /** Forgets a face; false if there was none under `id`. The last face takes its slot. */
  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const last = --this.count;
    if (slot !== last) {
      const { faces } = this;
      faces.vectors.copyWithin(slot * EMBEDDING_LENGTH, last * EMBEDDING_LENGTH, (last + 1) * EMBEDDING_LENGTH);
      faces.firstHashes.copyWithin(slot * HALF_WORDS, last * HALF_WORDS, (last + 1) * HALF_WORDS);
      faces.restHashes.copyWithin(slot * HALF_WORDS, last * HALF_WORDS, (last + 1) * HALF_WORDS);
      faces.inverseNorms[slot] = faces.inverseNorms[last];
      faces.centreBins[slot] = faces.centreBins[last];
      this.ids[slot] = this.ids[last];
      this.slots.set(this.ids[slot], slot);
    }
    this.ids.length = last;
    this.slots.delete(id);
    return true;
  }

  /**
   * The faces whose cosine similarity to `query` (a float embedding, or a packed one as a
   * Buffer/Uint8Array of 1024 bytes) is at least `threshold`, best first, at most `limit`.
   */
  search(query: ArrayLike<number> | Uint8Array, threshold: number, limit = 20, stats?: SearchStats): FaceMatch[] {
    const vector = this.padded(query);
    const summary = summarise(vector, this.centre);
    if (!summary || limit <= 0) return [];
    const { faces } = this;
    faces.query.set(vector);
    faces.queryHash.set(summary.hash);
    faces.firstCutoffs.set(hammingCutoffs(summary.centre, threshold, FIRST_BITS));
    faces.cutoffs.set(hammingCutoffs(summary.centre, threshold, HASH_BITS));
    const slots: number[] = [];
    const similarities: number[] = [];
    let compared = 0;
    for (let start = 0; start < this.count; start += faces.chunkFaces) {
      const matches = faces.scan(start, Math.min(this.count, start + faces.chunkFaces), summary.inverseNorm, threshold);
      compared += faces.compared;
      for (let match = 0; match < matches; match++) {
        slots.push(faces.matchSlots[match]);
        similarities.push(faces.matchSimilarities[match]);
      }
    }
    if (stats) stats.compared = compared;
    // Best first, ties in slot order: what searchExhaustive's stable sort of its slot-ordered matches gives.
    const order = slots.map((_, match) => match).sort((a, b) => similarities[b] - similarities[a] || slots[a] - slots[b]);
    return order.slice(0, limit).map((match) => ({ id: this.ids[slots[match]], similarity: similarities[match] }));
  }

  /** Every face above `threshold`, found by computing every cosine in plain JavaScript: what `search` must equal (for tests and the benchmark). */
  searchExhaustive(query: ArrayLike<number> | Uint8Array, threshold: number, limit = 20): FaceMatch[] {
    const vector = this.padded(query);
    const summary = summarise(vector, this.centre);
    if (!summary || limit <= 0) return [];
    const { vectors, inverseNorms } = this.faces;
    const matches: FaceMatch[] = [];
    for (let slot = 0; slot < this.count; slot++) {
      const offset = slot * EMBEDDING_LENGTH;
      let dot = 0;
      for (let i = 0; i < EMBEDDING_LENGTH; i++) dot += vector[i] * vectors[offset + i];
      const similarity = dot * summary.inverseNorm * inverseNorms[slot];
      if (similarity >= threshold) matches.push({ id: this.ids[slot], similarity });
    }
    return matches.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
  }
}

function asInt8(packed: Uint8Array, length: number): Int8Array {
  if (packed.length !== length) throw new Error(`a packed face embedding has ${length} bytes, not ${packed.length}`);
  return packed instanceof Int8Array ? packed : new Int8Array(packed.buffer, packed.byteOffset, packed.length);
}

/** Three fixed random sign flips, each followed by a Walsh–Hadamard transform: a random rotation (HD₃HD₂HD₁) that costs 3·n·log n. */
const SIGNS: Float32Array[] = (() => {
  const next = seededRandom(0x5eed_f00d);
  return [0, 1, 2].map(() => Float32Array.from({ length: EMBEDDING_LENGTH }, () => (next() < 0.5 ? -1 : 1)));
})();

function hadamard(values: Float32Array): void {
  for (let half = 1; half < values.length; half *= 2) {
    for (let start = 0; start < values.length; start += half * 2) {
      for (let i = start; i < start + half; i++) {
        const a = values[i];
        const b = values[i + half];
        values[i] = a + b;
        values[i + half] = a - b;
      }
    }
  }
}

interface Summary {
  inverseNorm: number;
  /** Cosine between the face's direction and FACE_CENTRE. */
  centre: number;
  hash: Uint32Array;
}

/**
 * A face's norm, its cosine to the centre, and the sign hash of its direction with the
 * centre taken out: faceres embeddings share a large common direction (any two faces have
 * a cosine around 0.5), which would leave a hash of the whole vector unable to tell near
 * from far; their remainders are spread out, and that is what the hash compares.
 */
function summarise(vector: Int8Array, common: Float32Array | null): Summary | null {
  let squares = 0;
  let along = 0;
  for (let i = 0; i < EMBEDDING_LENGTH; i++) {
    squares += vector[i] * vector[i];
    if (common) along += vector[i] * common[i];
  }
  if (squares === 0) return null;
  const inverseNorm = 1 / Math.sqrt(squares);
  const centre = along * inverseNorm;
  const rest = new Float32Array(EMBEDDING_LENGTH);
  for (let i = 0; i < EMBEDDING_LENGTH; i++) rest[i] = vector[i] * inverseNorm - (common ? centre * common[i] : 0);
  for (const signs of SIGNS) {
    for (let i = 0; i < EMBEDDING_LENGTH; i++) rest[i] *= signs[i];
    hadamard(rest);
  }
  const hash = new Uint32Array(HASH_WORDS);
  for (let bit = 0; bit < HASH_BITS; bit++) if (rest[bit] > 0) hash[bit >>> 5] |= 1 << (bit & 31);
  return { inverseNorm, centre, hash };
}

function centreBin(centre: number): number {
  return Math.min(CENTRE_BINS - 1, Math.max(0, Math.floor(((centre + 1) / 2) * CENTRE_BINS)));
}

/**
 * For a query whose direction has cosine `cq` with the centre, the largest Hamming
 * distance a face at or above `threshold` can have, per centre bin of the stored face
 * (-1: none in that bin can match; HASH_BITS: all must be compared).
 *
 * Two unit vectors split along the centre: a·b = cq·cs + sq·ss·cos φ, where cs, ss are the
 * face's cosine and sine to the centre and φ the angle between the remainders. So a·b ≥ t
 * needs cos φ ≥ κ(cs) = (t − cq·cs) / (sq·ss), lowest at cs = cq / t, and the remainders'
 * hashes then differ in a Binomial(HASH_BITS, φ/π) number of bits.
 */
function hammingCutoffs(cq: number, threshold: number, bits: number): Int16Array {
  const cutoffs = new Int16Array(CENTRE_BINS);
  const sq = Math.sqrt(Math.max(0, 1 - cq * cq));
  const lowest = threshold > 0 ? cq / threshold : Number.NaN;
  for (let bin = 0; bin < CENTRE_BINS; bin++) {
    const low = (bin / CENTRE_BINS) * 2 - 1;
    const high = ((bin + 1) / CENTRE_BINS) * 2 - 1;
    const kappa = (cs: number) => {
      const ss = Math.sqrt(Math.max(0, 1 - cs * cs));
      const reach = sq * ss;
      const need = threshold - cq * cs;
      if (reach < 1e-9) return need <= 0 ? -Infinity : Infinity;
      return need / reach;
    };
    let least = Math.min(kappa(low), kappa(high));
    if (lowest > low && lowest < high) least = Math.min(least, kappa(lowest));
    // A little slack for the float rounding of the stored faces' summaries.
    least -= 1e-4;
    if (threshold <= -1 || least <= -1) cutoffs[bin] = bits;
    else if (least > 1) cutoffs[bin] = -1;
    else {
      const p = Math.acos(least) / Math.PI;
      cutoffs[bin] = Math.min(bits, Math.ceil(bits * p + HASH_SIGMAS * Math.sqrt(bits * p * (1 - p)) + 1));
    }
  }
  return cutoffs;
}

/**
 * The common direction of faceres embeddings: the mean of the unit embeddings of the 26
 * test identities (415 photos, bench/verification.mjs), int8, base64. Only the hash uses
 * it, to compare what differs between faces: results never depend on it, only the share
 * of faces compared exactly does (about 5 % with it, most of them without it).
 */
const FACE_CENTRE: Float32Array = (() => {
  const bytes = Buffer.from(
    'CxwHEwUHDjcaIAwmGB8LKj8MDRsrEQgKCgUZDR4nFAsII08NBhsSEw4GFwkbAggKNigYCSUQGiIKDwcKEAsLDgUXBwodEBAHDQwDCA0EBgULIx4ICREMEw4W' +
      'CBwCIgcCBwQQNikaIBQVEg4JExMEBQ85RAQ2AgwQDBMIGBsJChBHGggKLAoCGwwQCA8eChYKCwQ5DQEHFA4ICiUeDhgEDQgTCwIhDwUXDSoNIxMSBRQREQwN' +
      'GBcYGxcaEg0RCQ0pGh4EExQCFRILBhJJEQkLESASAh8MERYLDQ4lHAcGChkZIg8LCQ4ODhsTBygSLBoNHAsHDAsMCQQZDhUJBgoOBAslEhsnBRQfEx0cEAQM' +
      'BhogHRIQEQsOExESByUZEhAcBi0bDRMKGhIcBxEnCxIMCC4XFhwHEgYgCB0IESMqIwsPQhIVIg8YCUQjCgMKDyUfCSoIDhEEChETMgs7BiMNGBgNCQwMEBIT' +
      'LgYLFgYKHygOESsLEg4RCBoVIBQXEBwsCQ4bECoPBRIWHhsOECEWBA8RKQ8QHSISAxkNERAbEwwNJAMLDRMMI1sPDSAGFCggFxEFDxoHDwwUIBYbORwRBAUG' +
      'MA8SHwclGBQKHAoMKyIZCxMFBS0LEQUOES4PDhAuAxk3BBAQCgwICgYUGBcGCgMnDgweGxYWEgkPBw8ZBAofDAoGCSEVChQ8CQkJHA8gEBURCEY1HRsFDg0Q' +
      'ChQSHRgQGiIVAgYTEwwSEwcbDjIPBQkHEyYlJhYyDQ8CEgsaExISFh8LFDEXDAwcGCsxDwYdLhkIHxkOFgsSFAsWCAYIEQwbHQQhEh4UKQwcHywSFA4HFAoJ' +
      'DRIKBAQbEAkaExUMGCoVDxARICwnDhcKHgsoDiEMD1EaAwYOGgkMCA8TFhEoLhcGFQwXJDkHFicDERoJEQcHDx0CERkmOggHFx4RBxgDLA0YFh4HBwcLBgUZ' +
      'HBYkHhInEBYYJRAFERMYMxIZfxQcGAUYFhchBBEbEAcaCwkVDw4QQAwMJgwJBhQSCCkPBQUCGQgQEg8SGhMTDRQiBhEaDiAFBhkeBgcNEx0OKx4MGA0KETIg' +
      'FhkHJgwCIj4jGRcQKQYFEwcOEx46ChsdBA8RGwsxMSESIBwDEBEWEAkUDzIdKBYfHQcUFwg0FgMYBxgQAyA7Ax4KGDULKgoSFBkgFTIJGRkIFQYcDygjCg0I' +
      'JBkQDDUiCQQWExcJChcSFBsfDhgJCAkOFQcOIRMvFgoXIRkPDQ8LRREEAwkGDBEWHAstEyQRBwsJEycQFRwNEBElEgkLHBIQFA0VGxcKIBccNx8PDwoELS0H' +
      'AxIUIhsKCwshJw4ICgwkAxA/GxAfEggCIxIPCwoVHBIWBQ==',
    'base64',
  );
  const values = new Int8Array(bytes.buffer, bytes.byteOffset, EMBEDDING_LENGTH);
  let norm = 0;
  for (const value of values) norm += value * value;
  return Float32Array.from(values, (value) => value / Math.sqrt(norm));
})();
