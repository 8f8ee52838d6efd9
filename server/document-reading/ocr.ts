import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** Where the English LSTM traineddata (4.0.0_best_int, gzipped) lies inside node_modules. */
export const TRAINEDDATA_DIR = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** The characters a machine-readable zone may contain. */
export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

let worker: Promise<Worker> | null = null;

/**
 * The process's one tesseract worker, created on first use with its traineddata read
 * from node_modules (no download, no cache written), restricted to the MRZ alphabet.
 */
export function ocrWorker(): Promise<Worker> {
  worker ??= (async () => {
    const cachePath = join(tmpdir(), 'kyc-tesseract');
    mkdirSync(cachePath, { recursive: true });
    const created = await createWorker(
      'eng',
      OEM.LSTM_ONLY,
      {
        langPath: TRAINEDDATA_DIR,
        cachePath,
        cacheMethod: 'none',
        gzip: true,
      },
      { load_system_dawg: '0', load_freq_dawg: '0' },
    );
    await created.setParameters({
      tessedit_char_whitelist: MRZ_ALPHABET,
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
      lstm_choice_mode: '2',
    });
    return created;
  })();
  worker.catch(() => {
    worker = null;
  });
  return worker;
}

/** Terminates the worker (on shutdown); the next read creates a new one. */
export async function terminateOcrWorker(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current).terminate();
}
