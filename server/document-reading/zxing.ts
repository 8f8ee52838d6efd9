import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, writeBarcode } from 'zxing-wasm/full';

const require = createRequire(import.meta.url);

/** The path of zxing-wasm's combined reader/writer WebAssembly inside node_modules. */
export const ZXING_WASM_PATH = require.resolve('zxing-wasm/full/zxing_full.wasm');

let prepared: Promise<unknown> | null = null;

/** Instantiates zxing-wasm once, from the file in node_modules (never its default CDN). */
function zxing(): Promise<unknown> {
  prepared ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(ZXING_WASM_PATH).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  return prepared;
}

/** The text of the first PDF417 symbol in greyscale pixels, or null when none decodes. */
export async function decodePdf417(pixels: Uint8Array, width: number, height: number): Promise<string | null> {
  await zxing();
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = pixels[i];
    rgba[i * 4 + 3] = 255;
  }
  const results = await readBarcodes({ data: rgba, width, height } as Parameters<typeof readBarcodes>[0], {
    formats: ['PDF417'],
    tryHarder: true,
    tryRotate: true,
    maxNumberOfSymbols: 1,
    textMode: 'Plain',
  });
  const found = results.find((result) => result.isValid);
  return found ? found.text : null;
}

/** A PDF417 symbol encoding `text`, as a PNG. */
export async function encodePdf417(text: string, scale = 2): Promise<Buffer> {
  await zxing();
  const result = await writeBarcode(text, { format: 'PDF417', scale, withQuietZones: true });
  if (!result.image) throw new Error(`PDF417 encoding failed: ${result.error}`);
  return Buffer.from(await result.image.arrayBuffer());
}
