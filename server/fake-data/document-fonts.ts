import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

/** Debian's fonts-ocr-b (the test and benchmark commands install it, scripts/ensure-ocr-b.mjs). */
export const DEBIAN_OCR_B = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';

/**
 * The fonts fake documents are printed in. No npm package ships OCR-B, so the
 * machine-readable zone is set in OCR-B when Debian's fonts-ocr-b is installed and
 * otherwise in DejaVu Sans Mono (npm dejavu-fonts-ttf), which the app's seed and demo
 * use on a machine without it; `mrz` names the one in use.
 */
export interface DocumentFonts {
  text: string;
  bold: string;
  mrz: 'OCR-B' | 'DejaVu Sans Mono';
}

let registered: DocumentFonts | null = null;

export function documentFonts(): DocumentFonts {
  if (registered) return registered;
  GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), 'DejaVu Sans');
  GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), 'DejaVu Sans Bold');
  GlobalFonts.registerFromPath(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'), 'DejaVu Sans Mono');
  const ocrB = existsSync(DEBIAN_OCR_B) && GlobalFonts.registerFromPath(DEBIAN_OCR_B, 'OCR-B') !== null;
  registered = { text: 'DejaVu Sans', bold: 'DejaVu Sans Bold', mrz: ocrB ? 'OCR-B' : 'DejaVu Sans Mono' };
  return registered;
}
