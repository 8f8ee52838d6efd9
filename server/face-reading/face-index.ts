/**
 * Compact face embeddings and a 1:N search over many of them (duplicate faces, the
 * blocklist). Pure library: no models, no I/O.
 *
 * Packed embedding: the 1024 faceres values, scaled to unit length then to int8 (the
 * largest value ±127): 1024 bytes. Cosine is scale-free, so no scale is stored.
 *
 * Search: every face stored has a 512-bit sign hash of its direction; a query compares
 * hashes first (XOR and popcount, 64 bytes a face) and computes the exact int8 cosine only
 * for faces whose Hamming distance is below a cut-off derived from the threshold, wide
 * enough that a face at or above the threshold is kept except with a probability of about
 * one in a million (`HASH_SIGMAS`). See docs/decisions.md, "Duplicate faces: packed
 * embeddings and a hashed scan".
 */

/** Values in a faceres embedding, bytes in a packed one. */
export const EMBEDDING_LENGTH = 1024;

/** Bits of a face's sign hash, and 32-bit words; the scan compares the first FIRST_BITS of every face, the rest only for those close enough on those. */
const HASH_BITS = 1024;
const HASH_WORDS = HASH_BITS / 32;
const FIRST_BITS = 512;
const FIRST_WORDS = FIRST_BITS / 32;

/**
 * How many standard deviations above its expected value a true match's Hamming distance
 * may lie before it is cut: 5 leaves about 3 in 10 million per matching face, if the bits
 * were independent (they are nearly so; the benchmark measures recall against a full scan).
 */
const HASH_SIGMAS = 5;

/** The cosine between a face's direction and FACE_CENTRE is kept in this many bins per query cut-off table. */
const CENTRE_BINS = 1024;

/**
 * Turns an embedding into its packed form: unit length, then int8 with its largest
 * value at ±127. Throws on a wrong length or a zero vector.
 */
export function packEmbedding(embedding: ArrayLike<number>): Buffer {
  if (embedding.length !== EMBEDDING_LENGTH) throw new Error(`a face embedding has ${EMBEDDING_LENGTH} values, not ${embedding.length}`);
  let largest = 0;
  for (let i = 0; i < EMBEDDING_LENGTH; i++) largest = Math.max(largest, Math.abs(embedding[i]));
  if (!(largest > 0) || !Number.isFinite(largest)) throw new Error('a face embedding must be finite and not all zero');
  const packed = Buffer.alloc(EMBEDDING_LENGTH);
  const scale = 127 / largest;
  for (let i = 0; i < EMBEDDING_LENGTH; i++) packed[i] = Math.round(embedding[i] * scale) & 0xff;
  return packed;
}

/** The int8 values of a packed embedding (a copy). */
export function unpackEmbedding(packed: Uint8Array): Int8Array {
  if (packed.length !== EMBEDDING_LENGTH) throw new Error(`a packed face embedding has ${EMBEDDING_LENGTH} bytes, not ${packed.length}`);
  return new Int8Array(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length));
}

/** Cosine similarity of two packed embeddings (within about 0.002 of the float cosine). */
export function packedSimilarity(a: Uint8Array, b: Uint8Array): number {
  const x = asInt8(a);
  const y = asInt8(b);
  let dot = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < EMBEDDING_LENGTH; i++) {
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
  /** Faces to make room for at once (the arrays double when full). */
  capacity?: number;
}

/**
 * Many packed embeddings under string ids, searched by cosine similarity. Faces live in
 * typed arrays that double when full (1024 + 64 + 8 bytes a face, plus its id), not in an
 * object each. Not thread-safe: one index per worker.
 */
export class FaceIndex {
  private capacity: number;
  private count = 0;
  private vectors: Int8Array;
  private hashes: Uint32Array;
  /** 1 / |v| of each stored int8 vector. */
  private inverseNorms: Float32Array;
  /** The bin of the cosine between each face's direction and FACE_CENTRE. */
  private centreBins: Uint16Array;
  private ids: string[] = [];
  private slots = new Map<string, number>();

  constructor(options: FaceIndexOptions = {}) {
    this.capacity = Math.max(16, Math.ceil(options.capacity ?? 1024));
    this.vectors = new Int8Array(this.capacity * EMBEDDING_LENGTH);
    this.hashes = new Uint32Array(this.capacity * HASH_WORDS);
    this.inverseNorms = new Float32Array(this.capacity);
    this.centreBins = new Uint16Array(this.capacity);
  }

  /** Faces stored. */
  get size(): number {
    return this.count;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /** Stores a packed embedding under `id`, replacing the one it had. */
  add(id: string, packed: Uint8Array): void {
    const vector = asInt8(packed);
    const summary = summarise(vector);
    if (!summary) throw new Error('a packed face embedding must not be all zero');
    let slot = this.slots.get(id);
    if (slot === undefined) {
      if (this.count === this.capacity) this.grow();
      slot = this.count++;
      this.ids[slot] = id;
      this.slots.set(id, slot);
    }
    this.vectors.set(vector, slot * EMBEDDING_LENGTH);
    this.hashes.set(summary.hash, slot * HASH_WORDS);
    this.inverseNorms[slot] = summary.inverseNorm;
    this.centreBins[slot] = centreBin(summary.centre);
  }

  /** Forgets a face; false if there was none under `id`. The last face takes its slot. */
  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    const last = --this.count;
    if (slot !== last) {
      this.vectors.copyWithin(slot * EMBEDDING_LENGTH, last * EMBEDDING_LENGTH, (last + 1) * EMBEDDING_LENGTH);
      this.hashes.copyWithin(slot * HASH_WORDS, last * HASH_WORDS, (last + 1) * HASH_WORDS);
      this.inverseNorms[slot] = this.inverseNorms[last];
      this.centreBins[slot] = this.centreBins[last];
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
    const vector = query instanceof Uint8Array ? asInt8(query) : asInt8(packEmbedding(query));
    const summary = summarise(vector);
    if (!summary || limit <= 0) return [];
    const firstCutoffs = hammingCutoffs(summary.centre, threshold, FIRST_BITS);
    const cutoffs = hammingCutoffs(summary.centre, threshold, HASH_BITS);
    const { hashes, vectors, inverseNorms, centreBins } = this;
    const queryHash = summary.hash;
    const matches: FaceMatch[] = [];
    let compared = 0;
    for (let slot = 0; slot < this.count; slot++) {
      const bin = centreBins[slot];
      const firstCutoff = firstCutoffs[bin];
      if (firstCutoff < 0) continue;
      if (firstCutoff < FIRST_BITS) {
        const base = slot * HASH_WORDS;
        let distance = 0;
        for (let word = 0; word < FIRST_WORDS; word++) distance += popcount(hashes[base + word] ^ queryHash[word]);
        if (distance > firstCutoff) continue;
        for (let word = FIRST_WORDS; word < HASH_WORDS; word++) distance += popcount(hashes[base + word] ^ queryHash[word]);
        if (distance > cutoffs[bin]) continue;
      }
      compared++;
      const offset = slot * EMBEDDING_LENGTH;
      let dot = 0;
      for (let i = 0; i < EMBEDDING_LENGTH; i++) dot += vector[i] * vectors[offset + i];
      const similarity = dot * summary.inverseNorm * inverseNorms[slot];
      if (similarity >= threshold) matches.push({ id: this.ids[slot], similarity });
    }
    if (stats) stats.compared = compared;
    return matches.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
  }

  /** Every face above `threshold`, found by computing every cosine: what `search` must equal (for tests and the benchmark). */
  searchExhaustive(query: ArrayLike<number> | Uint8Array, threshold: number, limit = 20): FaceMatch[] {
    const vector = query instanceof Uint8Array ? asInt8(query) : asInt8(packEmbedding(query));
    const summary = summarise(vector);
    if (!summary || limit <= 0) return [];
    const matches: FaceMatch[] = [];
    for (let slot = 0; slot < this.count; slot++) {
      const offset = slot * EMBEDDING_LENGTH;
      let dot = 0;
      for (let i = 0; i < EMBEDDING_LENGTH; i++) dot += vector[i] * this.vectors[offset + i];
      const similarity = dot * summary.inverseNorm * this.inverseNorms[slot];
      if (similarity >= threshold) matches.push({ id: this.ids[slot], similarity });
    }
    return matches.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
  }

  private grow(): void {
    this.capacity *= 2;
    const grown = <T extends Int8Array | Uint32Array | Float32Array | Uint16Array>(old: T, make: (length: number) => T, per: number): T => {
      const array = make(this.capacity * per);
      array.set(old);
      return array;
    };
    this.vectors = grown(this.vectors, (length) => new Int8Array(length), EMBEDDING_LENGTH);
    this.hashes = grown(this.hashes, (length) => new Uint32Array(length), HASH_WORDS);
    this.inverseNorms = grown(this.inverseNorms, (length) => new Float32Array(length), 1);
    this.centreBins = grown(this.centreBins, (length) => new Uint16Array(length), 1);
  }
}

function asInt8(packed: Uint8Array): Int8Array {
  if (packed.length !== EMBEDDING_LENGTH) throw new Error(`a packed face embedding has ${EMBEDDING_LENGTH} bytes, not ${packed.length}`);
  return packed instanceof Int8Array ? packed : new Int8Array(packed.buffer, packed.byteOffset, packed.length);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** mulberry32, for the fixed projection. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Three fixed random sign flips, each followed by a Walsh–Hadamard transform: a random rotation (HD₃HD₂HD₁) that costs 3·n·log n. */
const SIGNS: Float32Array[] = (() => {
  const next = random(0x5eed_f00d);
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
function summarise(vector: Int8Array): Summary | null {
  let squares = 0;
  let along = 0;
  for (let i = 0; i < EMBEDDING_LENGTH; i++) {
    squares += vector[i] * vector[i];
    along += vector[i] * FACE_CENTRE[i];
  }
  if (squares === 0) return null;
  const inverseNorm = 1 / Math.sqrt(squares);
  const centre = along * inverseNorm;
  const rest = new Float32Array(EMBEDDING_LENGTH);
  for (let i = 0; i < EMBEDDING_LENGTH; i++) rest[i] = vector[i] * inverseNorm - centre * FACE_CENTRE[i];
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
