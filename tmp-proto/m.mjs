import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
GlobalFonts.registerFromPath('/usr/share/fonts/opentype/ocr-b/OCRB.otf', 'OCR-B');
const ctx = createCanvas(100, 100).getContext('2d');
ctx.font = '100px "OCR-B"';
for (const c of '<KLCSO1A') { const m = ctx.measureText(c); console.log(c, m.width.toFixed(1), m.actualBoundingBoxAscent.toFixed(1), m.actualBoundingBoxDescent.toFixed(1), m.actualBoundingBoxLeft.toFixed(1), m.actualBoundingBoxRight.toFixed(1)); }
