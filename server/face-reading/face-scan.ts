/**
 * The faces of one FaceIndex, kept in WebAssembly memory, and the search's hot loops over
 * them (face-scan.wat): the sign-hash prefilter with i64 popcounts and the exact int8 dot
 * products with SIMD, one call per chunk of faces. In plain JavaScript the same loops took
 * about 0.4 s a search over a million faces.
 *
 * Memory: the module's fixed part (the query, its cut-offs, a chunk's matches), then five
 * arrays of `capacity` entries: centre bins (2 bytes a face), inverse norms (4), the first
 * and the other halves of the sign hashes (64 and 64), vectors (1024). Growing the memory
 * keeps its pages in place (no copy of the old arrays beside the new ones); the arrays then
 * move up inside it. wasm32 memory stops at 4 GiB, hence MAX_FACES.
 */
import { FACE_SCAN_WASM } from './face-scan-wasm.js';

/** Bytes of a stored vector and of its sign hash, as face-scan.wat reads them. */
export const VECTOR_BYTES = 1024;
export const HASH_BYTES = 128;

const PAGE_BYTES = 65536;
/** wasm32 addresses stop at 4 GiB. */
const MAX_PAGES = 65536;

/**
 * The most faces an index holds: 1158 bytes a face within wasm32's 4 GiB of memory (the
 * fixed part and alignment take the rest; the face-index spec checks that they fit).
 */
export const MAX_FACES = 3_700_000;

/** The slice of the WebAssembly API used here: the server's TypeScript libraries leave it to lib.dom. */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

interface ScanExports {
  scan(
    start: number,
    end: number,
    bins: number,
    inverseNorms: number,
    firstHashes: number,
    restHashes: number,
    vectors: number,
    queryInverseNorm: number,
    threshold: number,
  ): number;
  dotProduct(vector: number): number;
}

type Offset = { value: number };
const OFFSET_NAMES = [
  'comparedOffset',
  'queryHashOffset',
  'queryOffset',
  'firstCutoffsOffset',
  'cutoffsOffset',
  'chunkFaces',
  'matchSlotsOffset',
  'matchSimilaritiesOffset',
  'facesOffset',
] as const;
type FixedLayout = Record<(typeof OFFSET_NAMES)[number], number>;

/** Compiled once per thread; each index has its own instance and memory. */
let compiled: object | undefined;

/** Where the faces' arrays lie for a capacity. */
export function faceArrays(capacity: number, facesOffset: number) {
  const bins = facesOffset;
  const inverseNorms = bins + alignTo64(capacity * 2);
  const firstHashes = inverseNorms + alignTo64(capacity * 4);
  const restHashes = firstHashes + (capacity * HASH_BYTES) / 2;
  const vectors = restHashes + (capacity * HASH_BYTES) / 2;
  return { bins, inverseNorms, firstHashes, restHashes, vectors, end: vectors + capacity * VECTOR_BYTES };
}

function alignTo64(bytes: number): number {
  return Math.ceil(bytes / 64) * 64;
}

function tooMany(): Error {
  return new Error(
    `a face index holds at most ${MAX_FACES.toLocaleString('en')} faces (WebAssembly memory stops at 4 GiB); split the faces over several indexes`,
  );
}

export class FaceScan {
  /** Faces there is room for. */
  capacity: number;
  /** The fixed offsets face-scan.wat declares. */
  readonly fixed: FixedLayout;
  vectors!: Int8Array;
  /** The first and the other 512 bits of each face's sign hash, apart so that the scan of the first reads them end to end. */
  firstHashes!: Uint32Array;
  restHashes!: Uint32Array;
  inverseNorms!: Float32Array;
  centreBins!: Uint16Array;
  /** The query, widened to int16, its hash and its cut-offs per centre bin: set before `scan`. */
  query!: Int16Array;
  queryHash!: Uint32Array;
  firstCutoffs!: Int16Array;
  cutoffs!: Int16Array;
  /** What the last `scan` found: its first `matches` entries. */
  matchSlots!: Int32Array;
  matchSimilarities!: Float64Array;
  private comparedCell!: Int32Array;
  private arrays: ReturnType<typeof faceArrays>;
  private readonly memory: WasmMemory;
  private readonly exports: ScanExports;

  constructor(capacity: number) {
    if (capacity > MAX_FACES) throw tooMany();
    compiled ??= new wasm.Module(Buffer.from(FACE_SCAN_WASM, 'base64'));
    this.memory = new wasm.Memory({ initial: 1, maximum: MAX_PAGES });
    const { exports } = new wasm.Instance(compiled, { index: { memory: this.memory } });
    this.exports = exports as unknown as ScanExports;
    this.fixed = Object.fromEntries(OFFSET_NAMES.map((name) => [name, (exports[name] as Offset).value])) as FixedLayout;
    this.capacity = capacity;
    this.arrays = faceArrays(capacity, this.fixed.facesOffset);
    this.growMemory(this.arrays.end);
    this.makeViews();
  }

  /** Faces one `scan` may cover. */
  get chunkFaces(): number {
    return this.fixed.chunkFaces;
  }

  /** How many faces the last `scan` compared exactly. */
  get compared(): number {
    return this.comparedCell[0];
  }

  /** Makes room for twice as many faces (at most MAX_FACES), keeping the first `count`. */
  grow(count: number): void {
    if (this.capacity >= MAX_FACES) throw tooMany();
    const capacity = Math.min(MAX_FACES, this.capacity * 2);
    const old = this.arrays;
    const arrays = faceArrays(capacity, this.fixed.facesOffset);
    this.growMemory(arrays.end);
    // Top array first: each moves up, possibly over where the one above it was.
    const bytes = new Uint8Array(this.memory.buffer);
    bytes.copyWithin(arrays.vectors, old.vectors, old.vectors + count * VECTOR_BYTES);
    bytes.copyWithin(arrays.restHashes, old.restHashes, old.restHashes + (count * HASH_BYTES) / 2);
    bytes.copyWithin(arrays.firstHashes, old.firstHashes, old.firstHashes + (count * HASH_BYTES) / 2);
    bytes.copyWithin(arrays.inverseNorms, old.inverseNorms, old.inverseNorms + count * 4);
    this.capacity = capacity;
    this.arrays = arrays;
    this.makeViews();
  }

  /** Scans faces `start` to `end` (at most chunkFaces) against the query set; returns how many matched. */
  scan(start: number, end: number, queryInverseNorm: number, threshold: number): number {
    const { bins, inverseNorms, firstHashes, restHashes, vectors } = this.arrays;
    return this.exports.scan(start, end, bins, inverseNorms, firstHashes, restHashes, vectors, queryInverseNorm, threshold);
  }

  /** The exact stage's dot product of the query with the face in `slot`. */
  dotProduct(slot: number): number {
    return this.exports.dotProduct(this.arrays.vectors + slot * VECTOR_BYTES);
  }

  private growMemory(bytes: number): void {
    const pages = Math.ceil(bytes / PAGE_BYTES);
    const have = this.memory.buffer.byteLength / PAGE_BYTES;
    if (pages > MAX_PAGES) throw tooMany();
    if (pages > have) this.memory.grow(pages - have);
  }

  /** Growing the memory replaces its buffer and empties every view of the old one. */
  private makeViews(): void {
    const { buffer } = this.memory;
    const { capacity, fixed, arrays } = this;
    this.vectors = new Int8Array(buffer, arrays.vectors, capacity * VECTOR_BYTES);
    this.firstHashes = new Uint32Array(buffer, arrays.firstHashes, (capacity * HASH_BYTES) / 8);
    this.restHashes = new Uint32Array(buffer, arrays.restHashes, (capacity * HASH_BYTES) / 8);
    this.inverseNorms = new Float32Array(buffer, arrays.inverseNorms, capacity);
    this.centreBins = new Uint16Array(buffer, arrays.bins, capacity);
    this.query = new Int16Array(buffer, fixed.queryOffset, VECTOR_BYTES);
    this.queryHash = new Uint32Array(buffer, fixed.queryHashOffset, HASH_BYTES / 4);
    this.firstCutoffs = new Int16Array(buffer, fixed.firstCutoffsOffset, (fixed.cutoffsOffset - fixed.firstCutoffsOffset) / 2);
    this.cutoffs = new Int16Array(buffer, fixed.cutoffsOffset, this.firstCutoffs.length);
    this.matchSlots = new Int32Array(buffer, fixed.matchSlotsOffset, fixed.chunkFaces);
    this.matchSimilarities = new Float64Array(buffer, fixed.matchSimilaritiesOffset, fixed.chunkFaces);
    this.comparedCell = new Int32Array(buffer, fixed.comparedOffset, 1);
  }
}
