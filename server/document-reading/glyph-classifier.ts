import { GLYPH_MODEL } from './glyph-model.gen.js';
import type { Choice } from './mrz-text.js';

interface Network {
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: Float32Array;
}

let network: Network | null = null;

/** The trained network's layers, decoded once from the generated model file. */
function layers(): Network {
  if (network) return network;
  const { inputs, hidden, classes, weights } = GLYPH_MODEL;
  const bytes = Buffer.from(weights, 'base64');
  const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sizes = [hidden * inputs, hidden, classes.length * hidden, classes.length];
  if (floats.length !== sizes.reduce((sum, size) => sum + size, 0)) throw new Error('glyph-model.gen.ts does not match its own sizes: train it again');
  let offset = 0;
  const [w1, b1, w2, b2] = sizes.map((size) => floats.subarray(offset, (offset += size)));
  network = { w1, b1, w2, b2 };
  return network;
}

/**
 * The OCR-B glyph classifier's reading of one cell's shape (the patch `rowCells` cuts):
 * every character of the zone's alphabet with its probability (0–100), likeliest first.
 * A small network trained on OCR-B alone (scripts/train-glyph-model.mjs), where
 * tesseract's English model takes OCR-B's chevrons for K, C or L and its G for 6.
 */
export function classifyGlyph(shape: Float32Array): Choice[] {
  const { inputs, hidden, classes } = GLYPH_MODEL;
  if (shape.length !== inputs) throw new Error(`a glyph shape has ${inputs} values, not ${shape.length}`);
  const { w1, b1, w2, b2 } = layers();
  const activations = new Float32Array(hidden);
  for (let h = 0; h < hidden; h += 1) {
    let sum = b1[h];
    for (let i = 0; i < inputs; i += 1) sum += w1[h * inputs + i] * shape[i];
    activations[h] = sum > 0 ? sum : 0;
  }
  const logits = [...classes].map((_, o) => {
    let sum = b2[o];
    for (let h = 0; h < hidden; h += 1) sum += w2[o * hidden + h] * activations[h];
    return sum;
  });
  const max = Math.max(...logits);
  const exps = logits.map((logit) => Math.exp(logit - max));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return [...classes].map((text, o) => ({ text, confidence: (exps[o] / total) * 100 })).sort((a, b) => b.confidence - a.confidence);
}
