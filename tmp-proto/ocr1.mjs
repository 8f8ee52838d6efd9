import sharp from 'sharp';
import { ocrWorker, terminateOcrWorker } from '/work/wt-docs/dist/server/document-reading/ocr.js';
const w = await ocrWorker();
for (const [f, top, n] of [['/tmp/doc-PASSPORT-front.png', 700, 2], ['/tmp/doc-ID_CARD-back.png', 360, 3]]) {
  const img = sharp(f).greyscale();
  const meta = await img.metadata();
  const band = await sharp(f).greyscale().extract({ left: 0, top, width: meta.width, height: meta.height - top }).png().toBuffer();
  let t = Date.now();
  const r = await w.recognize(band, {}, { text: true });
  console.log(Date.now() - t, JSON.stringify(r.data.text));
}
await terminateOcrWorker();
