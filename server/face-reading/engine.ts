import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Config, Human } from '@vladmandic/human';

const require = createRequire(import.meta.url);

/**
 * The package's export map sends `node` to its tfjs-node build (whose install downloads a
 * native binary) and has no usable subpath for the WASM build, so the WASM build is
 * required by its file path, found from the resolved entry point.
 */
const HUMAN_DIST = dirname(require.resolve('@vladmandic/human'));

/** The model files (graph JSON + weights) that ship inside @vladmandic/human. */
export const HUMAN_MODELS_DIR = join(HUMAN_DIST, '..', 'models');

/** The TensorFlow.js WebAssembly binaries that ship inside @tensorflow/tfjs-backend-wasm. */
export const TFJS_WASM_DIR = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '..', 'dist');

/** Models are addressed with this prefix so that only our load router (below) can serve them. */
const FILE_SCHEME = 'file://';

type HumanModule = { Human: new (config: Partial<Config>) => Human };
type Tf = Human['tf'];

/**
 * Human loads every model through tfjs's `fetch`, which Node cannot do for files. This
 * router answers `file://` model URLs from the disk: the graph JSON and its weight shards,
 * concatenated in manifest order as tfjs expects.
 */
function registerFileModelRouter(tf: Tf): void {
  tf.io.registerLoadRouter((url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith(FILE_SCHEME)) return null;
    const path = url.slice(FILE_SCHEME.length);
    return {
      load: async () => {
        const model = JSON.parse(readFileSync(path, 'utf8'));
        const groups: { paths: string[]; weights: unknown[] }[] = model.weightsManifest;
        const weights = Buffer.concat(groups.flatMap((group) => group.paths.map((shard) => readFileSync(join(dirname(path), shard)))));
        return {
          modelTopology: model.modelTopology,
          format: model.format,
          generatedBy: model.generatedBy,
          convertedBy: model.convertedBy,
          signature: model.signature,
          userDefinedMetadata: model.userDefinedMetadata,
          weightSpecs: groups.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        };
      },
    };
  });
}

/**
 * Only the face pipeline: detector, mesh (its landmarks give yaw/pitch/roll), faceres
 * (the 1024-value description), antispoof and liveness. Everything else is off, the
 * detector looks for up to ten faces so that "two faces" is reported rather than hidden,
 * and the detector's rotation correction stays off because the mesh measures the roll.
 */
const CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `${TFJS_WASM_DIR}/`,
  modelBasePath: `${FILE_SCHEME}${HUMAN_MODELS_DIR}/`,
  cacheModels: false,
  debug: false,
  warmup: 'none',
  // Human skips models on video frames that look like the previous one; every image here is new.
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 10, minConfidence: 0.5, iouThreshold: 0.1, return: false },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    gear: { enabled: false },
    description: { enabled: true },
    antispoof: { enabled: true },
    liveness: { enabled: true },
  },
};

let engine: Promise<Human> | null = null;

/**
 * This thread's Human instance, created on first use with its models and WebAssembly read
 * from node_modules (tfjs keeps one engine per thread, so one instance per thread).
 */
export function faceEngine(): Promise<Human> {
  engine ??= (async () => {
    const { Human } = require(join(HUMAN_DIST, 'human.node-wasm.js')) as HumanModule;
    const human = new Human(CONFIG);
    registerFileModelRouter(human.tf);
    await human.load();
    return human;
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}
